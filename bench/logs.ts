// Log benchmark: the bundled action (`node dist/index.js`, spawned as a runner spawns it) follows
// 6 builds (mac, windows, linux × x64, arm64) that print about 100,000 log lines each, served by
// the emulator in its own process. Checks that every line of every build is printed exactly once,
// in order, inside that build's own group, and reads the action's peak RSS (VmHWM of the process
// itself, at exit). Target (issue 9): peak RSS < 128 MiB.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BuildServiceClient } from '../src/service/client.ts';
import { startAction } from '../test-kit/run-action.ts';
import { startServiceProcess } from './service-process.ts';
import { requireBundle, verdict } from './harness.ts';

const LINES_PER_BUILD = Number(process.env.LINES ?? 100_000);
const BUILDING_MS = 5_000;
const RUNS = Number(process.env.RUNS ?? 3);
const MAX_RSS = 128 * 1024 * 1024;
const here = path.dirname(new URL(import.meta.url).pathname);

const startService = () =>
  startServiceProcess('logs-emulator.ts', [String(LINES_PER_BUILD), String(BUILDING_MS)]);

/** Each group's body, as the runner folds it: the lines between `::group::` and `::endgroup::`. */
function groupsOf(stdout: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of stdout.split(/\r?\n/)) {
    const open = /^::group::(.*)$/.exec(line);
    if (open) {
      if (found.has(open[1]!)) throw new Error(`the group ${open[1]} was printed twice`);
      current = [];
      found.set(open[1]!, current);
    } else if (line === '::endgroup::') current = null;
    else if (current) current.push(line);
  }
  return found;
}

interface Figures {
  wallSeconds: number;
  peakRss: number;
  printedLines: number;
}

async function measure(
  service: Awaited<ReturnType<typeof startService>>,
  work: string,
): Promise<Figures> {
  const rssFile = path.join(work, `rss-${Date.now()}`);
  const spawned = performance.now();
  const run = await startAction({
    inputs: {
      'api-key': service.apiKey,
      'base-url': service.baseUrl,
      'project-id': service.projectId,
      platforms: 'mac, windows, linux',
      arches: 'x64, arm64',
      version: '1.0.0',
      'poll-interval': '0.5',
      'upload-artifacts': 'false',
      release: 'false',
    },
    env: {
      NODE_OPTIONS: `--import=${path.join(here, 'peak-rss.mjs')} ${process.env.EXTRA_NODE_OPTIONS ?? ''}`,
      BENCH_PEAK_RSS_FILE: rssFile,
    },
    timeoutMs: 300_000,
  }).result;
  const wallSeconds = (performance.now() - spawned) / 1000;
  if (run.code !== 0)
    throw new Error(`the action failed:\n${run.stdout.slice(-4000)}\n${run.stderr}`);
  const builds = JSON.parse(run.outputs.builds ?? '[]') as {
    id: string;
    platform: string;
    arch: string;
  }[];
  const groups = groupsOf(run.stdout);
  const client = new BuildServiceClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
  let printedLines = 0;
  try {
    for (const build of builds) {
      const body = groups.get(`${build.platform}/${build.arch} · success`);
      if (!body) throw new Error(`no log group for ${build.platform}/${build.arch}`);
      // Between ::stop-commands::<token> and ::<token>::, each line `HH:MM:SS level message`.
      const printed = body.slice(1, -1).map((line) => line.replace(/^\S+ \S+\s+/, ''));
      const { logs } = await client.getBuildLogs(build.id);
      if (logs.length < LINES_PER_BUILD)
        throw new Error(`${build.id} logged only ${logs.length} lines`);
      const expected = logs.map((entry) => entry.message);
      const firstDifference = expected.findIndex((message, i) => printed[i] !== message);
      if (printed.length !== expected.length || firstDifference !== -1) {
        throw new Error(
          `${build.id}: printed ${printed.length} lines, the service has ${expected.length}; ` +
            `first difference at line ${firstDifference}`,
        );
      }
      printedLines += printed.length;
    }
  } finally {
    await client.close();
    await rm(run.workspace, { recursive: true, force: true });
  }
  if (builds.length !== 6)
    throw new Error(`expected 6 builds, the action reported ${builds.length}`);
  return { wallSeconds, peakRss: Number(readFileSync(rssFile, 'utf8')), printedLines };
}

requireBundle();
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-logs-'));
const results: Figures[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    // A fresh service each run, so every run follows builds that print their whole log anew.
    const service = await startService();
    try {
      results.push(await measure(service, work));
    } finally {
      service.stop();
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const MIB = 1024 * 1024;
const peak = Math.max(...results.map((r) => r.peakRss));
const ok = peak < MAX_RSS;
console.log(
  [
    `| run | log lines printed (6 builds) | each once, in order, in its group | action wall (s) | peak RSS of the action |`,
    '|---|---:|---|---:|---:|',
    ...results.map(
      (r, i) =>
        `| ${i + 1} | ${r.printedLines} | yes | ${r.wallSeconds.toFixed(2)} | ${(r.peakRss / MIB).toFixed(1)} MiB |`,
    ),
  ].join('\n'),
);
console.log(
  `\nTarget: peak RSS < ${MAX_RSS / MIB} MiB (max of ${RUNS} runs: ${(peak / MIB).toFixed(1)} MiB).`,
);
verdict(ok);
