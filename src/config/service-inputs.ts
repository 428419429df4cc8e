// What the project and webhook sub-actions share: the service connection (inputs, masking, client)
// and booleans, with the same rules and messages as the main action's inputs.
import * as core from '@actions/core';
import { BuildServiceClient } from '../api/client.ts';
import { isLoopbackHost } from '../inputs.ts';

export interface ServiceConnection {
  apiKey: string;
  /** Without a trailing slash. */
  baseUrl: string;
}

/** Reads an input the way the runner hands it over: trimmed, '' when not set. */
export type InputReader = (name: string) => string;

const quote = (value: string): string => JSON.stringify(value);

export function parseConnection(read: InputReader, problems: string[]): ServiceConnection {
  const apiKey = read('api-key');
  if (apiKey === '') problems.push('api-key: missing; pass it from a secret');
  return { apiKey, baseUrl: parseBaseUrl(read('base-url'), problems) };
}

function parseBaseUrl(value: string, problems: string[]): string {
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

export function parseBoolean(
  read: InputReader,
  name: string,
  fallback: boolean,
  problems: string[],
): boolean {
  const value = read(name);
  if (value === '') return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  problems.push(`${name}: ${quote(value)} is not a boolean; use true or false`);
  return fallback;
}

/** Masks secret inputs in the log before anything can print them. */
export function maskInputs(...names: string[]): void {
  for (const name of names) {
    const value = core.getInput(name);
    if (value !== '') core.setSecret(value);
  }
}

/** A client that logs each retry, so a slow step says why. */
export function openClient(connection: ServiceConnection): BuildServiceClient {
  return new BuildServiceClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    onRetry: (event) =>
      core.info(
        `${event.endpoint}: ${event.reason}; retry ${event.attempt} in ${event.delayMs} ms`,
      ),
  });
}
