// The logs answer's string cutter, as a pure function: long texts are cut at a safe place, the
// JSON stays valid, and the pieces the body arrives in make no difference.
import { describe, expect, it } from 'vitest';
import { stringCutter } from '../../src/api/log-stream.ts';

// Counted in the JSON text's characters: an escape sequence counts as what it takes there.
const MAX = 8;
const MARK = '~';
const messages = [
  'shortone',
  'abcdefghijkl',
  'a\nb\u00e9cdefgh',
  '"""""""""',
  '\\\\\\\\\\\\',
  'x😀😀😀😀😀',
  'ab\u0001cdefg',
  '',
];
const plain = JSON.stringify({
  buildId: 'build_1',
  logs: messages.map((message) => ({ level: 'info', message })),
});
// JSON.stringify leaves é as it is; as \u00e9 the cut must keep the escape whole.
const escaped = plain.replace('\u00e9', '\\u00e9');

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** The text in pieces cut at `at`, never inside a surrogate pair (as a TextDecoder gives it). */
function cutInPieces(text: string, at: number[]): string {
  const cut = stringCutter(MAX, MARK);
  const bounds = [0, ...at.map((i) => (isLowSurrogate(text.charCodeAt(i)) ? i + 1 : i))];
  return [...bounds, text.length]
    .slice(1)
    .map((end, i) => cut(text.slice(bounds[i], end)))
    .join('');
}

describe('stringCutter', () => {
  it('passes text without long strings unchanged', () => {
    const text = '{"a":"short","b":[1,2,{"c":"\\u00e9"}],"d":true}';
    expect(stringCutter(MAX, MARK)(text)).toBe(text);
  });

  it('cuts long strings at whole characters, escapes and pairs; the JSON stays valid', () => {
    for (const source of [plain, escaped]) {
      const parsed = JSON.parse(stringCutter(MAX, MARK)(source)) as {
        buildId: string;
        logs: { level: string; message: string }[];
      };
      expect(parsed.buildId).toBe('build_1');
      const cut = parsed.logs.map((entry) => entry.message);
      expect(cut).toEqual([
        'shortone',
        'abcdefgh~',
        source === plain ? 'a\nb\u00e9cde~' : 'a\nb\u00e9~',
        '""""~',
        '\\\\\\\\~',
        'x😀😀😀~',
        'ab\u0001~',
        '',
      ]);
      cut.forEach((message, i) => {
        expect(messages[i]!.startsWith(message.replace(/~$/, ''))).toBe(true);
      });
    }
  });

  it('gives the same result however the text is split', () => {
    for (const source of [plain, escaped]) {
      const whole = stringCutter(MAX, MARK)(source);
      for (let at = 0; at <= source.length; at++) {
        expect(cutInPieces(source, [at])).toBe(whole);
      }
      for (let at = 0; at + 7 <= source.length; at += 3) {
        expect(cutInPieces(source, [at, at + 1, at + 7])).toBe(whole);
      }
    }
  });
});
