// The project's own files, for the tests that read the code itself (the rooms, the V8 flag, the
// spans of time): paths relative to the project's root, with forward slashes on every OS.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every file below `dir` (relative to ROOT) whose name matches `names`: code, by default. */
export const sourceFiles = (dir: string, names = /\.(ts|mts|js|mjs)$/): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && names.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'));
