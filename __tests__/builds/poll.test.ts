import { describe, expect, it } from 'vitest';
import { ApiError, ApiKeyRefusedError, NetworkError } from '../../src/api/errors.ts';
import type { Build, BuildStatus } from '../../src/api/schemas.ts';
import { isTransient, jittered, pollBuild } from '../../src/builds/poll.ts';

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

/** Answers from a script: a status, or an error to throw. */
const scripted = (script: (BuildStatus | Error)[]) => {
  let calls = 0;
  return {
    calls: () => calls,
    getBuild: async () => {
      const next = script[Math.min(calls, script.length - 1)]!;
      calls += 1;
      if (next instanceof Error) throw next;
      return build(next);
    },
  };
};

const rateLimited = () => new ApiError(429, 'GET /builds/:buildId', undefined, 5);

describe('pollBuild', () => {
  it('polls at the interval until the build ends, reporting every read', async () => {
    const time = fakeTime();
    const client = scripted(['queued', 'building', 'building', 'success']);
    const seen: BuildStatus[] = [];
    const outcome = await pollBuild(client, 'build_1', {
      intervalMs: 1000,
      deadline: 60_000,
      ...time,
      random: () => 0.5,
      onUpdate: (b) => void seen.push(b.status),
    });
    expect(outcome).toMatchObject({ kind: 'ended', build: { status: 'success' } });
    expect(seen).toEqual(['queued', 'building', 'building', 'success']);
    expect(time.sleeps).toEqual([1000, 1000, 1000, 1000]);
  });

  it('backs off after rate limits and returns to the normal interval after a success', async () => {
    const time = fakeTime();
    const client = scripted([
      'building',
      rateLimited(),
      rateLimited(),
      'building',
      'building',
      'success',
    ]);
    const retries: number[] = [];
    await pollBuild(client, 'build_1', {
      intervalMs: 1000,
      deadline: 60_000,
      ...time,
      random: () => 0.5,
      onUpdate: () => {},
      onTransientError: (_error, delay) => retries.push(delay),
    });
    // Full jitter under ceilings of 2 and 4 intervals (random 0.5), then the plain interval again.
    expect(retries).toEqual([1000, 2000]);
    expect(time.sleeps).toEqual([1000, 1000, 1000, 2000, 1000, 1000]);
  });

  it('jitters each wait by at most 10%', async () => {
    const time = fakeTime();
    await pollBuild(scripted(['building', 'success']), 'build_1', {
      intervalMs: 1000,
      deadline: 60_000,
      ...time,
      random: () => 0,
      onUpdate: () => {},
    });
    expect(time.sleeps).toEqual([900, 900]);
    expect(jittered(1000, () => 0.999999)).toBe(1100);
  });

  it('times out at the deadline, never sleeping past it', async () => {
    const time = fakeTime();
    const outcome = await pollBuild(scripted(['building']), 'build_1', {
      intervalMs: 1000,
      deadline: 2500,
      ...time,
      random: () => 0.5,
      onUpdate: () => {},
    });
    expect(outcome).toEqual({ kind: 'timeout' });
    expect(time.sleeps).toEqual([1000, 1000, 500]);
  });

  it('ends at once on a status the spec does not list, naming it', async () => {
    const time = fakeTime();
    const outcome = await pollBuild(scripted(['building', 'cancelled']), 'build_1', {
      intervalMs: 1000,
      deadline: 60_000,
      ...time,
      random: () => 0.5,
      onUpdate: () => {},
    });
    expect(outcome).toMatchObject({ kind: 'ended', build: { status: 'cancelled' } });
    expect(time.sleeps).toEqual([1000, 1000]);
  });

  it('stops at once when cancelled', async () => {
    const time = fakeTime();
    const cancel = new AbortController();
    const outcome = await pollBuild(scripted(['building']), 'build_1', {
      intervalMs: 1000,
      deadline: 60_000,
      ...time,
      signal: cancel.signal,
      onUpdate: () => cancel.abort(),
    });
    expect(outcome).toEqual({ kind: 'cancelled' });
  });

  it('fails on a refused key at once, and after too many transient failures', async () => {
    const options = { intervalMs: 10, deadline: 1e9, onUpdate: () => {} };
    const refused = new ApiKeyRefusedError(401, 'GET /builds/:buildId', undefined);
    await expect(
      pollBuild(scripted([refused]), 'build_1', { ...options, ...fakeTime() }),
    ).rejects.toBe(refused);
    const down = new NetworkError('GET /builds/:buildId', 'ECONNREFUSED', 5);
    const client = scripted([down]);
    await expect(
      pollBuild(client, 'build_1', { ...options, ...fakeTime(), maxFailures: 3 }),
    ).rejects.toBe(down);
    expect(client.calls()).toBe(3);
  });
});

describe('poll helpers', () => {
  it('tells transient failures from fatal ones', () => {
    expect(isTransient(rateLimited())).toBe(true);
    expect(isTransient(new ApiError(502, 'x', undefined))).toBe(true);
    expect(isTransient(new ApiError(400, 'x', undefined))).toBe(false);
    expect(isTransient(new ApiKeyRefusedError(403, 'x', undefined))).toBe(false);
    expect(isTransient(new Error('bug'))).toBe(false);
  });
});
