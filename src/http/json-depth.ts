// JSON bytes walked as they arrive, without parsing them: how deeply they nest, and how long each
// text is. A parser builds what it reads (JSON.parse, and the log stream's parser, which builds an
// entry whole before it is handed over): 38 MiB of `[` costs it gigabytes, and a stack of 16-byte
// strings ten times their bytes. Refused here, as the bytes pass, nothing of it is ever built.
// The one walk over strings and their escapes: the answers read whole (bounded-body.ts) use its
// depth alone, the log stream its depth and its cut of long texts.

/** Takes JSON bytes piece by piece, hands on the bytes to parse (the piece itself when unchanged). */
export type ByteFilter = (chunk: Buffer) => Buffer[];

/**
 * Nesting deep enough for any answer the action reads whole (the deepest, a release with its
 * assets and their uploaders, is 4 levels), and shallow enough that refusing costs nothing.
 */
export const MAX_ANSWER_DEPTH = 32;

export interface JsonBounds {
  /** The most arrays and objects open at once; `tooDeep` is called on the first one past it. */
  maxDepth: number;
  /** Throws what the caller reports (the walk cannot go on). */
  tooDeep: () => never;
  /**
   * The most members an array or object holds at each depth (the first at depth 1); `tooWide`
   * (which throws) is called with the depth on the first one past it. None when absent.
   */
  members?: { max: readonly number[]; tooWide: (depth: number) => never };
  /**
   * Every string longer than this (in bytes as it stands in the JSON, escapes included) is cut
   * there, `mark` put in its place and the rest dropped up to its closing quote. None when absent.
   */
  cutTexts?: { maxBytes: number; mark: string };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

const isContinuation = (byte: number) => (byte & 0xc0) === 0x80;

/**
 * A filter for JSON bytes fed piece by piece, within `bounds`. The output is valid JSON whenever
 * the input is: a cut never falls inside an escape sequence or a UTF-8 character. The pieces the
 * bytes come in make no difference. Bytes that are not JSON are handed on for the parser to refuse.
 */
export function jsonBounds({ maxDepth, tooDeep, members, cutTexts }: JsonBounds): ByteFilter {
  const maxBytes = cutTexts?.maxBytes ?? Infinity;
  const markBytes = Buffer.from(cutTexts?.mark ?? '', 'utf8');
  // The commas seen so far in the open array or object at each depth (one fewer than its members).
  const commas = members === undefined ? [] : new Array<number>(maxDepth + 1).fill(0);
  const maxCommas = (members?.max ?? []).map((max) => max - 1);
  let depth = 0;
  let inString = false;
  let kept = 0;
  let cutting = false;
  let afterBackslash = false;
  let hexLeft = 0;
  return (chunk) => {
    const out: Buffer[] = [];
    // Where the bytes not yet handed on start; unused while cutting.
    let keepFrom = 0;
    // The next backslash at or after the walk (-1: none left in the piece), found once: most texts
    // have none, and looking past each to the piece's end would make the walk quadratic.
    let backslash = chunk.indexOf(BACKSLASH);
    const cutAt = (at: number) => {
      if (at > keepFrom) out.push(chunk.subarray(keepFrom, at));
      out.push(markBytes);
      cutting = true;
      hexLeft = 0;
    };
    let i = 0;
    while (i < chunk.length) {
      if (!inString) {
        // Between texts: a few bytes per value in an answer, all of them in one that only nests.
        const byte = chunk[i]!;
        i += 1;
        if (byte === QUOTE) {
          inString = true;
          kept = 0;
        } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
          depth += 1;
          if (depth > maxDepth) tooDeep();
          if (members !== undefined) commas[depth] = 0;
        } else if ((byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) && depth > 0) {
          depth -= 1;
        } else if (byte === COMMA && members !== undefined) {
          commas[depth] = commas[depth]! + 1;
          if (commas[depth]! > (maxCommas[depth - 1] ?? Infinity)) members.tooWide(depth);
        }
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
        if (backslash >= 0 && backslash < i) backslash = chunk.indexOf(BACKSLASH, i);
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
