// `node bench/action.ts` (Node 24, after `npm run bundle`): the bundled action against the
// emulator, spawned as a runner spawns it. 6 concurrent builds of 3 s with a 0.5 s poll interval.
// Targets (issue 3): wall time < 3 s + 2 intervals + 1 s; at most 2 requests per build per
// interval; process start → first API request < 250 ms. Prints a Markdown table; exits 1 on a miss.
import { startEmulator } from '../emulator/index.ts';
import { startAction } from '../test-kit/run-action.ts';
import { requireBundle } from './harness.ts';

const RUNS = 3;
const BUILDS = 6;
const BUILD_MS = 3_000;
const QUEUED_MS = 300;
const INTERVAL_MS = 500;

const targets = {
  wallMs: BUILD_MS + 2 * INTERVAL_MS + 1_000,
  requestsPerBuildPerInterval: 2,
  startMs: 250,
};

interface Figures {
  wallMs: number;
  requests: number;
  requestsPerBuildPerInterval: number;
  startMs: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

requireBundle();

const emulator = await startEmulator({
  queuedMs: QUEUED_MS,
  buildingMs: BUILD_MS - QUEUED_MS,
  artifactSize: 1024 * 1024,
  seedProjects: [
    {
      id: 'proj_bench',
      name: 'Bench',
      url: 'https://app.example.com',
      platforms: ['mac', 'windows', 'linux'],
    },
  ],
});

async function measure(): Promise<Figures> {
  const first = emulator.requests.length;
  const started = startAction({
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': 'proj_bench',
      platforms: 'mac, windows, linux',
      arches: 'x64, arm64',
      'poll-interval': String(INTERVAL_MS / 1000),
      'upload-artifacts': 'false',
      release: 'false',
    },
  });
  const run = await started.result;
  const endedAt = Date.now();
  if (run.code !== 0 || run.outputs.status !== 'success') {
    throw new Error(`the action failed (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
  const requests = emulator.requests.slice(first);
  const wallMs = endedAt - run.spawnedAt;
  return {
    wallMs,
    requests: requests.length,
    requestsPerBuildPerInterval: requests.length / BUILDS / (wallMs / INTERVAL_MS),
    startMs: requests[0]!.at - run.spawnedAt,
  };
}

try {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await measure());
  const result: Figures = {
    wallMs: median(runs.map((r) => r.wallMs)),
    requests: median(runs.map((r) => r.requests)),
    requestsPerBuildPerInterval: median(runs.map((r) => r.requestsPerBuildPerInterval)),
    startMs: median(runs.map((r) => r.startMs)),
  };
  const rows: [string, string, string, boolean][] = [
    [
      'wall time, spawn → exit',
      `${result.wallMs} ms`,
      `< ${targets.wallMs} ms`,
      result.wallMs < targets.wallMs,
    ],
    [
      'requests per build per interval',
      `${result.requestsPerBuildPerInterval.toFixed(2)} (${result.requests} requests)`,
      `≤ ${targets.requestsPerBuildPerInterval}`,
      result.requestsPerBuildPerInterval <= targets.requestsPerBuildPerInterval,
    ],
    [
      'process start → first API request',
      `${result.startMs} ms`,
      `< ${targets.startMs} ms`,
      result.startMs < targets.startMs,
    ],
  ];
  console.log(
    `${BUILDS} builds of ${BUILD_MS} ms (${QUEUED_MS} ms queued), poll interval ${INTERVAL_MS} ms, ` +
      `median of ${RUNS} runs (each: ${runs.map((r) => `${r.wallMs} ms / ${r.startMs} ms`).join(', ')})\n`,
  );
  console.log('| figure | measured | target | |\n|---|---|---|---|');
  for (const [figure, measured, target, ok] of rows) {
    console.log(`| ${figure} | ${measured} | ${target} | ${ok ? 'ok' : 'MISSED'} |`);
  }
  process.exitCode = rows.every((row) => row[3]) ? 0 : 1;
} finally {
  await emulator.close();
}
