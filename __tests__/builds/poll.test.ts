import { describe, expect, it } from 'vitest';
import { ApiKeyRefusedError, NetworkError } from '../../src/service/errors.ts';
import type { AttemptFailure } from '../../src/http/retry.ts';
import type { Build, BuildStatus } from '../../src/service/schemas.ts';
import { jittered, pollBuild, type PollOptions } from '../../src/builds/poll.ts';

const build = (status: BuildStatus): Build => ({
  id: 'build_1',
  projectId: 'proj_1',
  platform: 'mac',
  arch: 'x64',
  status,
  createdAt: '2026-01-01T00:00:00Z',
  version: '1.0.0',
  completedAt: undefined,
  artifactUrl: undefined,
  startedAt: undefined,
  duration: undefined,
  artifactSize: undefined,
  buildLog: undefined,
});

/** Fake time: sleep advances the clock and records the delay. */
function fakeTime() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    clock: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

/** A poll every second (jitter centred) for a minute, on `time`. */
const everySecond = (
  time: ReturnType<typeof fakeTime>,
  more: Partial<PollOptions> = {},
): PollOptions => ({
  intervalMs: 1000,
  deadline: 60_000,
  ...time,
  random: () => 0.5,
  onUpdate: () => {},
  ...more,
});

/** Answers from a script: a status, or a failure as the client classifies it. */
const scripted = (script: (BuildStatus | AttemptFailure)[]) => {
  let calls = 0;
  return {
    calls: () => calls,
    getBuildOnce: async () => {
      const next = script[Math.min(calls, script.length - 1)]!;
      calls += 1;
      return typeof next === 'string'
        ? { ok: true as const, value: build(next) }
        : { ok: false as const, failure: next };
    },
  };
};

/** A failure no retry follows: its error is thrown as it is. */
const final = (error: Error): AttemptFailure => ({
  retryable: false,
  outcomeUnknown: false,
  reason: error.message,
  toError: () => error,
});

const transient = (reason: string, error: Error, retryAfterMs?: number): AttemptFailure => ({
  retryable: true,
  outcomeUnknown: false,
  reason,
  retryAfterMs,
  toError: () => error,
});

const rateLimited = (retryAfterMs?: number) =>
  transient('HTTP 429', new Error('GET /builds/:buildId failed with HTTP 429'), retryAfterMs);

describe('pollBuild', () => {
  it('polls at the interval until the build ends, reporting every read', async () => {
    const time = fakeTime();
    const client = scripted(['queued', 'building', 'building', 'success']);
    const seen: BuildStatus[] = [];
    const outcome = await pollBuild(
      client,
      'build_1',
      everySecond(time, { onUpdate: (latest) => void seen.push(latest.status) }),
    );
    expect(outcome).toMatchObject({ kind: 'ended', build: { status: 'success' } });
    expect(seen).toEqual(['queued', 'building', 'building', 'success']);
    expect(time.sleeps).toEqual([1000, 1000, 1000, 1000]);
  });

  it('backs off after rate limits and returns to the normal interval after a success', async () => {
    const time = fakeTime();
    const script = ['building', rateLimited(), rateLimited(), 'building', 'building', 'success'];
    const retries: number[] = [];
    const onTransientError = (_error: Error, delay: number) => void retries.push(delay);
    await pollBuild(scripted(script), 'build_1', everySecond(time, { onTransientError }));
    // Full jitter under ceilings of 2 and 4 intervals (random 0.5), then the plain interval again.
    expect(retries).toEqual([1000, 2000]);
    expect(time.sleeps).toEqual([1000, 1000, 1000, 2000, 1000, 1000]);
  });

  it('jitters each wait by at most 10%', async () => {
    const time = fakeTime();
    const client = scripted(['building', 'success']);
    await pollBuild(client, 'build_1', everySecond(time, { random: () => 0 }));
    expect(time.sleeps).toEqual([900, 900]);
    expect(jittered(1000, () => 0.999999)).toBe(1100);
  });

  it('times out at the deadline, never sleeping past it', async () => {
    const time = fakeTime();
    const client = scripted(['building']);
    const outcome = await pollBuild(client, 'build_1', everySecond(time, { deadline: 2500 }));
    expect(outcome).toEqual({ kind: 'timeout' });
    expect(time.sleeps).toEqual([1000, 1000, 500]);
  });

  it('ends at once on a status the spec does not list, naming it', async () => {
    const time = fakeTime();
    const client = scripted(['building', 'cancelled']);
    const outcome = await pollBuild(client, 'build_1', everySecond(time));
    expect(outcome).toMatchObject({ kind: 'ended', build: { status: 'cancelled' } });
    expect(time.sleeps).toEqual([1000, 1000]);
  });

  it('stops at once when cancelled', async () => {
    const cancel = new AbortController();
    const outcome = await pollBuild(
      scripted(['building']),
      'build_1',
      everySecond(fakeTime(), { signal: cancel.signal, onUpdate: () => cancel.abort() }),
    );
    expect(outcome).toEqual({ kind: 'cancelled' });
  });

  it("waits as long as the service's Retry-After asks, up to the deadline", async () => {
    const retries: number[] = [];
    const onTransientError = (_error: Error, delay: number) => void retries.push(delay);
    const client = scripted([rateLimited(30_000), 'success']);
    const outcome = await pollBuild(
      client,
      'build_1',
      everySecond(fakeTime(), { onTransientError }),
    );
    expect(outcome).toMatchObject({ kind: 'ended' });
    expect(retries).toEqual([30_000]);
    const tooLate = everySecond(fakeTime(), { deadline: 20_000 });
    await expect(pollBuild(scripted([rateLimited(30_000)]), 'build_1', tooLate)).rejects.toThrow(
      /HTTP 429/,
    );
  });

  it('fails on a refused key at once, and after too many transient failures', async () => {
    const refused = new ApiKeyRefusedError(401, 'GET /builds/:buildId', undefined);
    await expect(
      pollBuild(scripted([final(refused)]), 'build_1', everySecond(fakeTime())),
    ).rejects.toBe(refused);
    const down = new NetworkError('GET /builds/:buildId', 'ECONNREFUSED', 3);
    const client = scripted([transient('ECONNREFUSED', down)]);
    await expect(
      pollBuild(client, 'build_1', everySecond(fakeTime(), { maxFailures: 3 })),
    ).rejects.toBe(down);
    expect(client.calls()).toBe(3);
  });
});
