// The project sub-action's inputs (project/action.yml), parsed and validated before any request.
import * as core from '@actions/core';
import { ProjectConfig } from '../config/project-config.ts';
import {
  maskSecrets,
  parseConnection,
  type InputReader,
  type ServiceConnection,
} from '../runner/connection.ts';
import type { RunnerContext } from '../runner/context.ts';
import { InputError, parseBoolean, projectIdProblem, splitList } from '../runner/input-rules.ts';

export interface ProjectActionInputs extends ServiceConnection {
  projectId: string | undefined;
  /** As given: relative to `workspace` unless absolute. */
  configFile: string | undefined;
  workspace: string;
  /** `name`, `url`, `platforms` inputs: they win over the config file. */
  overrides: ProjectConfig;
  delete: boolean;
}

const OVERRIDE_INPUTS = { name: 'name', url: 'url', platforms: 'platforms' } as const;

export function parseProjectInputs(
  read: InputReader,
  context: Pick<RunnerContext, 'workspace'>,
): ProjectActionInputs {
  const problems: string[] = [];
  const connection = parseConnection(read, problems);
  const projectId = read('project-id') || undefined;
  const problem = projectId === undefined ? undefined : projectIdProblem('project-id', projectId);
  if (problem) problems.push(problem);
  const overrides = parseOverrides(read, problems);
  const configFile = read('config-file') || undefined;
  const remove = parseBoolean('delete', read('delete'), false, problems);
  if (remove && !projectId && !configFile && !overrides.name) {
    problems.push('delete: say which project: set project-id, name or config-file');
  }
  if (!remove && !projectId && !configFile && Object.keys(overrides).length === 0) {
    problems.push('config-file: set it, or name, url and platforms, to say what the project is');
  }
  if (problems.length > 0) throw new InputError(problems);
  return {
    ...connection,
    projectId,
    configFile,
    workspace: context.workspace,
    overrides,
    delete: remove,
  };
}

function parseOverrides(read: InputReader, problems: string[]): ProjectConfig {
  const given: Record<string, unknown> = {};
  const name = read(OVERRIDE_INPUTS.name);
  const url = read(OVERRIDE_INPUTS.url);
  const platforms = splitList(read(OVERRIDE_INPUTS.platforms));
  if (name) given.name = name;
  if (url) given.url = url;
  if (platforms.length > 0) given.platforms = platforms;
  const result = ProjectConfig.safeParse(given);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const input = OVERRIDE_INPUTS[issue.path[0] as keyof typeof OVERRIDE_INPUTS];
    problems.push(`${input}: ${issue.message}`);
  }
  return {};
}

/** The secret input masked in the log: the first thing a run does, before anything can print. */
export const maskProjectSecrets = (): void => maskSecrets(core.getInput('api-key'));

export const getProjectInputs = (context: Pick<RunnerContext, 'workspace'>): ProjectActionInputs =>
  parseProjectInputs(core.getInput, context);
