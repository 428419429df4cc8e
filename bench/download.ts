// Download benchmark: a 512 MiB artifact from the emulator (its own process), fetched by curl and
// by BuildServiceClient.downloadArtifact (a fresh process per run) on the same URL, in one run.
// Targets: our throughput ≥ 0.9 × curl's (medians of 3), and peak RSS of our process < 100 MiB.
// The client process runs bundled by ncc, as the action ships; Node's own TypeScript stripping
// would add ~17 MiB of RSS that no runner ever sees.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { BuildServiceClient } from '../src/api/client.ts';

const MIB = 1024 * 1024;
const SIZE = 512 * MIB;
const RUNS = 3;
const MIN_RATIO = 0.9;
const MAX_RSS = 100 * MIB;
const here = path.dirname(new URL(import.meta.url).pathname);

interface Run {
  seconds: number;
  size: number;
}

function output(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

async function startService() {
  const child = spawn(process.execPath, [path.join(here, 'download-emulator.ts'), String(SIZE)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const { value: line } = (await lines.next()) as { value: string | undefined };
  if (!line) throw new Error('the emulator process printed nothing');
  const info = JSON.parse(line) as { baseUrl: string; apiKey: string; projectId: string };
  return { ...info, stop: () => child.stdin.end() };
}

async function curlRun(url: string, file: string): Promise<Run> {
  const text = await output('curl', [
    '-sS',
    '-o',
    file,
    '-w',
    '%{time_total} %{size_download}',
    url,
  ]);
  const [seconds = NaN, size = NaN] = text.trim().split(' ').map(Number);
  return { seconds, size };
}

async function bundleClient(outDir: string): Promise<string> {
  const ncc = path.join(here, '..', 'node_modules', '.bin', 'ncc');
  await output(ncc, ['build', path.join(here, 'download-client.ts'), '-o', outDir, '-q', '-t']);
  return path.join(outDir, 'index.js');
}

async function clientRun(
  bundle: string,
  baseUrl: string,
  apiKey: string,
  buildId: string,
  directory: string,
) {
  const text = await output(process.execPath, [bundle, baseUrl, buildId, directory], {
    ...process.env,
    BENCH_API_KEY: apiKey,
  });
  return JSON.parse(text) as Run & { sha256: string; path: string; maxRssBytes: number };
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * MIB })) hash.update(chunk);
  return hash.digest('hex');
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const mibPerSecond = (run: Run) => run.size / MIB / run.seconds;

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-download-'));
const bundle = await bundleClient(path.join(work, 'client'));
const service = await startService();
const client = new BuildServiceClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
try {
  const { id } = await client.triggerBuild(service.projectId, { platform: 'linux' });
  let build = await client.getBuild(id);
  while (build.status !== 'success') {
    if (build.status === 'failed') throw new Error(`benchmark build ${id} failed`);
    await sleep(20);
    build = await client.getBuild(id);
  }
  const url = build.artifactUrl ?? '';
  if (!/^https?:\/\//.test(url)) throw new Error(`no absolute artifact URL: ${url}`);

  let curlSha256 = '';
  const curlRuns: Run[] = [];
  const ourRuns: Array<Awaited<ReturnType<typeof clientRun>>> = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate who goes first, so neither always meets a warmer page cache.
    const order = i % 2 === 0 ? ['curl', 'ours'] : ['ours', 'curl'];
    for (const who of order) {
      const dir = await mkdtemp(path.join(work, `${who}-`));
      if (who === 'curl') {
        const file = path.join(dir, 'artifact.bin');
        const run = await curlRun(url, file);
        if (i === 0) curlSha256 = await sha256File(file);
        curlRuns.push(run);
      } else {
        ourRuns.push(await clientRun(bundle, service.baseUrl, service.apiKey, id, dir));
      }
      await rm(dir, { recursive: true, force: true });
    }
  }
  report(curlRuns, ourRuns, curlSha256);
} finally {
  await client.close();
  service.stop();
  await rm(work, { recursive: true, force: true });
}

function report(
  curlRuns: Run[],
  ourRuns: Array<Run & { sha256: string; maxRssBytes: number }>,
  curlSha256: string,
) {
  for (const run of [...curlRuns, ...ourRuns]) {
    if (run.size !== SIZE) throw new Error(`a run received ${run.size} bytes, not ${SIZE}`);
  }
  const hashes = new Set(ourRuns.map((r) => r.sha256));
  if (hashes.size !== 1 || !hashes.has(curlSha256)) {
    throw new Error(`sha256 differs between runs or from curl's file (${curlSha256})`);
  }
  const curlSpeed = median(curlRuns.map(mibPerSecond));
  const ourSpeed = median(ourRuns.map(mibPerSecond));
  const ratio = ourSpeed / curlSpeed;
  const peakRss = Math.max(...ourRuns.map((r) => r.maxRssBytes));
  const ok = ratio >= MIN_RATIO && peakRss < MAX_RSS;
  const fmt = (n: number) => n.toFixed(0);
  const lines = [
    `| ${SIZE / MIB} MiB artifact, median of ${RUNS} | curl | BuildServiceClient |`,
    '|---|---:|---:|',
    `| throughput (MiB/s) | ${fmt(curlSpeed)} | ${fmt(ourSpeed)} |`,
    `| runs (MiB/s) | ${curlRuns.map((r) => fmt(mibPerSecond(r))).join(', ')} | ${ourRuns.map((r) => fmt(mibPerSecond(r))).join(', ')} |`,
    `| ratio to curl (target ≥ ${MIN_RATIO}) | 1.00 | ${ratio.toFixed(2)} |`,
    `| peak RSS of the downloading process (target < 100 MiB) | – | ${(peakRss / MIB).toFixed(1)} MiB |`,
    `| peak RSS per run (MiB) | – | ${ourRuns.map((r) => (r.maxRssBytes / MIB).toFixed(1)).join(', ')} |`,
  ];
  console.log(lines.join('\n'));
  console.log(`\nsha256 ${[...hashes][0]}`);
  console.log(ok ? '\nPASS' : '\nFAIL: a target was missed');
  process.exitCode = ok ? 0 : 1;
}
