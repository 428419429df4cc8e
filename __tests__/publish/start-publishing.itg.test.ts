// How publishing ends, as the report receives it: the failures themselves, each an ActionError
// with its facts, not their messages. GitHub's side is the releases stand-in (a wrong token) or a
// raw server on 127.0.0.1 that takes requests and never answers (the step is stopped meanwhile).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/builds/result.ts';
import { PublishError, PublishingStoppedError } from '../../src/publish/errors.ts';
import { startPublishing } from '../../src/publish/start-publishing.ts';
import type { PublishPlan } from '../../src/publish/types.ts';
import { readContext } from '../../src/runner/context.ts';
import { stepDeadline } from '../../src/runner/deadline.ts';
import { startReleasesApi, type ReleasesApi } from '../../test-kit/stand-ins/releases-api.ts';
import { result } from '../report/fixtures.ts';
import { tempDir, writeInstaller } from './fixtures.ts';

const TOKEN = 'ghs_start_publishing_secret';

const plan = (githubToken: string): PublishPlan => ({
  githubToken,
  repository: 'acme/desktop-app',
  artifacts: null,
  release: {
    repository: 'acme/desktop-app',
    tag: 'v2.0.0',
    name: 'MyApp 2.0.0',
    body: 'Notes',
    generateNotes: false,
    draft: false,
    prerelease: false,
    makeLatest: 'false',
    assetNameTemplate: '{name}',
    overwrite: true,
  },
});

/** A succeeded build whose installer is on disk. */
const downloaded = async (): Promise<BuildResult> => {
  const installer = await writeInstaller(
    await tempDir('start-publishing'),
    'MyApp-2.0.0.dmg',
    'mac',
    'x64',
  );
  const build = result(0, 'success');
  return {
    ...build,
    id: installer.buildId,
    download: { ...build.download!, ...installer },
  };
};

let api: ReleasesApi;
let silentGitHub: Server;
let silentUrl: string;

beforeAll(async () => {
  api = await startReleasesApi({ token: TOKEN });
  silentGitHub = createServer(() => {});
  await new Promise<void>((resolve) => silentGitHub.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silentGitHub.address() as AddressInfo).port}`;
});
afterAll(async () => {
  silentGitHub.closeAllConnections();
  await Promise.all([api.close(), new Promise((resolve) => silentGitHub.close(resolve))]);
});

const contextAt = async (apiUrl: string) =>
  readContext({ GITHUB_API_URL: apiUrl, RUNNER_TEMP: await tempDir('runner-temp') });

describe('startPublishing: how it ends', () => {
  it('hands over the PublishError itself, its failures and result on it', async () => {
    const cancel = new AbortController();
    const publishing = startPublishing(
      plan('ghs_wrong_token'),
      await contextAt(api.url),
      stepDeadline(cancel.signal, 60_000),
    );
    const build = await downloaded();
    publishing.buildDownloaded(build);
    const end = await publishing.finish([build]);
    expect(end.stopped).toBe(false);
    expect(end.errors).toHaveLength(1);
    const [error] = end.errors;
    expect(error).toBeInstanceOf(PublishError);
    const failure = error as PublishError;
    expect(failure.failures).toHaveLength(1);
    expect(failure.failures[0]!.message).toContain('Bad credentials');
    expect(failure.result.release).toBeNull();
    expect(failure.message).toMatch(/^Publishing failed \(1 problem\(s\)\):\n- .*Bad credentials/);
  });

  it('stopped by the step: a PublishingStoppedError with why and what landed', async () => {
    const cancel = new AbortController();
    const publishing = startPublishing(
      plan(TOKEN),
      await contextAt(silentUrl),
      stepDeadline(cancel.signal, 60_000),
    );
    const build = await downloaded();
    publishing.buildDownloaded(build);
    const ending = publishing.finish([build]);
    cancel.abort('SIGTERM');
    const end = await ending;
    expect(end.stopped).toBe(true);
    expect(end.errors).toHaveLength(1);
    const [error] = end.errors;
    expect(error).toBeInstanceOf(PublishingStoppedError);
    const stopped = error as PublishingStoppedError;
    expect(stopped.because).toBe('cancelled by SIGTERM');
    expect(stopped.landed).toBe('draft release assets uploaded: none, not uploaded: mac/x64');
    expect(stopped.message).toBe(
      'Publishing stopped: cancelled by SIGTERM. draft release assets uploaded: none, not ' +
        'uploaded: mac/x64. The release is not published (what was uploaded stays on its ' +
        'draft); re-run the job to finish it.',
    );
  });
});
