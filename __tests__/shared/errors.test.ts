import { describe, expect, it } from 'vitest';
import { ApiKeyRefusedError, DownloadError, NetworkError } from '../../src/service/errors.ts';
import { ConfigFileError } from '../../src/config/errors.ts';
import { ActionError, asError, messageOf } from '../../src/shared/errors.ts';
import { PublishError } from '../../src/publish/errors.ts';
import { InputError } from '../../src/runner/input-rules.ts';

describe('ActionError', () => {
  it('is the base of the errors of every part, each named after its own class', () => {
    const errors = [
      new ApiKeyRefusedError(401, 'GET /builds/:buildId', undefined),
      new ConfigFileError('desktop.yml', [{ key: 'name', message: 'is required' }]),
      new InputError(['project-id: is required']),
      new PublishError([new Error('asset upload failed')], { artifacts: [], release: null }),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(ActionError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(error.constructor.name);
      expect(String(error)).toMatch(new RegExp(`^${error.constructor.name}: `));
    }
  });

  it('keeps the subclass chain (a refused key is an ApiError, a download error is its own)', () => {
    expect(new ApiKeyRefusedError(403, 'POST /builds', undefined).name).toBe('ApiKeyRefusedError');
    expect(Object.getPrototypeOf(NetworkError.prototype)).toBe(ActionError.prototype);
    expect(Object.getPrototypeOf(DownloadError.prototype)).toBe(ActionError.prototype);
  });
});

describe('messageOf / asError', () => {
  it('reads an Error and anything else thrown', () => {
    expect(messageOf(new Error('boom'))).toBe('boom');
    expect(messageOf('a cancel reason')).toBe('a cancel reason');
    expect(asError('x')).toBeInstanceOf(Error);
    expect(asError('x').message).toBe('x');
    const error = new Error('same');
    expect(asError(error)).toBe(error);
  });
});
