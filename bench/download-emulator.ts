// The benchmark's service, in its own process so it does not share a CPU budget or event loop
// with the process being measured. With a certificate (PEM paths in argv) both origins serve
// https. Prints one JSON line, then serves until stdin closes.
import { readFileSync } from 'node:fs';
import { startEmulator } from '../emulator/index.ts';

const PROJECT_ID = 'proj_bench';

const [size = '0', certFile, keyFile] = process.argv.slice(2);
const emulator = await startEmulator({
  artifactSize: Number(size),
  queuedMs: 10,
  buildingMs: 50,
  ...(certFile && keyFile && { tls: { cert: readFileSync(certFile), key: readFileSync(keyFile) } }),
  seedProjects: [
    { id: PROJECT_ID, name: 'Bench', url: 'https://bench.example.com', platforms: ['linux'] },
  ],
});
const { baseUrl, apiKey } = emulator;
process.stdout.write(`${JSON.stringify({ baseUrl, apiKey, projectId: PROJECT_ID })}\n`);
process.stdin.resume();
process.stdin.on('close', () => void emulator.close());
