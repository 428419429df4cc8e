// JSON bodies of a hostile service (pure): log messages carrying a byte that is not UTF-8, and
// answers padded to any size or nested to any depth, produced as a sequence of small chunks so
// they are never whole in memory.
import type { LogEntry } from '../src/service/schemas.ts';

const LONE_BYTE = Buffer.from([0xff]);
/** The padding goes out in slices of one shared block, so its size costs no memory. */
export const PADDING_CHUNK_BYTES = 64 * 1024;
/** The extra field that carries the padding. */
export const PADDING_FIELD = 'padding';

/** A JSON string literal of `text` with a lone 0xff byte in its middle; the JSON stays well-formed. */
function stringWithLoneByte(text: string): Buffer {
  const chars = [...text];
  const half = Math.floor(chars.length / 2);
  const head = JSON.stringify(chars.slice(0, half).join(''));
  const tail = JSON.stringify(chars.slice(half).join(''));
  return Buffer.concat([Buffer.from(head.slice(0, -1)), LONE_BYTE, Buffer.from(tail.slice(1))]);
}

/** The logs endpoint's body `{ buildId, logs }`, every message carrying a lone 0xff byte. */
export function logsWithInvalidUtf8(buildId: string, logs: readonly LogEntry[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`{"buildId":${JSON.stringify(buildId)},"logs":[`)];
  logs.forEach(({ message, ...rest }, index) => {
    const opening = `${index === 0 ? '' : ','}${JSON.stringify(rest).slice(0, -1)},"message":`;
    parts.push(Buffer.from(opening), stringWithLoneByte(message), Buffer.from('}'));
  });
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}

/** `[` then `]`, each repeated, about `bytes` in all, in chunks produced only when asked for. */
function* nesting(bytes: number): Generator<Buffer> {
  const levels = Math.max(1, Math.floor(bytes / 2));
  for (const bracket of ['[', ']']) {
    const block = Buffer.alloc(PADDING_CHUNK_BYTES, bracket);
    for (let left = levels; left > 0; left -= block.length) {
      yield block.subarray(0, Math.min(left, block.length));
    }
  }
}

/** `body` as a JSON object whose last field, `nested`, is `[[[…]]]`, the whole about `bytes` long. */
export function* nestedJson(body: Record<string, unknown>, bytes: number): Generator<Buffer> {
  const fields = JSON.stringify(body).slice(0, -1);
  const opening = Buffer.from(`${fields}${fields === '{' ? '' : ','}"nested":`);
  yield opening;
  yield* nesting(bytes - opening.length - 1);
  yield Buffer.from('}');
}

/** The logs endpoint's body `{ buildId, logs }` with one last entry `[[[…]]]`, about `bytes` long. */
export function* nestedLog(
  buildId: string,
  logs: readonly LogEntry[],
  bytes: number,
): Generator<Buffer> {
  const listed = JSON.stringify({ buildId, logs }).slice(0, -2);
  const opening = Buffer.from(`${listed}${logs.length === 0 ? '' : ','}`);
  yield opening;
  yield* nesting(bytes - opening.length - 2);
  yield Buffer.from(']}');
}

/**
 * `body` as a JSON object whose last field, `padding`, is a string of `x` making the whole about
 * `bytes` long (never shorter than the body itself). The fields come first, in one chunk; the
 * padding follows in chunks of at most PADDING_CHUNK_BYTES, each produced only when asked for.
 */
export function* paddedJson(body: Record<string, unknown>, bytes: number): Generator<Buffer> {
  const fields = JSON.stringify(body).slice(0, -1);
  const opening = Buffer.from(`${fields}${fields === '{' ? '' : ','}"${PADDING_FIELD}":"`);
  const closing = Buffer.from('"}');
  yield opening;
  const block = Buffer.alloc(PADDING_CHUNK_BYTES, 'x');
  let left = bytes - opening.length - closing.length;
  while (left > 0) {
    const length = Math.min(left, block.length);
    left -= length;
    yield block.subarray(0, length);
  }
  yield closing;
}
