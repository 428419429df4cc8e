// Which targets a run builds: the platforms given, or the project's own, asked of the emulator over
// a real socket once.
import { describe, expect, it } from 'vitest';
import { resolveSelection } from '../../src/builds/matrix.ts';
import { PROJECT_ID, useHarness } from '../service/support.ts';

const wanted = { kind: 'trigger', version: '1.4.2', arches: ['x64'], reuse: false } as const;

describe('resolveSelection', () => {
  const harness = useHarness({
    seedProjects: [
      {
        id: PROJECT_ID,
        name: 'Test App',
        url: 'https://app.example.com',
        platforms: ['mac', 'linux'],
      },
    ],
  });
  const signal = AbortSignal.timeout(30_000);

  it("takes the project's own platforms when none were given", async () => {
    const { client, emulator } = harness();
    const selection = await resolveSelection(
      { ...wanted, platforms: null },
      PROJECT_ID,
      client,
      signal,
    );
    expect(selection).toEqual({ ...wanted, platforms: ['mac', 'linux'] });
    expect(
      emulator.requests.filter(
        (r) => r.method === 'GET' && r.path.endsWith(`/projects/${PROJECT_ID}`),
      ),
    ).toHaveLength(1);
  });

  it('asks nothing when the platforms were given, or the builds are resumed', async () => {
    const { client, emulator } = harness();
    const given = { ...wanted, platforms: ['windows'] as const };
    expect(await resolveSelection(given, PROJECT_ID, client, signal)).toEqual(given);
    const resume = { kind: 'resume', buildIds: ['build_1'] } as const;
    expect(await resolveSelection(resume, PROJECT_ID, client, signal)).toBe(resume);
    expect(emulator.requests).toEqual([]);
  });
});
