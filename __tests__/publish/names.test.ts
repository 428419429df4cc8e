import { describe, expect, it } from 'vitest';
import {
  DuplicateNameError,
  InvalidNameError,
  NameTemplateError,
  TargetsShareNameError,
} from '../../src/publish/errors.ts';
import {
  checkNameTemplate,
  checkPlanNames,
  checkSelectionNames,
  checkTemplateForTargets,
  expectedAssetName,
  fileExtension,
  renderName,
  createNamer,
  type NameTarget,
} from '../../src/publish/names.ts';
import type { Installer, PublishPlan } from '../../src/publish/types.ts';
import { spellingsOf, WINDOWS_DEVICE_NAMES } from '../support/windows-names.ts';

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

describe('createNamer and the device names Windows reserves', () => {
  it.each(WINDOWS_DEVICE_NAMES)(
    'refuses %s in every spelling, as a file could not have it',
    (device) => {
      for (const name of spellingsOf(device)) {
        expect(() => createNamer('asset-name', name)(installer('a.deb')), name).toThrow(
          /device name Windows reserves/,
        );
      }
    },
  );

  it('refuses control characters, and quotes the name inertly', () => {
    const error = (() => {
      try {
        createNamer('asset-name', 'a\u0085b\u202e\t{name}')(installer('a.deb'));
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidNameError);
    expect(error!.message).toContain('"a\\u0085b\\u202e\\ta.deb"');
    expect(error!.message).toContain('contains a control character');
  });
});

describe('checkTemplateForTargets: before any build', () => {
  const targets: NameTarget[] = [
    { platform: 'mac', arch: 'arm64', version: '1.4.2' },
    { platform: 'linux', arch: 'x64', version: '1.4.2' },
  ];
  const check =
    (template: string, distinct = true) =>
    () =>
      checkTemplateForTargets('asset-name', template, targets, { distinct });

  it.each([
    '{name}',
    '{platform}-{arch}-{version}.{ext}',
    'MyApp {version} {platform} {arch}.{ext}',
    '{version}-{name}',
    '.{name}',
  ])('takes %j', (template) => expect(check(template)).not.toThrow());

  it.each([
    ['../{name}', /forbidden character "\/"/],
    ['{version}/{name}', /forbidden character "\/"/],
    ['..\\{name}', /forbidden character "\\\\"/],
    ['{name}\n::error::forged', /forbidden character/],
    ['{name}\u001b[2J', /control character/],
    // Empty for an installer without an extension.
    ['{ext}', /is empty/],
    ['.{ext}', /is not a file name/],
    ['nul.{ext}', /device name Windows reserves/],

    ['{nme}', /Unknown placeholder \{nme\}/],
  ])('refuses %j before any build', (template, message) => {
    expect(check(template)).toThrow(message);
  });

  it('refuses a device name whatever the version gives (COM¹ before the first dot)', () => {
    expect(check('COM\u00b9.{version}')).toThrow(/device name Windows reserves/);
  });

  it('bounds the template, quoting only its start', () => {
    const error = (() => {
      try {
        check(`${'a'.repeat(100_000)}{name}`)();
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidNameError);
    expect(error!.message).toContain('longer than the 200 characters');
    expect(error!.message.length).toBeLessThan(300);
  });

  it('refuses two targets sharing a name only when they are the run own and the name is known', () => {
    expect(check('myapp-{version}')).toThrow(TargetsShareNameError);
    expect(check('myapp-{version}')).toThrow(
      'asset-name renders the same name "myapp-1.4.2" for mac/arm64 and linux/x64',
    );
    expect(check('myapp-{version}', false)).not.toThrow();
    // {ext} may tell them apart (dmg, AppImage): known only once downloaded.
    expect(check('myapp-{version}.{ext}')).not.toThrow();
    expect(check('myapp-{platform}')).not.toThrow();
  });
});

describe('checkPlanNames', () => {
  const plan = (artifact: string | null, asset: string | null): PublishPlan => ({
    githubToken: 't',
    repository: 'o/r',
    artifacts:
      artifact === null
        ? null
        : { nameTemplate: artifact, retentionDays: undefined, onExisting: 'replace' },
    release:
      asset === null
        ? null
        : {
            repository: 'o/r',
            tag: 'v1',
            name: undefined,
            body: undefined,
            generateNotes: false,
            draft: false,
            prerelease: false,
            makeLatest: 'true',
            assetNameTemplate: asset,
            overwrite: true,
          },
  });
  const targets: NameTarget[] = [
    { platform: 'mac', arch: 'x64', version: '2.0.0' },
    { platform: 'windows', arch: 'x64', version: '2.0.0' },
  ];

  it('checks the templates of the publishers that are on, for the given targets', () => {
    expect(() => checkPlanNames(plan('app-{arch}', null), targets)).toThrow(/^artifact-name/);
    expect(() => checkPlanNames(plan(null, 'app-{arch}'), targets)).toThrow(/^asset-name/);
    expect(() => checkPlanNames(plan(null, null), targets)).not.toThrow();
    expect(() => checkPlanNames(plan('app-{arch}', null), targets.slice(0, 1))).not.toThrow();
  });

  it("checks a selection's own targets, and leaves resumed builds to be named as they come", () => {
    const trigger = {
      kind: 'trigger',
      version: '2.0.0',
      platforms: ['mac', 'windows'],
      arches: ['x64'],
      reuse: false,
    } as const;
    expect(() => checkSelectionNames(plan('app-{arch}', null), trigger)).toThrow(/^artifact-name/);
    expect(() => checkSelectionNames(plan('app-{platform}-{arch}', null), trigger)).not.toThrow();
    const resume = { kind: 'resume', buildIds: ['build_1', 'build_2'] } as const;
    expect(() => checkSelectionNames(plan('app-{arch}', null), resume)).not.toThrow();
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
