// Retry-After longer than the retry budget: waited in full while the step has time for it, and
// never re-sent early; refused at once when the wait would outlast the step.
import { describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { ApiError } from '../../src/service/errors.ts';
import type { RecordedRequest } from '../../emulator/options.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';
import { FAST_RETRY, PROJECT_ID, useHarness } from './support.ts';

// Over https, as the service is in production.
const certificates = makeCertificates(['127.0.0.1']);
const tls = { cert: certificates.cert, key: certificates.key };

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST');

describe('a 429 whose Retry-After is longer than the retry budget', () => {
  // A 2 s Retry-After against a 1 s retry budget: longer than the budget, in seconds, not tens.
  const h = useHarness(
    { tls },
    {
      deadline: Date.now() + 5 * 60_000,
      ca: certificates.ca,
      retry: { ...FAST_RETRY, maxElapsedMs: 1_000 },
    },
  );

  it(
    'is waited for in full on a trigger, and the build is triggered once',
    { timeout: 60_000 },
    async () => {
      const { client, emulator, retries } = h();
      expect(emulator.baseUrl).toMatch(/^https:/);
      emulator.faults.rateLimit = { count: 1, retryAfter: '2' };
      const before = emulator.builds().length;
      // Known builds given, so the 429 meets the trigger, not the list taken before it.
      const build = await client.triggerBuild(
        PROJECT_ID,
        { platform: 'linux', version: '1.0.0' },
        { knownBuildIds: new Set() },
      );
      expect(build.status).toBe('queued');
      expect(retries).toEqual([
        expect.objectContaining({ delayMs: 2_000, serverAsked: true, attempt: 1 }),
      ]);
      const [refused, accepted, ...more] = posts(emulator.requests);
      expect(more).toEqual([]);
      expect(refused?.status).toBe(429);
      expect(accepted?.status).toBeLessThan(300);
      expect(accepted!.at - refused!.at).toBeGreaterThanOrEqual(1_990);
      expect(emulator.builds().length - before).toBe(1);
    },
  );
});

describe('a 429 whose Retry-After outlasts the step', () => {
  const h = useHarness({ tls }, { ca: certificates.ca });

  it('fails at once, with the service status', async () => {
    const { emulator } = h();
    const client = new BuildServiceClient({
      baseUrl: emulator.baseUrl,
      apiKey: emulator.apiKey,
      retry: FAST_RETRY,
      deadline: Date.now() + 10_000,
      ca: certificates.ca,
    });
    emulator.faults.rateLimit = { count: 1, retryAfter: '90' };
    const started = Date.now();
    const error = await client
      .triggerBuild(PROJECT_ID, { platform: 'mac', version: '1.0.0' }, { knownBuildIds: new Set() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, attempts: 1 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(posts(emulator.requests)).toHaveLength(1);
    await client.close();
  });
});
