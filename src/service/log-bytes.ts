// The bytes of a logs answer made safe to parse, without decoding them to text: a logs answer is
// up to 64 MiB, and text decoded from it is held outside V8's heap until a collection finds it
// (bench/README.md, Logs). The mender hands the chunk on untouched in the usual case (valid
// UTF-8) and copies only where it changes something; what follows it (the cut of long texts and
// the count of nesting, http/json-depth.ts) likewise.
import { isUtf8 } from 'node:buffer';
import type { ByteFilter } from '../http/json-depth.ts';

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
