// The body's first bytes, read before the part file is ready: kept when the stream is destroyed,
// the body's own buffers (no copy), and no more than the limit before the body waits.
import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { holdEarlyBytes } from '../../src/service/early-bytes.ts';

const chunksOf = (count: number, size: number): Buffer[] =>
  Array.from({ length: count }, (_, i) => Buffer.alloc(size, i));

describe('holdEarlyBytes', () => {
  it('keeps what came before the stream was destroyed, as the same buffers, in order', async () => {
    const body = new Readable({ read() {} });
    body.on('error', () => {});
    const early = holdEarlyBytes(body, 1024);
    const sent = chunksOf(3, 100);
    for (const chunk of sent) body.push(chunk);
    await turn();
    body.destroy(new Error('other side closed'));
    await turn();
    const held = early();
    expect(held).toHaveLength(3);
    held.forEach((chunk, i) => expect(chunk).toBe(sent[i]));
  });

  it('stops reading at the limit: the rest waits in the body, which stays paused', async () => {
    const body = new Readable({ read() {} });
    const early = holdEarlyBytes(body, 1000);
    for (const chunk of chunksOf(5, 400)) body.push(chunk);
    await turn();
    expect(body.isPaused()).toBe(true);
    expect(body.readableLength).toBe(2 * 400);
    const held = early();
    expect(held.map((chunk) => chunk.length)).toEqual([400, 400, 400]);
    expect(early()).toEqual([]);
    // Released, the body is the next reader's, still paused: nothing more is taken.
    await turn();
    expect(body.isPaused()).toBe(true);
    expect(body.readableLength).toBe(2 * 400);
  });
});
