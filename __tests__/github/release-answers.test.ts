// The edge of GitHub's release answers (pure): what is read of them, and where the token may go.
import { describe, expect, it } from 'vitest';
import { ReleaseAnswerError } from '../../src/github/errors.ts';
import {
  parseAssetAnswer,
  parseEntries,
  parseReleaseAnswer,
  ReleaseAsset,
} from '../../src/github/release-answers.ts';
import { digestSays } from '../../src/github/release-asset-reads.ts';
import { allowedUploadOrigins, uploadTargetOf } from '../../src/github/upload-origin.ts';

const asset = (over: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'MyApp-1.4.2.dmg',
  label: 'MyApp 1.4.2.dmg',
  state: 'uploaded',
  size: 1024,
  browser_download_url: 'https://github.com/acme/app/releases/download/v1.4.2/MyApp-1.4.2.dmg',
  ...over,
});
const release = (over: Record<string, unknown> = {}) => ({
  id: 3,
  tag_name: 'v1.4.2',
  draft: true,
  html_url: 'https://github.com/acme/app/releases/tag/untagged-3',
  upload_url: 'https://uploads.github.com/repos/acme/app/releases/3/assets{?name,label}',
  ...over,
});

describe('GitHub release answers', () => {
  it('reads an asset as GitHub answers, with or without digest, label null as none', () => {
    expect(parseAssetAnswer(asset(), 'x')).toEqual(asset());
    expect(parseAssetAnswer(asset({ label: null, digest: null }), 'x')).toMatchObject({
      label: '',
      digest: null,
    });
    expect(parseAssetAnswer(asset({ digest: `sha256:${'a'.repeat(64)}` }), 'x').digest).toMatch(
      /^sha256:/,
    );
  });

  it.each([
    ['an id that is a path', { id: '../../etc' }, 'id is not a number'],
    ['a negative id', { id: -4 }, 'id is not positive'],
    ['a fractional id', { id: 1.5 }, 'id is not a safe whole number'],
    ['an id past safe integers', { id: 2 ** 60 }, 'id is not a safe whole number'],
    ['a name with a newline', { name: 'a\n::error::x' }, 'name is not plain text'],
    ['a bidi override in a label', { label: 'exe.\u202egpj' }, 'label is not plain text'],
    ['a name of a megabyte', { name: 'a'.repeat(1 << 20) }, 'name is longer than 1024'],
    [
      'a download URL with a newline',
      { browser_download_url: 'https://x/\n::error::' },
      'browser_download_url is not a plain',
    ],
    [
      'a javascript: URL',
      { browser_download_url: 'javascript:alert(1)' },
      'browser_download_url is not a plain',
    ],
    [
      'a Markdown link end',
      { browser_download_url: 'https://x/a)[b](https://evil' },
      'browser_download_url is not a plain',
    ],
  ])('refuses %s, naming the field and never the value', (_, over, problem) => {
    const error = (() => {
      try {
        parseAssetAnswer(asset(over), 'the upload of "a"');
      } catch (error) {
        return error;
      }
    })();
    expect(error).toBeInstanceOf(ReleaseAnswerError);
    expect(String(error)).toContain(problem);
    expect(String(error)).not.toContain('::error');
    expect(String(error)).not.toContain('evil');
  });

  it('reads a release, and refuses one whose html_url would end a line', () => {
    expect(parseReleaseAnswer(release(), 'x')).toEqual(release());
    expect(() =>
      parseReleaseAnswer(release({ html_url: 'https://github.com/\n::error::x' }), 'x'),
    ).toThrow(/html_url is not a plain http\(s\) URL/);
    expect(() => parseReleaseAnswer(release({ draft: 'yes' }), 'x')).toThrow(
      /draft is not true or false/,
    );
  });

  it('reads a listing entry by entry: a bad entry costs itself', () => {
    // A page that is no list, or too long, is paged-listing's (paged-listing.test.ts).
    const page = parseEntries(ReleaseAsset, [asset(), asset({ id: '../x' }), asset({ id: 8 })]);
    expect(page.items.map((item) => item.id)).toEqual([7, 8]);
    expect(page.refused).toEqual({ count: 1, first: '1.id is not a number' });
  });
});

describe("what GitHub's digest says of an asset", () => {
  const file = { size: 1024, sha256: 'a'.repeat(64) };
  it.each([
    ['the same sha256', { digest: `sha256:${'a'.repeat(64)}` }, true],
    ['another sha256', { digest: `sha256:${'b'.repeat(64)}` }, false],
    ['another size, whatever the digest', { size: 1023 }, false],
    ['an upload still in progress', { state: 'starter' }, false],
    ['no digest (GitHub before mid-2025, older GHES)', {}, undefined],
    ['a null digest', { digest: null }, undefined],
    ['a digest of another algorithm', { digest: `sha512:${'a'.repeat(128)}` }, undefined],
  ])('%s: %s', (_, over, says) => {
    expect(digestSays(parseAssetAnswer(asset(over), 'x'), file)).toBe(says);
  });
});

describe('where the token may go with an upload', () => {
  it.each([
    ['https://api.github.com', ['https://api.github.com', 'https://uploads.github.com']],
    ['https://api.acme.ghe.com', ['https://api.acme.ghe.com', 'https://uploads.acme.ghe.com']],
    ['https://ghes.acme.com/api/v3', ['https://ghes.acme.com']],
    ['http://127.0.0.1:8080/api/v3', ['http://127.0.0.1:8080']],
    ['https://api.test:8443', ['https://api.test:8443', 'https://uploads.test:8443']],
  ])('from the API at %s: %j', (api, origins) => {
    expect(allowedUploadOrigins(api)).toEqual(origins);
  });

  it.each([
    [
      'https://api.github.com',
      'https://uploads.github.com/repos/a/b/releases/1/assets{?name,label}',
    ],
    [
      'https://api.acme.ghe.com',
      'https://uploads.acme.ghe.com/repos/a/b/releases/1/assets{?name,label}',
    ],
    [
      'https://ghes.acme.com/api/v3',
      'https://ghes.acme.com/api/uploads/repos/a/b/releases/1/assets{?name,label}',
    ],
  ])("allows GitHub's own upload host for %s", (api, upload) => {
    expect(uploadTargetOf(api, upload)).toEqual({ allowed: true, url: upload });
  });

  it.each([
    ['another host', 'https://evil.example/repos/a/b/releases/1/assets', 'https://evil.example'],
    [
      'plain http',
      'http://uploads.github.com/repos/a/b/releases/1/assets',
      'http://uploads.github.com',
    ],
    ['another port', 'https://uploads.github.com:8443/x', 'https://uploads.github.com:8443'],
    [
      'a look-alike',
      'https://uploads.github.com.evil.example/x',
      'https://uploads.github.com.evil.example',
    ],
    [
      'credentials before the host',
      'https://uploads.github.com@evil.example/x',
      'https://evil.example',
    ],
    ['the web host', 'https://github.com/x', 'https://github.com'],
  ])('refuses %s, naming the host', (_, upload, host) => {
    expect(uploadTargetOf('https://api.github.com', upload)).toMatchObject({
      allowed: false,
      host,
    });
  });

  it('refuses what is no URL, inertly', () => {
    const target = uploadTargetOf('https://api.github.com', 'not a url\n::error::x');
    expect(target).toMatchObject({ allowed: false });
    expect(target.allowed === false && target.host).not.toMatch(/\n/);
  });
});
