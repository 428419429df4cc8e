import { describe, expect, it } from 'vitest';
import type { BuildStatus } from '../../src/api/schemas.ts';
import type { TrackedBuild } from '../../src/builds/types.ts';
import { failureAnnotations, MAX_BUILD_ANNOTATIONS } from '../../src/report/annotations.ts';
import { buildOutput, renderOutputs, runStatus } from '../../src/report/outputs.ts';
import {
  cell,
  formatSize,
  MAX_GANTT_BUILDS,
  renderGantt,
  renderSummary,
  SUMMARY_LIMIT_BYTES,
} from '../../src/report/summary.ts';

const T0 = Date.parse('2026-03-01T10:00:00Z');
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();

function tracked(n: number, status: BuildStatus, over: Partial<TrackedBuild> = {}): TrackedBuild {
  const ended = status === 'success' || status === 'failed';
  return {
    id: `build_${n}`,
    platform: (['mac', 'windows', 'linux'] as const)[n % 3]!,
    arch: n % 2 ? 'arm64' : 'x64',
    version: '1.4.2',
    status,
    origin: 'triggered',
    createdAt: iso(0),
    startedAt: status === 'queued' ? undefined : iso(2_000),
    completedAt: ended ? iso(62_500) : undefined,
    artifactSize: 3 * 1024 * 1024,
    buildLog: `https://api.example.com/v1/builds/build_${n}/logs`,
    seen: { queued: T0, building: undefined, ended: undefined },
    logs: [{ timestamp: iso(1), level: 'error', message: `boom ${n}` }],
    download:
      status === 'success'
        ? {
            path: `/w/desktop-builds/b${n}.dmg`,
            fileName: `b${n}.dmg`,
            size: 3 * 1024 * 1024,
            sha256: 'ab'.repeat(32),
          }
        : undefined,
    artifact: undefined,
    error: undefined,
    ...over,
  };
}

describe('outputs', () => {
  it('describes each build as design §2 says', () => {
    expect(buildOutput(tracked(0, 'success'))).toEqual({
      id: 'build_0',
      platform: 'mac',
      arch: 'x64',
      version: '1.4.2',
      status: 'success',
      duration: 60.5,
      artifactSize: 3 * 1024 * 1024,
      path: '/w/desktop-builds/b0.dmg',
      sha256: 'ab'.repeat(32),
    });
    expect(buildOutput(tracked(1, 'building'))).toMatchObject({
      status: 'building',
      duration: null,
    });
    expect(
      buildOutput(tracked(2, 'failed', { id: null, error: 'could not trigger' })),
    ).toMatchObject({ id: null, error: 'could not trigger' });
  });

  it('says success only when every build succeeded', () => {
    expect(runStatus([tracked(0, 'success'), tracked(1, 'success')], true)).toBe('success');
    expect(runStatus([tracked(0, 'success'), tracked(1, 'failed')], true)).toBe('failed');
    expect(runStatus([tracked(0, 'success'), tracked(1, 'building')], true)).toBe('failed');
    expect(runStatus([tracked(0, 'success', { error: 'download failed' })], true)).toBe('failed');
    expect(runStatus([tracked(0, 'queued')], false)).toBe('pending');
    expect(runStatus([], true)).toBe('failed');
  });

  it('lists local paths and build ids one per line', () => {
    const outputs = renderOutputs([tracked(0, 'success'), tracked(1, 'failed')], true);
    expect(outputs.artifacts).toBe('/w/desktop-builds/b0.dmg');
    expect(outputs['build-ids']).toBe('build_0\nbuild_1');
    expect(JSON.parse(outputs.builds)).toHaveLength(2);
  });
});

describe('annotations', () => {
  it('names platform/arch and quotes the error lines', () => {
    expect(failureAnnotations([tracked(0, 'success'), tracked(1, 'failed')])).toEqual([
      { title: 'windows/arm64 build failed', message: 'build_1: boom 1' },
    ]);
  });

  it('summarises beyond the annotation budget', () => {
    const builds = Array.from({ length: 20 }, (_, n) => tracked(n, 'failed'));
    const annotations = failureAnnotations(builds);
    expect(annotations).toHaveLength(MAX_BUILD_ANNOTATIONS);
    expect(annotations.at(-1)!.title).toBe('13 more builds failed');
    expect(annotations.at(-1)!.message).toContain('build_19');
  });
});

describe('summary', () => {
  it('has a row per build with every column, and a gantt of the phases', () => {
    const text = renderSummary([tracked(0, 'success'), tracked(1, 'failed')], {
      waited: true,
      now: T0 + 70_000,
      releaseUrl: 'https://github.com/acme/app/releases/tag/v1.4.2',
    });
    expect(text).toContain('**failed** · 2/2 builds finished · 1 failed');
    expect(text).toContain(
      '| mac | x64 | 1.4.2 | ✅ success | 1m01s | 3.0 MiB | `abababababab` | `build_0` | [log](https://api.example.com/v1/builds/build_0/logs) |',
    );
    expect(text).toContain(
      '| windows | arm64 | 1.4.2 | ❌ failed | 1m01s | 3.0 MiB |  | `build_1` |',
    );
    expect(text).toContain('Release: https://github.com/acme/app/releases/tag/v1.4.2');
    expect(text).toContain('```mermaid\ngantt\n  dateFormat x');
    expect(text).toContain(
      `  section mac/x64\n  queued : ${T0}, ${T0 + 2000}\n  success : ${T0 + 2000}, ${T0 + 62_500}`,
    );
    expect(text).toContain(`  failed : crit, ${T0 + 2000}, ${T0 + 62_500}`);
  });

  it('links the workflow artifact once published', () => {
    const artifact = {
      buildId: 'build_0',
      name: 'b0.dmg',
      id: 7,
      url: 'https://github.com/a/b/actions/runs/1/artifacts/7',
    };
    expect(
      renderSummary([tracked(0, 'success', { artifact })], { waited: true, now: T0 }),
    ).toContain(
      '[log](https://api.example.com/v1/builds/build_0/logs) · [artifact](https://github.com/a/b/actions/runs/1/artifacts/7) |',
    );
  });

  it('draws running builds up to now', () => {
    const gantt = renderGantt([tracked(0, 'building')], T0 + 9_000).join('\n');
    expect(gantt).toContain(`  building : active, ${T0 + 2000}, ${T0 + 9000}`);
  });

  it('escapes service text in cells', () => {
    expect(cell('a|b\n<img src=x>')).toBe('a\\|b &lt;img src=x&gt;');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KiB');
  });

  it('stays under 1 MiB for any matrix, saying what it left out', () => {
    const builds = Array.from({ length: 20_000 }, (_, n) =>
      tracked(n, n % 7 ? 'success' : 'failed', { error: n % 7 ? undefined : 'x'.repeat(200) }),
    );
    const failures = `${builds.length} builds failed: ${builds.map((b) => b.id).join(', ')}`;
    const notes = ['Timed out', failures, 'y'.repeat(2 * SUMMARY_LIMIT_BYTES)];
    const text = renderSummary(builds, { waited: true, now: T0, notes });
    expect(Buffer.byteLength(text)).toBeLessThan(SUMMARY_LIMIT_BYTES);
    expect(text).toMatch(/\| _\d+ more builds not shown: see the `builds` output_/);
    expect(text).toContain(`_Timeline shows the first ${MAX_GANTT_BUILDS} of 20000 builds._`);
    expect(text).toContain('> Timed out');
    expect(text).toContain('> 20000 builds failed: build_0, build_1');
  });
});
