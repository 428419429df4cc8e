// The log benchmark's service, in its own process so it does not share a CPU budget or event loop
// with the process being measured: builds that print `lines` log lines each over `buildingMs`.
// Prints one JSON line, then serves until stdin closes.
import { startEmulator } from '../emulator/index.ts';

const PROJECT_ID = 'proj_bench_logs';
const LOG_INTERVAL_MS = 50;

const [lines = '100000', buildingMs = '5000'] = process.argv.slice(2);
const intervals = Math.floor(Number(buildingMs) / LOG_INTERVAL_MS);
const emulator = await startEmulator({
  queuedMs: 200,
  buildingMs: Number(buildingMs),
  logIntervalMs: LOG_INTERVAL_MS,
  // Timers drift, so a build sees somewhat fewer intervals than the division says: a margin
  // makes sure each build prints at least `lines`.
  logLinesPerInterval: Math.ceil(Number(lines) / (intervals * 0.9)),
  artifactSize: 64 * 1024,
  seedProjects: [
    {
      id: PROJECT_ID,
      name: 'Bench logs',
      url: 'https://app.example.com',
      platforms: ['mac', 'windows', 'linux'],
    },
  ],
});
const { baseUrl, apiKey } = emulator;
process.stdout.write(`${JSON.stringify({ baseUrl, apiKey, projectId: PROJECT_ID })}\n`);
process.stdin.resume();
process.stdin.on('close', () => void emulator.close());
