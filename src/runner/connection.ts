// The service connection every action of this repository opens: its inputs, masking, and a client
// that says in the log why a step is slow.
import { stepLog } from './log.ts';
import { BuildServiceClient } from '../service/client.ts';
import { describeRetry } from '../http/retry.ts';
import { parseBaseUrl, secretProblem } from './input-rules.ts';
import { secretSpellings } from '../text/secret-spellings.ts';

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
  const problem = secretProblem('api-key', apiKey);
  if (problem !== undefined) problems.push(problem);
  return { apiKey, baseUrl: parseBaseUrl(read('base-url'), problems) };
}

/**
 * Masks secret values (the inputs' own reader passes them) in the log before anything can print
 * them, in every spelling a service echoing one is likely to use (lower case, URL-encoded,
 * base64), not only as given.
 */
export function maskSecrets(...values: string[]): void {
  for (const value of values) {
    for (const spelling of secretSpellings(value)) stepLog.setSecret(spelling);
  }
}

/** `deadline`: epoch ms when the step's time is up; retries and requests end by then. */
export function openClient(connection: ServiceConnection, deadline?: number): BuildServiceClient {
  return new BuildServiceClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    deadline,
    onRetry: (event) => stepLog.info(describeRetry(event, 'the service')),
  });
}
