// A service that grew a status the spec does not list (`cancelled`): the build that has it ends at
// once as not successful, named, with its log; the same status elsewhere in the project's history
// stops neither a re-run that reuses builds nor the recovery of a lost trigger.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BuildsRun } from '../../src/builds/types.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import type { Plan } from '../../src/inputs.ts';
import { BuildServiceClient } from '../../src/service/client.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';
import { groups, planFor, runCaptured, seedProject } from './support.ts';

let emulator: Emulator;
let client: BuildServiceClient;

// Over https, as the service is in production.
const certificates = makeCertificates(['127.0.0.1']);

beforeAll(async () => {
  emulator = await startEmulator({
    tls: { cert: certificates.cert, key: certificates.key },
    queuedMs: 40,
    buildingMs: 250,
    artifactSize: 16 * 1024,
    seedProjects: [seedProject],
  });
  client = new BuildServiceClient({
    baseUrl: emulator.baseUrl,
    apiKey: emulator.apiKey,
    ca: certificates.ca,
    retry: { maxAttempts: 6, baseDelayMs: 10, maxDelayMs: 50, maxElapsedMs: 5_000 },
  });
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
afterEach(() => emulator.resetFaults());

const runWith = (plan: Plan) => runCaptured(client, plan);

const byTarget = (state: BuildsRun) =>
  Object.fromEntries(state.builds.map((build) => [`${build.platform}/${build.arch}`, build]));

describe('a status the spec does not list', () => {
  it('is met over https', () => expect(emulator.baseUrl).toMatch(/^https:/));

  it('ends that build at once, names the value and prints its log; the others carry on', async () => {
    emulator.faults.endBuildsAs = [{ platform: 'linux', status: 'cancelled' }];
    const started = Date.now();
    const { state, lines } = await runWith(
      planFor(emulator, { platforms: 'mac, linux', version: '8.0.0', 'poll-interval': '0.05' }),
    );
    const builds = byTarget(state);
    expect(builds['mac/x64']).toMatchObject({ status: 'success', problem: undefined });
    expect(builds['mac/x64']!.download).toBeDefined();
    const linux = builds['linux/x64']!;
    expect(linux.status).toBe('cancelled');
    expect(linux.problem?.message).toMatch(/status 'cancelled', which this action does not know/);
    expect(linux.download).toBeUndefined();
    // Its log is printed in its own group, like any ended build's.
    const group = groups(lines).get('linux/x64 · cancelled');
    expect(group?.some((line) => line.includes('Build ended as cancelled.'))).toBe(true);
    // Ended when seen, not after minutes of retries.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('in List Builds, is skipped by a re-run that reuses builds', async () => {
    emulator.faults.endBuildsAs = [{ platform: 'mac', status: 'cancelled' }];
    const plan = { platforms: 'mac, linux', version: '8.1.0', download: 'false' };
    const first = await runWith(planFor(emulator, plan));
    expect(byTarget(first.state)['mac/x64']!.status).toBe('cancelled');
    emulator.resetFaults();

    const rerun = await runWith(planFor(emulator, { ...plan, 'reuse-builds': 'true' }));
    const builds = byTarget(rerun.state);
    expect(builds['linux/x64']).toMatchObject({
      origin: 'reused',
      id: byTarget(first.state)['linux/x64']!.id,
    });
    expect(builds['mac/x64']).toMatchObject({ origin: 'triggered', status: 'success' });
  });

  it('in List Builds, does not stop the recovery of a lost trigger', async () => {
    emulator.faults.endBuildsAs = [{ platform: 'windows', status: 'cancelled' }];
    await runWith(planFor(emulator, { platforms: 'windows', version: '8.2.0', download: 'false' }));
    emulator.resetFaults();
    emulator.faults.loseTriggerResponses = 1;
    const before = emulator.builds().length;
    const { state } = await runWith(
      planFor(emulator, { platforms: 'windows', version: '8.2.0', download: 'false' }),
    );
    // The lost answer was recovered from the list (with its cancelled build), not re-sent.
    expect(emulator.builds().length - before).toBe(1);
    expect(state.builds[0]).toMatchObject({ status: 'success', problem: undefined });
  });
});
