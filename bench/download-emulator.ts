// The benchmark's service, in its own process so it does not share a CPU budget or event loop
// with the client being measured. Prints one JSON line, then serves until stdin closes.
import { startEmulator } from '../src/emulator/index.ts';

const PROJECT_ID = 'proj_bench';

const artifactSize = Number(process.argv[2]);
const emulator = await startEmulator({
  artifactSize,
  queuedMs: 10,
  buildingMs: 50,
  seedProjects: [
    {
      id: PROJECT_ID,
      name: 'Bench',
      url: 'https://bench.example.com',
      platforms: ['linux'],
    },
  ],
});
const { baseUrl, apiKey } = emulator;
process.stdout.write(`${JSON.stringify({ baseUrl, apiKey, projectId: PROJECT_ID })}\n`);
process.stdin.resume();
process.stdin.on('close', () => void emulator.close());
