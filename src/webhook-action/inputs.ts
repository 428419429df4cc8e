// The webhook sub-action's inputs (webhook/action.yml), parsed and validated before any request.
import * as core from '@actions/core';
import { EVENT_TYPES, type EventType } from '../service/schemas.ts';
import {
  maskSecrets,
  parseConnection,
  type InputReader,
  type ServiceConnection,
} from '../runner/connection.ts';
import { commandText, quotedText } from '../text/escape.ts';
import { InputError, parseBoolean, secretProblem, splitList } from '../runner/input-rules.ts';

export interface WebhookActionInputs extends ServiceConnection {
  /** The receiver, normalised (`new URL(…).href`). */
  url: string;
  events: EventType[];
  secret: string | undefined;
  /** Recreate a matching webhook too (its secret cannot be read back, so this is how to rotate it). */
  replace: boolean;
  delete: boolean;
}

const isEventType = (value: string): value is EventType =>
  (EVENT_TYPES as readonly string[]).includes(value);

export function parseWebhookInputs(read: InputReader): WebhookActionInputs {
  const problems: string[] = [];
  const connection = parseConnection(read, problems);
  const url = parseReceiverUrl(read('url'), problems);
  const remove = parseBoolean('delete', read('delete'), false, problems);
  const replace = parseBoolean('replace', read('replace'), false, problems);
  const secretRefused = secretProblem('secret', read('secret'));
  if (secretRefused !== undefined) problems.push(secretRefused);
  const events = [...new Set(splitList(read('events')))];
  for (const event of events.filter((name) => !isEventType(name))) {
    problems.push(
      `events: ${quotedText(commandText(event, 40))} is not an event type; use ${EVENT_TYPES.join(', ')}`,
    );
  }
  if (!remove && events.length === 0) {
    problems.push(`events: missing; list the events to deliver (${EVENT_TYPES.join(', ')})`);
  }
  if (problems.length > 0) throw new InputError(problems);
  return {
    ...connection,
    url,
    events: events.filter(isEventType),
    secret: read('secret') || undefined,
    replace,
    delete: remove,
  };
}

function parseReceiverUrl(value: string, problems: string[]): string {
  if (value === '') {
    problems.push('url: missing; set the https URL of the receiver');
    return '';
  }
  if (!URL.canParse(value)) {
    problems.push(
      `url: ${quotedText(commandText(value, 100))} is not a URL; use https://host/path`,
    );
    return '';
  }
  const url = new URL(value);
  if (url.protocol !== 'https:') {
    problems.push(`url: the service delivers only to https receivers, not ${url.protocol}//`);
  }
  return url.href;
}

/** The secret inputs masked in the log: the first thing a run does, before anything can print. */
export const maskWebhookSecrets = (): void =>
  maskSecrets(core.getInput('api-key'), core.getInput('secret'));

export const getWebhookInputs = (): WebhookActionInputs => parseWebhookInputs(core.getInput);
