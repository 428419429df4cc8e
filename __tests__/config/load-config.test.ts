// The project configuration file: where it may be read from, how much of it, and what its
// problems show (never the file).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigFileError, ConfigFileReadError } from '../../src/config/errors.ts';
import { loadProjectConfig, parseProjectConfig } from '../../src/config/load-config.ts';

const problemsOf = (run: () => unknown): ConfigFileError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigFileError) return error;
    throw error;
  }
  throw new Error('expected a ConfigFileError');
};

describe('parseProjectConfig', () => {
  it('accepts a complete YAML configuration', () => {
    const config = parseProjectConfig(
      [
        'name: My App',
        'url: https://app.example.com',
        'platforms: [mac, linux, mac]',
        'appId: com.example.app',
        'author: Acme',
        "version: '1.2.3'",
        'window: { width: 1280, height: 800, resizable: true }',
        'features:',
        '  autoUpdate: true',
        '  tray: false',
      ].join('\n'),
      'desktop-build.yml',
      'yaml',
    );
    expect(config).toEqual({
      name: 'My App',
      url: 'https://app.example.com',
      platforms: ['mac', 'linux'],
      appId: 'com.example.app',
      author: 'Acme',
      version: '1.2.3',
      window: { width: 1280, height: 800, resizable: true },
      features: { autoUpdate: true, tray: false },
    });
  });

  it('accepts JSON and a partial configuration', () => {
    expect(parseProjectConfig('{"platforms": ["windows"]}', 'p.json', 'json')).toEqual({
      platforms: ['windows'],
    });
  });

  it('names the file, the key and the line of an unknown key, and suggests the near one', () => {
    const error = problemsOf(() =>
      parseProjectConfig(
        'name: x\nplatform: [mac]\nwindow:\n  width: 800\n  height: 600\n  colour: red\n',
        'desktop-build.yml',
        'yaml',
      ),
    );
    expect(error.file).toBe('desktop-build.yml');
    expect(error.problems).toEqual([
      {
        key: 'platform',
        line: 2,
        message: expect.stringContaining('unknown key (did you mean "platforms"?)'),
      },
      {
        key: 'window.colour',
        line: 6,
        message: 'unknown key; allowed in window: width, height, resizable',
      },
    ]);
    expect(error.message).toContain('desktop-build.yml is not a valid project configuration');
    expect(error.message).toContain('  - window.colour (line 6): unknown key');
  });

  it('reports every invalid value with its key path, in JSON too', () => {
    const json = JSON.stringify(
      {
        name: '',
        url: 'ftp://files.example.com',
        platforms: ['mac', 'macos'],
        appId: 'myapp',
        version: 'v1',
        window: { width: -5, height: 600.5 },
        features: { tray: 'yes' },
      },
      null,
      2,
    );
    const error = problemsOf(() => parseProjectConfig(json, 'desktop-build.json', 'json'));
    const byKey = Object.fromEntries(error.problems.map((p) => [p.key, p.message]));
    expect(byKey).toEqual({
      name: 'expected a project name, got an empty string',
      url: 'expected an http(s) URL, got "ftp://files.example.com"',
      'platforms[1]': '"macos" is not a platform; use mac, windows, linux',
      appId: 'expected a reverse-domain identifier such as "com.example.app", got "myapp"',
      version: 'expected a semantic version such as "1.2.3", got "v1"',
      'window.width': 'expected a positive number of pixels, got -5',
      'window.height': 'expected a whole number of pixels, got 600.5',
      'features.tray': 'expected true or false, got "yes"',
    });
    expect(error.problems.find((p) => p.key === 'platforms[1]')?.line).toBe(6);
  });

  it('tells how to write a version YAML reads as a number', () => {
    const error = problemsOf(() => parseProjectConfig('version: 1.2\n', 'd.yaml', 'yaml'));
    expect(error.problems[0]?.message).toBe(
      'expected a semantic version such as "1.2.3" (quote it), got 1.2',
    );
  });

  it('holds versions to the same semver rule as the version input (no leading zeros)', () => {
    const error = problemsOf(() => parseProjectConfig('version: "01.2.3"\n', 'd.yaml', 'yaml'));
    expect(error.problems[0]?.message).toBe(
      'expected a semantic version such as "1.2.3", got "01.2.3"',
    );
  });

  it('rejects a file that is not an object, or not parsable', () => {
    expect(problemsOf(() => parseProjectConfig('- a\n- b\n', 'd.yml', 'yaml')).problems).toEqual([
      { key: '', line: 1, message: 'expected an object of project settings, got a list' },
    ]);
    const yaml = problemsOf(() => parseProjectConfig('name: [x\n', 'd.yml', 'yaml'));
    expect(yaml.problems[0]?.message).toMatch(/^not valid YAML: /);
    const json = problemsOf(() => parseProjectConfig('{"name": "x",}', 'd.json', 'json'));
    expect(json.problems).toEqual([
      { key: '', line: 1, message: 'not valid JSON: Expected double-quoted property name' },
    ]);
    expect(json.message).toContain('d.json');
  });

  it('quotes nothing of a file that is not a configuration, only its kind', () => {
    const environ = 'PATH=/usr/bin\0INPUT_API-KEY=dbs_live_secret\0HOME=/root';
    const npmrc = '//registry.npmjs.org/:_authToken=npm_SecretToken123\n';
    for (const [text, format] of [
      [environ, 'yaml'],
      [environ, 'json'],
      [npmrc, 'yaml'],
      [npmrc, 'json'],
    ] as const) {
      const error = problemsOf(() => parseProjectConfig(text, `f.${format}`, format));
      expect(error.message).not.toMatch(/secret|Secret|PATH|registry/);
    }
    expect(problemsOf(() => parseProjectConfig(npmrc, 'f.yml', 'yaml')).problems).toEqual([
      { key: '', line: 1, message: 'expected an object of project settings, got a string' },
    ]);
  });

  it('refuses a key given twice, in JSON as in YAML, naming the key and its line', () => {
    const json = problemsOf(() =>
      parseProjectConfig(
        '{\n"name": "a",\n"window": {"width": 1, "width": 2},\n"name": "b"}',
        'd.json',
        'json',
      ),
    );
    expect(json.problems).toEqual([
      {
        key: 'width',
        line: 3,
        message: 'given twice in one object; keep one (parsers differ on which one counts)',
      },
    ]);
    const yaml = problemsOf(() =>
      parseProjectConfig('name: a\nurl: x\nname: b\n', 'd.yml', 'yaml'),
    );
    expect(yaml.problems).toEqual([
      { key: 'name', line: 3, message: expect.stringMatching(/twice/) },
    ]);
  });

  it('shows a hostile or huge value as a short, inert excerpt, and refuses controls in names', () => {
    const hostile = problemsOf(() =>
      parseProjectConfig(
        JSON.stringify({
          name: 'x\n::error::forged\n::add-mask::y',
          author: 'A\u202eB',
          url: `https://a.example/${'u'.repeat(10_000)}`,
          appId: `${'z'.repeat(100_000)}\n::error::late`,
        }),
        'd.json',
        'json',
      ),
    );
    const byKey = Object.fromEntries(hostile.problems.map((p) => [p.key, p.message]));
    expect(byKey).toEqual({
      name: 'expected a project name on one line, without control or bidirectional characters, got "x ::error::forged ::add-mask::y"',
      author: expect.stringMatching(/^expected an author name on one line/),
      url: 'expected an http(s) URL of at most 8192 characters',
      appId: 'expected a reverse-domain identifier of at most 4096 characters',
    });
    expect(hostile.message.length).toBeLessThan(1000);
    expect(hostile.message).not.toContain('\u202e');
    for (const line of hostile.message.split('\n')) expect(line).not.toMatch(/^::/);

    const long = problemsOf(() =>
      parseProjectConfig(`version: "${'9'.repeat(5000)}"\n`, 'd.yml', 'yaml'),
    );
    expect(long.message.length).toBeLessThan(300);
  });

  it('lists at most ten problems, and cuts a key from the file short', () => {
    const keys = Array.from({ length: 30 }, (_, i) => `k${i}${'x'.repeat(i === 0 ? 1000 : 0)}: 1`);
    const error = problemsOf(() => parseProjectConfig(keys.join('\n'), 'd.yml', 'yaml'));
    expect(error.problems).toHaveLength(30);
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(12);
    expect(lines.at(-1)).toBe('  - and 20 more');
    expect(lines[1]).toMatch(/^ {2}- k0x{37}… \(line 1\): unknown key/);
  });

  it('bounds YAML aliases: an expansion past the bound is refused, not built', () => {
    const value = 'v'.repeat(1000);
    const lines = [`a: &a "${value}"`, 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]'];
    for (const name of 'cdefgh')
      lines.push(`${name}: &${name} [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]`);
    const error = problemsOf(() => parseProjectConfig(lines.join('\n'), 'd.yml', 'yaml'));
    expect(error.problems).toEqual([
      {
        key: '',
        message:
          'not valid YAML: its aliases (*name) would repeat their anchors (&name) more than 100 times; write the values out',
      },
    ]);
    const dangling = problemsOf(() => parseProjectConfig('name: *nowhere\n', 'd.yml', 'yaml'));
    expect(dangling.problems[0]?.message).toMatch(/refers to no anchor/);
  });
});

describe('loadProjectConfig', () => {
  const SECRET = 'npm_SecretToken_0123456789';
  let outside: string;
  let workspace: string;

  beforeAll(async () => {
    outside = await mkdtemp(path.join(os.tmpdir(), 'config-outside-'));
    await writeFile(path.join(outside, 'secret.yml'), `//registry/:_authToken=${SECRET}\n`);
    await writeFile(path.join(outside, 'valid.yml'), `name: ${SECRET}\n`);
  });
  beforeEach(async () => {
    workspace = await mkdtemp(path.join(os.tmpdir(), 'config-'));
  });

  /** The read is refused with a ConfigFileReadError that quotes nothing of the file. */
  async function expectRefused(configFile: string, reason: RegExp): Promise<void> {
    const error: unknown = await loadProjectConfig(configFile, workspace).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigFileReadError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain(SECRET);
    expect((error as Error).message).not.toContain('authToken');
  }

  it('reads a file relative to the workspace, or absolute inside it, choosing the format by extension', async () => {
    await writeFile(path.join(workspace, 'desktop-build.yaml'), 'name: From YAML\n');
    await writeFile(path.join(workspace, 'desktop-build.json'), '\ufeff{"name": "From JSON"}');
    await expect(loadProjectConfig('desktop-build.yaml', workspace)).resolves.toEqual({
      name: 'From YAML',
    });
    await expect(
      loadProjectConfig(path.join(workspace, 'desktop-build.json'), workspace),
    ).resolves.toEqual({ name: 'From JSON' });
  });

  it('refuses a file outside the workspace: absolute, ../, or through a symbolic link', async () => {
    const outsideWorkspace = /which is not inside the workspace/;
    await expectRefused(path.join(outside, 'valid.yml'), outsideWorkspace);
    await expectRefused(
      path.relative(workspace, path.join(outside, 'valid.yml')),
      outsideWorkspace,
    );
    await symlink(path.join(outside, 'secret.yml'), path.join(workspace, 'desktop-build.yml'));
    await expectRefused('desktop-build.yml', outsideWorkspace);
    await mkdir(path.join(workspace, 'config'));
    await symlink(outside, path.join(workspace, 'config', 'shared'));
    await expectRefused('config/shared/valid.yml', outsideWorkspace);
    await symlink('/proc/self/environ', path.join(workspace, 'environ.json'));
    await expectRefused('environ.json', outsideWorkspace);
    await symlink(path.join(workspace, 'nowhere.yml'), path.join(workspace, 'dangling.yml'));
    await expectRefused('dangling.yml', /no such file|leads to nothing/);
  });

  it('follows a link inside the workspace, and judges the format by its target', async () => {
    await writeFile(path.join(workspace, 'real.yml'), 'name: Linked\n');
    await writeFile(path.join(workspace, 'notes.txt'), 'name: Text\n');
    await symlink('real.yml', path.join(workspace, 'config.link'));
    await symlink('notes.txt', path.join(workspace, 'config.yml'));
    await expect(loadProjectConfig('config.link', workspace)).resolves.toEqual({ name: 'Linked' });
    await expectRefused(
      'config.yml',
      /leads to .*notes\.txt": name that file \*\.json, \*\.yaml or \*\.yml/,
    );
  });

  it('refuses what is not a small regular file of UTF-8 text, quoting none of it', async () => {
    await writeFile(
      path.join(workspace, 'big.yml'),
      `name: ${SECRET}\n#${'x'.repeat(64 * 1024)}\n`,
    );
    await expectRefused('big.yml', /larger than 64 KiB/);
    await writeFile(
      path.join(workspace, 'at-bound.yml'),
      `name: a\n#${'x'.repeat(64 * 1024 - 10)}`,
    );
    await expect(loadProjectConfig('at-bound.yml', workspace)).resolves.toEqual({ name: 'a' });
    await writeFile(
      path.join(workspace, 'latin1.yml'),
      Buffer.from([0x6e, 0x3a, 0x20, 0xe9, 0x0a]),
    );
    await expectRefused('latin1.yml', /not UTF-8 text/);
    await mkdir(path.join(workspace, 'folder.yml'));
    await expectRefused('folder.yml', /not a regular file/);
    execFileSync('mkfifo', [path.join(workspace, 'pipe.yml')]);
    await expectRefused('pipe.yml', /not a regular file/);
  });

  it('says what is wrong with a missing file or an unknown extension', async () => {
    await expect(loadProjectConfig('missing.json', workspace)).rejects.toThrow(
      new ConfigFileReadError(
        'missing.json',
        `no such file in "${workspace}" (check the path, and that the repository is checked out)`,
      ),
    );
    await expect(loadProjectConfig('desktop-build.toml', workspace)).rejects.toThrow(
      /desktop-build\.toml: name it \*\.json, \*\.yaml or \*\.yml/,
    );
  });
});
