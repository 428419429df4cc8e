// The release check's comparison, pure: a listing and SHA256SUMS as GitHub holds them against what
// a job attached.
import { describe, expect, it } from 'vitest';
import {
  compareRelease,
  describeCheck,
  type Attached,
  type HeldChecksums,
} from '../../src/publish/release-verify.ts';
import type { ReleaseAsset } from '../../src/github/release-answers.ts';

const hex = (char: string) => char.repeat(64);

const asset = (over: Partial<ReleaseAsset> & { id: number; name: string }): ReleaseAsset => ({
  label: '',
  state: 'uploaded',
  size: 100,
  browser_download_url: `https://github.com/acme/app/releases/download/v1/${over.name}`,
  ...over,
});

const dmg: Attached = { name: 'app.dmg', size: 100, sha256: hex('a'), assetId: 11 };
const exe: Attached = { name: 'app.exe', size: 200, sha256: hex('b'), assetId: 12 };
const sumsOf = (...lines: [string, string][]): HeldChecksums => ({ lines: new Map(lines) });
const ourSums = sumsOf([dmg.name, dmg.sha256], [exe.name, exe.sha256]);

const withDigests = [
  asset({ id: 11, name: 'app.dmg', size: 100, digest: `sha256:${hex('a')}` }),
  asset({ id: 12, name: 'app.exe', size: 200, digest: `sha256:${hex('b')}` }),
];
const withoutDigests = withDigests.map(({ digest: _, ...rest }) => rest);

describe('compareRelease', () => {
  it('passes when every installer is there with its digest and size, and SHA256SUMS lists it', () => {
    const check = compareRelease(withDigests, ourSums, [dmg, exe], false);
    expect(check).toEqual({ discrepancies: [], byDigest: 2, byAssetId: 0, lines: 2 });
    expect(describeCheck(check, false)).toContain("2 by GitHub's sha256 digest and size");
  });

  it('names an asset whose digest is not the installer’s, with what was expected and what is held', () => {
    const listing = [withDigests[0]!, { ...withDigests[1]!, digest: `sha256:${hex('c')}` }];
    const { discrepancies } = compareRelease(listing, ourSums, [dmg, exe], false);
    expect(discrepancies).toEqual([
      {
        asset: 'app.exe',
        expected: `200 bytes, sha256 ${hex('b')}`,
        held: `asset 12, 200 bytes, state uploaded, sha256 ${hex('c')}`,
      },
    ]);
  });

  it('names an asset gone from the listing, and one of another size or not uploaded', () => {
    const listing = [{ ...withDigests[0]!, state: 'starter' }];
    const { discrepancies } = compareRelease(listing, ourSums, [dmg, exe], false);
    expect(discrepancies.map((d) => [d.asset, d.held])).toEqual([
      ['app.dmg', `asset 11, 100 bytes, state starter, sha256 ${hex('a')}`],
      ['app.exe', 'no asset of that name'],
    ]);
    const smaller = [{ ...withDigests[0]!, size: 99 }, withDigests[1]!];
    expect(compareRelease(smaller, ourSums, [dmg, exe], false).discrepancies[0]?.held).toContain(
      '99 bytes',
    );
  });

  it('without digests, knows each asset by the id its upload got: a replacement is another id', () => {
    const passed = compareRelease(withoutDigests, ourSums, [dmg, exe], false);
    expect(passed).toMatchObject({ discrepancies: [], byDigest: 0, byAssetId: 2 });
    expect(describeCheck(passed, false)).toContain(
      '2 by size, state and the asset id its upload got (GitHub gives no digest)',
    );
    const replaced = [withoutDigests[0]!, { ...withoutDigests[1]!, id: 40 }];
    expect(compareRelease(replaced, ourSums, [dmg, exe], false).discrepancies).toEqual([
      {
        asset: 'app.exe',
        expected: '200 bytes, asset 12 as its upload answered (GitHub gives no digest)',
        held: 'asset 40, 200 bytes, state uploaded',
      },
    ]);
  });

  it('takes a digest of another algorithm as none', () => {
    const listing = withDigests.map((entry) => ({ ...entry, digest: 'sha512:abc' }));
    expect(compareRelease(listing, ourSums, [dmg, exe], false)).toMatchObject({
      discrepancies: [],
      byAssetId: 2,
    });
  });

  it('needs SHA256SUMS to hold each installer’s line', () => {
    const wrong = sumsOf([dmg.name, dmg.sha256], [exe.name, hex('d')]);
    expect(compareRelease(withDigests, wrong, [dmg, exe], false).discrepancies).toEqual([
      {
        asset: 'app.exe',
        expected: `the line "${hex('b')}  app.exe" in SHA256SUMS`,
        held: `the line "${hex('d')}"`,
      },
    ]);
    const missing = compareRelease(withDigests, sumsOf([dmg.name, dmg.sha256]), [dmg, exe], false);
    expect(missing.discrepancies[0]).toMatchObject({ asset: 'app.exe', held: 'no line for it' });
    const none = compareRelease(withDigests, { unusable: 'no asset of that name' }, [dmg], false);
    expect(none.discrepancies).toEqual([
      {
        asset: 'SHA256SUMS',
        expected: 'a file with a line for each of 1 installer',
        held: 'no asset of that name',
      },
    ]);
  });

  it('checks every other SHA256SUMS line only for the whole release (the job that publishes)', () => {
    const others = sumsOf(
      [dmg.name, dmg.sha256],
      [exe.name, exe.sha256],
      ['other.AppImage', hex('e')],
      ['gone.deb', hex('f')],
    );
    const listing = [
      ...withDigests,
      asset({ id: 13, name: 'other.AppImage', digest: `sha256:${hex('9')}` }),
    ];
    expect(compareRelease(listing, others, [dmg], false).discrepancies).toEqual([]);
    const whole = compareRelease(listing, others, [dmg], true);
    expect(whole.lines).toBe(4);
    expect(whole.discrepancies).toEqual([
      {
        asset: 'other.AppImage',
        expected: `an asset with sha256 ${hex('e')}, as SHA256SUMS lists`,
        held: `asset 13, 100 bytes, state uploaded, sha256 ${hex('9')}`,
      },
      {
        asset: 'gone.deb',
        expected: `an asset with sha256 ${hex('f')}, as SHA256SUMS lists`,
        held: 'no asset of that name',
      },
    ]);
  });
});
