import { describe, expect, it } from 'vitest';
import { redact, serviceMessageOf } from '../../src/http/error-body.ts';

const KEY = 'dbs_secret_key_123';

describe('serviceMessageOf', () => {
  it.each([
    [
      '{"error":{"code":"not_found","message":"Build x does not exist."}}',
      'Build x does not exist.',
    ],
    ['{"error":{"code":"rate_limited"}}', 'rate_limited'],
    ['{"message":"Project name is required"}', 'Project name is required'],
    ['{"error":"invalid platform"}', 'invalid platform'],
    ['{"detail":"Not authenticated"}', 'Not authenticated'],
    ['"plain json string"', 'plain json string'],
    ['<html><body>502 Bad Gateway</body></html>', '<html><body>502 Bad Gateway</body></html>'],
    ['line one\nline two\t', 'line one line two'],
  ])('%s → %s', (body, expected) => {
    expect(serviceMessageOf(body, [KEY])).toBe(expected);
  });

  it('falls back to an excerpt when a JSON body has no message', () => {
    expect(serviceMessageOf('{"status":500}', [KEY])).toBe('{"status":500}');
  });

  it('returns undefined for an empty body', () => {
    expect(serviceMessageOf('', [KEY])).toBeUndefined();
    expect(serviceMessageOf('  \n', [KEY])).toBeUndefined();
  });

  it('keeps excerpts short', () => {
    const message = serviceMessageOf('x'.repeat(5000), [KEY]);
    expect(message).toHaveLength(200);
    expect(message?.endsWith('…')).toBe(true);
  });

  it('never returns the API key, whatever the body echoes', () => {
    const bodies = [
      `{"error":{"message":"key ${KEY} is invalid"}}`,
      `{"message":"Bearer ${KEY}"}`,
      `{"error":"${KEY}"}`,
      `${'y'.repeat(190)}${KEY}${'z'.repeat(100)}`,
    ];
    for (const body of bodies) {
      const message = serviceMessageOf(body, [KEY]);
      expect(message).toBeDefined();
      expect(message).not.toContain(KEY);
      expect(message).not.toContain(KEY.slice(0, 12));
    }
  });

  it('redacts the key lower-cased, upper-cased, URL-encoded and base64-encoded', () => {
    const key = 'Dbs_Key/With+Odd=Chars';
    const spellings = [
      key,
      key.toLowerCase(),
      key.toUpperCase(),
      encodeURIComponent(key),
      Buffer.from(key).toString('base64'),
      Buffer.from(key).toString('base64').replace(/=+$/, ''),
      Buffer.from(key).toString('base64url'),
    ];
    for (const spelling of spellings) {
      const body = JSON.stringify({
        error: { message: `bad key ${spelling} (Bearer ${spelling})` },
      });
      expect(serviceMessageOf(body, [key])).toBe('bad key *** (Bearer ***)');
    }
    expect(
      serviceMessageOf(`{"message":"${encodeURIComponent(key)}&k=${key.toLowerCase()}"}`, [key]),
    ).toBe('***&k=***');
  });

  it('is one inert line: no workflow command at its start, no controls', () => {
    expect(serviceMessageOf('{"message":"::add-mask::x\\n::error::y"}', [KEY])).toBe(
      ': :add-mask::x ::error::y',
    );
    expect(serviceMessageOf('\n::error title=t::boom\r\n::warning::w', [KEY])).toBe(
      ': :error title=t::boom ::warning::w',
    );
  });
});

describe('redact', () => {
  it('replaces every occurrence and ignores empty secrets', () => {
    expect(redact('a KEY b KEY', ['KEY', ''])).toBe('a *** b ***');
  });
});
