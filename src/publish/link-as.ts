// A file under another name without copying it when the system allows: a symlink, else a hard
// link, else a copy. Windows runners refuse symlinks without the SeCreateSymbolicLink privilege
// (EPERM), and hard links cannot cross volumes (EXDEV); a copy always works.
import { copyFile, link, symlink } from 'node:fs/promises';

export interface LinkOps {
  symlink(target: string, path: string): Promise<void>;
  link(target: string, path: string): Promise<void>;
  copyFile(source: string, destination: string): Promise<void>;
}

const systemOps: LinkOps = {
  symlink: (target, linkPath) => symlink(target, linkPath),
  link,
  copyFile,
};

const REFUSALS = new Set(['EPERM', 'EACCES', 'ENOTSUP', 'ENOSYS', 'EXDEV', 'EINVAL', 'EMLINK']);

const refused = (error: unknown): boolean => REFUSALS.has((error as { code?: string }).code ?? '');

/** Makes `path` show the bytes of `target`; returns how it did it. */
export async function linkAs(
  target: string,
  path: string,
  ops: LinkOps = systemOps,
): Promise<'symlink' | 'hard link' | 'copy'> {
  try {
    await ops.symlink(target, path);
    return 'symlink';
  } catch (error) {
    if (!refused(error)) throw error;
  }
  try {
    await ops.link(target, path);
    return 'hard link';
  } catch (error) {
    if (!refused(error)) throw error;
  }
  await ops.copyFile(target, path);
  return 'copy';
}
