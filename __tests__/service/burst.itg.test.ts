import { describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import type { RetryEvent } from '../../src/http/retry.ts';
import { startEmulator } from '../../emulator/index.ts';

describe('a 10 s burst of 5xx answers (serverErrorsUntil)', () => {
  it('is survived with the default retry policy', { timeout: 60_000 }, async () => {
    const emulator = await startEmulator();
    const retries: RetryEvent[] = [];
    const client = new BuildServiceClient({
      baseUrl: emulator.baseUrl,
      apiKey: emulator.apiKey,
      onRetry: (event) => retries.push(event),
    });
    try {
      const burstEnd = Date.now() + 10_000;
      emulator.faults.serverErrorsUntil = burstEnd;
      const created = await client.createProject({
        name: 'Burst',
        url: 'https://burst.example.com',
        platforms: ['linux'],
      });
      expect(Date.now()).toBeGreaterThanOrEqual(burstEnd);
      expect(created.name).toBe('Burst');
      expect(emulator.projects()).toHaveLength(1);
      expect(retries.length).toBeGreaterThan(3);
      expect(retries.every((r) => r.reason === 'HTTP 503')).toBe(true);
    } finally {
      await client.close();
      await emulator.close();
    }
  });
});
