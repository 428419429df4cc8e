// Hostile-answer benchmark: the bundled action (`node dist/index.js`, spawned as a runner spawns
// it) follows two builds while the service answers one Get Build with a 700 MB body (issue 19).
// Checks that the step ends with a clear error naming the endpoint for that one build, that the
// other build is still downloaded, and reads the action's peak RSS (VmHWM of the process itself,
// at exit). Target: peak RSS < 256 MiB.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startAction } from '../test-kit/run-action.ts';
import { startServiceProcess } from './service-process.ts';
import { requireBundle, verdict } from './harness.ts';

const ANSWER_BYTES = Number(process.env.ANSWER_BYTES ?? 700_000_000);
const RUNS = Number(process.env.RUNS ?? 3);
const MAX_RSS = 256 * 1024 * 1024;
const MIB = 1024 * 1024;
const here = path.dirname(new URL(import.meta.url).pathname);

interface Figures {
  wallSeconds: number;
  peakRss: number;
  error: string;
}

async function measure(work: string): Promise<Figures> {
  const service = await startServiceProcess('hostile-emulator.ts', [String(ANSWER_BYTES), '1']);
  const rssFile = path.join(work, `rss-${Date.now()}`);
  try {
    const spawned = performance.now();
    const run = await startAction({
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.baseUrl,
        'project-id': service.projectId,
        platforms: 'mac, linux',
        version: '1.0.0',
        'poll-interval': '0.2',
        'upload-artifacts': 'false',
        release: 'false',
      },
      env: {
        NODE_OPTIONS: `--import=${path.join(here, 'peak-rss.mjs')}`,
        BENCH_PEAK_RSS_FILE: rssFile,
      },
      timeoutMs: 120_000,
    }).result;
    const wallSeconds = (performance.now() - spawned) / 1000;
    const builds = JSON.parse(run.outputs.builds ?? '[]') as { sha256?: string; error?: string }[];
    const lost = builds.filter((build) => build.error !== undefined);
    const delivered = builds.filter((build) => build.sha256 !== undefined);
    if (run.code !== 1 || lost.length !== 1 || delivered.length !== 1) {
      throw new Error(
        `expected one build lost and one delivered (exit 1), got exit ${run.code}:\n` +
          `${run.stdout.slice(-3000)}\n${run.stderr}`,
      );
    }
    await rm(run.workspace, { recursive: true, force: true });
    return { wallSeconds, peakRss: Number(readFileSync(rssFile, 'utf8')), error: lost[0]!.error! };
  } finally {
    service.stop();
  }
}

requireBundle();
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-hostile-'));
const results: Figures[] = [];
try {
  for (let i = 0; i < RUNS; i++) results.push(await measure(work));
} finally {
  await rm(work, { recursive: true, force: true });
}

const peak = Math.max(...results.map((r) => r.peakRss));
const ok = peak < MAX_RSS;
console.log(
  [
    `| run | Get Build answer | action wall (s) | peak RSS of the action | the lost build's error |`,
    '|---|---:|---:|---:|---|',
    ...results.map(
      (r, i) =>
        `| ${i + 1} | ${(ANSWER_BYTES / 1e6).toFixed(0)} MB | ${r.wallSeconds.toFixed(2)} | ` +
        `${(r.peakRss / MIB).toFixed(1)} MiB | ${r.error.replace(/\|/g, '\\|')} |`,
    ),
  ].join('\n'),
);
console.log(
  `\nTarget: peak RSS < ${MAX_RSS / MIB} MiB (max of ${RUNS} runs: ${(peak / MIB).toFixed(1)} MiB).`,
);
verdict(ok);
