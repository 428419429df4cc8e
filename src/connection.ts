// The service connection every action of this repository opens: its inputs, masking, and a client
// that says in the log why a step is slow.
import * as core from '@actions/core';
import { BuildServiceClient } from './api/client.ts';
import type { RetryEvent } from './api/retry.ts';
import { parseBaseUrl } from './input-rules.ts';

export interface ServiceConnection {
  apiKey: string;
  /** Without a trailing slash. */
  baseUrl: string;
}

/** Reads an input the way the runner hands it over: trimmed, '' when not set. */
export type InputReader = (name: string) => string;

export function parseConnection(read: InputReader, problems: string[]): ServiceConnection {
  const apiKey = read('api-key');
  if (apiKey === '') problems.push('api-key: missing; pass it from a secret');
  return { apiKey, baseUrl: parseBaseUrl(read('base-url'), problems) };
}

/** Masks secret inputs in the log before anything can print them. */
export function maskInputs(...names: string[]): void {
  for (const name of names) {
    const value = core.getInput(name);
    if (value !== '') core.setSecret(value);
  }
}

export function retryLine(event: RetryEvent): string {
  const wait = formatSeconds(event.delayMs) + (event.serverAsked ? ', as the service asked' : '');
  return `Retrying ${event.endpoint} in ${wait} (attempt ${event.attempt} failed: ${event.reason})`;
}

const formatSeconds = (ms: number): string =>
  ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;

export function openClient(connection: ServiceConnection): BuildServiceClient {
  return new BuildServiceClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    onRetry: (event) => core.info(retryLine(event)),
  });
}
