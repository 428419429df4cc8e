// Small installer files on disk for the publishing tests.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { Arch, Platform } from '../../src/service/schemas.ts';
import type { Installer } from '../../src/publish/types.ts';

export const sha256 = (data: Buffer | string): string =>
  createHash('sha256').update(data).digest('hex');

/** A fresh directory, removed when the test that made it (in it or its beforeEach) finishes. */
export const tempDir = async (prefix: string): Promise<string> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

export const writeInstaller = async (
  dir: string,
  fileName: string,
  platform: Platform,
  arch: Arch,
  content: Buffer | string = `${fileName} ${Math.random()}`,
  version = '1.4.2',
): Promise<Installer> => {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const filePath = path.join(dir, fileName);
  await writeFile(filePath, bytes);
  return {
    buildId: `bld_${platform}_${arch}_${fileName.length}`,
    platform,
    arch,
    version,
    path: filePath,
    fileName,
    size: bytes.length,
    sha256: sha256(bytes),
  };
};
