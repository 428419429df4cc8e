// Every input of action.yml, parsed once into a typed Plan and validated before any request.
import path from 'node:path';
import * as core from '@actions/core';
import { isBelow, isWindowsReservedName } from './text/file-name.ts';
import { isBuildId } from './service/ids.ts';
import { ARCHES, PLATFORMS, VERSION_MAX_CHARS } from './service/schemas.ts';
import { buildMatrix } from './builds/matrix.ts';
import type { BuildsPlan, WantedSelection } from './builds/types.ts';
import { maskSecrets, parseConnection, type ServiceConnection } from './runner/connection.ts';
import { PULL_REQUEST_EVENTS, type RunnerContext } from './runner/context.ts';
import { messageOf } from './shared/errors.ts';
import { quotedText } from './text/escape.ts';
import { formatByteSize, parseByteSize } from './text/byte-size.ts';
import {
  InputError,
  isLoopbackHost,
  isSemver,
  parseBoolean as parseBooleanValue,
  projectIdProblem,
  secretProblem,
  splitList,
} from './runner/input-rules.ts';
import { checkTemplateForTargets, MAX_TEMPLATE_LENGTH } from './publish/names.ts';
import { MAX_TAG_LENGTH, tagNameProblem } from './publish/tag-name.ts';
import { repositoryNameProblem } from './publish/repository-name.ts';
import type { PublishPlan, ReleasePlan } from './publish/types.ts';
import type { ProjectSource } from './config/resolve-project.ts';
import type { CommentPlan } from './report/preview-comment.ts';

export const INPUT_NAMES = [
  'api-key',
  'base-url',
  'project-id',
  'config-file',
  'platforms',
  'arches',
  'version',
  'wait',
  'poll-interval',
  'timeout',
  'download',
  'download-path',
  'download-concurrency',
  'max-download-size',
  'fail-on-error',
  'build-ids',
  'reuse-builds',
  'upload-artifacts',
  'artifact-name',
  'retention-days',
  'artifact-overwrite',
  'artifact-uploader',
  'release',
  'release-repository',
  'release-tag',
  'release-name',
  'release-body',
  'generate-release-notes',
  'release-draft',
  'prerelease',
  'make-latest',
  'asset-name',
  'overwrite',
  'github-token',
  'comment',
] as const;
export type InputName = (typeof INPUT_NAMES)[number];

/**
 * The literal default of each input, as action.yml declares it: on a runner, action.yml's default
 * arrives as the input's value; without action.yml (tests, a caller of parseInputs) an empty input
 * takes it from here. The one place the parser holds a default; a test checks it against action.yml
 * and README. Inputs not listed default to '' (action.yml's `${{ github.token }}` is the runner's
 * to expand), and where that means something (the tag of the ref, the project's own platforms, the
 * repository's setting) the parser says what.
 */
export const INPUT_DEFAULTS: Readonly<Partial<Record<InputName, string>>> = {
  arches: 'x64',
  wait: 'true',
  'poll-interval': '15',
  timeout: '60',
  download: 'true',
  'download-path': 'desktop-builds',
  'download-concurrency': '3',
  'max-download-size': '4GiB',
  'fail-on-error': 'true',
  'upload-artifacts': 'true',
  'artifact-name': '{name}',
  'artifact-overwrite': 'true',
  'artifact-uploader': 'streamed',
  release: 'auto',
  'generate-release-notes': 'false',
  'release-draft': 'false',
  prerelease: 'false',
  'make-latest': 'true',
  'asset-name': '{name}',
  overwrite: 'true',
  comment: 'auto',
};

/** Each input left empty given its default. */
const withDefaults = (inputs: Inputs): Inputs =>
  Object.fromEntries(
    INPUT_NAMES.map((name) => [name, inputs[name] || (INPUT_DEFAULTS[name] ?? '')]),
  ) as Inputs;

/** Inputs as the runner hands them over: trimmed strings, '' when not set. */
export type Inputs = Record<InputName, string>;

/** What of the runner's context the inputs are read against. */
export type InputContext = Pick<
  RunnerContext,
  | 'ref'
  | 'runAttempt'
  | 'repository'
  | 'eventName'
  | 'eventFileProblem'
  | 'workspace'
  | 'pullRequest'
>;

export interface Plan {
  connection: ServiceConnection;
  project: ProjectSource;
  /** Everything the builds need but the project id, which may come from the config file. */
  builds: Omit<BuildsPlan, 'projectId' | 'selection'> & { selection: WantedSelection };
  failOnError: boolean;
  publish: PublishPlan;
  /** The pull-request comment; null when off or not on a pull request. */
  comment: CommentPlan | null;
  /** What the inputs mean that a user may not expect; for the log, not errors. */
  notices: string[];
}

const MAX_TIMEOUT_MINUTES = 6 * 60;

/**
 * The longest value each input may hold, in characters; the others hold at most
 * DEFAULT_MAX_LENGTH. A longer value is refused before anything reads it, so no message, log line
 * or request carries it.
 */
const MAX_LENGTH: Partial<Record<InputName, number>> = {
  'api-key': 4096,
  'github-token': 4096,
  'base-url': 2048,
  'config-file': 1024,
  'download-path': 1024,
  'build-ids': 10_000,
  // What the service's answers may carry (its schema's bound): a longer one would be triggered,
  // paid for, then its answer refused.
  version: VERSION_MAX_CHARS,
  'artifact-name': MAX_TEMPLATE_LENGTH,
  'asset-name': MAX_TEMPLATE_LENGTH,
  'release-tag': MAX_TAG_LENGTH,
  'release-name': 1024,
  // GitHub refuses a longer release body (422 "body is too long").
  'release-body': 125_000,
};
const DEFAULT_MAX_LENGTH = 256;
const SECRET_INPUTS: readonly InputName[] = ['api-key', 'github-token'];

/** The inputs over their length, each said once (a secret without its value), and cut to it. */
function boundLengths(inputs: Inputs): {
  bounded: Inputs;
  tooLong: InputName[];
  problems: string[];
} {
  const bounded = { ...inputs };
  const tooLong: InputName[] = [];
  const problems: string[] = [];
  for (const name of INPUT_NAMES) {
    const max = MAX_LENGTH[name] ?? DEFAULT_MAX_LENGTH;
    const value = inputs[name];
    if (value.length <= max) continue;
    tooLong.push(name);
    bounded[name] = value.slice(0, max);
    const shown = SECRET_INPUTS.includes(name) ? '' : ` (it starts ${quotedText(value, 40)})`;
    problems.push(
      `${name}: ${value.length} characters, more than the ${max} allowed${shown}; shorten it`,
    );
  }
  return { bounded, tooLong, problems };
}

/**
 * The shortest poll interval, in seconds: a remote service is not asked about a build more than
 * once a second, whatever the input says (a tiny interval would flood it). The local emulator, the
 * only loopback service, may be polled faster: tests and the demo use 0.05 to 0.5.
 */
export function pollIntervalFloor(baseUrl: string): number {
  const hostname = URL.canParse(baseUrl) ? new URL(baseUrl).hostname : '';
  return isLoopbackHost(hostname) ? 0.05 : 1;
}

/** The poll-interval input, raised to the floor with a notice when below it. */
function parsePollInterval(
  inputs: Inputs,
  baseUrl: string,
  problems: string[],
  notices: string[],
): number {
  const given = parsePositive(inputs, 'poll-interval', 'seconds', 3600, problems);
  const floor = pollIntervalFloor(baseUrl);
  if (given >= floor) return given;
  notices.push(
    `poll-interval: ${given} s is below the floor of ${floor} s for ${floor < 1 ? 'a loopback' : 'a remote'} service; polling every ${floor} s`,
  );
  return floor;
}

/** `refs/tags/v1.4.2` → `v1.4.2`; null for branches and pull requests. */
export const tagOfRef = (ref: string | undefined): string | null =>
  ref?.startsWith('refs/tags/') ? ref.slice('refs/tags/'.length) : null;

/** `whenEmpty`: what an input without a default means when empty (reuse-builds). */
function parseBoolean(inputs: Inputs, name: InputName, problems: string[], whenEmpty = false) {
  return parseBooleanValue(name, inputs[name], whenEmpty, problems);
}

/** An input with a default that is one of `allowed`; undefined with a problem. */
function parseChoice<T extends string>(
  inputs: Inputs,
  name: InputName,
  allowed: readonly T[],
  problems: string[],
): T | undefined {
  const value = inputs[name];
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push(`${name}: ${quotedText(value)} is not one of ${allowed.join(', ')}`);
  return undefined;
}

function parseSubset<T extends string>(
  inputs: Inputs,
  name: InputName,
  allowed: readonly T[],
  problems: string[],
): T[] {
  const items = splitList(inputs[name].toLowerCase());
  const unknown = items.filter((item) => !(allowed as readonly string[]).includes(item));
  if (unknown.length > 0) {
    problems.push(
      `${name}: ${unknown.map((item) => quotedText(item)).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not allowed; use a subset of ${allowed.join(', ')}`,
    );
  }
  return allowed.filter((value) => items.includes(value));
}

/** An input with a default; with a problem, the default (the plan is never built then). */
function parsePositive(
  inputs: Inputs,
  name: InputName,
  unit: string,
  max: number,
  problems: string[],
): number {
  const value = inputs[name];
  const number = /^\d*\.?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(number > 0) || number > max) {
    problems.push(
      `${name}: ${quotedText(value)} is not a positive number of ${unit} (at most ${max})`,
    );
    return Number(INPUT_DEFAULTS[name]);
  }
  return number;
}

function parseInteger(
  inputs: Inputs,
  name: InputName,
  range: [number, number],
  problems: string[],
): number | undefined {
  const value = inputs[name];
  if (value === '') return undefined;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= range[0] && number <= range[1])) {
    problems.push(
      `${name}: ${quotedText(value)} is not a whole number from ${range[0]} to ${range[1]}`,
    );
    return undefined;
  }
  return number;
}

function parseVersion(inputs: Inputs, ref: string | undefined, problems: string[]): string | null {
  const given = inputs.version;
  const tag = tagOfRef(ref);
  if (given !== '') {
    if (isSemver(given.replace(/^v/, ''))) return given.replace(/^v/, '');
    problems.push(
      `version: ${quotedText(given)} is not a semantic version; use MAJOR.MINOR.PATCH such as 1.4.2`,
    );
    return null;
  }
  if (inputs['build-ids'] !== '') return null;
  if (tag === null) {
    problems.push(
      `version: missing and ${ref ? `the ref ${quotedText(ref)} is not a tag` : 'GITHUB_REF is not set'}; set version (e.g. 1.4.2) or run on a tag push`,
    );
    return null;
  }
  const fromTag = tag.replace(/^v/, '');
  if (fromTag.length > VERSION_MAX_CHARS) {
    problems.push(
      `version: the tag's version is ${fromTag.length} characters, more than the ` +
        `${VERSION_MAX_CHARS} the service's answers carry; set version (e.g. 1.4.2)`,
    );
    return null;
  }
  if (isSemver(fromTag)) return fromTag;
  problems.push(
    `version: the tag ${quotedText(tag)} is not a semantic version; set version (e.g. 1.4.2) or tag as v1.4.2`,
  );
  return null;
}

function parseBuildIds(inputs: Inputs, problems: string[]): string[] {
  const ids = splitList(inputs['build-ids']);
  const bad = ids.filter((id) => !isBuildId(id));
  if (bad.length > 0) {
    problems.push(
      `build-ids: ${bad.map((item) => quotedText(item)).join(', ')} not of the form build_<id>`,
    );
  }
  return [...new Set(ids)];
}

/**
 * A template that cannot name every installer would only fail at publish time, after the builds
 * are paid for: each is rendered for every target the inputs allow (any platform when the
 * project's own are built, any target when builds are resumed), checked whether or not publishing
 * is on. That two targets share a name is known only for the run's own targets, and matters only
 * to a publisher that is on; main.ts checks it again once the project's platforms are known.
 */
function checkTemplates(
  inputs: Inputs,
  selection: WantedSelection | undefined,
  publish: PublishPlan,
  problems: string[],
): void {
  const trigger = selection?.kind === 'trigger' ? selection : undefined;
  // Resumed builds carry their own versions: semantic versions, as this one.
  const version = trigger?.version ?? '1.0.0';
  const targets = buildMatrix(trigger?.platforms ?? PLATFORMS, trigger?.arches ?? ARCHES).map(
    (target) => ({ ...target, version }),
  );
  const inUse = {
    'artifact-name': publish.artifacts !== null,
    'asset-name': publish.release !== null,
  };
  for (const name of ['artifact-name', 'asset-name'] as const) {
    const distinct = trigger?.platforms != null && inUse[name];
    try {
      checkTemplateForTargets(name, inputs[name], targets, { distinct });
    } catch (error) {
      problems.push(`${name}: ${messageOf(error)}`);
    }
  }
}

/** The release's tag: the input, or the tag of the ref; either must be a tag git takes. */
function releaseTag(inputs: Inputs, refTag: string | null, problems: string[]): string | null {
  const given = inputs['release-tag'];
  const tag = given || refTag;
  if (!tag) {
    problems.push(
      'release-tag: missing and the ref is not a tag; set release-tag or release: false',
    );
    return null;
  }
  const problem = tagNameProblem(tag);
  if (problem === undefined) return tag;
  problems.push(
    given
      ? `release-tag: ${quotedText(tag)} ${problem}, which git refuses in a tag name ` +
          '(git check-ref-format); use a tag such as v1.4.2'
      : `release-tag: the tag of GITHUB_REF, ${quotedText(tag)}, ${problem}; set release-tag`,
  );
  return null;
}

/** release-repository, by default the workflow's own. */
function releaseRepository(inputs: Inputs, workflows: string, problems: string[]): string {
  const given = inputs['release-repository'];
  if (given === '') return workflows;
  const problem = repositoryNameProblem(given);
  if (problem !== undefined) {
    problems.push(
      `release-repository: ${quotedText(given)} ${problem}; give the repository as owner/name`,
    );
  }
  return given;
}

/** The release-* inputs as a plan, or null when no release is wanted or an input is bad. */
function releasePlanFromInputs(
  inputs: Inputs,
  context: InputContext,
  problems: string[],
): ReleasePlan | null {
  const mode = parseChoice(inputs, 'release', ['auto', 'true', 'false'], problems);
  const repository = releaseRepository(inputs, context.repository, problems);
  const refTag = tagOfRef(context.ref);
  const wanted = mode === 'true' || (mode === 'auto' && refTag !== null);
  if (!wanted) return null;
  const tag = releaseTag(inputs, refTag, problems);
  const makeLatest = parseChoice(inputs, 'make-latest', ['true', 'false', 'legacy'], problems);
  if (tag === null || makeLatest === undefined) return null;
  return {
    repository,
    tag,
    name: inputs['release-name'] || undefined,
    body: inputs['release-body'] || undefined,
    generateNotes: parseBoolean(inputs, 'generate-release-notes', problems),
    draft: parseBoolean(inputs, 'release-draft', problems),
    prerelease: parseBoolean(inputs, 'prerelease', problems),
    makeLatest,
    assetNameTemplate: inputs['asset-name'],
    overwrite: parseBoolean(inputs, 'overwrite', problems),
  };
}

function parsePublish(
  inputs: Inputs,
  context: InputContext,
  download: boolean,
  problems: string[],
): PublishPlan {
  const upload = parseBoolean(inputs, 'upload-artifacts', problems);
  const retentionDays = parseInteger(inputs, 'retention-days', [1, 90], problems);
  const overwrite = parseBoolean(inputs, 'artifact-overwrite', problems);
  const uploader = parseChoice(inputs, 'artifact-uploader', ['streamed', 'library'], problems);
  const release = releasePlanFromInputs(inputs, context, problems);
  // Publishing works on downloaded installers; without downloads there is nothing to publish.
  const plan: PublishPlan = {
    githubToken: inputs['github-token'],
    repository: context.repository,
    artifacts:
      upload && download && uploader !== undefined
        ? {
            nameTemplate: inputs['artifact-name'],
            retentionDays,
            onExisting: overwrite ? 'replace' : 'fail',
            uploader,
          }
        : null,
    release: download ? release : null,
  };
  if (plan.artifacts || plan.release) {
    if (plan.githubToken === '') {
      problems.push('github-token: missing; it is needed to publish (upload-artifacts, release)');
    }
    checkRepository(plan.repository, 'publishing', problems);
  }
  return plan;
}

/** GITHUB_REPOSITORY as owner/repo, which publishing and commenting both need. */
function checkRepository(repository: string, neededFor: string, problems: string[]): void {
  if (!/^[^/\s]+\/[^/\s]+$/.test(repository)) {
    problems.push(
      `GITHUB_REPOSITORY: ${quotedText(repository)} is not owner/repo; ${neededFor} needs it`,
    );
  }
}

function parseComment(
  inputs: Inputs,
  context: InputContext,
  problems: string[],
  notices: string[],
): CommentPlan | null {
  const mode = parseChoice(inputs, 'comment', ['auto', 'true', 'false'], problems);
  if (mode === 'false') return null;
  // The comment is what reads the event's payload.
  if (context.eventFileProblem !== undefined) problems.push(context.eventFileProblem);
  const { pullRequest, repository, eventName } = context;
  if (pullRequest === undefined) {
    if (PULL_REQUEST_EVENTS.includes(eventName ?? '')) {
      notices.push(
        `comment: this run is for a ${quotedText(eventName ?? '')} event, but its payload ` +
          '(GITHUB_EVENT_PATH) names no pull request; nothing to comment on',
      );
    } else if (mode === 'true') {
      notices.push(
        `comment: true, but this run is for a ${quotedText(eventName ?? 'unknown')} event, ` +
          'not a pull request; nothing to comment on',
      );
    }
    return null;
  }
  if (inputs['github-token'] === '') {
    problems.push('github-token: missing; it is needed to comment on the pull request (comment)');
  }
  checkRepository(repository, 'commenting', problems);
  return { pullRequest, githubToken: inputs['github-token'], repository };
}

/**
 * Pure: the inputs and the runner's context of the step → a validated Plan, or one InputError
 * listing every problem.
 */
export function parseInputs(given: Inputs, context: InputContext): Plan {
  const { bounded, tooLong, problems: lengthProblems } = boundLengths(given);
  const inputs = withDefaults(bounded);
  const problems: string[] = [];
  const notices: string[] = [];
  const connection = parseConnection((name) => inputs[name as InputName], problems);
  const tokenRefused = secretProblem('github-token', inputs['github-token']);
  if (tokenRefused !== undefined) problems.push(tokenRefused);
  const projectId = inputs['project-id'];
  const configFile = inputs['config-file'] || null;
  if (projectId === '' && configFile === null) {
    problems.push('project-id: missing; set it to your proj_<id>, or set config-file');
  } else if (projectId !== '') {
    const problem = projectIdProblem('project-id', projectId);
    if (problem) problems.push(problem);
  }
  const selection = parseSelection(inputs, context, problems);
  const wait = parseBoolean(inputs, 'wait', problems);
  const pollInterval = parsePollInterval(inputs, connection.baseUrl, problems, notices);
  const timeout = parsePositive(inputs, 'timeout', 'minutes', MAX_TIMEOUT_MINUTES, problems);
  const download = parseBoolean(inputs, 'download', problems);
  // Undefined only with a problem: the plan is never built then.
  const downloadConcurrency = parseInteger(inputs, 'download-concurrency', [1, 16], problems) ?? 0;
  const maxDownloadBytes = parseMaxDownloadSize(inputs, problems);
  const failOnError = parseBoolean(inputs, 'fail-on-error', problems);
  const downloadPath = parseDownloadPath(inputs, context.workspace, problems);
  const publish = parsePublish(inputs, context, download && wait, problems);
  checkTemplates(inputs, selection, publish, problems);
  const comment = parseComment(inputs, context, problems, notices);
  // An input cut to its length may look wrong in other ways: its length is its one problem.
  const all = [
    ...lengthProblems,
    ...problems.filter((problem) => !tooLong.some((name) => problem.startsWith(`${name}:`))),
  ];
  // No selection means its problems are listed already.
  if (all.length > 0 || selection === undefined) throw new InputError(all);
  return {
    connection,
    project:
      configFile === null
        ? { projectId, configFile }
        : { projectId: projectId === '' ? null : projectId, configFile },
    builds: {
      selection,
      wait,
      pollIntervalMs: Math.round(pollInterval * 1000),
      timeoutMs: Math.round(timeout * 60_000),
      download: download
        ? { directory: downloadPath, concurrency: downloadConcurrency, maxBytes: maxDownloadBytes }
        : null,
    },
    failOnError,
    publish,
    comment,
    notices,
  };
}

/** New builds of a version, or the builds of `build-ids`; undefined when the inputs do not say. */
function parseSelection(
  inputs: Inputs,
  context: InputContext,
  problems: string[],
): WantedSelection | undefined {
  const platforms = parseSubset(inputs, 'platforms', PLATFORMS, problems);
  const arches = parseSubset(inputs, 'arches', ARCHES, problems);
  const version = parseVersion(inputs, context.ref, problems);
  const buildIds = parseBuildIds(inputs, problems);
  const reuse = parseBoolean(inputs, 'reuse-builds', problems, context.runAttempt > 1);
  if (buildIds.length > 0) return { kind: 'resume', buildIds };
  if (version === null) return undefined;
  return {
    kind: 'trigger',
    version,
    platforms: platforms.length > 0 ? platforms : null,
    arches: arches.length > 0 ? arches : ['x64'],
    reuse,
  };
}

const MAX_DOWNLOAD_CEILING = 1024 ** 4;

/** The most bytes one installer may have: what stops a download that has no size of its own. */
function parseMaxDownloadSize(inputs: Inputs, problems: string[]): number {
  const given = inputs['max-download-size'];
  const bytes = parseByteSize(given);
  if (bytes === undefined || bytes < 1 || bytes > MAX_DOWNLOAD_CEILING) {
    problems.push(
      `max-download-size: ${quotedText(given)} is not a size from 1 byte to ` +
        `${formatByteSize(MAX_DOWNLOAD_CEILING)}; use bytes or a number with a unit ` +
        '(KiB, MiB, GiB, TiB, or KB, MB, GB, TB), e.g. 4GiB',
    );
    return 0; // never used: with a problem the plan is not built
  }
  return bytes;
}

/** The download folder, inside the workspace as the README promises. */
function parseDownloadPath(inputs: Inputs, workspace: string, problems: string[]): string {
  const given = inputs['download-path'];
  const root = path.resolve(workspace);
  const resolved = path.resolve(root, given);
  if (!isBelow(root, resolved)) {
    problems.push(
      `download-path: ${quotedText(given)} is not a folder inside the workspace (${root}); ` +
        'give a path relative to it, e.g. desktop-builds',
    );
  }
  const device = path.relative(root, resolved).split(/[\\/]/).find(isWindowsReservedName);
  if (device !== undefined) {
    problems.push(
      `download-path: ${quotedText(given)} has a part, ${quotedText(device)}, that Windows reserves for a ` +
        'device (CON, PRN, AUX, NUL, COM0-9, LPT0-9, CONIN$, CONOUT$, with any extension); ' +
        'choose another folder name',
    );
  }
  return resolved;
}

export const readInputs = (getInput: (name: string) => string): Inputs =>
  Object.fromEntries(INPUT_NAMES.map((name) => [name, getInput(name)])) as Inputs;

/** The secret inputs masked in the log: the first thing a run does, before anything can print. */
export const maskSecretInputs = (): void =>
  maskSecrets(...SECRET_INPUTS.map((name) => core.getInput(name)));

export const getInputs = (context: RunnerContext): Plan =>
  parseInputs(readInputs(core.getInput), context);
