// The two hash writers on real files: inline on the main thread, and on the hashing thread started
// from src/service/hashing/thread-main.ts (the bundled thread is checked in dist.itg.test.ts).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashWorkerUrl, ThreadHashWriter } from '../../src/service/hashing/thread-writer.ts';
import { InlineHashWriter, type HashWriter } from '../../src/service/hashing/writer.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Place = 'inline' | 'thread';

async function openWriter(place: Place, file: FileHandle): Promise<HashWriter> {
  const writer = place === 'thread' ? new ThreadHashWriter(file.fd) : new InlineHashWriter(file);
  cleanups.push(
    () => file.close(),
    () => writer.close(),
  );
  return writer;
}

async function tempFile(): Promise<{ file: FileHandle; filePath: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dba-hash-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const filePath = path.join(dir, 'app.part');
  return { file: await open(filePath, 'w'), filePath };
}

/** A batch as the part file makes one: a Buffer over memory of its own, which can move threads. */
function batchOf(data: Buffer): Buffer {
  const batch = Buffer.from(new ArrayBuffer(data.length));
  data.copy(batch);
  return batch;
}

const sha256 = (...parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

describe('hashWorkerUrl', () => {
  it('is the source module beside a source file, and the worker bundle beside a bundle', () => {
    expect(hashWorkerUrl('file:///repo/src/service/hashing/thread-writer.ts').href).toBe(
      'file:///repo/src/service/hashing/thread-main.ts',
    );
    expect(hashWorkerUrl('file:///action/dist/index.js').href).toBe(
      'file:///action/dist/hash-worker/index.js',
    );
    expect(hashWorkerUrl('file:///action/dist/135.index.js').href).toBe(
      'file:///action/dist/hash-worker/index.js',
    );
    expect(hashWorkerUrl('file:///action/dist/project/index.js').href).toBe(
      'file:///action/dist/project/hash-worker/index.js',
    );
  });
});

describe.each<Place>(['inline', 'thread'])('the hash writer, %s', (place) => {
  it('writes each batch at its offset and hashes the batches in the order given', async () => {
    const { file, filePath } = await tempFile();
    const writer = await openWriter(place, file);
    const [first, second] = [randomBytes(200_000), randomBytes(70_001)];
    // Only the first `length` bytes of a batch count.
    const padded = batchOf(Buffer.concat([first, randomBytes(99)]));
    await Promise.all([
      writer.write(padded, first.length, 0),
      writer.write(batchOf(second), second.length, first.length),
    ]);
    expect(await writer.digest()).toBe(sha256(first, second));
    expect((await readFile(filePath)).equals(Buffer.concat([first, second]))).toBe(true);
  });

  it('hands each batch back to be filled again', async () => {
    const { file, filePath } = await tempFile();
    const writer = await openWriter(place, file);
    const data = randomBytes(4096);
    const back = await writer.write(batchOf(data), data.length, 0);
    expect(back.length).toBe(data.length);
    const sevens = back.fill(7);
    await writer.write(sevens, sevens.length, data.length);
    expect(await writer.digest()).toBe(sha256(data, Buffer.alloc(4096, 7)));
    expect((await readFile(filePath)).equals(Buffer.concat([data, Buffer.alloc(4096, 7)]))).toBe(
      true,
    );
  });

  it('starts the hash again from zero on reset', async () => {
    const { file } = await tempFile();
    const writer = await openWriter(place, file);
    await writer.write(batchOf(randomBytes(1000)), 1000, 0);
    writer.reset();
    const data = randomBytes(5000);
    await writer.write(batchOf(data), data.length, 0);
    expect(await writer.digest()).toBe(sha256(data));
  });

  // /dev/full answers every write with ENOSPC, as a full disk does.
  it.skipIf(process.platform !== 'linux')(
    'rejects a failed write with the system code, and every later call too',
    async () => {
      const writer = await openWriter(place, await open('/dev/full', 'w'));
      const written = writer.write(batchOf(randomBytes(1000)), 1000, 0);
      await expect(written).rejects.toMatchObject({
        code: 'ENOSPC',
        message: expect.stringMatching(/no space/i),
      });
      if (place === 'thread') {
        await expect(writer.write(batchOf(randomBytes(10)), 10, 0)).rejects.toMatchObject({
          code: 'ENOSPC',
        });
        await expect(writer.digest()).rejects.toMatchObject({ code: 'ENOSPC' });
      }
    },
  );
});

describe('the hash writer on its thread', () => {
  it('moves a batch to the thread and back instead of copying it', async () => {
    const { file } = await tempFile();
    const writer = await openWriter('thread', file);
    const batch = batchOf(randomBytes(64 * 1024));
    const written = writer.write(batch, batch.length, 0);
    expect(batch.buffer.byteLength).toBe(0);
    expect((await written).buffer.byteLength).toBe(64 * 1024);
  });
});
