import { describe, expect, it } from 'vitest';
import type { Webhook } from '../../src/service/schemas.ts';
import { planRemoval, planWebhook } from '../../src/webhook-action/plan-webhook.ts';

const hook = (id: string, url: string, events: string[], active = true): Webhook => ({
  id,
  url,
  events,
  active,
  createdAt: '2026-01-01T00:00:00Z',
});

const URL_A = 'https://hooks.example.com/desktop';
const others = [hook('wh_other', 'https://elsewhere.example.com/x', ['build.failed'])];

describe('planWebhook', () => {
  it('creates a webhook when none delivers to the url', () => {
    expect(planWebhook(others, { url: URL_A, events: ['build.failed'], replace: false })).toEqual({
      keep: undefined,
      create: true,
      remove: [],
    });
  });

  it('keeps a webhook with the same url and events, in any order, and drops duplicates', () => {
    const match = hook('wh_1', 'https://HOOKS.example.com:443/desktop', [
      'build.queued',
      'build.failed',
    ]);
    const duplicate = hook('wh_2', URL_A, ['build.failed', 'build.queued']);
    const plan = planWebhook([...others, match, duplicate], {
      url: URL_A,
      events: ['build.failed', 'build.queued'],
      replace: false,
    });
    expect(plan).toEqual({ keep: match, create: false, remove: [duplicate] });
  });

  it('replaces a webhook of the same url with other events, or an inactive one', () => {
    const fewer = hook('wh_1', URL_A, ['build.failed']);
    const inactive = hook('wh_2', URL_A, ['build.failed', 'build.succeeded'], false);
    const plan = planWebhook([fewer, inactive, ...others], {
      url: URL_A,
      events: ['build.failed', 'build.succeeded'],
      replace: false,
    });
    expect(plan).toEqual({ keep: undefined, create: true, remove: [fewer, inactive] });
  });

  it('replaces even a matching webhook when asked to (a new secret)', () => {
    const match = hook('wh_1', URL_A, ['build.failed']);
    expect(planWebhook([match], { url: URL_A, events: ['build.failed'], replace: true })).toEqual({
      keep: undefined,
      create: true,
      remove: [match],
    });
  });
});

describe('planRemoval', () => {
  it('removes every webhook of the url and nothing else', () => {
    const a = hook('wh_1', URL_A, ['build.failed']);
    const b = hook('wh_2', URL_A, ['project.created']);
    expect(planRemoval([a, ...others, b], URL_A)).toEqual({
      keep: undefined,
      create: false,
      remove: [a, b],
    });
    expect(planRemoval(others, URL_A).remove).toEqual([]);
  });
});
