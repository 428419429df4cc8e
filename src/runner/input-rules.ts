// The rules every part of this repository applies to what it is given (the actions' inputs, the
// project configuration file, the emulator's request bodies), with the same messages everywhere.
// Problems are collected, not thrown one by one, so a user fixes all of them in one go.

import { isProjectId } from '../service/ids.ts';
import { ActionError } from '../shared/errors.ts';
import { quotedText } from '../text/escape.ts';

export class InputError extends ActionError {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid input: ${problems[0]}`
        : `Invalid inputs:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

// Semantic Versioning 2.0.0: no leading zeros, dot-separated pre-release and build identifiers.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export const isSemver = (value: string): boolean => SEMVER.test(value);

/** The problem with a project id given in `name`, if any. */
export const projectIdProblem = (name: string, value: string): string | undefined =>
  isProjectId(value) ? undefined : `${name}: ${quotedText(value)} is not of the form proj_<id>`;

/** Comma- or newline-separated, whitespace ignored. */
export const splitList = (value: string): string[] =>
  value
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' ||
  hostname === '[::1]' ||
  hostname === '::1' ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/** The YAML 1.2 core-schema booleans the runner itself accepts. */
export function parseBoolean(
  name: string,
  value: string,
  fallback: boolean,
  problems: string[],
): boolean {
  if (value === '') return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  problems.push(`${name}: ${quotedText(value)} is not a boolean; use true or false`);
  return fallback;
}

// A key, token or secret is one line of printable characters. A control character (a line break
// above all: a secret pasted with its neighbour) would reach a header, where undici's error quotes
// it, or a log line, where it starts a workflow command of its own.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** The problem with a secret input's value, if any; it names the input, never the value. */
export const secretProblem = (name: string, value: string): string | undefined =>
  CONTROL_CHARACTER.test(value)
    ? `${name}: holds a control character (a line break, a tab), which no key or token has; ` +
      "check the secret's value (not shown here)"
    : undefined;

/** https, or http for loopback hosts only; returned without a trailing slash. */
export function parseBaseUrl(value: string, problems: string[]): string {
  if (value === '') {
    problems.push('base-url: missing; set the API base URL');
    return '';
  }
  if (!URL.canParse(value)) {
    problems.push(`base-url: ${quotedText(value)} is not a URL; use https://host/v1`);
    return '';
  }
  const url = new URL(value);
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))) {
    problems.push(
      `base-url: ${quotedText(url.origin)} must use https (http is allowed only for loopback hosts: localhost, 127.0.0.1, ::1)`,
    );
  }
  if (url.username || url.password) {
    problems.push('base-url: must not carry credentials; pass the key as api-key');
  }
  return url.href.replace(/\/+$/, '');
}
