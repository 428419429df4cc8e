// Reading a build's log as a stream against the emulator: entries handed over one by one in order,
// the ones the caller has skipped, a garbled answer asked again without repeating an entry.
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/service/schemas.ts';
import { clientFor, useStandIns } from './stand-in.ts';
import { PROJECT_ID, useHarness, waitForBuild } from './support.ts';

const harness = useHarness({ logLinesPerInterval: 50 });

async function finishedBuild(client: ReturnType<typeof harness>['client']) {
  const { id } = await client.triggerBuild(PROJECT_ID, { platform: 'linux', version: '1.0.0' });
  return waitForBuild(client, id);
}

describe('readBuildLog', () => {
  it('hands over every entry once, in order, and skips the ones the caller has', async () => {
    const { client } = harness();
    const build = await finishedBuild(client);
    const { logs } = await client.getBuildLogs(build.id);
    expect(logs.length).toBeGreaterThan(100);

    const all: [number, LogEntry][] = [];
    const read = await client.readBuildLog(build.id, {
      from: () => 0,
      onEntry: (entry, index) => all.push([index, entry]),
    });
    expect(read).toEqual({
      changed: true,
      entries: logs.length,
      fingerprint: { bytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(all.map(([index]) => index)).toEqual(logs.map((_, index) => index));
    expect(all.map(([, entry]) => entry)).toEqual(logs);

    const rest: number[] = [];
    await client.readBuildLog(build.id, {
      from: () => 90,
      onEntry: (_, index) => rest.push(index),
    });
    expect(rest[0]).toBe(90);
    expect(rest).toHaveLength(logs.length - 90);
  });

  it('asks again after a garbled answer, continuing where the caller stands', async () => {
    const { client, emulator, retries } = harness();
    const build = await finishedBuild(client);
    const { logs } = await client.getBuildLogs(build.id);
    emulator.faults.malformedJson = 1;
    const taken: number[] = [];
    await client.readBuildLog(build.id, {
      from: () => taken.length,
      onEntry: (_, index) => {
        if (index === taken.length) taken.push(index);
      },
    });
    expect(taken).toHaveLength(logs.length);
    expect(retries.map((event) => event.reason)).toContain('unparsable JSON body');
  });

  it.runIf(process.platform === 'linux')(
    "reports the caller's own write failure as it is: not the service's answer, not retried",
    async () => {
      const { client, emulator, retries } = harness();
      const build = await finishedBuild(client);
      const before = emulator.requests.length;
      // /dev/full answers every write with ENOSPC, as a full RUNNER_TEMP does.
      const error = await client
        .readBuildLog(build.id, {
          from: () => 0,
          onEntry: (entry) => appendFileSync('/dev/full', entry.message),
        })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'ENOSPC' });
      expect(retries).toEqual([]);
      expect(emulator.requests.slice(before).map((r) => r.path)).toEqual([
        `/v1/builds/${build.id}/logs`,
      ]);
    },
  );

  it('does not parse the very answer it parsed last, and reads a longer one', async () => {
    const { client } = harness();
    const { id } = await client.triggerBuild(PROJECT_ID, { platform: 'linux', version: '1.0.0' });
    const seen: number[] = [];
    const onEntry = (_: LogEntry, index: number) => void seen.push(index);
    let first = await client.readBuildLog(id, { from: () => seen.length, onEntry });
    while (!first.changed || first.entries === 0) {
      first = await client.readBuildLog(id, { from: () => seen.length, onEntry });
    }
    const last = first.changed ? first.fingerprint : undefined;
    expect(last?.bytes).toBeGreaterThan(0);

    const before = seen.length;
    const finished = await waitForBuild(client, id);
    const { logs } = await client.getBuildLogs(finished.id);
    expect(logs.length).toBeGreaterThan(before);
    // The finished log is longer than the first answer: read, and only the new entries handed over.
    const grown = await client.readBuildLog(id, { from: () => seen.length, onEntry, last });
    expect(grown).toMatchObject({ changed: true, entries: logs.length });
    expect(seen).toEqual(logs.map((_, index) => index));

    const same = await client.readBuildLog(id, {
      from: () => 0,
      onEntry: () => expect.fail('an unchanged log is not handed over again'),
      last: grown.changed ? grown.fingerprint : undefined,
    });
    expect(same).toEqual({ changed: false });
    expect(await client.getBuildLogs(id)).toEqual({ buildId: id, logs });
  });

  it('parses an answer as long as the last one but with other bytes (a log rewritten in place)', async () => {
    const { client, emulator } = harness();
    const build = await finishedBuild(client);
    const { logs } = await client.getBuildLogs(build.id);
    // Every answer the same length: only the bytes tell them apart.
    emulator.faults.logsPaddedTo = 1024 * 1024;
    const first = await client.readBuildLog(build.id, { from: () => 0, onEntry: () => {} });
    const fingerprint = first.changed ? first.fingerprint : undefined;
    expect(fingerprint?.bytes).toBe(1024 * 1024);

    const seen: number[] = [];
    const rewritten = await client.readBuildLog(build.id, {
      from: () => 0,
      onEntry: (_, index) => void seen.push(index),
      last: { bytes: 1024 * 1024, sha256: '0'.repeat(64) },
    });
    expect(rewritten).toEqual({ changed: true, entries: logs.length, fingerprint });
    expect(seen).toEqual(logs.map((_, index) => index));
    const again = await client.readBuildLog(build.id, {
      from: () => 0,
      onEntry: () => expect.fail('the same bytes are not parsed again'),
      last: fingerprint,
    });
    expect(again).toEqual({ changed: false });
  });
});

describe('a logs answer shorter than its Content-Length', () => {
  const standIn = useStandIns();

  it('is named an answer cut short, not a service that never answered', async () => {
    const body = JSON.stringify({ buildId: 'build_1', logs: [] });
    const service = await standIn((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': body.length + 100,
      });
      res.write(body.slice(0, 10), () => res.destroy());
    });
    const client = clientFor(service.baseUrl);
    try {
      const error = await client
        .readBuildLog('build_1', { from: () => 0, onEntry: () => {} })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'NetworkError' });
      expect((error as Error).message).toMatch(
        /^GET \/builds\/:buildId\/logs answered HTTP 200, but its body broke off before its end \(UND_ERR_SOCKET\), 2 times in a row/,
      );
      expect((error as Error).message).not.toMatch(/base-url/);
    } finally {
      await client.close();
    }
  });

  it('refuses an answer with an entry deeper or wider than a log entry is, once, not asked again', async () => {
    const entry = { timestamp: '2026-01-01T00:00:00Z', level: 'info', message: 'fine' };
    const wide = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`f${i}`, i]));
    const answers: Record<string, string> = {
      '/v1/builds/build_deep/logs': `{"buildId":"build_deep","logs":[${JSON.stringify(entry)},{"message":${'['.repeat(1000)}`,
      '/v1/builds/build_wide/logs': JSON.stringify({ buildId: 'build_wide', logs: [entry, wide] }),
    };
    let asked = 0;
    const service = await standIn((req, res) => {
      asked += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answers[req.url ?? '']);
    });
    const client = clientFor(service.baseUrl);
    try {
      for (const [id, name, message] of [
        [
          'build_deep',
          'AnswerTooDeepError',
          /^GET \/builds\/:buildId\/logs answered with JSON nested more than 3 levels deep/,
        ],
        ['build_wide', 'ResponseShapeError', /logs has an entry of more than 16 fields/],
      ] as const) {
        const before = asked;
        const error = await client
          .readBuildLog(id, { from: () => 0, onEntry: () => {} })
          .catch((e: unknown) => e);
        expect(error).toMatchObject({ name });
        expect((error as Error).message).toMatch(message);
        expect(asked - before).toBe(1);
      }
    } finally {
      await client.close();
    }
  });
});
