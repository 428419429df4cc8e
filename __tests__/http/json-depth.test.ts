// The walk over JSON bytes as they arrive, as a pure function: nesting past the bound is refused at
// the byte that opens one level too many, brackets inside texts (escaped quotes included) do not
// count, members past the bound of their depth are refused, and the pieces make no difference.
import { describe, expect, it } from 'vitest';
import { jsonBounds, type JsonBounds } from '../../src/http/json-depth.ts';

class Refused extends Error {}

/** Where the walk refused `text` fed in pieces split at `at` ('deep 4', 'wide 2'), or 'ok'. */
function walk(text: string, bounds: Partial<JsonBounds> & { maxDepth: number }, at: number[] = []) {
  const bytes = Buffer.from(text);
  let fed = 0;
  const filter = jsonBounds({
    tooDeep: () => {
      throw new Refused(`deep at ${fed}`);
    },
    ...bounds,
  });
  const cuts = [0, ...at, bytes.length];
  try {
    for (let i = 1; i < cuts.length; i++) {
      const piece = bytes.subarray(cuts[i - 1], cuts[i]);
      expect(Buffer.concat(filter(piece))).toEqual(piece);
      fed = cuts[i]!;
    }
    return 'ok';
  } catch (error) {
    if (error instanceof Refused) return error.message.startsWith('deep') ? 'deep' : error.message;
    throw error;
  }
}

const wide = (depth: number): never => {
  throw new Refused(`wide ${depth}`);
};

describe('jsonBounds', () => {
  it('takes nesting up to its bound and refuses one level more', () => {
    expect(walk('[[[1]]]', { maxDepth: 3 })).toBe('ok');
    expect(walk('[[[[1]]]]', { maxDepth: 3 })).toBe('deep');
    expect(walk('{"a":{"b":[{}]}}', { maxDepth: 4 })).toBe('ok');
    expect(walk('{"a":{"b":[{"c":[]}]}}', { maxDepth: 4 })).toBe('deep');
    // Siblings do not add up: depth is how many are open at once.
    expect(walk(`[${'[1],'.repeat(1000)}[1]]`, { maxDepth: 2 })).toBe('ok');
  });

  it('does not count brackets inside texts, escaped quotes and backslashes included', () => {
    const text = JSON.stringify({ a: '[[[[{{{{', b: 'x\\"[[[[', c: '\\', d: ['\u005b"[[['] });
    expect(walk(text, { maxDepth: 2 })).toBe('ok');
    expect(walk(`[${text}]`, { maxDepth: 2 })).toBe('deep');
  });

  it('refuses nesting at the byte one level too deep, whatever the pieces', () => {
    const deep = '['.repeat(64) + ']'.repeat(64);
    for (let at = 0; at <= deep.length; at++) {
      expect(walk(deep, { maxDepth: 32 }, [at])).toBe('deep');
    }
  });

  it('counts members per depth and refuses one past the bound of its depth', () => {
    const members = { max: [2, Infinity, 3], tooWide: wide };
    const log = (entry: string, count: number) =>
      `{"buildId":"b","logs":[${Array(count).fill(entry).join(',')}]}`;
    const flat = '{"timestamp":"t","level":"info","message":"a, b, c"}';
    expect(walk(log(flat, 1000), { maxDepth: 3, members })).toBe('ok');
    expect(walk(log('{"a":1,"b":2,"c":3,"d":4}', 2), { maxDepth: 3, members })).toBe('wide 3');
    expect(walk('{"buildId":"b","logs":[],"extra":1}', { maxDepth: 3, members })).toBe('wide 1');
    // A member count starts again with each array or object.
    expect(walk(log('{"a":1,"b":2,"c":3}', 50), { maxDepth: 3, members }, [7, 40])).toBe('ok');
  });
});
