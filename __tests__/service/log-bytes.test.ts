// The logs answer's byte filters, as pure functions: long texts are cut at a safe place, bytes
// that are not UTF-8 become U+FFFD, the JSON stays valid, and the pieces the body arrives in make
// no difference.
import { describe, expect, it } from 'vitest';
import { utf8Mender } from '../../src/service/log-bytes.ts';
import { jsonBounds, type ByteFilter } from '../../src/http/json-depth.ts';

/** The cut of long texts alone (the log stream's walk also counts nesting: json-depth.test.ts). */
const textCutter = (maxBytes: number, mark: string): ByteFilter =>
  jsonBounds({
    maxDepth: 32,
    tooDeep: () => {
      throw new Error('too deep');
    },
    cutTexts: { maxBytes, mark },
  });

// Counted in the answer's bytes: an escape sequence counts as what it takes there.
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

/** The bytes in pieces split at `at`, through `filter`, joined again. */
function throughPieces(bytes: Buffer, at: number[], filter: ByteFilter, end?: () => Buffer[]) {
  const bounds = [0, ...at, bytes.length];
  const out = bounds
    .slice(1)
    .flatMap((stop, i) => filter(bytes.subarray(bounds[i], stop)))
    .concat(end?.() ?? []);
  return Buffer.concat(out).toString('utf8');
}

/** Pieces as the mender hands them on: never inside a character. */
function cutInPieces(text: string, at: number[]): string {
  const { mend, end } = utf8Mender();
  const mended = Buffer.from(throughPieces(Buffer.from(text), at, mend, end));
  return throughPieces(mended, [], textCutter(MAX, MARK));
}

describe('the cut of long texts', () => {
  it('hands on bytes without long strings unchanged, as the same buffer', () => {
    const bytes = Buffer.from('{"a":"short","b":[1,2,{"c":"\\u00e9"}],"d":true}');
    const out = textCutter(MAX, MARK)(bytes);
    expect(out).toHaveLength(1);
    expect(out[0]).toBe(bytes);
  });

  it('cuts long strings at whole characters and escapes; the JSON stays valid', () => {
    for (const source of [plain, escaped]) {
      const text = throughPieces(Buffer.from(source), [], textCutter(MAX, MARK));
      const parsed = JSON.parse(text) as {
        buildId: string;
        logs: { level: string; message: string }[];
      };
      expect(parsed.buildId).toBe('build_1');
      const cut = parsed.logs.map((entry) => entry.message);
      expect(cut).toEqual([
        'shortone',
        'abcdefgh~',
        source === plain ? 'a\nb\u00e9cd~' : 'a\nb\u00e9~',
        '""""~',
        '\\\\\\\\~',
        'x😀~',
        'ab\u0001~',
        '',
      ]);
      cut.forEach((message, i) => {
        expect(messages[i]!.startsWith(message.replace(/~$/, ''))).toBe(true);
      });
    }
  });

  it('gives the same result however the bytes are split', () => {
    for (const source of [plain, escaped]) {
      const whole = cutInPieces(source, []);
      const length = Buffer.byteLength(source);
      for (let at = 0; at <= length; at++) expect(cutInPieces(source, [at])).toBe(whole);
      for (let at = 0; at + 7 <= length; at += 3) {
        expect(cutInPieces(source, [at, at + 1, at + 7])).toBe(whole);
      }
    }
  });
});

describe('utf8Mender', () => {
  it('hands on valid UTF-8 unchanged, as the same buffer', () => {
    const bytes = Buffer.from('{"message":"é 😀 plain"}');
    const out = utf8Mender().mend(bytes);
    expect(out).toHaveLength(1);
    expect(out[0]).toBe(bytes);
  });

  it('replaces what is not UTF-8 with U+FFFD, like a lenient decoder, however split', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":"x'),
      Buffer.from([0xff]),
      Buffer.from('y é 😀'),
      Buffer.from([0xe2, 0x82]), // a character cut short
      Buffer.from('z"}'),
      Buffer.from([0xf0, 0x9f]), // cut short at the very end
    ]);
    const expected = new TextDecoder().decode(bytes);
    expect(expected).toContain('\uFFFD');
    for (let at = 0; at <= bytes.length; at++) {
      const { mend, end } = utf8Mender();
      expect(throughPieces(bytes, [at], mend, end)).toBe(expected);
      const again = utf8Mender();
      expect(
        throughPieces(bytes, [at, Math.min(at + 1, bytes.length)], again.mend, again.end),
      ).toBe(expected);
    }
  });
});
