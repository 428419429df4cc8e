import { describe, expect, it } from 'vitest';
import { readContext } from '../../src/runner/context.ts';
import { InputError } from '../../src/runner/input-rules.ts';
import { parseProjectInputs } from '../../src/project-action/inputs.ts';

const reader =
  (inputs: Record<string, string>) =>
  (name: string): string =>
    inputs[name] ?? '';

const base = { 'api-key': 'dbs_key', 'base-url': 'http://127.0.0.1:8080/v1' };
const context = readContext({ GITHUB_WORKSPACE: '/work/repo' });

const problems = (inputs: Record<string, string>): string[] => {
  try {
    parseProjectInputs(reader(inputs), context);
  } catch (error) {
    if (error instanceof InputError) return error.problems;
    throw error;
  }
  throw new Error('expected an InputError');
};

describe('parseProjectInputs', () => {
  it('parses a config file with overriding inputs', () => {
    expect(
      parseProjectInputs(
        reader({
          ...base,
          'config-file': 'desktop-build.yml',
          name: 'Preview 42',
          platforms: 'linux, mac',
        }),
        context,
      ),
    ).toEqual({
      apiKey: 'dbs_key',
      baseUrl: 'http://127.0.0.1:8080/v1',
      projectId: undefined,
      configFile: 'desktop-build.yml',
      workspace: '/work/repo',
      overrides: { name: 'Preview 42', platforms: ['linux', 'mac'] },
      delete: false,
    });
  });

  it('deletes by project id', () => {
    expect(
      parseProjectInputs(reader({ ...base, 'project-id': 'proj_1', delete: 'true' }), context),
    ).toMatchObject({ projectId: 'proj_1', delete: true, overrides: {} });
  });

  it('names the input of every invalid value', () => {
    expect(
      problems({
        ...base,
        'project-id': 'project-1',
        url: 'ftp://x',
        platforms: 'mac, macos',
        delete: 'maybe',
      }),
    ).toEqual([
      'project-id: "project-1" is not of the form proj_<id>',
      'url: expected an http(s) URL, got "ftp://x"',
      'platforms: "macos" is not a platform; use mac, windows, linux',
      'delete: "maybe" is not a boolean; use true or false',
    ]);
  });

  it('needs something to apply, or something to delete', () => {
    expect(problems(base)).toEqual([
      'config-file: set it, or name, url and platforms, to say what the project is',
    ]);
    expect(problems({ ...base, delete: 'true' })).toEqual([
      'delete: say which project: set project-id, name or config-file',
    ]);
  });
});
