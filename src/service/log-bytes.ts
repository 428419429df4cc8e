// The bytes of a logs answer made safe to parse, without decoding them to text: a logs answer is
// up to 64 MiB, and text decoded from it is held outside V8's heap until a collection finds it
// (bench/README.md, Logs). Both filters hand the chunk on untouched in the usual case (valid
// UTF-8, no text longer than the bound) and copy only where they change something.
import { isUtf8 } from 'node:buffer';

export type ByteFilter = (chunk: Buffer) => Buffer[];

const isContinuation = (byte: number) => (byte & 0xc0) === 0x80;

/** Bytes a UTF-8 sequence led by `byte` takes; 1 for what cannot lead one. */
const sequenceLength = (byte: number) =>
  byte >= 0xf0 && byte <= 0xf7 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;

/** Where the last whole character of `bytes` ends: a sequence still missing bytes is left out. */
function wholeCharactersEnd(bytes: Buffer): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 4); i--) {
    if (isContinuation(bytes[i]!)) continue;
    return i + sequenceLength(bytes[i]!) > bytes.length ? i : bytes.length;
  }
  return bytes.length;
}

/**
 * Bytes that are not UTF-8 become U+FFFD, as a lenient decoder would show them: one odd byte costs
 * one character, never the answer. A character split between two chunks is kept whole. Call
 * `end()` after the last chunk for what an unfinished last character leaves.
 */
export function utf8Mender(): { mend: ByteFilter; end: () => Buffer[] } {
  const decoder = new TextDecoder('utf-8');
  const repaired = (bytes: Buffer) =>
    isUtf8(bytes) ? bytes : Buffer.from(decoder.decode(bytes), 'utf8');
  let carry: Buffer | undefined;
  return {
    mend: (chunk) => {
      const bytes = carry === undefined ? chunk : Buffer.concat([carry, chunk]);
      const end = wholeCharactersEnd(bytes);
      // A copy: a few bytes must not keep the whole chunk alive.
      carry = end < bytes.length ? Buffer.from(bytes.subarray(end)) : undefined;
      if (end === 0) return [];
      return [repaired(end === bytes.length ? bytes : bytes.subarray(0, end))];
    },
    end: () => {
      const rest = carry;
      carry = undefined;
      return rest === undefined ? [] : [repaired(rest)];
    },
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

/**
 * A filter for JSON bytes fed piece by piece: every string longer than `maxBytes` (as it stands in
 * the JSON, escapes included) is cut there, `mark` put in its place, and the rest of it dropped up
 * to its closing quote. The output is valid JSON whenever the input is: a cut never falls inside
 * an escape sequence or a UTF-8 character. The parser holds a text in progress whole, so this
 * bounds what one huge log line costs.
 */
export function textCutter(maxBytes: number, mark: string): ByteFilter {
  const markBytes = Buffer.from(mark, 'utf8');
  let inString = false;
  let kept = 0;
  let cutting = false;
  let afterBackslash = false;
  let hexLeft = 0;
  return (chunk) => {
    const out: Buffer[] = [];
    // Where the bytes not yet handed on start; unused while cutting.
    let keepFrom = 0;
    const cutAt = (at: number) => {
      if (at > keepFrom) out.push(chunk.subarray(keepFrom, at));
      out.push(markBytes);
      cutting = true;
      hexLeft = 0;
    };
    let i = 0;
    while (i < chunk.length) {
      if (!inString) {
        const quote = chunk.indexOf(QUOTE, i);
        if (quote < 0) break;
        inString = true;
        kept = 0;
        i = quote + 1;
      } else if (afterBackslash) {
        afterBackslash = false;
        if (!cutting && chunk[i] === LETTER_U) hexLeft = 4;
        kept += 1;
        i += 1;
      } else if (hexLeft > 0) {
        const n = Math.min(hexLeft, chunk.length - i);
        hexLeft -= n;
        kept += n;
        i += n;
      } else {
        const quote = chunk.indexOf(QUOTE, i);
        const backslash = chunk.indexOf(BACKSLASH, i);
        const special = quote < 0 ? backslash : backslash < 0 ? quote : Math.min(quote, backslash);
        const end = special < 0 ? chunk.length : special;
        if (!cutting && end - i > maxBytes - kept) {
          let at = i + Math.max(0, maxBytes - kept);
          while (at > i && isContinuation(chunk[at]!)) at -= 1;
          cutAt(at);
        }
        if (!cutting) kept += end - i;
        i = end;
        if (special < 0) break;
        if (chunk[i] === QUOTE) {
          if (cutting) keepFrom = i;
          cutting = false;
          inString = false;
        } else {
          if (!cutting && kept >= maxBytes) cutAt(i);
          afterBackslash = true;
          kept += 1;
        }
        i += 1;
      }
    }
    if (!cutting && keepFrom < chunk.length) {
      out.push(keepFrom === 0 ? chunk : chunk.subarray(keepFrom));
    }
    return out;
  };
}
