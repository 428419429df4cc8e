import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
      { key: '', line: 1, message: 'expected an object of project settings, got ["a","b"]' },
    ]);
    const yaml = problemsOf(() => parseProjectConfig('name: [x\n', 'd.yml', 'yaml'));
    expect(yaml.problems[0]?.message).toMatch(/^not valid YAML: /);
    const json = problemsOf(() => parseProjectConfig('{"name": "x",}', 'd.json', 'json'));
    expect(json.problems[0]?.message).toMatch(/^not valid JSON: /);
    expect(json.message).toContain('d.json');
  });
});

describe('loadProjectConfig', () => {
  it('reads a file relative to the workspace, choosing the format by extension', async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), 'config-'));
    await writeFile(path.join(workspace, 'desktop-build.yaml'), 'name: From YAML\n');
    await writeFile(path.join(workspace, 'desktop-build.json'), '{"name": "From JSON"}');
    await expect(loadProjectConfig('desktop-build.yaml', workspace)).resolves.toEqual({
      name: 'From YAML',
    });
    await expect(
      loadProjectConfig(path.join(workspace, 'desktop-build.json'), '/elsewhere'),
    ).resolves.toEqual({ name: 'From JSON' });
  });

  it('says what is wrong with a missing file or an unknown extension', async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), 'config-'));
    await expect(loadProjectConfig('missing.json', workspace)).rejects.toThrow(
      new ConfigFileReadError(
        'missing.json',
        `no such file in ${workspace} (check the path, and that the repository is checked out)`,
      ),
    );
    await expect(loadProjectConfig('desktop-build.toml', workspace)).rejects.toThrow(
      /desktop-build\.toml: name it \*\.json, \*\.yaml or \*\.yml/,
    );
  });
});
