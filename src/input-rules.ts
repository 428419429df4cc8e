// Rules every action of this repository applies to its inputs, with the same messages everywhere.
// Problems are collected, not thrown one by one, so a user fixes all of them in one go.

export class InputError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid input: ${problems[0]}`
        : `Invalid inputs:\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    this.name = 'InputError';
    this.problems = problems;
  }
}

export const quote = (value: string): string => JSON.stringify(value);

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
  problems.push(`${name}: ${quote(value)} is not a boolean; use true or false`);
  return fallback;
}

/** https, or http for loopback hosts only; returned without a trailing slash. */
export function parseBaseUrl(value: string, problems: string[]): string {
  if (value === '') {
    problems.push('base-url: missing; set the API base URL');
    return '';
  }
  if (!URL.canParse(value)) {
    problems.push(`base-url: ${quote(value)} is not a URL; use https://host/v1`);
    return '';
  }
  const url = new URL(value);
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))) {
    problems.push(
      `base-url: ${quote(url.origin)} must use https (http is allowed only for loopback hosts: localhost, 127.0.0.1, ::1)`,
    );
  }
  if (url.username || url.password) {
    problems.push('base-url: must not carry credentials; pass the key as api-key');
  }
  return url.href.replace(/\/+$/, '');
}
