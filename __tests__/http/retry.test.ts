import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  backoffDelay,
  describeRetry,
  parseRetryAfter,
  withRetries,
  type AttemptFailure,
  type AttemptResult,
  type RetryEvent,
  type RetryPolicy,
  type RetryRuntime,
} from '../../src/http/retry.ts';

class Boom extends Error {
  readonly attempts: number;
  constructor(attempts: number) {
    super(`failed after ${attempts}`);
    this.attempts = attempts;
  }
}

const failure = (overrides: Partial<AttemptFailure> = {}): AttemptResult<string> => ({
  ok: false,
  failure: {
    retryable: true,
    outcomeUnknown: false,
    reason: 'HTTP 503',
    toError: (attempts) => new Boom(attempts),
    ...overrides,
  },
});

/** A runtime whose clock advances only by the delays slept. */
function fakeRuntime(policy: Partial<RetryPolicy> = {}, random = () => 0.5) {
  const slept: number[] = [];
  const events: RetryEvent[] = [];
  let clock = 1_000_000;
  const runtime: RetryRuntime = {
    policy: { ...DEFAULT_RETRY_POLICY, ...policy },
    random,
    now: () => clock,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
    onRetry: (event) => events.push(event),
  };
  return { runtime, slept, events };
}

describe('backoffDelay', () => {
  const policy: RetryPolicy = {
    maxAttempts: 10,
    baseDelayMs: 500,
    maxDelayMs: 5000,
    maxElapsedMs: 1,
  };

  it('doubles the ceiling per failed attempt up to the cap, with full jitter', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(policy, n, () => 0.999999));
    expect(ceilings).toEqual([499, 999, 1999, 3999, 4999, 4999, 4999]);
    expect(backoffDelay(policy, 3, () => 0)).toBe(0);
    expect(backoffDelay(policy, 3, () => 0.5)).toBe(1000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
  });
});

describe('withRetries', () => {
  it('retries retryable failures with jittered backoff and reports each retry', async () => {
    const { runtime, slept, events } = fakeRuntime();
    const results = [failure(), failure({ reason: 'ECONNRESET' }), { ok: true, value: 'done' }];
    const value = await withRetries(runtime, {
      endpoint: 'GET /x',
      attempt: async (n) => results[n - 1] as AttemptResult<string>,
    });
    expect(value).toBe('done');
    expect(slept).toEqual([250, 500]);
    expect(events).toEqual([
      { endpoint: 'GET /x', attempt: 1, delayMs: 250, reason: 'HTTP 503', serverAsked: false },
      { endpoint: 'GET /x', attempt: 2, delayMs: 500, reason: 'ECONNRESET', serverAsked: false },
    ]);
  });

  it('waits exactly what Retry-After asks', async () => {
    const { runtime, slept } = fakeRuntime();
    let calls = 0;
    await withRetries(runtime, {
      endpoint: 'GET /x',
      attempt: async () =>
        ++calls === 1 ? failure({ retryAfterMs: 7000 }) : { ok: true, value: '' },
    });
    expect(slept).toEqual([7000]);
  });

  it('throws at once on a failure that is not retryable', async () => {
    const { runtime, slept } = fakeRuntime();
    const error = await withRetries(runtime, {
      endpoint: 'GET /x',
      attempt: async () => failure({ retryable: false }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Boom);
    expect((error as Boom).attempts).toBe(1);
    expect(slept).toEqual([]);
  });

  it('gives up after maxAttempts', async () => {
    const { runtime, slept } = fakeRuntime({ maxAttempts: 4 });
    const error = (await withRetries(runtime, {
      endpoint: 'GET /x',
      attempt: async () => failure(),
    }).catch((e: unknown) => e)) as Boom;
    expect(error.attempts).toBe(4);
    expect(slept).toHaveLength(3);
  });

  it('gives up rather than start a retry beyond maxElapsedMs', async () => {
    const { runtime, slept } = fakeRuntime({ maxAttempts: 100, maxElapsedMs: 10_000 }, () => 0.99);
    const error = (await withRetries(runtime, {
      endpoint: 'GET /x',
      attempt: async () => failure(),
    }).catch((e: unknown) => e)) as Boom;
    expect(slept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
    expect(error.attempts).toBe(slept.length + 1);
    const tooLong = (await withRetries(runtime, {
      endpoint: 'GET /x',
      attempt: async () => failure({ retryAfterMs: 20_000 }),
    }).catch((e: unknown) => e)) as Boom;
    expect(tooLong.attempts).toBe(1);
  });

  it('with a deadline, waits a Retry-After beyond the budget, but not one beyond the deadline', async () => {
    const { runtime, slept, events } = fakeRuntime({ maxElapsedMs: 60_000 });
    runtime.deadline = runtime.now() + 120_000;
    let calls = 0;
    const value = await withRetries(runtime, {
      endpoint: 'POST /x',
      attempt: async () =>
        ++calls === 1 ? failure({ retryAfterMs: 90_000 }) : { ok: true, value: 'ok' },
    });
    expect(value).toBe('ok');
    expect(slept).toEqual([90_000]);
    expect(events[0]).toMatchObject({ delayMs: 90_000, serverAsked: true });
    const error = (await withRetries(runtime, {
      endpoint: 'POST /x',
      attempt: async () => failure({ retryAfterMs: 60_000 }),
    }).catch((e: unknown) => e)) as Boom;
    expect(error.attempts).toBe(1);
    expect(slept).toEqual([90_000]);
  });

  it('starts the count and the budget over after an attempt that made progress', async () => {
    const { runtime, slept } = fakeRuntime({ maxAttempts: 3 });
    let calls = 0;
    const value = await withRetries(runtime, {
      endpoint: 'GET /file',
      // Two failures, a cut that got further, one failure, then done: 4 failures, never 3 in a row.
      attempt: async () => {
        calls++;
        if (calls === 5) return { ok: true, value: 'whole' };
        return failure({ madeProgress: calls === 3 });
      },
    });
    expect(value).toBe('whole');
    expect(slept).toEqual([250, 500, 250, 500]);
  });

  it('never plans a backoff that ends past the deadline', async () => {
    const { runtime, slept } = fakeRuntime({}, () => 0.99);
    runtime.deadline = runtime.now() + 1_000;
    const error = (await withRetries(runtime, {
      endpoint: 'GET /x',
      attempt: async () => failure(),
    }).catch((e: unknown) => e)) as Boom;
    expect(slept.reduce((a, b) => a + b, 0)).toBeLessThan(1_000);
    expect(error.attempts).toBe(slept.length + 1);
  });

  it('with the defaults, outlasts 10 s of failures even when every jitter draw is low', async () => {
    const { runtime } = fakeRuntime({}, () => 0.15);
    const failUntil = runtime.now() + 10_000;
    const value = await withRetries(runtime, {
      endpoint: 'GET /x',
      attempt: async () => (runtime.now() < failUntil ? failure() : { ok: true, value: 'up' }),
    });
    expect(value).toBe('up');
  });

  it('reconciles before every re-send that follows an unknown outcome, and adopts what it finds', async () => {
    const { runtime } = fakeRuntime();
    const log: string[] = [];
    const results = [
      failure({ outcomeUnknown: false }),
      failure({ outcomeUnknown: true }),
      failure(),
    ];
    let reconciles = 0;
    const value = await withRetries(runtime, {
      endpoint: 'POST /x',
      attempt: async (n) => {
        log.push(`send ${n}`);
        return results[n - 1] ?? { ok: true, value: 'sent' };
      },
      reconcile: async () => {
        log.push('reconcile');
        return ++reconciles === 2 ? 'adopted' : undefined;
      },
    });
    expect(value).toBe('adopted');
    expect(log).toEqual(['send 1', 'send 2', 'reconcile', 'send 3', 'reconcile']);
  });

  it('does not re-send when reconciling fails', async () => {
    const { runtime } = fakeRuntime();
    let sends = 0;
    const error = await withRetries(runtime, {
      endpoint: 'POST /x',
      attempt: async () => {
        sends++;
        return failure({ outcomeUnknown: true });
      },
      reconcile: async () => {
        throw new Error('list failed');
      },
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('list failed');
    expect(sends).toBe(1);
  });
});

describe('describeRetry', () => {
  it('shows the reason as one inert line: an error can quote anything', () => {
    const line = describeRetry(
      {
        endpoint: 'GET /builds/:buildId',
        attempt: 1,
        delayMs: 500,
        reason: 'invalid header value "token ghs_a\n::error title=x::forged"',
        serverAsked: false,
      },
      'the service',
    );
    expect(line).toBe(
      'Retrying GET /builds/:buildId in 0.5 s (attempt 1 failed: invalid header value "token ghs_a ::error title=x::forged")',
    );
    expect(line.split('\n')).toHaveLength(1);
  });
});
