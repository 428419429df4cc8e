// Shared set-up of the client integration tests: a fast emulator, a client with shrunk retries,
// and temporary directories, all closed and removed after each test.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { BuildServiceClient, type ClientOptions } from '../../src/service/client.ts';
import type { RetryEvent } from '../../src/http/retry.ts';
import { isTerminal, type Build } from '../../src/service/schemas.ts';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/index.ts';

/** A project every test's emulator starts with. */
export const PROJECT_ID = 'proj_testapp';

export const FAST_RETRY = { maxAttempts: 5, baseDelayMs: 5, maxDelayMs: 20, maxElapsedMs: 5_000 };

export interface Harness {
  emulator: Emulator;
  client: BuildServiceClient;
  retries: RetryEvent[];
  tempDir(): Promise<string>;
}

export function useHarness(
  emulatorOptions: EmulatorOptions = {},
  clientOptions: Partial<ClientOptions> = {},
): () => Harness {
  let harness: Harness | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const emulator = await startEmulator({
      queuedMs: 20,
      buildingMs: 120,
      seedProjects: [
        {
          id: PROJECT_ID,
          name: 'Test App',
          url: 'https://app.example.com',
          platforms: ['mac', 'windows', 'linux'],
        },
      ],
      ...emulatorOptions,
    });
    const retries: RetryEvent[] = [];
    const client = new BuildServiceClient({
      baseUrl: emulator.baseUrl,
      apiKey: emulator.apiKey,
      retry: FAST_RETRY,
      onRetry: (event) => retries.push(event),
      ...clientOptions,
    });
    const dirs: string[] = [];
    harness = {
      emulator,
      client,
      retries,
      async tempDir() {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'dba-api-'));
        dirs.push(dir);
        return dir;
      },
    };
    cleanup = async () => {
      await client.close();
      await emulator.close();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    };
  });
  afterEach(async () => {
    await cleanup?.();
    harness = undefined;
  });
  return () => {
    if (harness === undefined) throw new Error('the harness exists only inside a test');
    return harness;
  };
}

/** Polls Get Build until the build is final. */
export async function waitForBuild(client: BuildServiceClient, buildId: string): Promise<Build> {
  for (;;) {
    const build = await client.getBuild(buildId);
    if (isTerminal(build.status)) return build;
    // real time: polls what real sockets change, and ends as soon as it holds
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Requests the emulator received at a path (API paths include the `/v1` prefix). */
export const requestsTo = (emulator: Emulator, method: string, pathPattern: RegExp) =>
  emulator.requests.filter((r) => r.method === method && pathPattern.test(r.path));
