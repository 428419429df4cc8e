// GitHub's side is mocked by a local stand-in of the artifact backend (test-kit/stand-ins):
// the real @actions/artifact v6 client uploads to it over 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openArtifactUploads, type ArtifactContext } from '../../src/publish/artifacts.ts';
import { ArtifactExistsError } from '../../src/publish/errors.ts';
import type { ArtifactPlan, ArtifactResult, Installer } from '../../src/publish/types.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import { sha256, tempDir, writeInstaller } from './fixtures.ts';

const plan = (over: Partial<ArtifactPlan> = {}): ArtifactPlan => ({
  nameTemplate: '{name}',
  retentionDays: 7,
  onExisting: 'replace',
  ...over,
});

/** Each installer through one uploader, in turn, as the publisher hands them in. */
async function uploadArtifacts(
  artifactPlan: ArtifactPlan,
  installers: readonly Installer[],
  context: ArtifactContext,
) {
  const uploads = openArtifactUploads(artifactPlan, context);
  const results: ArtifactResult[] = [];
  const failures: Error[] = [];
  for (const installer of installers) {
    await uploads?.upload(installer).then(
      (result) => results.push(result),
      (error: Error) => failures.push(error),
    );
  }
  await uploads?.close();
  return { results, failures };
}

describe('workflow artifacts against the artifact backend stand-in', () => {
  let backend: ArtifactBackend;
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    backend = await startArtifactBackend();
    // @actions/artifact reads these from process.env itself.
    Object.assign(process.env, backend.env);
    env = { ...process.env };
  });
  afterEach(async () => {
    delete process.env.ACTIONS_RESULTS_URL;
    delete process.env.ACTIONS_RUNTIME_TOKEN;
    await backend.close();
  });

  it('uploads each installer unzipped, byte-identical, under its rendered name', async () => {
    const dir = await tempDir('artifacts');
    const big = randomBytes(3 * 1024 * 1024 + 17);
    const mac = await writeInstaller(dir, 'MyApp-1.4.2.dmg', 'mac', 'arm64', big);
    const linux = await writeInstaller(dir, 'MyApp-1.4.2.tar.gz', 'linux', 'x64');
    const { results, failures } = await uploadArtifacts(
      plan({ nameTemplate: 'myapp-{version}-{platform}-{arch}.{ext}' }),
      [mac, linux],
      { env, repository: 'acme/desktop-app' },
    );
    expect(failures).toEqual([]);
    expect(results.map((r) => r.name)).toEqual([
      'myapp-1.4.2-mac-arm64.dmg',
      'myapp-1.4.2-linux-x64.tar.gz',
    ]);
    const stored = backend.artifacts();
    expect(stored.map((a) => a.name)).toEqual(results.map((r) => r.name));
    expect(sha256(stored[0]?.content ?? Buffer.alloc(0))).toBe(mac.sha256);
    expect(stored[0]?.content?.equals(await readFile(mac.path))).toBe(true);
    expect(stored[1]?.content?.equals(await readFile(linux.path))).toBe(true);
    expect(stored[0]?.hash).toBe(`sha256:${mac.sha256}`);
    expect(stored[0]?.expiresAt).toBeDefined();
    expect(results[0]?.id).toBe(stored[0]?.id);
    expect(results[0]?.url).toBe(
      `https://github.com/acme/desktop-app/actions/runs/1/artifacts/${stored[0]?.id}`,
    );
  });

  it('on a re-run replaces an artifact of the same name instead of failing with 409', async () => {
    const dir = await tempDir('artifacts');
    const first = await writeInstaller(dir, 'MyApp.exe', 'windows', 'x64', 'first attempt');
    await uploadArtifacts(plan(), [first], { env, repository: 'acme/desktop-app' });
    const again = await writeInstaller(dir, 'MyApp.exe', 'windows', 'x64', 'second attempt');
    const { results, failures } = await uploadArtifacts(plan(), [again], {
      env,
      repository: 'acme/desktop-app',
    });
    expect(failures).toEqual([]);
    expect(backend.calls).toContain('DeleteArtifact');
    const stored = backend.artifacts();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.content?.toString()).toBe('second attempt');
    expect(results[0]?.id).toBe(stored[0]?.id);
  });

  it('on a re-run with artifact-overwrite false reports the existing name and keeps it', async () => {
    const dir = await tempDir('artifacts');
    const first = await writeInstaller(dir, 'MyApp.AppImage', 'linux', 'x64', 'first');
    await uploadArtifacts(plan(), [first], { env, repository: 'acme/desktop-app' });
    const { results, failures } = await uploadArtifacts(plan({ onExisting: 'fail' }), [first], {
      env,
      repository: 'acme/desktop-app',
    });
    expect(results).toEqual([]);
    expect(failures[0]).toBeInstanceOf(ArtifactExistsError);
    expect(failures[0]?.message).toContain('artifact-overwrite');
    expect(backend.artifacts().map((a) => a.content?.toString())).toEqual(['first']);
  });

  it('the stand-in answers 409 on a duplicate name, like the real backend', async () => {
    const dir = await tempDir('artifacts');
    const installer = await writeInstaller(dir, 'MyApp.dmg', 'mac', 'x64');
    const { DefaultArtifactClient } = await import('@actions/artifact');
    await new DefaultArtifactClient().uploadArtifact('MyApp.dmg', [installer.path], dir, {
      skipArchive: true,
    });
    await expect(
      new DefaultArtifactClient().uploadArtifact('MyApp.dmg', [installer.path], dir, {
        skipArchive: true,
      }),
    ).rejects.toThrow(/409/);
  });

  it('skips with one message when not running inside GitHub Actions', async () => {
    const dir = await tempDir('artifacts');
    const installer = await writeInstaller(dir, 'MyApp.dmg', 'mac', 'x64');
    const { ACTIONS_RUNTIME_TOKEN: _, ...outside } = env;
    const output = vi.spyOn(process.stdout, 'write');
    const outcome = await uploadArtifacts(plan(), [installer, installer], {
      env: outside,
      repository: 'acme/desktop-app',
    });
    const printed = output.mock.calls.map(([chunk]) => String(chunk)).join('');
    output.mockRestore();
    expect(outcome).toEqual({ results: [], failures: [] });
    expect(
      printed.match(/Workflow artifacts skipped: ACTIONS_RUNTIME_TOKEN is not set/g),
    ).toHaveLength(1);
    expect(backend.calls).toEqual([]);
  });
});
