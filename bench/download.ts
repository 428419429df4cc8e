// Download benchmark: the bundled action (`node dist/index.js`, spawned as a runner spawns it,
// resuming one finished build by id) against `curl -o <file>` on the same artifact URL in the same
// run, over https (a certificate made for the run; curl gets --cacert, the action
// NODE_EXTRA_CA_CERTS) and over plain http, for 512 MiB and 2 GiB. The service runs in its own
// process. Transfer time: curl's %{time_total}; the action's span between its own "downloading"
// and "downloaded" log lines (its whole wall time is shown too). Peak RSS: VmHWM of the action
// process itself, read at its exit. sha256: every file the action wrote is checked against curl's.
// Targets (issue 8): https throughput ≥ 0.75 × curl's for both sizes; peak RSS < 128 MiB at 2 GiB.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BuildServiceClient } from '../src/service/client.ts';
import { makeCertificates } from '../test-kit/certificates.ts';
import { startAction } from '../test-kit/run-action.ts';
import { startServiceProcess } from './service-process.ts';
import { requireBundle, verdict } from './harness.ts';

const MIB = 1024 * 1024;
// SIZES_MIB, RUNS and PROTOCOLS narrow a run for experiments; the targets need the defaults.
const SIZES = (process.env.SIZES_MIB ?? '512,2048').split(',').map((mib) => Number(mib) * MIB);
const RUNS = Number(process.env.RUNS ?? 5);
const PROTOCOLS = (process.env.PROTOCOLS ?? 'https,http').split(',');
const MIN_RATIO = 0.75;
const MAX_RSS = 128 * MIB;
const here = path.dirname(new URL(import.meta.url).pathname);

interface Run {
  seconds: number;
  size: number;
}
interface ActionFigures extends Run {
  wallSeconds: number;
  sha256: string;
  peakRss: number;
}
interface Row {
  protocol: string;
  size: number;
  curl: Run[];
  action: ActionFigures[];
}

function output(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

const startService = (size: number, tls: { cert: string; key: string } | undefined) =>
  startServiceProcess('download-emulator.ts', [String(size), ...(tls ? [tls.cert, tls.key] : [])]);

async function curlRun(url: string, file: string, caFile: string | undefined): Promise<Run> {
  const tls = caFile === undefined ? [] : ['--cacert', caFile];
  const text = await output('curl', [
    '-sS',
    ...tls,
    '-o',
    file,
    '-w',
    '%{time_total} %{size_download}',
    url,
  ]);
  const [seconds = NaN, size = NaN] = text.trim().split(' ').map(Number);
  return { seconds, size };
}

async function actionRun(
  service: { baseUrl: string; apiKey: string; projectId: string },
  buildId: string,
  caFile: string | undefined,
  work: string,
): Promise<ActionFigures> {
  const rssFile = path.join(work, `rss-${buildId}-${Date.now()}`);
  const stamps = new Map<string, number>();
  let pending = '';
  const started = startAction({
    inputs: {
      'api-key': service.apiKey,
      'base-url': service.baseUrl,
      'project-id': service.projectId,
      'build-ids': buildId,
      version: '',
      'poll-interval': '0.2',
      'upload-artifacts': 'false',
      release: 'false',
    },
    env: {
      NODE_OPTIONS: `--import=${path.join(here, 'peak-rss.mjs')}`,
      BENCH_PEAK_RSS_FILE: rssFile,
      ...(caFile !== undefined && { NODE_EXTRA_CA_CERTS: caFile }),
    },
    timeoutMs: 300_000,
    onStdout: (chunk) => {
      const now = performance.now();
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (/: downloading build_/.test(line)) stamps.set('start', now);
        if (/: downloaded /.test(line)) stamps.set('end', now);
      }
    },
  });
  const spawned = performance.now();
  const run = await started.result;
  const wallSeconds = (performance.now() - spawned) / 1000;
  if (run.code !== 0) throw new Error(`the action failed:\n${run.stdout}\n${run.stderr}`);
  const [build] = JSON.parse(run.outputs.builds ?? '[]') as { path: string; sha256: string }[];
  if (!build) throw new Error('the action reported no build');
  const size = (await import('node:fs')).statSync(build.path).size;
  const seconds = ((stamps.get('end') ?? NaN) - (stamps.get('start') ?? NaN)) / 1000;
  await rm(run.workspace, { recursive: true, force: true });
  return {
    seconds,
    size,
    wallSeconds,
    sha256: build.sha256,
    peakRss: Number(readFileSync(rssFile, 'utf8')),
  };
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * MIB })) hash.update(chunk);
  return hash.digest('hex');
}

async function finishedBuild(
  service: { baseUrl: string; apiKey: string; projectId: string },
  ca?: string,
) {
  const client = new BuildServiceClient({ baseUrl: service.baseUrl, apiKey: service.apiKey, ca });
  try {
    const { id } = await client.triggerBuild(service.projectId, { platform: 'linux' });
    for (;;) {
      const build = await client.getBuild(id);
      if (build.status === 'success' && build.artifactUrl) return { id, url: build.artifactUrl };
      if (build.status !== 'queued' && build.status !== 'building') {
        throw new Error(`benchmark build ${id} ended ${build.status}`);
      }
      await sleep(20);
    }
  } finally {
    await client.close();
  }
}

async function measure(
  protocol: 'https' | 'http',
  size: number,
  work: string,
  tls?: { ca: string; certFile: string; keyFile: string; caFile: string },
): Promise<Row> {
  const service = await startService(size, tls && { cert: tls.certFile, key: tls.keyFile });
  try {
    const { id, url } = await finishedBuild(service, tls?.ca);
    const row: Row = { protocol, size, curl: [], action: [] };
    let curlSha256 = '';
    for (let i = 0; i < RUNS; i++) {
      // Alternate who goes first, so neither always meets a warmer page cache.
      for (const who of i % 2 === 0 ? ['curl', 'action'] : ['action', 'curl']) {
        if (who === 'curl') {
          const dir = await mkdtemp(path.join(work, 'curl-'));
          const file = path.join(dir, 'artifact.bin');
          row.curl.push(await curlRun(url, file, tls?.caFile));
          if (curlSha256 === '') curlSha256 = await sha256File(file);
          await rm(dir, { recursive: true, force: true });
        } else {
          row.action.push(await actionRun(service, id, tls?.caFile, work));
        }
      }
    }
    for (const run of [...row.curl, ...row.action]) {
      if (run.size !== size) throw new Error(`a run received ${run.size} bytes, not ${size}`);
    }
    if (row.action.some((run) => run.sha256 !== curlSha256)) {
      throw new Error(`the action's sha256 differs from that of curl's file (${curlSha256})`);
    }
    return row;
  } finally {
    service.stop();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const mibPerSecond = (run: Run) => run.size / MIB / run.seconds;

requireBundle();
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-download-'));
const certificates = makeCertificates(['127.0.0.1', 'localhost']);
const tls = {
  ca: certificates.ca,
  caFile: path.join(work, 'ca.pem'),
  certFile: path.join(work, 'cert.pem'),
  keyFile: path.join(work, 'key.pem'),
};
writeFileSync(tls.caFile, certificates.ca);
writeFileSync(tls.certFile, certificates.cert);
writeFileSync(tls.keyFile, certificates.key);

const rows: Row[] = [];
try {
  for (const size of SIZES) {
    if (PROTOCOLS.includes('https')) rows.push(await measure('https', size, work, tls));
    if (PROTOCOLS.includes('http')) rows.push(await measure('http', size, work));
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const fmt = (n: number) => n.toFixed(0);
let ok = true;
const table = [
  `| artifact, median of ${RUNS} | curl (MiB/s) | action (MiB/s) | ratio | action runs (MiB/s) | action wall (s) | peak RSS of the action |`,
  '|---|---:|---:|---:|---|---:|---:|',
];
for (const row of rows) {
  const curl = median(row.curl.map(mibPerSecond));
  const ours = median(row.action.map(mibPerSecond));
  const ratio = ours / curl;
  const peak = Math.max(...row.action.map((r) => r.peakRss));
  if (row.protocol === 'https') ok &&= ratio >= MIN_RATIO;
  if (row.size >= 2048 * MIB) ok &&= peak < MAX_RSS;
  table.push(
    `| ${row.size / MIB} MiB over ${row.protocol} | ${fmt(curl)} | ${fmt(ours)} | ${ratio.toFixed(2)} | ` +
      `${row.action.map((r) => fmt(mibPerSecond(r))).join(', ')} | ` +
      `${median(row.action.map((r) => r.wallSeconds)).toFixed(2)} | ${(peak / MIB).toFixed(1)} MiB |`,
  );
}
console.log(table.join('\n'));
console.log(
  `\nTargets: https ratio ≥ ${MIN_RATIO} for both sizes; peak RSS < ${MAX_RSS / MIB} MiB at 2 GiB.`,
);
verdict(ok);
