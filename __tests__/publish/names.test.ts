import { describe, expect, it } from 'vitest';
import {
  DuplicateNameError,
  InvalidNameError,
  NameTemplateError,
} from '../../src/publish/errors.ts';
import {
  checkNameTemplate,
  expectedAssetName,
  fileExtension,
  renderName,
  createNamer,
} from '../../src/publish/names.ts';
import type { Installer } from '../../src/publish/types.ts';

const installer = (fileName: string, over: Partial<Installer> = {}): Installer => ({
  buildId: `bld_${fileName}`,
  platform: 'linux',
  arch: 'x64',
  version: '1.4.2',
  path: `/tmp/${fileName}`,
  fileName,
  size: 1,
  sha256: '0'.repeat(64),
  ...over,
});

describe('fileExtension', () => {
  it.each([
    ['MyApp.dmg', 'dmg'],
    ['MyApp Setup 1.4.2.exe', 'exe'],
    ['MyApp-1.4.2.AppImage', 'AppImage'],
    ['myapp-1.4.2.tar.gz', 'tar.gz'],
    ['myapp-1.4.2.TAR.XZ', 'TAR.XZ'],
    ['myapp.gz', 'gz'],
    ['README', ''],
    ['.hidden', ''],
  ])('%s → %s', (name, ext) => expect(fileExtension(name)).toBe(ext));
});

describe('renderName', () => {
  it('fills every placeholder', () => {
    const mac = installer('MyApp-1.4.2.dmg', { platform: 'mac', arch: 'arm64' });
    expect(renderName('{name}', mac)).toBe('MyApp-1.4.2.dmg');
    expect(renderName('myapp-{version}-{platform}-{arch}.{ext}', mac)).toBe(
      'myapp-1.4.2-mac-arm64.dmg',
    );
    expect(renderName('{platform}/{platform}', mac)).toBe('mac/mac');
  });

  it('rejects an unknown placeholder and names the allowed ones', () => {
    expect(() => renderName('{os}-{arch}', installer('a.deb'))).toThrow(NameTemplateError);
    expect(() => checkNameTemplate('{Name}')).toThrow(/\{name\}, \{version\}/);
    expect(() => checkNameTemplate('plain-name')).not.toThrow();
  });
});

describe('createNamer', () => {
  it('gives every installer its own checked name, one at a time', () => {
    const name = createNamer('asset-name', 'app-{arch}.{ext}');
    expect(name(installer('a.deb', { arch: 'x64' }))).toBe('app-x64.deb');
    expect(name(installer('b.deb', { arch: 'arm64' }))).toBe('app-arm64.deb');
  });

  it('refuses a second build rendering a name already given, naming both builds', () => {
    const name = createNamer('artifact-name', 'app-{version}');
    const a = installer('a.deb', { buildId: 'bld_1', arch: 'x64' });
    expect(name(a)).toBe('app-1.4.2');
    // The same build again (a retried upload) keeps its name.
    expect(name(a)).toBe('app-1.4.2');
    const b = installer('b.deb', { buildId: 'bld_2', arch: 'arm64' });
    expect(() => name(b)).toThrow(DuplicateNameError);
    expect(() => name(b)).toThrow(/bld_1, bld_2/);
  });

  it('refuses names no runner file system or artifact service accepts', () => {
    const a = installer('a.deb');
    expect(() => createNamer('artifact-name', '{platform}/{name}')(a)).toThrow(InvalidNameError);
    expect(() => createNamer('artifact-name', 'a:b')(a)).toThrow(/forbidden character ":"/);
    expect(() => createNamer('asset-name', ' ')(a)).toThrow(/is empty/);
  });
});

describe('expectedAssetName', () => {
  it('predicts the dots GitHub puts for spaces', () => {
    expect(expectedAssetName('MyApp Setup 1.4.2.exe')).toBe('MyApp.Setup.1.4.2.exe');
    expect(expectedAssetName('MyApp (beta).dmg')).toBe('MyApp.beta.dmg');
    expect(expectedAssetName('plain-name_1.0+b.zip')).toBe('plain-name_1.0+b.zip');
    expect(expectedAssetName('myapp_1.4.2~beta_amd64.deb')).toBe('myapp_1.4.2.beta_amd64.deb');
    expect(expectedAssetName('app-(15-5)-x.apk')).toBe('app-.15-5.-x.apk');
    expect(expectedAssetName('Café Setup.exe')).toBe('Cafe.Setup.exe');
  });
});
