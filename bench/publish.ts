// Publish benchmark (issue 20): the bundled action (`node dist/index.js`, spawned as a runner spawns
// it) builds mac, windows and linux x64 on the emulator (its own process) and publishes them to the
// test kit's GitHub stand-ins (their own process, a fresh one for every measured run, so the bytes
// they keep are never the action's and every run meets the same empty service).
// (a) workflow artifacts and the release, 3 × 512 MiB and 3 × 64 MiB: peak RSS of the action
//     (VmHWM of its own process, at exit). Targets: < 176 MiB at 512 MiB, and within 16 MiB of the
//     64 MiB run.
// (b) release assets only, 3 × 512 MiB: from the first installer upload's start to the last one's
//     end, as the stand-in's own upload log has them (request headers read → response sent),
//     against `curl -X POST -T <file>` of the same three files to the same stand-in endpoint one
//     after another, in the same run (timed the same way, from the same log). Target: ≤ 1.25× curl.
// (c) (staggered builds) needs a build time per platform in the emulator: not here yet.
// SIZES_MIB, RUNS and CASES narrow a run: (a) runs at every size, (b) at the largest.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT, startAction } from '../test-kit/run-action.ts';
import type { UploadRecord } from './publish-github.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

const MIB = 1024 * 1024;
const SIZES = (process.env.SIZES_MIB ?? '64,512')
  .split(',')
  .map((mib) => Number(mib) * MIB)
  .sort((a, b) => a - b);
const RUNS = Number(process.env.RUNS ?? 3);
const CASES = (process.env.CASES ?? 'a,b').split(',');
const MAX_RSS = 176 * MIB;
const MAX_RSS_GROWTH = 16 * MIB;
const MAX_CURL_RATIO = 1.25;
const TOKEN = 'ghs_bench_publish_token';
const OWNER_REPO = 'acme/desktop-app';
const here = path.dirname(new URL(import.meta.url).pathname);

interface GitHub {
  apiUrl: string;
  env: Record<string, string>;
  logFile: string;
  /** Ends the process and waits for it to exit (it holds every uploaded byte). */
  stop(): Promise<void>;
}

async function startGitHub(work: string): Promise<GitHub> {
  const logFile = path.join(work, `uploads-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(here, 'publish-github.ts'), TOKEN, logFile],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const { value: line } = (await lines.next()) as { value: string | undefined };
  if (!line) throw new Error('publish-github.ts printed nothing');
  const info = JSON.parse(line) as { apiUrl: string; env: Record<string, string> };
  return {
    ...info,
    logFile,
    stop: async () => {
      child.stdin!.end();
      await exited;
    },
  };
}

const uploadsOf = (github: GitHub, kind: UploadRecord['kind']): UploadRecord[] =>
  (existsSync(github.logFile) ? readFileSync(github.logFile, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as UploadRecord)
    .filter((record) => record.kind === kind);

/** First upload's start to last upload's end, in seconds, over the installers (`size` bytes). */
function uploadSpan(records: UploadRecord[], size: number, who: string): number {
  const installers = records.filter((r) => r.bytes === size);
  if (installers.length !== 3 || installers.some((r) => r.status !== 201)) {
    throw new Error(
      `${who}: expected 3 installer uploads answered 201, got ${JSON.stringify(records)}`,
    );
  }
  const start = Math.min(...installers.map((r) => r.start));
  const end = Math.max(...installers.map((r) => r.end));
  return (end - start) / 1000;
}

interface ActionFigures {
  wallSeconds: number;
  peakRss: number;
  /** Case (b): the installer uploads' span from the stand-in's log. */
  uploadSeconds: number;
  /** Installer files the action wrote (case b keeps them for curl). */
  files: string[];
  workspace: string;
}

async function actionRun(
  service: ServiceProcess,
  size: number,
  withArtifacts: boolean,
  work: string,
): Promise<ActionFigures> {
  const github = await startGitHub(work);
  const rssFile = path.join(work, `rss-${Date.now()}`);
  try {
    const spawned = performance.now();
    const run = await startAction({
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.baseUrl,
        'project-id': service.projectId,
        platforms: 'mac, windows, linux',
        arches: 'x64',
        'poll-interval': '0.2',
        'upload-artifacts': String(withArtifacts),
        release: 'true',
      },
      githubToken: TOKEN,
      env: {
        ...github.env,
        GITHUB_API_URL: github.apiUrl,
        GITHUB_SHA: 'c0ffee',
        NODE_OPTIONS: `--import=${path.join(here, 'peak-rss.mjs')}`,
        BENCH_PEAK_RSS_FILE: rssFile,
      },
      timeoutMs: 600_000,
    }).result;
    const wallSeconds = (performance.now() - spawned) / 1000;
    const builds = JSON.parse(run.outputs.builds ?? '[]') as { path?: string; sha256?: string }[];
    // The block list that commits a blob's blocks is a PUT too: count the blocks' bytes only.
    const artifacts = uploadsOf(github, 'artifact blob').filter(
      (r) => !r.url.includes('comp=blocklist'),
    );
    const blobBytes = artifacts.reduce((sum, r) => sum + r.bytes, 0);
    const problem =
      run.code !== 0 || run.outputs.status !== 'success'
        ? `exit ${run.code}, status ${run.outputs.status}`
        : builds.length !== 3 || builds.some((b) => !b.path || statSync(b.path).size !== size)
          ? `builds ${run.outputs.builds}`
          : !run.stdout.includes('Published release v1.4.2')
            ? 'no published release'
            : withArtifacts && (blobBytes !== 3 * size || artifacts.some((r) => r.status !== 201))
              ? `artifact blobs of ${blobBytes} bytes in all, not ${3 * size}`
              : undefined;
    if (problem) {
      throw new Error(
        `the action's run went wrong (${problem}):\n${run.stdout.slice(-3000)}\n${run.stderr}`,
      );
    }
    return {
      wallSeconds,
      peakRss: Number(readFileSync(rssFile, 'utf8')),
      uploadSeconds: uploadSpan(uploadsOf(github, 'release asset'), size, 'the action'),
      files: builds.map((b) => b.path!),
      workspace: run.workspace,
    };
  } finally {
    await github.stop();
  }
}

function curlUpload(file: string, url: string): Promise<{ code: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'curl',
      [
        '-sS',
        '-X',
        'POST',
        '-T',
        file,
        '-H',
        `Authorization: token ${TOKEN}`,
        '-H',
        'Content-Type: application/octet-stream',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{time_total}',
        url,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      const [code = '', seconds = 'NaN'] = text.trim().split(' ');
      if (status === 0) resolve({ code, seconds: Number(seconds) });
      else reject(new Error(`curl exited with ${status}`));
    });
  });
}

/** curl -X POST -T of each file, one after another, to a draft release of a fresh stand-in. */
async function curlRun(files: string[], size: number, work: string) {
  const github = await startGitHub(work);
  try {
    const response = await fetch(`${github.apiUrl}/repos/${OWNER_REPO}/releases`, {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tag_name: 'bench-curl', draft: true }),
    });
    const release = (await response.json()) as { upload_url: string };
    const uploadUrl = release.upload_url.replace(/\{.*\}$/, '');
    const own: number[] = [];
    for (const file of files) {
      const { code, seconds } = await curlUpload(
        file,
        `${uploadUrl}?name=${encodeURIComponent(path.basename(file))}`,
      );
      if (code !== '201') throw new Error(`curl's upload of ${file} was answered ${code}`);
      own.push(seconds);
    }
    return {
      uploadSeconds: uploadSpan(uploadsOf(github, 'release asset'), size, 'curl'),
      curlSeconds: own.reduce((a, b) => a + b, 0),
    };
  } finally {
    await github.stop();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

if (!existsSync(path.join(REPO_ROOT, 'dist/index.js'))) {
  console.error('dist/index.js is missing: run `npm run bundle` first');
  process.exit(1);
}
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-publish-'));
const largest = SIZES.at(-1)!;
const peaks = new Map<number, ActionFigures[]>();
const releaseOnly: {
  action: ActionFigures[];
  curl: { uploadSeconds: number; curlSeconds: number }[];
} = {
  action: [],
  curl: [],
};
try {
  for (const size of SIZES) {
    const service = await startServiceProcess('publish-emulator.ts', [String(size)]);
    try {
      if (CASES.includes('a')) {
        const runs: ActionFigures[] = [];
        for (let i = 0; i < RUNS; i++) {
          const figures = await actionRun(service, size, true, work);
          await rm(figures.workspace, { recursive: true, force: true });
          runs.push(figures);
        }
        peaks.set(size, runs);
      }
      if (CASES.includes('b') && size === largest) {
        // The files curl sends are the installers of the first release-only run, kept aside.
        const files: string[] = [];
        for (let i = 0; i < RUNS; i++) {
          // Alternate who goes first (after the first run, which makes curl's files), so neither
          // always meets a warmer machine.
          const order = i % 2 === 0 ? ['action', 'curl'] : ['curl', 'action'];
          for (const who of order) {
            if (who === 'curl') {
              releaseOnly.curl.push(await curlRun(files, size, work));
              continue;
            }
            const figures = await actionRun(service, size, false, work);
            if (files.length === 0) {
              for (const file of figures.files) {
                const kept = path.join(work, path.basename(file));
                renameSync(file, kept);
                files.push(kept);
              }
            }
            await rm(figures.workspace, { recursive: true, force: true });
            releaseOnly.action.push(figures);
          }
        }
      }
    } finally {
      service.stop();
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

let ok = true;
const lines: string[] = [];
if (peaks.size > 0) {
  const smallest = SIZES[0]!;
  const peakAt = (size: number) => Math.max(...peaks.get(size)!.map((r) => r.peakRss));
  const growth = peakAt(largest) - peakAt(smallest);
  const rssOk = peakAt(largest) < MAX_RSS;
  const growthOk = growth <= MAX_RSS_GROWTH;
  ok &&= rssOk && growthOk;
  lines.push(
    `(a) workflow artifacts and release, 3 installers (mac, windows, linux x64), ${RUNS} run(s) each:\n`,
    '| installers | peak RSS of the action (max) | runs | action wall (s, median) |',
    '|---|---:|---|---:|',
    ...SIZES.map(
      (size) =>
        `| 3 × ${size / MIB} MiB | ${mib(peakAt(size))} | ` +
        `${peaks
          .get(size)!
          .map((r) => mib(r.peakRss))
          .join(', ')} | ` +
        `${median(peaks.get(size)!.map((r) => r.wallSeconds)).toFixed(1)} |`,
    ),
    '',
    `Target: < ${MAX_RSS / MIB} MiB at 3 × ${largest / MIB} MiB: ${rssOk ? 'met' : 'MISSED'}; ` +
      `within ${MAX_RSS_GROWTH / MIB} MiB of 3 × ${smallest / MIB} MiB (+${mib(growth)}): ` +
      `${growthOk ? 'met' : 'MISSED'}.\n`,
  );
}
if (releaseOnly.action.length > 0) {
  const action = median(releaseOnly.action.map((r) => r.uploadSeconds));
  const curl = median(releaseOnly.curl.map((r) => r.uploadSeconds));
  const ratio = action / curl;
  const totalMib = (3 * largest) / MIB;
  ok &&= ratio <= MAX_CURL_RATIO;
  lines.push(
    `(b) release assets only, 3 × ${largest / MIB} MiB, first upload's start to last upload's end ` +
      `(the stand-in's upload log), median of ${RUNS}:\n`,
    '| uploader | span (s) | MiB/s | runs (s) | peak RSS | wall (s) |',
    '|---|---:|---:|---|---:|---:|',
    `| action | ${action.toFixed(2)} | ${(totalMib / action).toFixed(0)} | ` +
      `${releaseOnly.action.map((r) => r.uploadSeconds.toFixed(2)).join(', ')} | ` +
      `${mib(Math.max(...releaseOnly.action.map((r) => r.peakRss)))} | ` +
      `${median(releaseOnly.action.map((r) => r.wallSeconds)).toFixed(1)} |`,
    `| curl -X POST -T, one after another | ${curl.toFixed(2)} | ${(totalMib / curl).toFixed(0)} | ` +
      `${releaseOnly.curl.map((r) => r.uploadSeconds.toFixed(2)).join(', ')} | – | ` +
      `${median(releaseOnly.curl.map((r) => r.curlSeconds)).toFixed(2)} (curl's own time_total, summed) |`,
    '',
    `Target: action ≤ ${MAX_CURL_RATIO}× curl: ${ratio.toFixed(2)}× ` +
      `${ratio <= MAX_CURL_RATIO ? 'met' : 'MISSED'}.\n`,
  );
}
console.log(lines.join('\n'));
console.log(
  '(c) staggered builds: not measured yet (needs a build time per platform in the emulator).',
);
console.log(ok ? '\nPASS' : '\nFAIL: a target was missed');
process.exitCode = ok ? 0 : 1;
