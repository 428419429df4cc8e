// Decides, from the account's webhooks, what makes exactly one active webhook deliver the wanted
// events to a url (or none, when removing). Pure: the caller does the requests.
import type { EventType, Webhook } from '../service/schemas.ts';

export interface WebhookWanted {
  url: string;
  events: readonly EventType[];
  /** Recreate even a matching webhook (to set a new secret, which cannot be compared). */
  replace: boolean;
}

export interface WebhookPlan {
  /** The existing webhook that already matches; undefined when one must be created. */
  keep: Webhook | undefined;
  create: boolean;
  /** Webhooks of the same url to delete: other event sets, inactive ones, duplicates. */
  remove: Webhook[];
}

export function planWebhook(existing: readonly Webhook[], wanted: WebhookWanted): WebhookPlan {
  const sameUrl = webhooksFor(existing, wanted.url);
  const keep = wanted.replace
    ? undefined
    : sameUrl.find((hook) => hook.active && sameMembers(hook.events, wanted.events));
  return { keep, create: !keep, remove: sameUrl.filter((hook) => hook !== keep) };
}

export function planRemoval(existing: readonly Webhook[], url: string): WebhookPlan {
  return { keep: undefined, create: false, remove: webhooksFor(existing, url) };
}

function webhooksFor(existing: readonly Webhook[], url: string): Webhook[] {
  const wanted = normalise(url);
  return existing.filter((hook) => normalise(hook.url) === wanted);
}

const normalise = (url: string): string => (URL.canParse(url) ? new URL(url).href : url);

function sameMembers(first: readonly string[], second: readonly string[]): boolean {
  const left = new Set(first);
  const right = new Set(second);
  return left.size === right.size && [...left].every((item) => right.has(item));
}
