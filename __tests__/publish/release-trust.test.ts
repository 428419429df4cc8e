// Publishing a release to GitHub as it really answers (no `digest` before mid-2025 and on older
// Enterprise Server, Enterprise Server's URL forms, a lost upload answer) and to a GitHub whose
// answers lie (ids that are paths, names with workflow commands, an upload_url elsewhere, endless
// pages). GitHub's side is the releases API stand-in (test-kit/stand-ins) with its switches; the
// real Octokit and our upload transport talk to it over 127.0.0.1. Nothing of ours is mocked.
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PublishError } from '../../src/publish/errors.ts';
import { createPublisher } from '../../test-kit/publisher.ts';
import { ListingTooLongError } from '../../src/github/errors.ts';
import { UploadHostRefusedError, AssetUploadError } from '../../src/publish/errors.ts';
import type { Installer, PublishPlan, ReleasePlan } from '../../src/publish/types.ts';
import {
  startReleasesApi,
  type ReleasesApi,
  type ReleasesApiOptions,
  type StoredRelease,
} from '../../test-kit/stand-ins/releases-api.ts';
import { close, listen } from '../../test-kit/stand-ins/http.ts';
import { captureStepLog, type StepLogCapture } from '../../test-kit/step-log-capture.ts';
import { publishPlan, sha256, tempDir, writeInstaller } from './fixtures.ts';
import { readContext } from '../../src/runner/context.ts';
import { createServer } from 'node:http';

const TOKEN = 'ghs_release_trust_token';

const plan = (over: Partial<ReleasePlan> = {}): PublishPlan =>
  publishPlan(TOKEN, { overwrite: false, ...over });

describe('publishing a release to GitHub as it really answers, and as it should not', () => {
  let api: ReleasesApi;
  let dir: string;
  let runnerTemp: string;
  let installers: Installer[];
  let log: StepLogCapture;

  const publisher = () =>
    createPublisher({
      context: readContext({
        ...process.env,
        GITHUB_API_URL: api.url,
        GITHUB_SHA: 'abc123',
        RUNNER_TEMP: runnerTemp,
      }),
      retryBaseMs: 10,
      throttle: false,
    });
  const start = async (options: Omit<ReleasesApiOptions, 'token'> = {}) => {
    api = await startReleasesApi({ token: TOKEN, ...options });
    return publisher();
  };
  const publishFailure = async (publish: ReturnType<typeof createPublisher>, over = {}) => {
    const error = await publish(plan(over), installers, { allBuildsSucceeded: true }).catch(
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(PublishError);
    return error as PublishError;
  };
  const uploads = () => api.requests.filter((r) => r.includes('/uploads/'));
  const octokitFree = (body: object) =>
    fetch(`${api.url}/repos/acme/desktop-app/releases`, {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}` },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ id: number; upload_url: string }>);

  beforeEach(async () => {
    dir = await tempDir('release-trust');
    // RUNNER_TEMP inside a directory of its own, so anything written beside it shows.
    runnerTemp = path.join(await tempDir('runner'), 'temp');
    await mkdir(runnerTemp);
    installers = [
      await writeInstaller(dir, 'MyApp-1.4.2-arm64.dmg', 'mac', 'arm64'),
      await writeInstaller(dir, 'MyApp-1.4.2.AppImage', 'linux', 'x64'),
    ];
    log = captureStepLog();
  });
  afterEach(async () => {
    await api?.close();
  });

  it('publishes after an upload whose answer was lost landed, without digests: the 422 is settled by reading the bytes back', async () => {
    const publish = await start({ digest: false });
    api.failNextUploads({ status: 0, landed: true, lost: true });

    const result = await publish(plan(), installers, { allBuildsSucceeded: true });

    const [release] = api.releases() as [StoredRelease];
    expect(release.draft).toBe(false);
    expect(result.release?.published).toBe(true);
    expect(release.assets.map((a) => a.name).sort()).toEqual([
      'MyApp-1.4.2-arm64.dmg',
      'MyApp-1.4.2.AppImage',
      'SHA256SUMS',
    ]);
    // The first upload, again after the lost answer (422), the second, SHA256SUMS.
    expect(uploads()).toHaveLength(4);
    expect(log.text()).toMatch(
      /no digest for asset "MyApp-1\.4\.2-arm64\.dmg": read its \d+ bytes back to compare: the same bytes/,
    );
    expect(log.text()).toContain('its answer was lost): keeping it');
    expect(api.storageSawAuth).toBe(0);
  });

  it('a re-run with identical installers on a release without digests uploads none of them again', async () => {
    const publish = await start({ digest: false });
    await publish(plan({ draft: true }), installers, { allBuildsSucceeded: true });
    const before = uploads().length;

    const result = await publish(plan(), installers, { allBuildsSucceeded: true });

    expect(uploads()).toHaveLength(before);
    expect(result.release?.published).toBe(true);
    expect(
      log
        .lines()
        .filter((line) => line.includes('already on the release with the same bytes: kept')),
    ).toHaveLength(2);
  });

  it('without digests, other bytes of the same size are found out: refused without overwrite, replaced with it', async () => {
    const publish = await start({ digest: false });
    await publish(plan({ draft: true }), installers, { allBuildsSucceeded: true });
    const [mac] = installers as [Installer];
    const flipped = Buffer.from(`${mac.fileName} x`.padEnd(mac.size, 'y').slice(0, mac.size));
    installers = [
      await writeInstaller(await tempDir('rebuilt'), mac.fileName, 'mac', 'arm64', flipped),
    ];
    expect(installers[0]?.size).toBe(mac.size);

    const refused = await publishFailure(publish);
    expect(refused.message).toContain(
      'already has an asset "MyApp-1.4.2-arm64.dmg" with different content',
    );

    await publish(plan({ overwrite: true }), installers, { allBuildsSucceeded: true });
    const [release] = api.releases() as [StoredRelease];
    const stored = release.assets.find((a) => a.name === mac.fileName);
    expect(stored && sha256(stored.content)).toBe(installers[0]?.sha256);
    expect(release.draft).toBe(false);
  });

  it("publishes through Enterprise Server's URL forms (API at /api/v3, uploads at /api/uploads)", async () => {
    const publish = await start({ enterprise: true, digest: false });
    expect(api.url).toMatch(/\/api\/v3$/);

    const result = await publish(plan(), installers, { allBuildsSucceeded: true });

    expect(result.release?.published).toBe(true);
    expect(api.requests.filter((r) => r.startsWith('POST /api/uploads/'))).toHaveLength(3);
    expect(api.rejectedAuth).toBe(0);
  });

  it('stops an endless asset listing after 10 pages, and leaves the draft unpublished', async () => {
    const publish = await start({ endlessPages: 'assets' });
    // The draft holds an asset, which every page repeats: an empty page would end the listing.
    const draft = await octokitFree({ tag_name: 'v1.4.2', draft: true });
    await fetch(draft.upload_url.replace('{?name,label}', '?name=old.txt'), {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}`, 'content-type': 'text/plain' },
      body: 'old',
    });

    const error = await publishFailure(publish);

    expect(error.failures.some((failure) => failure instanceof ListingTooLongError)).toBe(true);
    expect(error.message).toContain(
      'went on past 10 pages, more than the 1000 assets a release can hold',
    );
    const listings = api.requests.filter((r) => /^GET .*\/releases\/\d+\/assets$/.test(r));
    expect(listings.length).toBeLessThanOrEqual(10);
    expect(api.releases()[0]?.draft).toBe(true);
  });

  it('reads at most 10 pages of an endless releases listing, says so, and publishes', async () => {
    const publish = await start({ endlessPages: 'releases' });

    const result = await publish(plan(), installers, { allBuildsSucceeded: true });

    expect(result.release?.published).toBe(true);
    const listings = api.requests.filter((r) => r === 'GET /repos/acme/desktop-app/releases');
    // Before the create and after it: 10 pages each.
    expect(listings.length).toBeLessThanOrEqual(20);
    expect(log.text()).toContain('among the 1000 most recent releases only (the listing goes on)');
  });

  it('sends no token to an upload_url on another host: no request there, the release stays a draft, the error names the host', async () => {
    const seen: string[] = [];
    const foreign = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      res.writeHead(201).end('{}');
    });
    const foreignOrigin = await listen(foreign);
    try {
      const publish = await start({
        rewrite: {
          release: (json, release) => ({
            ...json,
            upload_url: `${foreignOrigin}/repos/acme/desktop-app/releases/${release.id}/assets{?name,label}`,
          }),
        },
      });

      const error = await publishFailure(publish);

      expect(seen).toEqual([]);
      expect(api.releases()[0]?.draft).toBe(true);
      expect(api.releases()[0]?.assets).toEqual([]);
      const refused = error.failures.filter((failure) => failure instanceof UploadHostRefusedError);
      // Both installers; SHA256SUMS has no line to hold, so it is not written.
      expect(refused).toHaveLength(2);
      expect(error.message).toContain(
        `Release asset "MyApp-1.4.2-arm64.dmg" was not uploaded: the release's upload_url points at ${foreignOrigin}`,
      );
      expect(error.message).toContain('Release asset "MyApp-1.4.2.AppImage" was not uploaded');
    } finally {
      await close(foreign);
    }
  });

  it("asks for listing pages by number on the API's origin, never at a Link header's URL elsewhere", async () => {
    const seen: string[] = [];
    const elsewhere = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    const elsewhereOrigin = await listen(elsewhere);
    try {
      const publish = await start({ endlessPages: 'releases', nextPageOrigin: elsewhereOrigin });

      const result = await publish(plan(), installers, { allBuildsSucceeded: true });

      expect(result.release?.published).toBe(true);
      expect(seen).toEqual([]);
      const pages = api.requests.filter((r) => r === 'GET /repos/acme/desktop-app/releases');
      expect(pages.length).toBeGreaterThan(1);
    } finally {
      await close(elsewhere);
    }
  });

  it('takes no path from an asset id and prints hostile names inertly; a duplicate it cannot read is kept', async () => {
    const hostileName = '::error title=owned::pwned.zip';
    let duplicateId = 0;
    const publish = await start({
      rewrite: {
        asset: (json, asset, release) => {
          if (release.id !== duplicateId) return json;
          if (asset.name === 'path.zip') return { ...json, id: '/../../../escaped' };
          if (asset.name === 'newline.zip') return { ...json, name: 'x\n::error::pwned' };
          return { ...json, name: hostileName };
        },
      },
    });
    await octokitFree({ tag_name: 'v1.4.2', draft: true });
    const duplicate = await octokitFree({ tag_name: 'v1.4.2', draft: true });
    duplicateId = duplicate.id;
    for (const name of ['path.zip', 'newline.zip', 'named.zip']) {
      await fetch(duplicate.upload_url.replace('{?name,label}', `?name=${name}`), {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/zip' },
        body: `${name} bytes`,
      });
    }

    const result = await publish(plan(), installers, { allBuildsSucceeded: true });

    expect(result.release?.published).toBe(true);
    // Nothing beside RUNNER_TEMP, and it holds nothing once publishing is done.
    expect(await readdir(path.dirname(runnerTemp))).toEqual(['temp']);
    const lines = log.lines();
    // Our own groups and warnings are workflow commands; none of GitHub's words starts one.
    expect(lines.filter((line) => line.startsWith('::error'))).toEqual([]);
    expect(lines.filter((line) => /^::.*(pwned|owned)/.test(line))).toEqual([]);
    expect(log.text()).toContain('Moved asset ": :error title=owned::pwned.zip"');
    expect(log.text()).toContain(`Kept duplicate draft release ${duplicate.id}`);
    expect(log.text()).toMatch(
      /2 entries among the assets of release \d+ that are not assets \(\S*0\S*id is not a number\)/,
    );
    // The readable one was moved; the two it could not read stay where they were.
    const kept = api.releases().find((r) => r.id === duplicate.id);
    expect(kept?.assets.map((a) => a.name).sort()).toEqual(['newline.zip', 'path.zip']);
  });

  it("refuses an upload answer whose id is not a positive integer, as that asset's failure", async () => {
    const publish = await start({
      rewrite: {
        asset: (json, asset) =>
          asset.name === 'MyApp-1.4.2.AppImage' ? { ...json, id: -1 } : json,
      },
    });

    const error = await publishFailure(publish);

    expect(error.message).toMatch(
      /GitHub answered the upload of "MyApp-1\.4\.2\.AppImage" with something that is not a release or an asset: id is not positive/,
    );
    expect(error.failures.some((failure) => failure instanceof AssetUploadError)).toBe(false);
    expect(api.releases()[0]?.draft).toBe(true);
  });
});
