// The hostile-service fault switches, shown over real HTTP against a started emulator (plain fetch
// and node:http: our client would refuse most of these answers, which is what they are for).
// The emulator runs on a manual clock: its builds and trickles move only when a test advances it,
// so no answer depends on how busy the machine is.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, startEmulator, type Emulator } from '../../emulator/index.ts';
import { defaultFaults } from '../../emulator/faults.ts';
import {
  nestedJson,
  nestedLog,
  PADDING_CHUNK_BYTES,
  paddedJson,
} from '../../emulator/hostile-json.ts';
import { call, createProject, waitFor } from './helpers.ts';

const QUEUED_MS = 10;
const BUILDING_MS = 60;
const clock = createManualClock();
let emulator: Emulator;
let projectId: string;
beforeAll(async () => {
  emulator = await startEmulator({
    queuedMs: QUEUED_MS,
    buildingMs: BUILDING_MS,
    logIntervalMs: 10,
    artifactSize: 256 * 1024,
    clock,
  });
  projectId = (await createProject(emulator)).id;
});
afterEach(() => emulator.resetFaults());
afterAll(() => emulator.close());

const buildPath = (id: string) => `/builds/${encodeURIComponent(id)}`;

const trigger = async (body: Record<string, unknown> = { platform: 'linux' }) => {
  const answer = await call(emulator, 'POST', `/projects/${projectId}/builds`, body);
  expect(answer.status).toBe(201);
  return answer.body.id as string;
};

/** Lets a build's whole time pass, and answers the build's (by its stored id) Get Build body. */
const settled = async (id: string) => {
  clock.advance(QUEUED_MS + BUILDING_MS);
  const { body } = await call(emulator, 'GET', buildPath(id));
  expect(body.status).toBe('success');
  return body;
};

const finishedBuild = async (body?: Record<string, unknown>) => {
  const id = await trigger(body);
  return { id, build: await settled(id) };
};

/** A GET over a fresh connection (no keep-alive), answering once the headers arrived. */
function open(url: string, headers: Record<string, string> = {}): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, resolve);
    req.on('error', reject);
    req.end();
  });
}

const withKey = (target: Emulator) => ({ Authorization: `Bearer ${target.apiKey}` });

async function readAll(response: IncomingMessage): Promise<{ body: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) parts.push(chunk);
  return { body: Buffer.concat(parts), chunks: parts.length };
}

describe('triggers', () => {
  it('triggerIds: the next triggers answer with the chosen ids, which are stored and served', async () => {
    const ids = ['build_x\n::error::pwned', '../../x', 'a|b', '<img src=x>'];
    emulator.faults.triggerIds = [...ids];
    const answered = [];
    for (const _ of ids) answered.push(await trigger());
    expect(answered).toEqual(ids);
    expect(emulator.faults.triggerIds).toEqual([]);
    expect(emulator.builds().map((b) => b.id)).toEqual(expect.arrayContaining(ids));

    for (const id of ids) {
      const build = await settled(id);
      expect(build).toMatchObject({ id, status: 'success' });
      expect(build.buildLog).toBe(`${emulator.baseUrl}${buildPath(id)}/logs`);
      const logs = await call(emulator, 'GET', `${buildPath(id)}/logs`);
      expect(logs.body.buildId).toBe(id);
      const download = await call(emulator, 'GET', `${buildPath(id)}/download`);
      expect(download.status).toBe(302);
      const location = download.headers.get('location')!;
      expect(location).toBe(build.artifactUrl);
      expect(
        location.startsWith(`${emulator.artifactBaseUrl}/artifacts/${encodeURIComponent(id)}/`),
      ).toBe(true);
      const artifact = await fetch(location);
      expect(artifact.status).toBe(200);
      expect((await artifact.arrayBuffer()).byteLength).toBe(256 * 1024);
    }
    expect(await trigger()).toMatch(/^build_[0-9a-f]{16}$/);
  });

  it('duplicateTriggerIds: later triggers answer with the first id, each still creating a build', async () => {
    const before = new Set(emulator.builds().map((b) => b.id));
    emulator.faults.duplicateTriggerIds = true;
    const answered = [await trigger(), await trigger({ platform: 'mac' }), await trigger()];
    expect(new Set(answered).size).toBe(1);
    const created = emulator.builds().filter((b) => !before.has(b.id));
    expect(created).toHaveLength(3);
    expect(created[0]!.id).toBe(answered[0]);
    expect(new Set(created.map((b) => b.id)).size).toBe(3);
    expect(created.map((b) => b.platform)).toEqual(['linux', 'mac', 'linux']);

    emulator.faults.duplicateTriggerIds = false;
    const own = await trigger();
    expect(own).not.toBe(answered[0]);
    expect(emulator.builds().at(-1)!.id).toBe(own);
  });

  it('triggerStatus: matching triggers answer with the chosen status; the build is queued and runs', async () => {
    const status = 'queued\r\n::error title=pwned::pwned';
    emulator.faults.triggerStatus = { rules: [{ platform: 'linux' }], status };
    const linux = await call(emulator, 'POST', `/projects/${projectId}/builds`, {
      platform: 'linux',
    });
    expect(linux.status).toBe(201);
    expect(linux.body).toMatchObject({ platform: 'linux', status });
    const mac = await call(emulator, 'POST', `/projects/${projectId}/builds`, { platform: 'mac' });
    expect(mac.body.status).toBe('queued');
    expect(emulator.builds().find((b) => b.id === linux.body.id)!.status).toBe('queued');
    expect(await settled(linux.body.id)).toMatchObject({ status: 'success' });
  });
});

describe('build answers', () => {
  it('getBuildAnswersId: Get Build names another id; the rest is the asked build', async () => {
    const { id, build } = await finishedBuild({ platform: 'windows', arch: 'arm64' });
    emulator.faults.getBuildAnswersId = 'build_someone_else';
    const answer = await call(emulator, 'GET', buildPath(id));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...build, id: 'build_someone_else' });
  });

  it('reportStatus: Get Build and List Builds report the chosen status; the build keeps its own', async () => {
    const { id } = await finishedBuild();
    emulator.faults.reportStatus = 'queued\n::error::odd';
    expect((await call(emulator, 'GET', buildPath(id))).body.status).toBe('queued\n::error::odd');
    const list = await call(emulator, 'GET', `/projects/${projectId}/builds`);
    const statuses = new Set(list.body.builds.map((b: { status: string }) => b.status));
    expect([...statuses]).toEqual(['queued\n::error::odd']);
    expect(emulator.builds().find((b) => b.id === id)!.status).toBe('success');
  });

  it('reportTarget: Get Build reports matching builds as the chosen target; they keep their own', async () => {
    const { id, build } = await finishedBuild({ platform: 'linux', arch: 'arm64' });
    const other = await finishedBuild({ platform: 'mac' });
    emulator.faults.reportTarget = { rules: [{ platform: 'linux' }], platform: 'windows' };
    expect((await call(emulator, 'GET', buildPath(id))).body).toEqual({
      ...build,
      platform: 'windows',
    });
    expect((await call(emulator, 'GET', buildPath(other.id))).body).toEqual(other.build);
    emulator.faults.reportTarget = { rules: [{}], platform: 'linux\n::error::x', arch: 'x86' };
    expect((await call(emulator, 'GET', buildPath(id))).body).toMatchObject({
      platform: 'linux\n::error::x',
      arch: 'x86',
    });
    const list = await call(emulator, 'GET', `/projects/${projectId}/builds`);
    expect(list.body.builds.find((b: { id: string }) => b.id === id)).toMatchObject({
      platform: 'linux',
      arch: 'arm64',
    });
    expect(emulator.builds().find((b) => b.id === id)).toMatchObject({
      platform: 'linux',
      arch: 'arm64',
    });
  });

  it('oversizedAnswers: the next Get Build is valid JSON padded to the size, chunked, then it is used up', async () => {
    const { id, build } = await finishedBuild();
    const bytes = 4 * 1024 * 1024;
    emulator.faults.oversizedAnswers = { count: 1, bytes };
    const response = await open(`${emulator.baseUrl}${buildPath(id)}`, withKey(emulator));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    const { body } = await readAll(response);
    expect(body.length).toBe(bytes);
    const { padding, ...fields } = JSON.parse(body.toString('utf8'));
    expect(fields).toEqual(build);
    expect(padding).toMatch(/^x+$/);
    expect(emulator.faults.oversizedAnswers.count).toBe(0);

    const next = await open(`${emulator.baseUrl}${buildPath(id)}`, withKey(emulator));
    expect(Number(next.headers['content-length'])).toBeLessThan(4096);
    expect(JSON.parse((await readAll(next)).body.toString('utf8'))).toEqual(build);
  });

  it('oversizedAnswers: a huge answer starts at once and is generated as it streams', async () => {
    const { id } = await finishedBuild();
    const bytes = 1024 ** 3; // more than a JavaScript string can hold: it cannot be built first
    emulator.faults.oversizedAnswers = { count: 1, bytes };
    const memoryBefore = process.memoryUsage().rss;
    const response = await open(`${emulator.baseUrl}${buildPath(id)}`, withKey(emulator));
    const [first] = (await once(response, 'data')) as [Buffer];
    expect(first.toString('utf8')).toMatch(new RegExp(`^\\{"id":${JSON.stringify(id)}`));
    expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(bytes / 8);
    response.destroy();
  });

  it('paddedJson yields the padding in small shared slices, so any size costs no memory', () => {
    const bytes = 700 * 1024 * 1024;
    const body = { id: 'build_1', status: 'success' };
    let total = 0;
    let largest = 0;
    let count = 0;
    const ends: Buffer[] = [];
    for (const chunk of paddedJson(body, bytes)) {
      total += chunk.length;
      count += 1;
      if (count > 1) largest = Math.max(largest, chunk.length);
      if (count === 1) ends.push(chunk);
      else ends[1] = chunk;
    }
    expect(total).toBe(bytes);
    expect(largest).toBeLessThanOrEqual(PADDING_CHUNK_BYTES);
    expect(ends[0]!.toString()).toBe('{"id":"build_1","status":"success","padding":"');
    expect(ends[1]!.toString()).toBe('"}');
  });

  it('nestedAnswers: Get Build and the logs of matching builds are valid JSON nested to the size, every time', async () => {
    const { id, build } = await finishedBuild();
    const other = await finishedBuild({ platform: 'mac' });
    emulator.faults.nestedAnswers = {
      rules: [{ platform: 'linux' }],
      endpoints: ['getBuild', 'logs'],
      bytes: 64 * 1024,
    };
    for (let read = 0; read < 2; read++) {
      const response = await open(`${emulator.baseUrl}${buildPath(id)}`, withKey(emulator));
      expect(response.headers['transfer-encoding']).toBe('chunked');
      const body = (await readAll(response)).body.toString('utf8');
      expect(Math.abs(body.length - 64 * 1024)).toBeLessThan(2);
      expect(body).toMatch(/"nested":\[{30000}/);
      const { nested, ...fields } = JSON.parse(body) as { nested: unknown };
      expect(fields).toEqual(build);
      expect(nested).toBeInstanceOf(Array);
    }
    const logs = await readAll(
      await open(`${emulator.baseUrl}${buildPath(id)}/logs`, withKey(emulator)),
    );
    const log = JSON.parse(logs.body.toString('utf8')) as { buildId: string; logs: unknown[] };
    expect(log.buildId).toBe(id);
    expect(log.logs.at(-2)).toMatchObject({ level: 'success' });
    expect(log.logs.at(-1)).toBeInstanceOf(Array);
    // Another platform's build answers as usual.
    const plain = await open(`${emulator.baseUrl}${buildPath(other.id)}`, withKey(emulator));
    expect(JSON.parse((await readAll(plain)).body.toString('utf8'))).toEqual(other.build);
  });

  it('nestedJson and nestedLog are as long as asked, in small slices', () => {
    for (const chunks of [
      nestedJson({ id: 'build_1' }, 300_000),
      nestedLog('build_1', [{ timestamp: 't', level: 'info', message: 'm' }], 300_000),
    ]) {
      const all = [...chunks];
      const total = all.reduce((sum, chunk) => sum + chunk.length, 0);
      expect(Math.abs(total - 300_000)).toBeLessThan(2);
      expect(Math.max(...all.map((chunk) => chunk.length))).toBeLessThanOrEqual(
        PADDING_CHUNK_BYTES,
      );
    }
  });
});

describe('artifact host and download', () => {
  it('artifactRedirect: every artifact request answers 302 to the URL; the API wants its key there', async () => {
    const { id, build } = await finishedBuild();
    const target = `${emulator.baseUrl}${buildPath(id)}`;
    emulator.faults.artifactRedirect = target;
    for (const method of ['GET', 'HEAD']) {
      const answer = await fetch(build.artifactUrl, { method, redirect: 'manual' });
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(target);
    }
    const elsewhere = await fetch(`${emulator.artifactBaseUrl}/anything`, { redirect: 'manual' });
    expect(elsewhere.headers.get('location')).toBe(target);
    const withAuthorization = await fetch(build.artifactUrl, {
      redirect: 'manual',
      headers: withKey(emulator),
    });
    expect(withAuthorization.status).toBe(400);

    expect((await fetch(target)).status).toBe(401);
    const keyed = await fetch(target, { headers: withKey(emulator) });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await keyed.json()) as { id: string }).id).toBe(id);
  });

  it('artifactContentType: artifact answers carry the chosen Content-Type', async () => {
    const { build } = await finishedBuild();
    emulator.faults.artifactContentType = 'text/html; charset=utf-8';
    const whole = await fetch(build.artifactUrl);
    expect(whole.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await whole.arrayBuffer()).byteLength).toBe(256 * 1024);
    const part = await fetch(build.artifactUrl, { headers: { Range: 'bytes=10-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('text/html; charset=utf-8');
    await part.arrayBuffer();
  });

  it('downloadRefusal: the download endpoint answers the status with the usual error body', async () => {
    const { id } = await finishedBuild();
    const message = `Key ${emulator.apiKey.toUpperCase()} / ${Buffer.from(emulator.apiKey).toString('base64')} is suspended`;
    emulator.faults.downloadRefusal = { status: 403, message };
    const answer = await call(emulator, 'GET', `${buildPath(id)}/download`);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: { code: 'download_refused', message } });
    emulator.resetFaults();
    expect((await call(emulator, 'GET', `${buildPath(id)}/download`)).status).toBe(302);
  });
});

describe('logs', () => {
  const logsOf = async (id: string) => (await call(emulator, 'GET', `${buildPath(id)}/logs`)).body;

  it('reverseLogs: entries come newest first', async () => {
    const { id } = await finishedBuild();
    const inOrder = (await logsOf(id)).logs;
    expect(inOrder.length).toBeGreaterThan(2);
    emulator.faults.reverseLogs = true;
    expect((await logsOf(id)).logs).toEqual([...inOrder].reverse());
  });

  it('rotateLogsAfterReads: after the Nth read, only the entries written since it are listed', async () => {
    emulator.faults.rotateLogsAfterReads = 1;
    const { id } = await finishedBuild();
    const first = (await logsOf(id)).logs;
    expect(first.length).toBeGreaterThan(0);
    // Rotated after the first read: the finished build has written nothing since.
    expect((await logsOf(id)).logs).toEqual([]);
    emulator.faults.rotateLogsAfterReads = 0;
    expect((await logsOf(id)).logs).toEqual(first);
  });

  it('logsPaddedTo: the body is padded with spaces to N bytes, its JSON unchanged', async () => {
    const { id } = await finishedBuild();
    const whole = await logsOf(id);
    const size = JSON.stringify(whole).length + 1000;
    emulator.faults.logsPaddedTo = size;
    const response = await fetch(`${emulator.baseUrl}${buildPath(id)}/logs`, {
      headers: { authorization: `Bearer ${emulator.apiKey}` },
    });
    expect(response.headers.get('content-length')).toBe(String(size));
    const text = await response.text();
    expect(text).toMatch(/\} {1000}$/);
    expect(JSON.parse(text)).toEqual(whole);
  });

  it('invalidUtf8Logs: each message carries a lone 0xff byte; the JSON is otherwise well-formed', async () => {
    emulator.faults.injectLogLines = ['"quoted" \\ back\nslash', 'é 💥'];
    const { id } = await finishedBuild();
    const clean = await logsOf(id);
    emulator.faults.invalidUtf8Logs = true;
    const response = await fetch(`${emulator.baseUrl}${buildPath(id)}/logs`, {
      headers: withKey(emulator),
    });
    expect(response.status).toBe(200);
    const raw = Buffer.from(await response.arrayBuffer());
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(raw)).toThrow();
    expect(raw.filter((byte) => byte === 0xff).length).toBe(clean.logs.length);
    const parsed = JSON.parse(raw.toString('utf8'));
    expect(parsed.buildId).toBe(id);
    expect(parsed.logs.map((e: { message: string }) => e.message.replace('\uFFFD', ''))).toEqual(
      clean.logs.map((e: { message: string }) => e.message),
    );
    expect(parsed.logs.map(({ message: _, ...rest }: { message: string }) => rest)).toEqual(
      clean.logs.map(({ message: _, ...rest }: { message: string }) => rest),
    );
  });

  it('trickleLogs: a matching build sends its logs a byte at a time; others at once', async () => {
    const { id } = await finishedBuild({ platform: 'windows' });
    const other = await finishedBuild({ platform: 'linux' });
    const expected = Buffer.from(JSON.stringify(await logsOf(id)));
    const byteIntervalMs = 1000;
    emulator.faults.trickleLogs = { rules: [{ platform: 'windows' }], byteIntervalMs };

    const slow = await open(`${emulator.baseUrl}${buildPath(id)}/logs`, withKey(emulator));
    expect(Number(slow.headers['content-length'])).toBe(expected.length);
    const ended = once(slow, 'end');
    const chunks: Buffer[] = [];
    while (chunks.length < expected.length) {
      const next = once(slow, 'data') as Promise<[Buffer]>;
      clock.advance(byteIntervalMs);
      chunks.push((await next)[0]);
    }
    await ended;
    expect(chunks.map((chunk) => chunk.length)).toEqual(Array.from(expected, () => 1));
    expect(Buffer.concat(chunks).equals(expected)).toBe(true);
    const record = emulator.requests.findLast((request) => request.path.endsWith(`${id}/logs`))!;
    const endedAt = await waitFor(() => record.endedAt);
    expect(endedAt - record.at).toBe(expected.length * byteIntervalMs);

    const fast = await open(`${emulator.baseUrl}${buildPath(other.id)}/logs`, withKey(emulator));
    expect((await readAll(fast)).chunks).toBeLessThanOrEqual(2);
  });

  it('trickleLogs: bytes come one per interval; leaving, or close(), stops the timer', async () => {
    // In a process of its own, whose only timers are the emulator's; it must exit by itself.
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('trickle-probe.ts', import.meta.url))],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const seen = JSON.parse(Buffer.concat(out).toString('utf8'));
    expect(seen.chunkSizes).toEqual([1, 1, 1, 1]);
    expect(seen.contentLength).toBeGreaterThan(100);
    // Timers never fire early: the fourth byte comes four intervals after the request at the
    // earliest (less up to a millisecond per interval, as timers count whole milliseconds). Only a
    // lower bound: how late the bytes come depends on the machine's load.
    expect(seen.sentToFourthMs).toBeGreaterThanOrEqual(4 * seen.byteIntervalMs - 4);
    expect(seen).toMatchObject({
      timersIdle: 0,
      timersWhileTrickling: [1, 1, 1, 1],
      timersAfterLeaving: 0,
      timersBeforeClose: 1,
      timersAfterClose: 0,
    });
  });
});

describe('a service clock that runs behind', () => {
  it('clockSkewMs: its timestamps and its Date header are that far off the real clock', async () => {
    emulator.faults.clockSkewMs = -60_000;
    const answer = await call(emulator, 'POST', `/projects/${projectId}/builds`, {
      platform: 'linux',
    });
    const created = Date.parse(answer.body.createdAt);
    expect(created).toBe(clock.now() - 60_000);
    // The Date header has whole seconds.
    const date = Date.parse(answer.headers.get('date')!);
    expect(created - date).toBeGreaterThanOrEqual(0);
    expect(created - date).toBeLessThan(1_000);
    const build = await settled(answer.body.id);
    expect(Date.parse(build.completedAt)).toBe(clock.now() - 60_000);
    const { logs } = (await call(emulator, 'GET', `${buildPath(answer.body.id)}/logs`)).body;
    expect(Date.parse(logs[0].timestamp)).toBe(Date.parse(build.startedAt));
    expect(Date.parse(build.startedAt)).toBe(Date.parse(build.completedAt) - BUILDING_MS);
  });
});

describe('artifacts that are not what was announced', () => {
  const artifactOf = async (id: string, init: RequestInit = {}) => {
    const download = await call(emulator, 'GET', `${buildPath(id)}/download`);
    return fetch(download.headers.get('location')!, init);
  };

  it('gzipArtifacts: the installer comes gzip-compressed, unasked', async () => {
    const { id, build } = await finishedBuild();
    emulator.faults.gzipArtifacts = [{ platform: 'linux' }];
    const response = await artifactOf(id, { headers: { 'accept-encoding': 'identity' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes it: the bytes behind the encoding are the installer.
    expect((await response.arrayBuffer()).byteLength).toBe(build.artifactSize);
  });

  it('shortArtifacts: fewer bytes than artifactSize, with a Content-Length that matches them', async () => {
    const { id, build } = await finishedBuild();
    emulator.faults.shortArtifacts = { rules: [{}], bytes: 1000 };
    const response = await artifactOf(id);
    expect(Number(response.headers.get('content-length'))).toBe(build.artifactSize - 1000);
    expect((await response.arrayBuffer()).byteLength).toBe(build.artifactSize - 1000);
  });

  it('overstatedArtifactLength: a Content-Length longer than the bytes, then the connection closes', async () => {
    const { id, build } = await finishedBuild();
    emulator.faults.overstatedArtifactLength = { rules: [{}], bytes: 1000 };
    const response = await artifactOf(id);
    expect(Number(response.headers.get('content-length'))).toBe(build.artifactSize + 1000);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});

describe('resetFaults', () => {
  it('restores every hostile switch to its default', async () => {
    Object.assign(emulator.faults, {
      triggerIds: ['x'],
      duplicateTriggerIds: true,
      getBuildAnswersId: 'y',
      reportStatus: 'z',
      triggerStatus: { rules: [{}], status: 'w' },
      reportTarget: { rules: [{}], platform: 'v', arch: 'u' },
      artifactRedirect: 'http://127.0.0.1:1/',
      artifactContentType: 'text/html',
      downloadRefusal: { status: 418, message: 'no' },
      trickleLogs: { rules: [{}], byteIntervalMs: 5 },
      invalidUtf8Logs: true,
      reverseLogs: true,
      rotateLogsAfterReads: 2,
      logsPaddedTo: 4096,
      clockSkewMs: -60_000,
      gzipArtifacts: [{}],
      shortArtifacts: { rules: [{}], bytes: 10 },
      overstatedArtifactLength: { rules: [{}], bytes: 10 },
      oversizedAnswers: { count: 3, bytes: 1e6 },
      unsizedArtifacts: [{}],
      endlessArtifacts: [{}],
      resumeTotalDelta: 1000,
    });
    emulator.resetFaults();
    expect(emulator.faults).toEqual(defaultFaults());
    const { id, build } = await finishedBuild();
    expect(id).toMatch(/^build_[0-9a-f]{16}$/);
    expect(build).toMatchObject({ id, platform: 'linux', arch: 'x64' });
    const download = await call(emulator, 'GET', `${buildPath(id)}/download`);
    const artifact = await fetch(download.headers.get('location')!);
    expect(artifact.headers.get('content-type')).toBe('application/octet-stream');
    await artifact.arrayBuffer();
  });
});
