import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseContentDisposition } from 'content-disposition';
import { createManualClock, startEmulator, type Emulator } from '../../emulator/index.ts';
import { call, createProject, finished, triggerBuild, waitFor } from './helpers.ts';

const SIZE = 2 * 1024 * 1024;
let emulator: Emulator;
let projectId: string;
beforeAll(async () => {
  emulator = await startEmulator({
    queuedMs: 10,
    buildingMs: 60,
    logIntervalMs: 10,
    artifactSize: SIZE,
  });
  projectId = (await createProject(emulator)).id;
});
afterEach(() => emulator.resetFaults());
afterAll(() => emulator.close());

/** Runs `test` against an emulator of its own on a manual clock: its time moves only as told. */
async function onManualClock(
  test: (clocked: Emulator, clock: ReturnType<typeof createManualClock>) => Promise<void>,
) {
  const clock = createManualClock();
  const clocked = await startEmulator({
    clock,
    seedProjects: [
      { id: 'proj_clock', name: 'Clock', url: 'https://app.example.com', platforms: ['mac'] },
    ],
  });
  try {
    await test(clocked, clock);
  } finally {
    await clocked.close();
  }
}

const successfulBuild = async () => {
  const { id } = await triggerBuild(emulator, projectId, { platform: 'linux' });
  return { id, artifactUrl: (await finished(emulator, id)).artifactUrl as string };
};
const logsOf = async (id: string) =>
  (await call(emulator, 'GET', `/builds/${id}/logs`)).body.logs as {
    level: string;
    message: string;
  }[];

describe('API faults', () => {
  it('serverErrors: the next N requests answer the 5xx status, then it is used up', async () => {
    emulator.faults.serverErrors = { count: 2, status: 502 };
    expect((await call(emulator, 'GET', '/projects')).status).toBe(502);
    const second = await call(emulator, 'GET', '/projects');
    expect(second.status).toBe(502);
    expect(second.body.error.message).toMatch(/retry/);
    expect(emulator.faults.serverErrors.count).toBe(0);
    expect((await call(emulator, 'GET', '/projects')).status).toBe(200);
  });

  it('serverErrors defaults to 503', async () => {
    emulator.faults.serverErrors = { count: 1 };
    expect((await call(emulator, 'GET', '/projects')).status).toBe(503);
  });

  it('serverErrorsUntil: every API request answers 503 until the instant passes', () =>
    onManualClock(async (clocked, clock) => {
      clocked.faults.serverErrorsUntil = clock.now() + 150;
      expect((await call(clocked, 'GET', '/projects')).status).toBe(503);
      clock.advance(149);
      expect((await call(clocked, 'GET', '/projects/proj_clock')).status).toBe(503);
      clock.advance(1);
      expect((await call(clocked, 'GET', '/projects')).status).toBe(200);
    }));

  it('rateLimit: the next N requests answer 429 with Retry-After', async () => {
    emulator.faults.rateLimit = { count: 1, retryAfter: '2' };
    const limited = await call(emulator, 'GET', '/projects');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await call(emulator, 'GET', '/projects')).status).toBe(200);
  });

  it('rateLimit: Retry-After can be an HTTP date', async () => {
    const date = new Date(Date.now() + 1000).toUTCString();
    emulator.faults.rateLimit = { count: 1, retryAfter: date };
    expect((await call(emulator, 'GET', '/projects')).headers.get('retry-after')).toBe(date);
  });

  it('malformedJson: the next successful JSON answer is truncated, the one after is whole', async () => {
    emulator.faults.malformedJson = 1;
    const response = await fetch(`${emulator.baseUrl}/projects/${projectId}`, {
      headers: { Authorization: `Bearer ${emulator.apiKey}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect((await call(emulator, 'GET', `/projects/${projectId}`)).body.id).toBe(projectId);
  });

  it('slowTriggers: the build exists at once, the answer comes after the delay', () =>
    onManualClock(async (clocked, clock) => {
      clocked.faults.slowTriggers = { count: 1, delayMs: 300 };
      const answer = triggerBuild(clocked, 'proj_clock', { platform: 'mac', version: '8.8.8' });
      // No time has passed on the emulator's clock: the build is there, its answer is not.
      const [created] = await waitFor(() =>
        clocked.builds().length === 1 ? clocked.builds() : undefined,
      );
      const trigger = clocked.requests.find((request) => request.method === 'POST')!;
      expect(trigger.status).toBe(0);
      clock.advance(299);
      expect(trigger.status).toBe(0);
      clock.advance(1);
      const { id } = await answer;
      expect(id).toBe(created!.id);
      expect(trigger.status).toBe(201);
      expect(trigger.at).toBe(clock.now() - 300);
      expect(clocked.faults.slowTriggers.count).toBe(0);
    }));

  it('loseTriggerResponses: the build is created but the socket closes without an answer', async () => {
    emulator.faults.loseTriggerResponses = 1;
    const before = emulator.builds().length;
    await expect(
      fetch(`${emulator.baseUrl}/projects/${projectId}/builds`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${emulator.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ platform: 'mac', version: '7.7.7' }),
      }),
    ).rejects.toThrow();
    expect(emulator.faults.loseTriggerResponses).toBe(0);
    expect(emulator.builds().length).toBe(before + 1);
    const list = await call(emulator, 'GET', `/projects/${projectId}/builds`);
    expect(list.body.builds.filter((b: { version: string }) => b.version === '7.7.7')).toHaveLength(
      1,
    );
    expect(
      (await call(emulator, 'POST', `/projects/${projectId}/builds`, { platform: 'mac' })).status,
    ).toBe(201);
  });

  it('faults can be replaced as a whole object and reset', async () => {
    emulator.faults = { ...emulator.faults, serverErrors: { count: 5 } };
    expect((await call(emulator, 'GET', '/projects')).status).toBe(503);
    emulator.resetFaults();
    expect(emulator.faults.serverErrors.count).toBe(0);
    expect((await call(emulator, 'GET', '/projects')).status).toBe(200);
  });

  it('API faults leave the artifact host alone', async () => {
    const { artifactUrl } = await successfulBuild();
    emulator.faults.serverErrors = { count: 3 };
    emulator.faults.rateLimit = { count: 3, retryAfter: '1' };
    emulator.faults.malformedJson = 3;
    expect((await fetch(artifactUrl)).status).toBe(200);
    expect(emulator.faults.serverErrors.count).toBe(3);
  });
});

describe('artifact faults', () => {
  it('cutDownloads: the transfer stops after N bytes; a Range request resumes it', async () => {
    const { id, artifactUrl } = await successfulBuild();
    emulator.faults.cutDownloads = { count: 1, afterBytes: 700_000 };
    const response = await fetch(artifactUrl);
    expect(response.headers.get('content-length')).toBe(String(SIZE));
    const parts: Buffer[] = [];
    const reader = response.body!.getReader();
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          parts.push(Buffer.from(value));
        }
      })(),
    ).rejects.toThrow();
    const head = Buffer.concat(parts);
    expect(head.length).toBe(700_000);
    expect(emulator.faults.cutDownloads.count).toBe(0);

    const rest = await fetch(artifactUrl, { headers: { Range: `bytes=${head.length}-` } });
    expect(rest.status).toBe(206);
    const whole = Buffer.concat([head, Buffer.from(await rest.arrayBuffer())]);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(whole).digest('hex')).toBe(emulator.artifactFor(id).sha256);
  });

  it('ignoreRange: Range is ignored and the whole file comes back with 200', async () => {
    const { artifactUrl } = await successfulBuild();
    emulator.faults.ignoreRange = true;
    const response = await fetch(artifactUrl, { headers: { Range: 'bytes=100-' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBeNull();
    expect((await response.arrayBuffer()).byteLength).toBe(SIZE);
  });

  it('hostileFileName: Content-Disposition carries the given name', async () => {
    const { artifactUrl } = await successfulBuild();
    emulator.faults.hostileFileName = '../../etc/passwd';
    const response = await fetch(artifactUrl, { method: 'HEAD' });
    expect(parseContentDisposition(response.headers.get('content-disposition')!)).toEqual({
      type: 'attachment',
      parameters: { filename: '../../etc/passwd' },
    });
  });
});

describe('build faults', () => {
  it('failBuilds: matching builds end failed with error lines and no artifact', async () => {
    emulator.faults.failBuilds = [{ platform: 'windows', arch: 'arm64' }];
    const failing = await triggerBuild(emulator, projectId, { platform: 'windows', arch: 'arm64' });
    const passing = await triggerBuild(emulator, projectId, { platform: 'windows', arch: 'x64' });
    const failed = await finished(emulator, failing.id);
    expect(failed).toMatchObject({ status: 'failed', artifactUrl: null, artifactSize: null });
    expect(failed.completedAt).toEqual(expect.any(String));
    expect((await finished(emulator, passing.id)).status).toBe('success');
    const logs = await logsOf(failing.id);
    expect(logs.filter((e) => e.level === 'error').length).toBeGreaterThanOrEqual(2);
    expect(logs.at(-1)?.level).toBe('error');
    const download = await call(emulator, 'GET', `/builds/${failing.id}/download`);
    expect(download.status).toBe(409);
    expect(download.body.error.message).toMatch(/failed/);
  });

  it('hangBuilds: matching builds stay building, logs keep growing, and finish after reset', () =>
    onManualClock(async (clocked, clock) => {
      clocked.faults.hangBuilds = [{ platform: 'mac' }];
      const { id } = await triggerBuild(clocked, 'proj_clock', { platform: 'mac' });
      const status = async () => (await call(clocked, 'GET', `/builds/${id}`)).body.status;
      const logCount = async () =>
        ((await call(clocked, 'GET', `/builds/${id}/logs`)).body.logs as unknown[]).length;
      // Far past the 300 ms queued and 2 s building it would take.
      clock.advance(10_000);
      expect(await status()).toBe('building');
      const count = await logCount();
      clock.advance(1_000);
      expect(await logCount()).toBeGreaterThan(count);
      clocked.resetFaults();
      clock.advance(10_000);
      expect(await status()).toBe('success');
    }));

  it('injectLogLines: the lines appear in every build log', async () => {
    emulator.faults.injectLogLines = ['::set-output name=x::pwned', '::error::fake'];
    const { id } = await successfulBuild();
    const messages = (await logsOf(id)).map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining(['::set-output name=x::pwned', '::error::fake']),
    );
  });

  it('lateLogLines: entries keep coming after the final status', async () => {
    emulator.faults.lateLogLines = 3;
    emulator.faults.lateLogIntervalMs = 20;
    const { id } = await successfulBuild();
    const successAt = (logs: { level: string }[]) => logs.findIndex((e) => e.level === 'success');
    const later = await waitFor(async () => {
      const logs = await logsOf(id);
      return logs.length - successAt(logs) - 1 === 3 ? logs : undefined;
    });
    expect(later.at(-1)?.message).toMatch(/Post-build/);
    expect((await call(emulator, 'GET', `/builds/${id}`)).body.status).toBe('success');
  });
});
