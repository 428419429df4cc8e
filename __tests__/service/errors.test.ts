// The exact texts of the two errors that quote the service: one sentence end each, whatever the
// service's message ends with, and the advice said once.
import { describe, expect, it } from 'vitest';
import { ApiKeyRefusedError, NotFoundError } from '../../src/service/errors.ts';

describe('ApiKeyRefusedError', () => {
  it.each([
    ['Invalid API key.', 'Invalid API key. '],
    ['Invalid API key', 'Invalid API key. '],
    ['Invalid API key.  ', 'Invalid API key. '],
    ['Who are you?', 'Who are you? '],
  ])('quotes %j with one sentence end', (serviceMessage, quoted) => {
    expect(new ApiKeyRefusedError(401, 'GET /projects', serviceMessage).message).toBe(
      `The service refused the API key (HTTP 401 on GET /projects): ${quoted}` +
        'Check that the api-key secret is set, current, and allowed to use this project.',
    );
  });

  it('reads well without a message', () => {
    expect(new ApiKeyRefusedError(403, 'GET /projects', undefined).message).toBe(
      'The service refused the API key (HTTP 403 on GET /projects). ' +
        'Check that the api-key secret is set, current, and allowed to use this project.',
    );
  });
});

describe('NotFoundError', () => {
  it('quotes the service once, without a second "check the id"', () => {
    const message = new NotFoundError(
      'GET /projects/:projectId',
      'proj_missing',
      "Project 'proj_missing' does not exist (check the id, or list the projects).",
    ).message;
    expect(message).toBe(
      "'proj_missing' was not found (HTTP 404 on GET /projects/:projectId): Project " +
        "'proj_missing' does not exist (check the id, or list the projects). It may be " +
        "misspelt, deleted, or belong to another account than the API key's.",
    );
    expect(message.match(/check the id/gi)).toHaveLength(1);
    expect(message).not.toMatch(/\.\./);
  });

  it('reads well without a message', () => {
    expect(new NotFoundError('GET /builds/:buildId', 'build_x', undefined).message).toBe(
      "'build_x' was not found (HTTP 404 on GET /builds/:buildId). It may be misspelt, " +
        "deleted, or belong to another account than the API key's.",
    );
  });
});
