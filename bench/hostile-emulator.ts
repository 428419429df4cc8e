// The hostile-answer benchmark's service, in its own process so the memory it uses to answer is
// never counted as the action's: the next Get Build answers are padded to `bytes` (streamed).
// Prints one JSON line, then serves until stdin closes.
import { startEmulator } from '../emulator/index.ts';

const PROJECT_ID = 'proj_bench_hostile';

const [bytes = '700000000', count = '1'] = process.argv.slice(2);
const emulator = await startEmulator({
  queuedMs: 50,
  buildingMs: 400,
  artifactSize: 64 * 1024,
  seedProjects: [
    {
      id: PROJECT_ID,
      name: 'Bench hostile',
      url: 'https://app.example.com',
      platforms: ['mac', 'linux'],
    },
  ],
});
emulator.faults.oversizedAnswers = { count: Number(count), bytes: Number(bytes) };
const { baseUrl, apiKey } = emulator;
process.stdout.write(`${JSON.stringify({ baseUrl, apiKey, projectId: PROJECT_ID })}\n`);
process.stdin.resume();
process.stdin.on('close', () => void emulator.close());
