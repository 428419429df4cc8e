// The e2e kit's reading of the `builds` output: what src/report/outputs.ts writes is read back
// whole, and anything else fails the test that reads it, naming the build and the field.
import { describe, expect, it } from 'vitest';
import { readBuilds, type BuildOutput } from '../../test-kit/e2e-run.ts';

const downloaded: BuildOutput = {
  id: 'build_mac',
  platform: 'mac',
  arch: 'arm64',
  version: '1.4.2',
  status: 'success',
  duration: 12.5,
  artifactSize: 1024,
  path: '/workspace/desktop-builds/mac-arm64/app.dmg',
  sha256: 'a'.repeat(64),
  artifactName: 'app-mac-arm64.dmg',
  artifactId: 7,
  artifactUrl: 'https://github.com/acme/desktop-app/actions/runs/1/artifacts/7',
};
const neverTriggered: BuildOutput = {
  id: null,
  platform: 'linux',
  arch: 'x64',
  version: null,
  status: 'failed',
  duration: null,
  artifactSize: null,
  error: 'could not trigger',
};

describe('readBuilds', () => {
  it('reads every field BuildOutput has, and none of the optional ones where left out', () => {
    const text = JSON.stringify([downloaded, neverTriggered]);
    expect(readBuilds(text)).toEqual([downloaded, neverTriggered]);
  });

  it('reads no output as no builds', () => {
    expect(readBuilds(undefined)).toEqual([]);
  });

  it.each([
    ['a field BuildOutput does not have', { ...downloaded, url: 'x' }, 'builds[0].url is no field'],
    [
      'a field of another type',
      { ...downloaded, artifactId: '7' },
      'artifactId is string, not number?',
    ],
    [
      'null where no null is written',
      { ...downloaded, status: null },
      'status is null, not string',
    ],
    ['a required field left out', { ...downloaded, duration: undefined }, 'duration is undefined'],
  ])('fails on %s', (_, build, said) => {
    expect(() => readBuilds(JSON.stringify([build]))).toThrow(said);
  });

  it('fails on an output that is not a list of objects', () => {
    expect(() => readBuilds('{}')).toThrow('not a JSON array');
    expect(() => readBuilds('[1]')).toThrow('builds[0] is not an object');
  });
});
