// GitHub's side is a local stand-in of the artifact backend (test-kit/stand-ins): the results
// service and blob storage over 127.0.0.1, which the real @actions/artifact v6 client talks to as
// well (it uploads an installer over 5000 MiB, and the stand-in's own test).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/http/dispatcher.ts';
import { defaultRetryRuntime } from '../../src/http/retry.ts';
import { openArtifactUploads, type ArtifactContext } from '../../src/publish/artifacts.ts';
import { ArtifactExistsError } from '../../src/publish/errors.ts';
import type { ArtifactPlan, ArtifactResult, Installer } from '../../src/publish/types.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';
import { sha256, tempDir, writeInstaller } from './fixtures.ts';
import { readContext } from '../../src/runner/context.ts';
import { formatSeconds } from '../../src/text/durations.ts';
import { virtualClock } from '../support/virtual-clock.ts';

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
  let dispatcher: Dispatcher;
  const retry = defaultRetryRuntime({ maxAttempts: 3, baseDelayMs: 5 });
  const inRepo = (environment: NodeJS.ProcessEnv): ArtifactContext => ({
    runner: readContext(environment),
    repository: 'acme/desktop-app',
    dispatcher,
    retry,
  });

  beforeEach(async () => {
    backend = await startArtifactBackend();
    // @actions/artifact reads these from process.env itself.
    Object.assign(process.env, backend.env);
    env = { ...process.env };
    dispatcher = createDispatcher();
  });
  afterEach(async () => {
    delete process.env.ACTIONS_RESULTS_URL;
    delete process.env.ACTIONS_RUNTIME_TOKEN;
    await dispatcher.close();
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
      inRepo(env),
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
    expect(stored.map((a) => a.size)).toEqual([mac.size, linux.size]);
    expect(stored.map((a) => [a.mimeType, a.blobContentType])).toEqual([
      ['application/octet-stream', 'application/octet-stream'],
      ['application/gzip', 'application/gzip'],
    ]);
    // retention-days 7: a week from now, as protobuf writes a Timestamp.
    const week = Date.now() + 7 * 24 * 3600_000;
    expect(stored[0]?.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/);
    expect(Math.abs(Date.parse(stored[0]?.expiresAt ?? '') - week)).toBeLessThan(3 * 3600_000);
    // Each installer in one Put Blob, not in blocks.
    expect(backend.blobRequests.map((r) => [r.method, r.url.includes('comp='), r.bytes])).toEqual([
      ['PUT', false, mac.size],
      ['PUT', false, linux.size],
    ]);
    expect(results[0]?.id).toBe(stored[0]?.id);
    expect(results[0]?.url).toBe(
      `https://github.com/acme/desktop-app/actions/runs/1/artifacts/${stored[0]?.id}`,
    );
  });

  it("times each upload on the uploads' clock, which its waits between tries move", async () => {
    const dir = await tempDir('artifacts');
    const installer = await writeInstaller(dir, 'MyApp-1.4.2.dmg', 'mac', 'arm64');
    const startedAt = Date.UTC(2026, 0, 2, 3, 4, 5);
    const clock = virtualClock(startedAt);
    backend.failNextBlobPuts(503);
    const output = captureStepLog();
    const { results, failures } = await uploadArtifacts(plan(), [installer], {
      ...inRepo(env),
      retry: {
        ...defaultRetryRuntime({ maxAttempts: 3, baseDelayMs: 2_000 }),
        now: clock.now,
        sleep: clock.sleep,
      },
    });
    const printed = output.text();
    output.restore();
    expect(failures).toEqual([]);
    // The upload's one wait, the retry of its Put Blob, is all the time it took on its clock.
    expect(clock.sleeps).toHaveLength(1);
    const took = clock.sleeps[0]!;
    expect(results[0]?.span).toEqual({ start: startedAt, end: startedAt + took });
    expect(printed).toContain(
      `mac/arm64: workflow artifact "MyApp-1.4.2.dmg" (id ${results[0]?.id}) in ${formatSeconds(took)}:`,
    );
  });

  it('hands an installer over 5000 MiB, more than one Put Blob takes, to @actions/artifact', async () => {
    const dir = await tempDir('artifacts');
    const installer = await writeInstaller(dir, 'MyApp.dmg', 'mac', 'arm64', 'huge installer');
    // Only the size decides; a small file keeps the test quick.
    const huge = { ...installer, size: 5000 * 1024 * 1024 + 1 };
    const output = captureStepLog();
    const { results, failures } = await uploadArtifacts(
      plan({ nameTemplate: 'renamed-{name}' }),
      [huge],
      inRepo(env),
    );
    const printed = output.text();
    output.restore();
    expect(failures).toEqual([]);
    expect(printed).toContain(
      'Workflow artifact "renamed-MyApp.dmg" is over 5000 MiB, more than one Put Blob takes: ' +
        'uploading it with @actions/artifact, in blocks.',
    );
    const [stored] = backend.artifacts();
    expect(stored).toMatchObject({ name: 'renamed-MyApp.dmg', id: results[0]?.id });
    expect(stored?.content?.toString()).toBe('huge installer');
    expect(
      backend.blobRequests.map((r) => new URL(r.url, 'http://x').searchParams.get('comp')),
    ).toEqual(['block', 'blocklist']);
  });

  it('on a re-run replaces an artifact of the same name instead of failing with 409', async () => {
    const dir = await tempDir('artifacts');
    const first = await writeInstaller(dir, 'MyApp.exe', 'windows', 'x64', 'first attempt');
    await uploadArtifacts(plan(), [first], inRepo(env));
    const again = await writeInstaller(dir, 'MyApp.exe', 'windows', 'x64', 'second attempt');
    backend.calls.length = 0;
    const { results, failures } = await uploadArtifacts(plan(), [again], inRepo(env));
    expect(failures).toEqual([]);
    // As @actions/artifact deletes by name: the newest of that name, listed, then deleted.
    expect(backend.calls).toEqual([
      'ListArtifacts',
      'ListArtifacts',
      'DeleteArtifact',
      'CreateArtifact',
      'FinalizeArtifact',
    ]);
    expect(backend.twirpBodies.at(-4)?.body).toMatchObject({ name_filter: 'MyApp.exe' });
    const stored = backend.artifacts();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.content?.toString()).toBe('second attempt');
    expect(results[0]?.id).toBe(stored[0]?.id);
  });

  it('on a re-run with artifact-overwrite false reports the existing name and keeps it', async () => {
    const dir = await tempDir('artifacts');
    const first = await writeInstaller(dir, 'MyApp.AppImage', 'linux', 'x64', 'first');
    await uploadArtifacts(plan(), [first], inRepo(env));
    const { results, failures } = await uploadArtifacts(
      plan({ onExisting: 'fail' }),
      [first],
      inRepo(env),
    );
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

  it('skips on GitHub Enterprise Server with one notice naming it, asking nothing', async () => {
    const dir = await tempDir('artifacts');
    const installer = await writeInstaller(dir, 'MyApp.dmg', 'mac', 'x64');
    const output = captureStepLog();
    const outcome = await uploadArtifacts(
      plan(),
      [installer],
      inRepo({ ...env, GITHUB_SERVER_URL: 'https://ghe.example.com' }),
    );
    const printed = output.text();
    output.restore();
    expect(outcome).toEqual({ results: [], failures: [] });
    expect(printed.match(/^::notice .*$/gm)).toEqual([
      '::notice title=GitHub Enterprise Server%3A no workflow artifacts::Workflow artifacts ' +
        'skipped: this run is on GitHub Enterprise Server (ghe.example.com), which has no ' +
        'artifact service for them (artifacts v4; @actions/artifact and upload-artifact v4 ' +
        'refuse it too). Publishing goes on without them; set upload-artifacts: false to drop ' +
        'this notice.',
    ]);
    expect(backend.calls).toEqual([]);
  });

  it('with artifact-uploader: library, every call is @actions/artifact’s, said once', async () => {
    const dir = await tempDir('artifacts');
    const first = await writeInstaller(dir, 'MyApp.exe', 'windows', 'x64', 'first');
    await uploadArtifacts(plan(), [first], inRepo(env));
    backend.calls.length = 0;
    backend.blobRequests.length = 0;
    const again = await writeInstaller(dir, 'MyApp.exe', 'windows', 'x64', 'second');
    const mac = await writeInstaller(dir, 'MyApp.dmg', 'mac', 'x64', 'mac');

    const output = captureStepLog();
    const { results, failures } = await uploadArtifacts(
      plan({ uploader: 'library', nameTemplate: 'renamed-{name}' }),
      [again, mac],
      inRepo(env),
    );
    const printed = output.text();
    output.restore();

    expect(failures).toEqual([]);
    expect(
      printed.match(
        /Workflow artifacts: uploading with @actions\/artifact \(artifact-uploader: library\)\./g,
      ),
    ).toHaveLength(1);
    // The library's own way: blocks and a block list, never one Put Blob.
    expect(
      backend.blobRequests.map((r) => new URL(r.url, 'http://x').searchParams.get('comp')),
    ).toEqual(['block', 'blocklist', 'block', 'blocklist']);
    expect(backend.calls).toEqual([
      'ListArtifacts',
      ...['CreateArtifact', 'FinalizeArtifact'],
      ...['CreateArtifact', 'FinalizeArtifact'],
    ]);
    const stored = backend.artifacts();
    expect(stored.map((a) => [a.name, a.content?.toString()])).toEqual([
      ['MyApp.exe', 'first'],
      ['renamed-MyApp.exe', 'second'],
      ['renamed-MyApp.dmg', 'mac'],
    ]);
    expect(results.map((r) => r.id)).toEqual([stored[1]?.id, stored[2]?.id]);

    // A re-run replaces through the library too.
    backend.calls.length = 0;
    await uploadArtifacts(plan({ uploader: 'library' }), [again], inRepo(env));
    expect(backend.calls).toEqual([
      'ListArtifacts',
      ...['ListArtifacts', 'DeleteArtifact'],
      ...['CreateArtifact', 'FinalizeArtifact'],
    ]);
    expect(
      backend
        .artifacts()
        .find((a) => a.name === 'MyApp.exe')
        ?.content?.toString(),
    ).toBe('second');
  });

  it('skips with one message when not running inside GitHub Actions', async () => {
    const dir = await tempDir('artifacts');
    const installer = await writeInstaller(dir, 'MyApp.dmg', 'mac', 'x64');
    const { ACTIONS_RUNTIME_TOKEN: _, ...outside } = env;
    const output = captureStepLog();
    const outcome = await uploadArtifacts(plan(), [installer, installer], inRepo(outside));
    const printed = output.text();
    output.restore();
    expect(outcome).toEqual({ results: [], failures: [] });
    expect(
      printed.match(/Workflow artifacts skipped: ACTIONS_RUNTIME_TOKEN is not set/g),
    ).toHaveLength(1);
    expect(backend.calls).toEqual([]);
  });
});
