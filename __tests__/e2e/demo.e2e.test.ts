// `npm run demo`'s whole run (scripts/demo.ts only adds the dist/ check and the exit code): the
// bundled action on a tag push against the emulator and the stand-ins of GitHub's releases API and
// artifact backend, then the published release downloaded and checked with sha256sum -c.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDemo, type DemoResult } from '../../test-kit/demo/run-demo.ts';
import { assertBundleBuilt } from '../../test-kit/run-action.ts';

const INSTALLERS = [
  'Demo-App-1.4.2-linux-arm64.AppImage',
  'Demo-App-1.4.2-linux-x64.AppImage',
  'Demo-App-1.4.2-mac-arm64.dmg',
  'Demo-App-1.4.2-mac-x64.dmg',
  'Demo-App-1.4.2-windows-arm64.exe',
  'Demo-App-1.4.2-windows-x64.exe',
];

let demo: DemoResult;
const printed: string[] = [];

beforeAll(async () => {
  assertBundleBuilt();
  demo = await runDemo({
    print: (line) => printed.push(line),
    queuedMs: 50,
    buildingMs: ({ platform }) => (platform === 'mac' ? 1_200 : 400),
  });
}, 60_000);

describe('npm run demo', () => {
  it('runs the bundled action to success', () => {
    expect(demo.run.stderr).toBe('');
    expect(demo.run.code).toBe(0);
    expect(demo.run.outputs.status).toBe('success');
    expect(demo.run.stdout).toMatch(/^::group::/m);
  });

  it('publishes the release last: a draft, the six installers, SHA256SUMS, then published', () => {
    const steps = demo.releaseEvents.map((event) => `${event.what} ${event.name}`);
    expect(steps[0]).toBe('created draft v1.4.2');
    expect(steps.slice(1, 7).sort()).toEqual(INSTALLERS.map((name) => `uploaded ${name}`));
    expect(steps.slice(7)).toEqual(['uploaded SHA256SUMS', 'published v1.4.2']);
  });

  it('ends with a published release of 6 installers and a SHA256SUMS that sha256sum -c accepts', () => {
    expect(demo.release?.draft).toBe(false);
    expect(demo.release?.assets.map((asset) => asset.name).sort()).toEqual(
      [...INSTALLERS, 'SHA256SUMS'].sort(),
    );
    expect(demo.checksums?.ok).toBe(true);
    expect(demo.checksums?.output.trim().split('\n').sort()).toEqual(
      INSTALLERS.map((name) => `${name}: OK`),
    );
    expect(printed.join('\n')).toContain('Demo-App-1.4.2-mac-x64.dmg: OK');
  });

  it('uploads each installer as a workflow artifact', () => {
    expect(demo.artifacts.map((artifact) => artifact.name).sort()).toEqual(INSTALLERS);
  });

  it('writes the job summary as an HTML page with its table, and prints where', () => {
    const html = readFileSync(demo.summaryHtml, 'utf8');
    expect(html).toContain('<table>');
    expect(html).toContain('<script src="file://');
    if (demo.run.summary.includes('```mermaid')) expect(html).toContain('<pre class="mermaid">');
    expect(printed).toContain(`  HTML:     ${demo.summaryHtml}`);
  });
});
