// `npm test`: the suite, and beside it the type check, lint and format check at a lower priority,
// so they take the CPU the suite leaves while its files wait on timers, sockets and the action's
// own process. The suite prints as it runs; each check prints its output when it ends. Fails when
// any of them fails. Arguments go to vitest.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const bin = (file: string) => path.resolve(import.meta.dirname, '../node_modules', file);
const CHECKS: ReadonlyArray<readonly [name: string, script: string, args: string[]]> = [
  ['typecheck', bin('typescript/bin/tsc'), ['--noEmit']],
  ['lint', bin('eslint/bin/eslint.js'), ['--max-warnings=0', '.']],
  ['format', bin('prettier/bin/prettier.cjs'), ['--check', '--log-level=warn', '.']],
];
const BELOW_NORMAL = 10;

/** Resolves with the exit code of `child` (1 when a signal ended it or it could not start). */
const exitCode = (child: ChildProcess): Promise<number> =>
  new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });

async function check(name: string, script: string, args: string[]): Promise<number> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) os.setPriority(child.pid, BELOW_NORMAL);
  const output: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk));
  const code = await exitCode(child);
  const text = Buffer.concat(output).toString('utf8').trimEnd();
  const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
  console.log(`\n${name} (${path.basename(script)} ${args.join(' ')}): ${verdict}\n${text}`);
  return code;
}

const suite = spawn(process.execPath, [bin('vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const codes = await Promise.all([
  exitCode(suite),
  ...CHECKS.map(([name, script, args]) => check(name, script, args)),
]);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
