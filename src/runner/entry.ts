// Whether a module is the process's entry: `node dist/index.js`, as the runner starts an action.
// Importing the bundle (a local runner, a test, a tool that inspects it) must not start a build.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const real = (file: string): string => {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
};

export function isEntry(moduleUrl: string, argv1 = process.argv[1]): boolean {
  return argv1 !== undefined && real(fileURLToPath(moduleUrl)) === real(argv1);
}
