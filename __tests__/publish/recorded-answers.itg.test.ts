// Our release code against GitHub's own recorded answers (`@octokit/fixtures`, recorded on
// api.github.com and uploads.github.com before asset digests existed), replayed over real sockets
// by test-kit/stand-ins/recorded-github.ts. The one answer the recordings lack is an asset's bytes
// (GitHub redirects `Accept: application/octet-stream` to storage on another host): a second
// loopback server plays that storage, serving the bytes the recording shows were uploaded, or,
// where said, other bytes of the same size.
import { createServer } from 'node:http';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/http/dispatcher.ts';
import { defaultRetryRuntime } from '../../src/http/retry.ts';
import { AssetUploadError } from '../../src/publish/errors.ts';
import { createGitHub } from '../../src/github/client.ts';
import { parseAssetAnswer, parseReleaseAnswer } from '../../src/github/release-answers.ts';
import { digestSays, listAssets } from '../../src/github/release-asset-reads.ts';
import { deleteAsset, uploadAsset } from '../../src/publish/release-assets.ts';
import { close, listen } from '../../test-kit/stand-ins/http.ts';
import {
  RECORDED_TOKEN,
  recordedScenario,
  startRecordedGitHub,
  type ExtraAnswer,
  type RecordedGitHub,
} from '../../test-kit/stand-ins/recorded-github.ts';
import { sha256, tempDir } from './fixtures.ts';

const RECORDED_BYTES = 'Hello, world!\n';
const retry = () => defaultRetryRuntime({ maxAttempts: 2, baseDelayMs: 5 });

describe('release code against recorded GitHub answers (@octokit/fixtures)', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const closeIt of closers.splice(0).reverse()) await closeIt();
  });

  /** Storage for asset bytes, on its own origin as GitHub's is. */
  const startStorage = async (bytes: string) => {
    const seenAuth: (string | undefined)[] = [];
    const storage = createServer((req, res) => {
      seenAuth.push(req.headers.authorization);
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': Buffer.byteLength(bytes),
      });
      res.end(bytes);
    });
    const origin = await listen(storage);
    closers.push(() => close(storage));
    const redirect: ExtraAnswer = (req, res, url) => {
      if (req.method !== 'GET' || req.headers.accept !== 'application/octet-stream') return false;
      res.writeHead(302, { location: `${origin}/storage${url.pathname}` }).end();
      return true;
    };
    return { redirect, seenAuth };
  };

  const setUp = async (scenario: string, extra?: ExtraAnswer) => {
    const github: RecordedGitHub = await startRecordedGitHub(recordedScenario(scenario), extra);
    closers.push(github.close);
    const dispatcher = createDispatcher();
    closers.push(() => dispatcher.close());
    const octokit = createGitHub(RECORDED_TOKEN, {
      baseUrl: github.url,
      retry: retry(),
      throttle: false,
    });
    const repo = { owner: 'octokit-fixture-org', repo: scenario };
    const context = {
      github: octokit,
      repo,
      retry: retry(),
      uploads: { dispatcher, token: RECORDED_TOKEN },
    };
    const dir = await tempDir('recorded');
    const file = path.join(dir, 'test-upload.txt');
    await writeFile(file, RECORDED_BYTES);
    const upload = {
      path: file,
      size: Buffer.byteLength(RECORDED_BYTES),
      sha256: sha256(RECORDED_BYTES),
      name: 'test-upload.txt',
    };
    const { data } = await octokit.rest.repos.getReleaseByTag({ ...repo, tag: 'v1.0.0' });
    const release = parseReleaseAnswer(data, 'the recorded release');
    return { github, octokit, repo, context, upload, release };
  };

  it("reads GitHub's release, upload and listing answers as they were, without digest ('release-assets')", async () => {
    const { github, octokit, repo, context, upload, release } = await setUp('release-assets');
    expect(release).toMatchObject({ id: 1000, tag_name: 'v1.0.0', draft: false });

    const asset = await uploadAsset(context, release, upload);
    const listed = await listAssets(octokit, repo, release.id);
    const { data } = await octokit.rest.repos.getReleaseAsset({ ...repo, asset_id: 1000 });

    expect(asset).toMatchObject({ id: 1000, name: 'test-upload.txt', size: 14, state: 'uploaded' });
    expect(asset.digest).toBeUndefined();
    expect(listed).toEqual([asset]);
    expect(parseAssetAnswer(data, 'the recorded asset')).toEqual(asset);
    // Without a digest, GitHub's answer cannot tell whether the bytes are ours.
    expect(digestSays(asset, upload)).toBeUndefined();
    expect(github.unexpected).toEqual([]);
    // The recording goes on to rename and delete the asset, which our code never does.
    expect(github.unused().map((exchange) => exchange.method)).toEqual(['patch', 'delete']);
  });

  it("settles GitHub's 422 already_exists after a lost upload answer by reading the bytes back ('release-assets-conflict')", async () => {
    const storage = await startStorage(RECORDED_BYTES);
    const { github, context, upload, release } = await setUp(
      'release-assets-conflict',
      storage.redirect,
    );

    const asset = await uploadAsset(context, release, upload);

    expect(asset).toMatchObject({ id: 1000, name: 'test-upload.txt', size: 14 });
    expect(github.requests.map(({ request }) => request)).toEqual([
      'GET /api/v3/repos/octokit-fixture-org/release-assets-conflict/releases/tags/v1.0.0',
      'POST /api/uploads/repos/octokit-fixture-org/release-assets-conflict/releases/1000/assets',
      'GET /api/v3/repos/octokit-fixture-org/release-assets-conflict/releases/1000/assets',
      'GET /api/v3/repos/octokit-fixture-org/release-assets-conflict/releases/assets/1000',
    ]);
    expect(github.unexpected).toEqual([]);
    // Kept: the recorded delete and second upload were not needed.
    expect(github.unused().map((exchange) => `${exchange.method} ${exchange.status}`)).toEqual([
      'delete 204',
      'post 201',
    ]);
    expect(storage.seenAuth).toEqual([undefined]);
  });

  it("refuses the 422 when the bytes there differ, then replaces the asset as GitHub's recording does ('release-assets-conflict')", async () => {
    // The asset on the release holds other bytes of the same size (another job's, say).
    const storage = await startStorage('Hello, World!\n');
    const { github, octokit, repo, context, upload, release } = await setUp(
      'release-assets-conflict',
      storage.redirect,
    );

    const refused = await uploadAsset(context, release, upload).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AssetUploadError);
    expect(refused).toMatchObject({ status: 422, alreadyExists: true, attempts: 1 });

    // What publishing does with overwrite: true.
    expect(await deleteAsset(octokit, repo, 1000)).toBe(true);
    const replaced = await uploadAsset(context, release, upload);

    expect(replaced).toMatchObject({ id: 1001, name: 'test-upload.txt', size: 14 });
    expect(github.unexpected).toEqual([]);
    expect(github.unused()).toEqual([]);
  });
});
