import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/runner/input-rules.ts';
import { parseWebhookInputs } from '../../src/webhook-action/inputs.ts';

const reader =
  (inputs: Record<string, string>) =>
  (name: string): string =>
    inputs[name] ?? '';

const base = {
  'api-key': 'dbs_key',
  'base-url': 'https://api.example.com/v1/',
  url: 'https://hooks.example.com/desktop',
};

const problems = (inputs: Record<string, string>): string[] => {
  try {
    parseWebhookInputs(reader(inputs));
  } catch (error) {
    if (error instanceof InputError) return error.problems;
    throw error;
  }
  throw new Error('expected an InputError');
};

describe('parseWebhookInputs', () => {
  it('parses an ensure request', () => {
    expect(
      parseWebhookInputs(
        reader({
          ...base,
          events: 'build.failed,\nbuild.succeeded, build.failed',
          secret: 's3cret',
        }),
      ),
    ).toEqual({
      apiKey: 'dbs_key',
      baseUrl: 'https://api.example.com/v1',
      url: 'https://hooks.example.com/desktop',
      events: ['build.failed', 'build.succeeded'],
      secret: 's3cret',
      replace: false,
      delete: false,
    });
  });

  it('refuses a secret or key holding a line break, without its value', () => {
    const found = problems({
      ...base,
      'api-key': 'dbs_key\nsecond',
      secret: 'whsec_x\n::error::y',
      events: 'build.succeeded',
    });
    expect(found).toEqual([
      "api-key: holds a control character (a line break, a tab), which no key or token has; check the secret's value (not shown here)",
      "secret: holds a control character (a line break, a tab), which no key or token has; check the secret's value (not shown here)",
    ]);
  });

  it('needs no events to delete', () => {
    const inputs = parseWebhookInputs(reader({ ...base, delete: 'true' }));
    expect(inputs).toMatchObject({ delete: true, events: [], secret: undefined });
  });

  it('accepts only https receivers and known events, and reports every problem at once', () => {
    expect(
      problems({
        'base-url': 'http://api.example.com/v1',
        url: 'http://hooks.example.com/x',
        events: 'build.failed, build.done',
        replace: 'yes',
      }),
    ).toEqual([
      'api-key: missing; pass it from a secret',
      'base-url: "http://api.example.com" must use https (http is allowed only for loopback hosts: localhost, 127.0.0.1, ::1)',
      'url: the service delivers only to https receivers, not http://',
      'replace: "yes" is not a boolean; use true or false',
      'events: "build.done" is not an event type; use build.queued, build.started, build.succeeded, build.failed, project.created, project.updated, project.deleted',
    ]);
    expect(problems({ ...base })).toEqual([
      'events: missing; list the events to deliver (build.queued, build.started, build.succeeded, build.failed, project.created, project.updated, project.deleted)',
    ]);
    expect(problems({ ...base, url: 'not a url', events: 'build.failed' })).toEqual([
      'url: "not a url" is not a URL; use https://host/path',
    ]);
  });
});
