// The `.part` file on real files, with both hash places: on the main thread and on a worker thread.
import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdtemp, open, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hashPlaceFor,
  PartFile,
  THREAD_FROM_BYTES,
  type HashPlace,
} from '../../src/service/part-file.ts';

const MIB = 1024 * 1024;
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dba-part-'));
  dirs.push(dir);
  return dir;
}

/** Feeds `data` in TLS-record-like pieces of varying length, pausing when told to. */
async function feed(part: PartFile, data: Buffer): Promise<number> {
  let pauses = 0;
  for (let offset = 0, i = 0; offset < data.length; i++) {
    const length = [16_384, 16_384, 1, 65_536, 12_345][i % 5]!;
    if (!part.accept(data.subarray(offset, offset + length))) {
      pauses++;
      await part.drained();
    }
    offset += length;
  }
  return pauses;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('hashPlaceFor', () => {
  it('hashes large downloads on a thread and small or unannounced ones inline', () => {
    expect(hashPlaceFor(undefined)).toBe('inline');
    expect(hashPlaceFor(0)).toBe('inline');
    expect(hashPlaceFor(THREAD_FROM_BYTES - 1)).toBe('inline');
    expect(hashPlaceFor(THREAD_FROM_BYTES)).toBe('thread');
    expect(hashPlaceFor(2 * 1024 * MIB)).toBe('thread');
  });
});

describe.each<HashPlace>(['inline', 'thread'])('PartFile, hashed %s', (place) => {
  it('writes every byte in order and returns their sha256', async () => {
    const data = randomBytes(9 * MIB + 777);
    const file = path.join(await tempDir(), 'app.dmg.part');
    const part = await PartFile.create(file, place);
    await feed(part, data);
    expect(part.received).toBe(data.length);
    expect(await part.finish()).toBe(sha256(data));
    expect((await readFile(file)).equals(data)).toBe(true);
  });

  it('starts the file and the hash again from zero on restart', async () => {
    const first = randomBytes(3 * MIB + 5);
    const data = randomBytes(2 * MIB + 11);
    const file = path.join(await tempDir(), 'app.dmg.part');
    const part = await PartFile.create(file, place);
    await feed(part, first);
    await part.restart();
    expect(part.received).toBe(0);
    await feed(part, data);
    expect(await part.finish()).toBe(sha256(data));
    expect((await readFile(file)).equals(data)).toBe(true);
  });

  it('holds the sender back while every batch is busy, then takes the rest', async () => {
    const data = randomBytes(24 * MIB);
    const part = await PartFile.create(path.join(await tempDir(), 'big.part'), place);
    let pauses = 0;
    // One large chunk fills every batch at once: the rest waits in the backlog.
    if (!part.accept(data.subarray(0, 8 * MIB))) {
      pauses++;
      await part.drained();
    }
    pauses += await feed(part, data.subarray(8 * MIB));
    expect(pauses).toBeGreaterThan(0);
    expect(await part.finish()).toBe(sha256(data));
  });

  // /dev/full answers every write with ENOSPC, as a full disk does (Linux only). create() no
  // longer writes through a link planted at the path, so the test opens the device itself.
  it.skipIf(process.platform !== 'linux')(
    'reports a full disk with the system words, and discard removes the file',
    async () => {
      const dir = await tempDir();
      const file = path.join(dir, 'app.dmg.part');
      const part = PartFile.over(await open('/dev/full', 'w'), file, place);
      const error = await feed(part, randomBytes(6 * MIB))
        .then(() => part.flushed())
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'ENOSPC', message: expect.stringMatching(/no space/i) });
      expect(() => part.accept(Buffer.alloc(1))).toThrow(/no space/i);
      await part.discard();
      expect(await readdir(dir)).toEqual([]);
    },
  );
});

describe('PartFile.create, over what is already at the path', () => {
  it('replaces a symlink planted at the path and leaves the file it points to untouched', async () => {
    const outside = path.join(await tempDir(), 'victim.txt');
    await writeFile(outside, 'do not overwrite');
    const dir = await tempDir();
    const file = path.join(dir, 'app.dmg.part');
    await symlink(outside, file);
    const data = randomBytes(2 * MIB + 9);
    const part = await PartFile.create(file, 'inline');
    await feed(part, data);
    expect(await part.finish()).toBe(sha256(data));
    expect(await readFile(outside, 'utf8')).toBe('do not overwrite');
    expect((await lstat(file)).isFile()).toBe(true);
    expect((await readFile(file)).equals(data)).toBe(true);
  });

  it('starts a leftover part file from empty', async () => {
    const file = path.join(await tempDir(), 'app.dmg.part');
    await writeFile(file, randomBytes(3 * MIB));
    const data = randomBytes(1000);
    const part = await PartFile.create(file, 'inline');
    await feed(part, data);
    expect(await part.finish()).toBe(sha256(data));
    expect((await readFile(file)).equals(data)).toBe(true);
  });
});

describe('PartFile, several hashed on the shared thread at once', () => {
  it.skipIf(process.platform !== 'linux')(
    'keeps each file to its own bytes and hash, and one full disk fails only its own file',
    async () => {
      const dir = await tempDir();
      const datas = [randomBytes(7 * MIB + 1), randomBytes(5 * MIB + 3)];
      const parts = await Promise.all([
        PartFile.create(path.join(dir, 'a.part'), 'thread'),
        PartFile.create(path.join(dir, 'b.part'), 'thread'),
        PartFile.over(await open('/dev/full', 'w'), path.join(dir, 'full.part'), 'thread'),
      ]);
      const [a, b, full] = parts as [PartFile, PartFile, PartFile];
      const failed = feed(full, randomBytes(6 * MIB))
        .then(() => full.flushed())
        .catch((e: unknown) => e);
      const [shaA, shaB] = await Promise.all([
        feed(a, datas[0]!).then(() => a.finish()),
        feed(b, datas[1]!).then(() => b.finish()),
      ]);
      expect(await failed).toMatchObject({ code: 'ENOSPC' });
      await full.discard();
      expect([shaA, shaB]).toEqual(datas.map(sha256));
      expect((await readFile(path.join(dir, 'a.part'))).equals(datas[0]!)).toBe(true);
      expect((await readFile(path.join(dir, 'b.part'))).equals(datas[1]!)).toBe(true);
      expect((await readdir(dir)).sort()).toEqual(['a.part', 'b.part']);
    },
  );
});
