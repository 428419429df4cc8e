// Reads the repository's project configuration file, and only when it is what it says: a regular
// file inside the workspace once every symbolic link is resolved (a pull request can add a link to
// /proc/self/environ or ~/.npmrc), whose real name ends in .json, .yaml or .yml (the target's, not
// the link's), of at most MAX_CONFIG_BYTES (a configuration is a few lines; the bound keeps a huge
// file from the parser and from any message), and UTF-8 text.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { commandText, quotedText } from '../text/escape.ts';
import { isInWorkspace, resolveLinks } from '../runner/paths.ts';
import { ConfigFileReadError } from './errors.ts';

export type Format = 'json' | 'yaml';

export const MAX_CONFIG_BYTES = 64 * 1024;

const FORMATS: Readonly<Record<string, Format>> = {
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

export interface ConfigText {
  text: string;
  format: Format;
}

const shown = (file: string): string => quotedText(commandText(file, 200));

const inWorkspace = (workspace: string, real: string): boolean => {
  try {
    return isInWorkspace(workspace, real);
  } catch {
    // No workspace to resolve: nothing is inside it.
    return false;
  }
};

/** The text and format of `configFile` (relative to `workspace` unless absolute). */
export async function readConfigFile(configFile: string, workspace: string): Promise<ConfigText> {
  const fail = (reason: string) => new ConfigFileReadError(configFile, reason);
  const real = resolveLinks(path.resolve(workspace, configFile));
  if (real === undefined) {
    throw fail('a symbolic link on the way leads to nothing; give a file of the repository');
  }
  if (!inWorkspace(workspace, real)) {
    throw fail(
      `it resolves to ${shown(real)}, which is not inside the workspace (${shown(workspace)}); ` +
        'give a file of the repository, with no symbolic link on the way that leads out of it',
    );
  }
  const format = FORMATS[path.extname(real).toLowerCase()];
  if (!format) {
    const linked = real !== path.resolve(workspace, configFile);
    throw fail(
      `${linked ? `it leads to ${shown(real)}: name that file` : 'name it'} *.json, *.yaml or *.yml so its format is known`,
    );
  }
  let handle: FileHandle;
  try {
    // Non-blocking: opening a FIFO would otherwise wait for a writer.
    handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw fail(
      code === 'ENOENT'
        ? `no such file in ${shown(workspace)} (check the path, and that the repository is checked out)`
        : `it cannot be opened (${code ?? 'unknown error'})`,
    );
  }
  try {
    return { text: await readBounded(handle, fail), format };
  } finally {
    await handle.close();
  }
}

async function readBounded(
  handle: FileHandle,
  fail: (reason: string) => ConfigFileReadError,
): Promise<string> {
  if (!(await handle.stat()).isFile()) throw fail('it is not a regular file');
  const tooLarge = `it is larger than ${MAX_CONFIG_BYTES / 1024} KiB; a project configuration is a few lines`;
  // One byte more than allowed tells a file at the bound from a larger one, whatever stat said.
  const buffer = Buffer.alloc(MAX_CONFIG_BYTES + 1);
  let length = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
    if (length > MAX_CONFIG_BYTES) throw fail(tooLarge);
  }
  try {
    // Strips a byte order mark (editors on Windows write one); refuses bytes that are not UTF-8.
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, length));
  } catch {
    throw fail('it is not UTF-8 text');
  }
}
