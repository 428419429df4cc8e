import { describe, expect, it } from 'vitest';
import { secretSpellings } from '../../src/text/secret-spellings.ts';

describe('secretSpellings', () => {
  it('lists the key as given, in either case, URL-encoded and base64, longest first', () => {
    const key = 'dbs_Key/with+chars=';
    const spellings = secretSpellings(key);
    for (const spelling of [
      key,
      key.toLowerCase(),
      key.toUpperCase(),
      encodeURIComponent(key),
      Buffer.from(key).toString('base64'),
      Buffer.from(key).toString('base64url'),
    ]) {
      expect(spellings).toContain(spelling);
    }
    const lengths = spellings.map((spelling) => spelling.length);
    expect([...lengths].sort((a, b) => b - a)).toEqual(lengths);
    expect(secretSpellings('')).toEqual([]);
    expect(secretSpellings('ab')).toContain('ab');
    expect(secretSpellings('ab')).not.toContain('AB');
  });
});
