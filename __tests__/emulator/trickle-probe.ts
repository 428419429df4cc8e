// Run by hostile-faults.test.ts in a process of its own, where the only timers are the emulator's
// (a test runner keeps timers of its own): trickles a build's logs, leaves, trickles again, closes
// the emulator, and prints what it saw as one JSON line. It must then exit by itself. On the real
// clock on purpose: what it shows is that the process's own timers stop.
import { request, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEmulator, type Emulator } from '../../emulator/index.ts';

const BYTE_INTERVAL_MS = 30;

function get(emulator: Emulator, path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(`${emulator.baseUrl}${path}`, {
      headers: { Authorization: `Bearer ${emulator.apiKey}` },
      agent: false,
    });
    req.on('response', resolve).on('error', reject).end();
  });
}

function post(emulator: Emulator, path: string, body: unknown): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(`${emulator.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emulator.apiKey}`, 'Content-Type': 'application/json' },
      agent: false,
    });
    req.on('response', resolve).on('error', reject).end(JSON.stringify(body));
  });
}

async function json(response: IncomingMessage): Promise<Record<string, string>> {
  const parts: Buffer[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) parts.push(chunk);
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

/** Polls until no timer is left (or gives up), answering how many there are. */
async function timersOnceSettled(): Promise<number> {
  // real time: a process of its own on the real clock, on purpose (see the top)
  for (let tries = 0; tries < 50 && timers() > 0; tries += 1) await sleep(10);
  return timers();
}

/** Reads `count` data events, noting their sizes, when each came and the timers then; then leaves. */
async function firstChunks(response: IncomingMessage, count: number) {
  const chunks: Array<{ size: number; at: number; timers: number }> = [];
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push({ size: chunk.length, at: performance.now(), timers: timers() });
    if (chunks.length === count) break;
  }
  return chunks;
}

const emulator = await startEmulator({ queuedMs: 10, buildingMs: 60, logIntervalMs: 10 });
const project = await json(
  await post(emulator, '/projects', {
    name: 'Probe',
    url: 'https://app.example.com',
    platforms: ['mac'],
  }),
);
const build = await json(
  await post(emulator, `/projects/${project.id}/builds`, { platform: 'mac' }),
);
while ((await json(await get(emulator, `/builds/${build.id}`))).status !== 'success')
  // real time: a process of its own on the real clock, on purpose (see the top)
  await sleep(10);
emulator.faults.trickleLogs = { rules: [{ platform: 'mac' }], byteIntervalMs: BYTE_INTERVAL_MS };
const timersIdle = await timersOnceSettled();

const sentAt = performance.now();
const left = await get(emulator, `/builds/${build.id}/logs`);
const chunks = await firstChunks(left, 4);
const timersAfterLeaving = await timersOnceSettled();

const cut = await get(emulator, `/builds/${build.id}/logs`);
const cutClosed = new Promise((resolve) => cut.on('close', resolve));
cut.on('error', () => {});
await once(cut, 'data');
cut.resume();
const timersBeforeClose = timers();
await emulator.close();
await cutClosed;

console.log(
  JSON.stringify({
    byteIntervalMs: BYTE_INTERVAL_MS,
    contentLength: Number(left.headers['content-length']),
    chunkSizes: chunks.map((c) => c.size),
    sentToFourthMs: chunks[3]!.at - sentAt,
    timersIdle,
    timersWhileTrickling: chunks.map((c) => c.timers),
    timersAfterLeaving,
    timersBeforeClose,
    timersAfterClose: timers(),
  }),
);
