// The runner's paths a run writes to, checked before the first request: found unusable only at
// the end (a missing GITHUB_OUTPUT makes @actions/core throw "Missing file at path"), they would
// abandon builds already triggered. The download folder is checked after resolving symlinks, as
// the inputs can check it only lexically: a download-path that is a link to outside the workspace
// is refused here. The project configuration file is held to the same rule (resolveLinks,
// isInWorkspace).
import { accessSync, constants, lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { isBelow, isWindowsReservedName } from '../text/file-name.ts';
import type { RunnerContext } from './context.ts';
import { ActionError } from '../shared/errors.ts';
import { quotedText } from '../text/escape.ts';

export class RunnerPathError extends ActionError {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? `Unusable runner path: ${problems[0]}`
        : `Unusable runner paths:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

/** The runner's paths of the step. */
export type RunnerPaths = Pick<
  RunnerContext,
  'runnerTemp' | 'outputFile' | 'summaryFile' | 'workspace'
>;

/** What the run will write besides the runner's own files. */
export interface RunnerPathsPlan {
  /** The download folder as the inputs resolved it; null when nothing is downloaded. */
  downloadDirectory: string | null;
}

const statOf = (file: string): Stats | undefined => {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
};

const canAccess = (file: string, mode: number): boolean => {
  try {
    accessSync(file, mode);
    return true;
  } catch {
    return false;
  }
};

const WRITABLE_DIRECTORY = constants.W_OK | constants.X_OK;

/** The deepest of `file` and its ancestors that is there (a dangling symlink counts as there). */
function deepestExisting(file: string): string {
  let current = path.resolve(file);
  for (;;) {
    try {
      lstatSync(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/** RUNNER_TEMP: a writable directory, or one that can be created. */
function tempProblem(name: string, dir: string): string | undefined {
  const stats = statOf(dir);
  if (stats !== undefined) {
    if (!stats.isDirectory()) return `${name}: ${quotedText(dir)} is not a directory`;
    if (!canAccess(dir, WRITABLE_DIRECTORY)) return `${name}: ${quotedText(dir)} is not writable`;
    return undefined;
  }
  const ancestor = deepestExisting(dir);
  if (statOf(ancestor)?.isDirectory() && canAccess(ancestor, WRITABLE_DIRECTORY)) return undefined;
  return `${name}: ${quotedText(dir)} does not exist and cannot be created (${quotedText(ancestor)} is not a writable directory)`;
}

/**
 * GITHUB_OUTPUT, GITHUB_STEP_SUMMARY: the runner creates each for the step. A missing output file
 * makes every output throw; a missing summary costs only the summary (and @github/local-action
 * creates it), so it may be missing where its folder can take it.
 */
function fileProblem(
  name: string,
  file: string,
  mode: number,
  mayBeCreated: boolean,
): string | undefined {
  const stats = statOf(file);
  if (stats === undefined) {
    const folder = path.dirname(path.resolve(file));
    if (mayBeCreated && statOf(folder)?.isDirectory() && canAccess(folder, WRITABLE_DIRECTORY)) {
      return undefined;
    }
    return `${name}: ${quotedText(file)} does not exist; the runner creates it for each step (for a local run, create the file or unset ${name})`;
  }
  if (stats.isDirectory()) return `${name}: ${quotedText(file)} is a directory, not a file`;
  if (!canAccess(file, mode)) return `${name}: ${quotedText(file)} is not writable`;
  return undefined;
}

/**
 * Where `target` leads once every symbolic link on the way is resolved (the parts not there yet
 * kept as written); undefined when a link on the way leads to nothing. Reads the file system only.
 */
export function resolveLinks(target: string): string | undefined {
  const absolute = path.resolve(target);
  const existing = deepestExisting(absolute);
  try {
    return path.join(realpathSync(existing), path.relative(existing, absolute));
  } catch {
    return undefined;
  }
}

/** Whether `real` (links resolved) is below the workspace, whose own links are resolved too. */
export const isInWorkspace = (workspace: string, real: string): boolean =>
  isBelow(realpathSync(workspace), real);

/** The download folder: inside the workspace once every symlink on the way is resolved. */
function downloadProblem(workspace: string, directory: string): string | undefined {
  const existing = deepestExisting(directory);
  const real = resolveLinks(directory);
  if (real === undefined) {
    return `download-path: ${quotedText(existing)} is a symbolic link to nothing; remove it or point it at a folder inside the workspace`;
  }
  const realWorkspace = realpathSync(workspace);
  if (!isInWorkspace(workspace, real)) {
    return (
      `download-path: ${quotedText(directory)} resolves to ${quotedText(real)}, which is not a folder ` +
      `inside the workspace (${quotedText(realWorkspace)}): a symbolic link on the way leads out of ` +
      'it. Give a folder inside the workspace'
    );
  }
  // The inputs checked the path as given; a link on the way may lead to a device's name.
  const device = path.relative(realWorkspace, real).split(path.sep).find(isWindowsReservedName);
  if (device !== undefined) {
    return (
      `download-path: ${quotedText(directory)} resolves to ${quotedText(real)}, whose part ${quotedText(device)} ` +
      'Windows reserves for a device; give a folder of another name'
    );
  }
  const stats = statOf(existing);
  if (!stats?.isDirectory()) {
    return `download-path: ${quotedText(directory)} cannot be a folder: ${quotedText(existing)} is a file`;
  }
  if (!canAccess(existing, WRITABLE_DIRECTORY)) {
    return `download-path: ${quotedText(existing)} is not writable`;
  }
  return undefined;
}

/** Every problem with the runner's paths (empty when all is usable); reads the file system only. */
export function runnerPathProblems(paths: RunnerPaths, plan: RunnerPathsPlan): string[] {
  const { runnerTemp, outputFile, summaryFile, workspace } = paths;
  const problems: (string | undefined)[] = [];
  if (runnerTemp) problems.push(tempProblem('RUNNER_TEMP', runnerTemp));
  if (outputFile) {
    problems.push(fileProblem('GITHUB_OUTPUT', outputFile, constants.W_OK, false));
  }
  // @actions/core opens the summary for reading and writing.
  if (summaryFile) {
    problems.push(
      fileProblem('GITHUB_STEP_SUMMARY', summaryFile, constants.R_OK | constants.W_OK, true),
    );
  }
  if (!statOf(workspace)?.isDirectory()) {
    // Without a workspace there is nothing to resolve the download folder against.
    problems.push(`GITHUB_WORKSPACE: ${quotedText(workspace)} is not a directory`);
  } else if (plan.downloadDirectory !== null) {
    problems.push(downloadProblem(workspace, plan.downloadDirectory));
  }
  return problems.filter((problem) => problem !== undefined);
}

/** Throws one RunnerPathError naming every unusable path. */
export function checkRunnerPaths(paths: RunnerPaths, plan: RunnerPathsPlan): void {
  const problems = runnerPathProblems(paths, plan);
  if (problems.length > 0) throw new RunnerPathError(problems);
}
