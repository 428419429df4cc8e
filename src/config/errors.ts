// Failures of loading a project configuration and of applying it to the service. Names, keys and
// files in messages are shown inertly (a name may come from the service, a key from the file).

import { commandText } from '../text/escape.ts';
import { ActionError } from '../shared/errors.ts';

/** A configuration with many problems (a file of unknown keys) lists this many, then a count. */
const MAX_PROBLEMS_SHOWN = 10;

export const shownName = (name: string): string => `"${commandText(name, 100)}"`;
const shownFile = (file: string): string => commandText(file, 200);

export interface ConfigProblem {
  /** Dotted key path, e.g. `window.width` or `platforms[1]`; empty for the whole file. */
  key: string;
  /** 1-based line in the file, when known. */
  line?: number;
  message: string;
}

export class ConfigFileError extends ActionError {
  readonly file: string;
  readonly problems: readonly ConfigProblem[];

  constructor(file: string, problems: readonly ConfigProblem[]) {
    const lines = problems
      .slice(0, MAX_PROBLEMS_SHOWN)
      .map(
        (problem) =>
          `  - ${problem.key || '(file)'}${problem.line === undefined ? '' : ` (line ${problem.line})`}: ${problem.message}`,
      );
    if (problems.length > MAX_PROBLEMS_SHOWN) {
      lines.push(`  - and ${problems.length - MAX_PROBLEMS_SHOWN} more`);
    }
    super(`${shownFile(file)} is not a valid project configuration:\n${lines.join('\n')}`);
    this.file = file;
    this.problems = problems;
  }
}

export class ConfigFileReadError extends ActionError {
  readonly file: string;

  constructor(file: string, reason: string) {
    super(`Cannot read the project configuration ${shownFile(file)}: ${reason}`);
    this.file = file;
  }
}

export class MissingProjectFieldsError extends ActionError {
  readonly missing: readonly string[];

  constructor(missing: readonly string[], why: string) {
    super(
      `${why}, the project configuration needs ${missing.join(', ')}: ` +
        `set ${missing.length === 1 ? 'it' : 'them'} in the config file or the inputs`,
    );
    this.missing = missing;
  }
}

export class AmbiguousProjectError extends ActionError {
  readonly projectName: string;
  readonly projectIds: readonly string[];

  constructor(projectName: string, projectIds: readonly string[]) {
    super(
      `${projectIds.length} projects are named ${shownName(projectName)} (${projectIds.join(', ')}): set project-id to say which one`,
    );
    this.projectName = projectName;
    this.projectIds = projectIds;
  }
}

export class ProjectNotAppliedError extends ActionError {
  readonly projectId: string;
  readonly fields: readonly string[];

  constructor(projectId: string, fields: readonly string[]) {
    super(
      `The service accepted the update of project ${projectId} but still reports other values for ${fields.join(', ')}; ` +
        'check that these settings can be changed for this project, or change them in the service',
    );
    this.projectId = projectId;
    this.fields = fields;
  }
}

export class IncompleteProjectListError extends ActionError {
  readonly projectName: string;
  readonly listed: number;
  readonly total: number;

  constructor(projectName: string, listed: number, total: number) {
    super(
      `No project named ${shownName(projectName)} among the ${listed} projects the service listed, but it reports ${total}; ` +
        'to avoid creating a duplicate, set project-id',
    );
    this.projectName = projectName;
    this.listed = listed;
    this.total = total;
  }
}
