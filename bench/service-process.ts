// Starts a bench's service (an emulator script of bench/) in its own process, so it shares neither
// a CPU budget nor an event loop with the process measured. The script prints one JSON line with
// where it serves, then serves until its stdin closes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface ServiceProcess {
  baseUrl: string;
  apiKey: string;
  projectId: string;
  stop(): void;
}

export async function startServiceProcess(script: string, args: string[]): Promise<ServiceProcess> {
  const file = path.join(import.meta.dirname, script);
  const child = spawn(process.execPath, [file, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const { value: line } = (await lines.next()) as { value: string | undefined };
  if (!line) throw new Error(`${script} printed nothing`);
  const info = JSON.parse(line) as Omit<ServiceProcess, 'stop'>;
  return { ...info, stop: () => child.stdin.end() };
}
