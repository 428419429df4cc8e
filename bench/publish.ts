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
//     after another, in the same run (timed the same way, from the same log). The endpoint digests
//     each upload and keeps no bytes over 1 MiB (publish-github.ts). Target: ≤ 1.25× curl.
// (c) staggered builds, workflow artifacts and release, 3 × 192 MiB, done at about 0.3 s (linux),
//     4 s (windows) and 9 s (mac) after their trigger (the emulator's per-target build time): from
//     the last build done (its `completedAt`, Get Build) to the action's process exit, against one
//     installer's own download + uploads + publishing: the same span in a run of linux alone
//     (same size, same service, same inputs), in the same bench run. Target: ≤ that + 1 s. Also
//     shown: when linux's release asset and workflow artifact landed (the stand-in's log: the
//     upload's answer sent, the artifact's finalize answered) relative to mac's build done.
// SIZES_MIB, RUNS and CASES narrow a run: (a) runs at every size, (b) at the largest, (c) at
// 192 MiB.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startAction } from '../test-kit/run-action.ts';
import type { UploadRecord } from './publish-github.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';
import { requireBundle, verdict } from './harness.ts';

const MIB = 1024 * 1024;
const SIZES = (process.env.SIZES_MIB ?? '64,512')
  .split(',')
  .map((mib) => Number(mib) * MIB)
  .sort((a, b) => a - b);
const RUNS = Number(process.env.RUNS ?? 3);
const CASES = (process.env.CASES ?? 'a,b,c').split(',');
const MAX_RSS = 176 * MIB;
const MAX_RSS_GROWTH = 16 * MIB;
const MAX_CURL_RATIO = 1.25;
const STAGGERED_SIZE = 192 * MIB;
// queuedMs is 10 in publish-emulator.ts: done 0.3 s, 4 s and 9 s after each trigger.
const STAGGERED_BUILDING_MS = '50,linux=290,windows=3990,mac=8990';
const MAX_TAIL_OVER_ONE = 1;
const TOKEN = 'ghs_bench_publish_token';
const OWNER_REPO = 'acme/desktop-app';
const here = path.dirname(new URL(import.meta.url).pathname);
const now = () => performance.timeOrigin + performance.now();

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

const uploadsOf = (github: GitHub): UploadRecord[] =>
  (existsSync(github.logFile) ? readFileSync(github.logFile, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as UploadRecord);

const releaseAssets = (records: UploadRecord[]) =>
  records.filter((record) => record.kind === 'release asset');

/** Each installer upload's own time (request headers read → answer sent), in seconds, summed. */
function uploadsOwn(records: UploadRecord[], size: number): number {
  return (
    records.filter((r) => r.bytes === size).reduce((sum, r) => sum + (r.end - r.start), 0) / 1000
  );
}

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

/** One object of the action's `builds` output, the fields this bench reads. */
interface BuildOutput {
  id: string;
  platform: string;
  path?: string;
  sha256?: string;
  artifactId?: number | string;
}

interface ActionFigures {
  wallSeconds: number;
  peakRss: number;
  /** CPU time of the action's process (user + system, every thread). */
  cpuSeconds: number;
  /** Epoch ms when the action's process exited. */
  exitAt: number;
  builds: BuildOutput[];
  /** Epoch ms when each build was done (the emulator's `completedAt`), by platform. */
  doneAt: Map<string, number>;
  /** Epoch ms when each build was created (its trigger), by platform. */
  createdAt: Map<string, number>;
  /** The stand-in's upload log of this run. */
  uploads: UploadRecord[];
  /** Installer files the action wrote (case b keeps them for curl). */
  files: string[];
  workspace: string;
}

/** When each of the run's builds was created and done, from the emulator's Get Build. */
async function buildTimes(service: ServiceProcess, builds: BuildOutput[]) {
  const doneAt = new Map<string, number>();
  const createdAt = new Map<string, number>();
  for (const build of builds) {
    const response = await fetch(`${service.baseUrl}/builds/${encodeURIComponent(build.id)}`, {
      headers: { authorization: `Bearer ${service.apiKey}` },
    });
    const body = (await response.json()) as { createdAt?: string; completedAt?: string };
    if (!response.ok || !body.completedAt || !body.createdAt) {
      throw new Error(`Get Build ${build.id} answered ${response.status}: ${JSON.stringify(body)}`);
    }
    doneAt.set(build.platform, Date.parse(body.completedAt));
    createdAt.set(build.platform, Date.parse(body.createdAt));
  }
  return { doneAt, createdAt };
}

async function actionRun(
  service: ServiceProcess,
  size: number,
  withArtifacts: boolean,
  work: string,
  platforms = 'mac, windows, linux',
): Promise<ActionFigures> {
  const count = platforms.split(',').length;
  const github = await startGitHub(work);
  const rssFile = path.join(work, `rss-${Date.now()}`);
  const cpuFile = path.join(work, `cpu-${Date.now()}`);
  try {
    const spawned = performance.now();
    const started = startAction({
      inputs: {
        'api-key': service.apiKey,
        'base-url': service.baseUrl,
        'project-id': service.projectId,
        platforms,
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
        NODE_OPTIONS:
          `--import=${path.join(here, 'peak-rss.mjs')} ` +
          `--import=${path.join(here, 'publish-cpu.mjs')}`,
        BENCH_PEAK_RSS_FILE: rssFile,
        BENCH_CPU_FILE: cpuFile,
      },
      timeoutMs: 600_000,
    });
    let exitAt = NaN;
    started.child.once('exit', () => (exitAt = now()));
    const run = await started.result;
    const wallSeconds = (performance.now() - spawned) / 1000;
    const builds = JSON.parse(run.outputs.builds ?? '[]') as BuildOutput[];
    // The stand-in notes an upload once its answer is flushed, which may be after the client read
    // it: its log is complete once it has exited.
    await github.stop();
    const uploads = uploadsOf(github);
    // The block list that commits a blob's blocks is a PUT too: count the blocks' bytes only.
    const artifacts = uploads.filter(
      (r) => r.kind === 'artifact blob' && !r.url.includes('comp=blocklist'),
    );
    const blobBytes = artifacts.reduce((sum, r) => sum + r.bytes, 0);
    const finalized = uploads.filter((r) => r.kind === 'artifact finalized' && r.status === 200);
    const problem =
      run.code !== 0 || run.outputs.status !== 'success'
        ? `exit ${run.code}, status ${run.outputs.status}`
        : builds.length !== count || builds.some((b) => !b.path || statSync(b.path).size !== size)
          ? `builds ${run.outputs.builds}`
          : !run.stdout.includes('Published release v1.4.2')
            ? 'no published release'
            : withArtifacts &&
                (blobBytes !== count * size ||
                  artifacts.some((r) => r.status !== 201) ||
                  finalized.length !== count)
              ? `artifact blobs of ${blobBytes} bytes in all, not ${count * size}, ` +
                `${finalized.length} finalized`
              : undefined;
    if (problem) {
      throw new Error(
        `the action's run went wrong (${problem}):\n${run.stdout.slice(-3000)}\n${run.stderr}`,
      );
    }
    return {
      wallSeconds,
      peakRss: Number(readFileSync(rssFile, 'utf8')),
      cpuSeconds: Number(readFileSync(cpuFile, 'utf8')) / 1e6,
      exitAt,
      builds,
      ...(await buildTimes(service, builds)),
      uploads,
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
    await github.stop();
    const assets = releaseAssets(uploadsOf(github));
    return {
      uploadSeconds: uploadSpan(assets, size, 'curl'),
      ownSeconds: uploadsOwn(assets, size),
      curlSeconds: own.reduce((a, b) => a + b, 0),
    };
  } finally {
    await github.stop();
  }
}

interface StaggeredFigures {
  /** Each build's completedAt − createdAt (s), by platform. */
  doneAfterTrigger: Map<string, number>;
  /** Process exit − the last build's completedAt (s). */
  tail: number;
  /** linux's release asset upload answered − linux's / mac's build done (s). */
  linuxAssetAfterLinux: number;
  linuxAssetAfterMac: number;
  /** linux's workflow artifact finalized − mac's build done (s). */
  linuxArtifactAfterMac: number;
  peakRss: number;
  wallSeconds: number;
}

interface AloneFigures {
  /** Process exit − linux's completedAt (s): one installer's download + uploads + publishing. */
  own: number;
  /** linux's artifact finalized and release asset answered − its build done (s). */
  artifactAfterDone: number;
  assetAfterDone: number;
  wallSeconds: number;
}

const doneOf = (figures: ActionFigures, platform: string): number => {
  const at = figures.doneAt.get(platform);
  if (at === undefined)
    throw new Error(`no ${platform} build in ${JSON.stringify(figures.builds)}`);
  return at;
};

/** When linux's workflow artifact was finalized and its release asset answered (epoch ms). */
function linuxLanded(figures: ActionFigures): { artifact: number; asset: number } {
  const linux = figures.builds.find((b) => b.platform === 'linux');
  const name = path.basename(linux?.path ?? '');
  const asset = releaseAssets(figures.uploads).find(
    (r) => r.status === 201 && new URL(r.url, 'http://x').searchParams.get('name') === name,
  );
  const artifact = figures.uploads.find(
    (r) => r.kind === 'artifact finalized' && r.artifactId === String(linux?.artifactId),
  );
  if (!asset || !artifact) {
    throw new Error(
      `linux's release asset ${name} or workflow artifact ${linux?.artifactId} is not in the ` +
        `stand-in's log: ${JSON.stringify(figures.uploads)}`,
    );
  }
  return { artifact: artifact.end, asset: asset.end };
}

function staggeredFigures(figures: ActionFigures): StaggeredFigures {
  const last = Math.max(...figures.doneAt.values());
  const mac = doneOf(figures, 'mac');
  const linux = doneOf(figures, 'linux');
  const landed = linuxLanded(figures);
  return {
    doneAfterTrigger: new Map(
      [...figures.doneAt].map(([platform, at]) => [
        platform,
        (at - figures.createdAt.get(platform)!) / 1000,
      ]),
    ),
    tail: (figures.exitAt - last) / 1000,
    linuxAssetAfterLinux: (landed.asset - linux) / 1000,
    linuxAssetAfterMac: (landed.asset - mac) / 1000,
    linuxArtifactAfterMac: (landed.artifact - mac) / 1000,
    peakRss: figures.peakRss,
    wallSeconds: figures.wallSeconds,
  };
}

function aloneFigures(figures: ActionFigures): AloneFigures {
  const linux = doneOf(figures, 'linux');
  const landed = linuxLanded(figures);
  return {
    own: (figures.exitAt - linux) / 1000,
    artifactAfterDone: (landed.artifact - linux) / 1000,
    assetAfterDone: (landed.asset - linux) / 1000,
    wallSeconds: figures.wallSeconds,
  };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

requireBundle();
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-publish-'));
const largest = SIZES.at(-1)!;
const peaks = new Map<number, ActionFigures[]>();
const releaseOnly: {
  action: {
    uploadSeconds: number;
    ownSeconds: number;
    peakRss: number;
    wallSeconds: number;
    cpuSeconds: number;
  }[];
  curl: { uploadSeconds: number; ownSeconds: number; curlSeconds: number }[];
} = {
  action: [],
  curl: [],
};
const staggered: StaggeredFigures[] = [];
const alone: AloneFigures[] = [];
try {
  for (const size of SIZES) {
    if (!CASES.includes('a') && !(CASES.includes('b') && size === largest)) continue;
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
            const { peakRss, wallSeconds, cpuSeconds } = figures;
            const assets = releaseAssets(figures.uploads);
            const uploadSeconds = uploadSpan(assets, size, 'the action');
            const ownSeconds = uploadsOwn(assets, size);
            releaseOnly.action.push({
              uploadSeconds,
              ownSeconds,
              peakRss,
              wallSeconds,
              cpuSeconds,
            });
          }
        }
      }
    } finally {
      service.stop();
    }
  }
  if (CASES.includes('c')) {
    const service = await startServiceProcess('publish-emulator.ts', [
      String(STAGGERED_SIZE),
      STAGGERED_BUILDING_MS,
    ]);
    try {
      for (let i = 0; i < RUNS; i++) {
        // Alternate which goes first, so neither always meets a warmer machine.
        const order = i % 2 === 0 ? ['staggered', 'alone'] : ['alone', 'staggered'];
        for (const which of order) {
          const platforms = which === 'alone' ? 'linux' : 'mac, windows, linux';
          const figures = await actionRun(service, STAGGERED_SIZE, true, work, platforms);
          await rm(figures.workspace, { recursive: true, force: true });
          if (which === 'alone') alone.push(aloneFigures(figures));
          else staggered.push(staggeredFigures(figures));
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
      `${growthOk ? 'met' : 'MISSED'}. CPU of the action (median, s): ` +
      SIZES.map(
        (size) =>
          `${median(peaks.get(size)!.map((r) => r.cpuSeconds)).toFixed(2)} at 3 × ${size / MIB} MiB`,
      ).join(', ') +
      '.\n',
  );
}
if (releaseOnly.action.length > 0) {
  const action = median(releaseOnly.action.map((r) => r.uploadSeconds));
  const curl = median(releaseOnly.curl.map((r) => r.uploadSeconds));
  const ratio = action / curl;
  const own = (who: 'action' | 'curl') => median(releaseOnly[who].map((r) => r.ownSeconds));
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
      `${ratio <= MAX_CURL_RATIO ? 'met' : 'MISSED'}. The three uploads' own times summed ` +
      `(no gaps between them), median: action ${own('action').toFixed(2)} s, curl ` +
      `${own('curl').toFixed(2)} s (${(own('action') / own('curl')).toFixed(2)}×). CPU of the ` +
      `action's whole run (downloads included), median: ` +
      `${median(releaseOnly.action.map((r) => r.cpuSeconds)).toFixed(2)} s ` +
      `(${releaseOnly.action.map((r) => r.cpuSeconds.toFixed(2)).join(', ')}).\n`,
  );
}
if (staggered.length > 0) {
  const tail = median(staggered.map((r) => r.tail));
  const own = median(alone.map((r) => r.own));
  const tailOk = tail <= own + MAX_TAIL_OVER_ONE;
  ok &&= tailOk;
  const s = (value: number) => value.toFixed(2);
  const runs = (values: number[]) => values.map(s).join(', ');
  const done = (platform: string) =>
    s(median(staggered.map((r) => r.doneAfterTrigger.get(platform)!)));
  lines.push(
    `(c) staggered builds, workflow artifacts and release, 3 × ${STAGGERED_SIZE / MIB} MiB, ` +
      `builds done ${done('linux')} s (linux), ${done('windows')} s (windows), ` +
      `${done('mac')} s (mac) after their trigger (median); times from each build's ` +
      `completedAt, the action's process exit and the stand-in's log; median of ${RUNS}:\n`,
    '| figure | median (s) | runs (s) |',
    '|---|---:|---|',
    `| step's end after the last build done (3 builds) | ${s(tail)} | ` +
      `${runs(staggered.map((r) => r.tail))} |`,
    `| one installer's own download + uploads + publishing: step's end after its build done, ` +
      `linux alone | ${s(own)} | ${runs(alone.map((r) => r.own))} |`,
    `| linux alone: workflow artifact / release asset after its build done | ` +
      `${s(median(alone.map((r) => r.artifactAfterDone)))} / ` +
      `${s(median(alone.map((r) => r.assetAfterDone)))} | |`,
    `| linux's release asset after linux's build done (3 builds) | ` +
      `${s(median(staggered.map((r) => r.linuxAssetAfterLinux)))} | ` +
      `${runs(staggered.map((r) => r.linuxAssetAfterLinux))} |`,
    `| linux's release asset after mac's build done (3 builds) | ` +
      `${s(median(staggered.map((r) => r.linuxAssetAfterMac)))} | ` +
      `${runs(staggered.map((r) => r.linuxAssetAfterMac))} |`,
    `| linux's workflow artifact after mac's build done (3 builds) | ` +
      `${s(median(staggered.map((r) => r.linuxArtifactAfterMac)))} | ` +
      `${runs(staggered.map((r) => r.linuxArtifactAfterMac))} |`,
    '',
    `Peak RSS (3 builds, max) ${mib(Math.max(...staggered.map((r) => r.peakRss)))}; wall ` +
      `(median) ${median(staggered.map((r) => r.wallSeconds)).toFixed(1)} s with 3 builds, ` +
      `${median(alone.map((r) => r.wallSeconds)).toFixed(1)} s with linux alone.`,
    `Target: step's end ≤ one installer's own + ${MAX_TAIL_OVER_ONE} s after the last build ` +
      `(${s(tail)} s against ${s(own + MAX_TAIL_OVER_ONE)} s): ${tailOk ? 'met' : 'MISSED'}.\n`,
  );
}
console.log(lines.join('\n'));
verdict(ok);
