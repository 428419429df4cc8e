// The publish benchmark's build service, in its own process so it shares neither a CPU budget nor
// an event loop with the action measured: mac, windows and linux builds whose installers are
// `size` bytes each, building for `building-ms` (the CLI's `--building-ms` form: `50`, or a default
// plus per-target times such as `50,linux=290,windows=3990,mac=8990`, so builds end staggered).
// Each build's `completedAt` (Get Build) is when it was done. Prints one JSON line, then serves
// until stdin closes.
import { parseBuildingMs } from '../emulator/cli-args.ts';
import { startEmulator } from '../emulator/index.ts';

const PROJECT_ID = 'proj_bench_publish';

const [size = '0', buildingMs = '50'] = process.argv.slice(2);
const emulator = await startEmulator({
  artifactSize: Number(size),
  queuedMs: 10,
  buildingMs: parseBuildingMs(buildingMs, 50),
  seedProjects: [
    {
      id: PROJECT_ID,
      name: 'Bench publish',
      url: 'https://app.example.com',
      platforms: ['mac', 'windows', 'linux'],
    },
  ],
});
const { baseUrl, apiKey } = emulator;
process.stdout.write(`${JSON.stringify({ baseUrl, apiKey, projectId: PROJECT_ID })}\n`);
process.stdin.resume();
process.stdin.on('close', () => void emulator.close());
