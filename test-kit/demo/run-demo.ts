// The whole mission on one machine: a tag push runs the bundled action (`node dist/index.js`, as
// the runner does) against the service emulator and local stand-ins of GitHub's artifact backend
// and releases API, which the action's own artifact client and real Octokit talk to. Afterwards it
// shows what GitHub would: the release's history, the installers checked with `sha256sum -c`
// after downloading them from the published release, the workflow artifacts, the outputs, and the
// job summary rendered as a page.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startEmulator } from '../../emulator/index.ts';
import type { PerBuild } from '../../emulator/options.ts';
import { startAction, type ActionRun } from '../run-action.ts';
import { startArtifactBackend, type StoredArtifact } from '../stand-ins/artifact-backend.ts';
import { startReleasesApi, type ReleaseEvent } from '../stand-ins/releases-api.ts';
import {
  checkSums,
  downloadPublishedRelease,
  type ChecksumCheck,
  type PublishedRelease,
} from './release-files.ts';
import { renderSummaryPage } from './summary-html.ts';

const TAG = 'v1.4.2';
// Staggered as real builds are (mac's signing and notarization take longest), so the release's
// history shows each installer uploaded as its own build is done.
const BUILDING_MS: PerBuild = ({ platform }) =>
  ({ linux: 1_500, windows: 3_000, mac: 5_000 })[platform];
const REPOSITORY = 'acme/desktop-app';
const GITHUB_TOKEN = 'ghs_demo_token';

export interface DemoOptions {
  /** Lines of the report after the action's own log. */
  print: (line: string) => void;
  /** The action's stdout as it comes (the grouped logs). */
  onActionStdout?: (chunk: string) => void;
  /** How long each build stays queued and building on the emulator (building: or per build). */
  queuedMs?: number;
  buildingMs?: PerBuild;
}

export interface DemoResult {
  run: ActionRun;
  releaseEvents: ReleaseEvent[];
  /** The release as GitHub's API shows it by tag once published (null when it never was). */
  release: PublishedRelease | null;
  checksums: ChecksumCheck | null;
  artifacts: StoredArtifact[];
  summaryHtml: string;
}

// Its own formatter: src/report's may change with the summary, and the demo must not follow.
const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${bytes} B` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const clock = (iso: string) => iso.slice(11, 23);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const heading = (title: string) => `\n── ${title} ${'─'.repeat(Math.max(0, 76 - title.length))}`;

function summaryPageAssets() {
  const css = fileURLToPath(import.meta.resolve('github-markdown-css/github-markdown.css'));
  return {
    markdownCss: readFileSync(css, 'utf8'),
    mermaidScriptUrl: import.meta.resolve('mermaid/dist/mermaid.min.js'),
  };
}

function printRelease(print: DemoOptions['print'], events: ReleaseEvent[]): void {
  print(heading(`Release ${TAG} (stand-in of GitHub's releases API)`));
  for (const event of events) {
    const bytes = event.size === undefined ? '' : ` (${formatSize(event.size)})`;
    print(`  ${clock(event.at)}  ${event.what.padEnd(13)} ${event.name}${bytes}`);
  }
}

function printOutputs(print: DemoOptions['print'], outputs: Record<string, string>): void {
  print(heading('Outputs'));
  for (const [name, value] of Object.entries(outputs)) {
    const shown = name === 'builds' ? JSON.stringify(JSON.parse(value), null, 2) : value;
    print(`  ${name}:\n${shown.replace(/^/gm, '    ')}`);
  }
}

export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const { print } = options;
  const emulator = await startEmulator({
    queuedMs: options.queuedMs ?? 500,
    buildingMs: options.buildingMs ?? BUILDING_MS,
    artifactSize: 2 * 1024 * 1024,
    seedProjects: [
      {
        id: 'proj_demo',
        name: 'Demo App',
        url: 'https://app.example.com',
        platforms: ['mac', 'windows', 'linux'],
      },
    ],
  });
  const backend = await startArtifactBackend();
  // Immutable releases, as GitHub recommends: only a draft takes assets, so publishing comes last.
  const releasesApi = await startReleasesApi({ token: GITHUB_TOKEN, immutable: true });
  try {
    print(`Service emulator:         ${emulator.baseUrl}`);
    print(`GitHub releases API:      ${releasesApi.url} (local stand-in)`);
    print(`GitHub artifact backend:  ${backend.url} (local stand-in)`);
    print(`Running: node dist/index.js, as a runner would, on a push of tag ${TAG}\n`);

    const run = await startAction({
      inputs: {
        'api-key': emulator.apiKey,
        'base-url': emulator.baseUrl,
        'project-id': 'proj_demo',
        platforms: 'mac, windows, linux',
        arches: 'x64, arm64',
        'poll-interval': '0.5',
      },
      githubToken: GITHUB_TOKEN,
      env: {
        ...backend.env,
        GITHUB_API_URL: releasesApi.url,
        GITHUB_REF: `refs/tags/${TAG}`,
        GITHUB_REPOSITORY: REPOSITORY,
        GITHUB_SHA: 'c0ffee5ca1ab1e',
      },
      ...(options.onActionStdout && { onStdout: options.onActionStdout }),
    }).result;
    if (run.stderr) print(run.stderr);
    print(`\nExit code: ${run.code}`);

    printRelease(print, releasesApi.events);
    const published = releasesApi.releases().some((r) => r.tagName === TAG && !r.draft);
    let release: PublishedRelease | null = null;
    let checksums: ChecksumCheck | null = null;
    if (published) {
      release = await downloadPublishedRelease({
        apiUrl: releasesApi.url,
        repository: REPOSITORY,
        tag: TAG,
        token: GITHUB_TOKEN,
        into: path.join(run.runnerTemp, `release-${TAG}`),
      });
      print(`  ${release.htmlUrl}: published, ${release.assets.length} assets`);
      for (const asset of release.assets)
        print(`    ${asset.name.padEnd(40)} ${formatSize(asset.size)}`);
      checksums = await checkSums(path.join(run.runnerTemp, `release-${TAG}`));
      print(heading(`${checksums.command}, on the files downloaded from the release`));
      print(`  in ${path.join(run.runnerTemp, `release-${TAG}`)}`);
      print(checksums.output.trimEnd().replace(/^/gm, '  '));
      print(checksums.ok ? '  all checksums match' : '  CHECKSUMS DO NOT MATCH');
    } else {
      print(`  no published release for ${TAG}`);
    }

    const artifacts = backend.artifacts();
    print(heading(`Workflow artifacts (stand-in of GitHub's artifact backend)`));
    const builds = JSON.parse(run.outputs.builds ?? '[]') as Array<{
      artifactId?: number;
      artifactUrl?: string;
    }>;
    for (const artifact of artifacts) {
      const url = builds.find((b) => b.artifactId === artifact.id)?.artifactUrl ?? '';
      const at = clock(new Date(artifact.finalizedAt ?? 0).toISOString());
      print(`  ${at}  ${artifact.name.padEnd(40)} ${formatSize(artifact.size)}  ${url}`);
      print(`    sha256 ${sha256(artifact.content ?? Buffer.alloc(0))}`);
    }

    printOutputs(print, run.outputs);

    const summaryHtml = path.join(run.runnerTemp, 'step_summary.html');
    writeFileSync(summaryHtml, renderSummaryPage(run.summary, summaryPageAssets()));
    print(heading('Job summary'));
    print(`  Markdown: ${path.join(run.runnerTemp, 'step_summary')}`);
    print(`  HTML:     ${summaryHtml}`);
    print(`  open ${pathToFileURL(summaryHtml).href} in a browser`);

    return {
      run,
      releaseEvents: [...releasesApi.events],
      release,
      checksums,
      artifacts,
      summaryHtml,
    };
  } finally {
    await Promise.all([emulator.close(), backend.close(), releasesApi.close()]);
  }
}
