import { describe, expect, it } from 'vitest';
import {
  failureAnnotations,
  MAX_ANNOTATION_CHARS,
  MAX_BUILD_ANNOTATIONS,
  MAX_QUOTED_LINE_CHARS,
} from '../../src/report/annotations.ts';
import { PublishingFailedError } from '../../src/publish/errors.ts';
import { NOTHING_PUBLISHED } from '../../src/publish/types.ts';
import { buildOutput, renderOutputs } from '../../src/report/outputs.ts';
import { formatSize } from '../../src/report/build-table.ts';
import { renderSummary, SUMMARY_LIMIT_BYTES } from '../../src/report/summary.ts';
import { MAX_GANTT_BUILDS } from '../../src/report/timeline.ts';
import { verdictOf } from '../../src/report/verdict.ts';
import { facts, MIB, result, T0 } from './fixtures.ts';

const artifact = {
  buildId: 'build_0',
  name: 'b0.dmg',
  id: 7,
  url: 'https://github.com/a/b/actions/runs/1/artifacts/7',
  span: { start: T0 + 63_100, end: T0 + 64_000 },
};

describe('outputs', () => {
  it('describes each build as design §2 says', () => {
    expect(buildOutput(result(0, 'success'))).toEqual({
      id: 'build_0',
      platform: 'mac',
      arch: 'x64',
      version: '1.4.2',
      status: 'success',
      duration: 60.5,
      artifactSize: 3 * MIB,
      path: '/w/desktop-builds/b0.dmg',
      sha256: 'ab'.repeat(32),
    });
    expect(buildOutput(result(1, 'building'))).toMatchObject({
      status: 'building',
      duration: null,
    });
    expect(
      buildOutput(
        result(2, 'queued', {
          id: null,
          problem: { stage: 'trigger', message: 'could not trigger' },
        }),
      ),
    ).toMatchObject({ id: null, error: 'could not trigger' });
    expect(buildOutput(result(0, 'success'), artifact)).toMatchObject({
      artifactName: 'b0.dmg',
      artifactId: 7,
      artifactUrl: artifact.url,
    });
  });

  it('lists local paths and build ids one per line, and the release when there is one', () => {
    const builds = [result(0, 'success'), result(1, 'failed')];
    const outputs = renderOutputs(builds, 'failed', NOTHING_PUBLISHED);
    expect(outputs.artifacts).toBe('/w/desktop-builds/b0.dmg');
    expect(outputs['build-ids']).toBe('build_0\nbuild_1');
    expect(JSON.parse(outputs.builds)).toHaveLength(2);
    expect(outputs).not.toHaveProperty('release-url');
    const released = renderOutputs(builds, 'failed', {
      artifacts: new Map([['build_0', artifact]]),
      assetUploads: new Map(),
      release: {
        url: 'https://github.com/a/b/releases/tag/v1',
        published: true,
        verified: undefined,
      },
    });
    expect(released['release-url']).toBe('https://github.com/a/b/releases/tag/v1');
    expect(JSON.parse(released.builds)[0]).toMatchObject({ artifactId: 7 });
  });
});

describe('outputs with ids of another form', () => {
  it('lists in build-ids only ids the build-ids input takes, one a line', () => {
    const odd = result(1, 'failed', { id: 'build_1\n::error::x\nbuild_9' });
    const outputs = renderOutputs([result(0, 'success'), odd], 'failed', NOTHING_PUBLISHED);
    expect(outputs['build-ids']).toBe('build_0');
    expect(JSON.parse(outputs.builds)[1].id).toBe('build_1\n::error::x\nbuild_9');
  });

  it('has comment-url only when the run had a comment, empty when it wrote none', () => {
    const builds = [result(0, 'success')];
    expect(renderOutputs(builds, 'success', NOTHING_PUBLISHED)).not.toHaveProperty('comment-url');
    expect(renderOutputs(builds, 'success', NOTHING_PUBLISHED, '')['comment-url']).toBe('');
    const url = 'https://github.com/acme/app/pull/7#issuecomment-1';
    expect(renderOutputs(builds, 'success', NOTHING_PUBLISHED, url)['comment-url']).toBe(url);
  });
});

describe('release-verified', () => {
  const withRelease = (published: boolean, verified: boolean | undefined) =>
    renderOutputs([result(0, 'success')], 'success', {
      ...NOTHING_PUBLISHED,
      release: { url: 'https://github.com/a/b/releases/tag/v1', published, verified },
    })['release-verified'];

  it('is true for a published release checked so, false for a failed check, else empty', () => {
    expect(withRelease(true, true)).toBe('true');
    expect(withRelease(false, false)).toBe('false');
    expect(withRelease(true, false)).toBe('false');
    expect(withRelease(false, undefined)).toBe('');
    expect(renderOutputs([result(0, 'success')], 'success', NOTHING_PUBLISHED)).toMatchObject({
      'release-verified': '',
    });
  });
});

describe('annotations', () => {
  it('names platform/arch and quotes the error lines, or says what the action could not do', () => {
    const lost = result(2, 'building', { problem: { stage: 'follow', message: 'lost it' } });
    expect(failureAnnotations([result(0, 'success'), result(1, 'failed'), lost])).toEqual([
      { title: 'windows/arm64 build failed', message: 'build_1: boom 1' },
      { title: 'linux/x64 build failed', message: 'build_2: lost it' },
    ]);
  });

  it('stays small and one line per quoted line, whatever the log holds', () => {
    const huge = 'x'.repeat(50 * MIB);
    const lines = [
      huge,
      'a\n::error title=pwned::owned\r::add-mask::y',
      '::error::x',
      ...Array(40).fill(huge),
    ];
    const [annotation] = failureAnnotations([
      result(1, 'failed', { id: 'build_1\n::warning::z', log: { lines: 42, quote: lines } }),
    ]);
    expect(annotation!.message.length).toBeLessThanOrEqual(MAX_ANNOTATION_CHARS);
    const quoted = annotation!.message.split('\n');
    expect(quoted[0]).toBe(`build_1 ::warning::z: ${'x'.repeat(MAX_QUOTED_LINE_CHARS - 1)}…`);
    expect(quoted[1]).toBe('a ::error title=pwned::owned ::add-mask::y');
    expect(quoted[2]).toBe(': :error::x');
    for (const line of quoted) expect(line.length).toBeLessThanOrEqual(MAX_QUOTED_LINE_CHARS + 40);
    expect(quoted.filter((line) => line.startsWith('::'))).toEqual([]);
  });

  it('bounds a problem message and the list of the builds beyond the budget', () => {
    const long = result(1, 'failed', { problem: { stage: 'follow', message: 'y'.repeat(10_000) } });
    expect(failureAnnotations([long])[0]!.message).toHaveLength(
      'build_1: '.length + MAX_QUOTED_LINE_CHARS,
    );
    const many = Array.from({ length: 5000 }, (_, n) => result(n, 'failed'));
    const last = failureAnnotations(many).at(-1)!;
    expect(last.message.length).toBeLessThanOrEqual(MAX_ANNOTATION_CHARS);
    expect(last.message).toMatch(/…; see their log groups and the job summary$/);
  });

  it('summarises beyond the annotation budget', () => {
    const builds = Array.from({ length: 20 }, (_, n) => result(n, 'failed'));
    const annotations = failureAnnotations(builds);
    expect(annotations).toHaveLength(MAX_BUILD_ANNOTATIONS);
    expect(annotations.at(-1)!.title).toBe('13 more builds failed');
    expect(annotations.at(-1)!.message).toContain('build_19');
  });
});

describe('summary', () => {
  const render = (run: ReturnType<typeof facts>, now = T0 + 70_000) =>
    renderSummary(run, verdictOf(run), now);
  const release = (published: boolean, verified?: boolean) => ({
    artifacts: new Map([['build_0', artifact]]),
    assetUploads: new Map(),
    release: {
      url: published
        ? 'https://github.com/acme/app/releases/tag/v1.4.2'
        : 'https://github.com/acme/app/releases/tag/untagged-1',
      published,
      verified,
    },
  });
  const lines = (text: string) => text.split('\n');

  it('says the release state first, then the run in one line with the version once', () => {
    const run = facts([result(0, 'success'), result(1, 'failed')], { published: release(true) });
    const text = lines(render(run));
    expect(text.slice(0, 5)).toEqual([
      '## Desktop builds',
      '',
      '**Release: published** · [open the release](https://github.com/acme/app/releases/tag/v1.4.2)',
      '',
      '**failed** · version `1.4.2` · 2/2 builds finished · 1 failed',
    ]);
    expect(text.join('\n').match(/1\.4\.2/g)).toHaveLength(2);
  });

  it('says why a release is a draft: the failed builds by label, or publishing, or release-draft', () => {
    const builds = [
      result(0, 'success'),
      result(1, 'failed'),
      result(2, 'failed'),
      result(3, 'building'),
    ];
    expect(render(facts(builds, { published: release(false) }))).toContain(
      '**Release: draft, not published, because** 2 of 4 builds failed (windows/arm64, linux/x64) ' +
        'and 1 of 4 builds did not finish (mac/arm64) · [open the draft](https://github.com/acme/app/releases/tag/untagged-1)',
    );
    const stopped = facts([result(0, 'success')], {
      published: release(false),
      errors: [new PublishingFailedError(new Error('HTTP 502'))],
    });
    expect(render(stopped)).toContain(
      '**Release: draft, not published, because** publishing did not finish (see the notes below) ·',
    );
    expect(render(facts([result(0, 'success')], { published: release(false) }))).toContain(
      '**Release: draft, not published, because** the release-draft input keeps it one ·',
    );
    expect(render(facts([result(0, 'success')]))).toContain('**No release** from this run.');
  });

  it('says whether the release was verified only when a check ran', () => {
    const builds = [result(0, 'success')];
    const verified = render(facts(builds, { published: release(true, true) }));
    expect(verified).toContain('\n\n✅ **Release verified**: its assets, read back from GitHub');
    const mismatch = render(facts(builds, { published: release(true, false) }));
    expect(mismatch).toContain('\n\n❌ **Release not verified**: its assets');
    expect(render(facts(builds, { published: release(true) }))).not.toContain('verified');
  });

  it('quotes why each failed build failed, in its log lines or the action problem, as code', () => {
    const lost = result(2, 'building', { problem: { stage: 'follow', message: 'lost it' } });
    const run = facts([
      result(0, 'success'),
      result(1, 'failed', { log: { lines: 9, quote: ['exit code 1', 'see `npm` log'] } }),
      lost,
      result(3, 'failed', { log: undefined }),
    ]);
    expect(render(run)).toContain(
      [
        '### Why the builds failed',
        '',
        '- **windows/arm64** failed:',
        '  - `exit code 1`',
        '  - ``see `npm` log``',
        '- **linux/x64** failed: `lost it`',
        '- **mac/arm64** failed: `the service gave no log`',
        '',
      ].join('\n'),
    );
    expect(render(facts([result(0, 'success')]))).not.toContain('failed');
    const one = result(1, 'failed', { log: { lines: 9, quote: ['exit code 1', 'Build failed'] } });
    expect(render(facts([one]))).toContain(
      '### Why the build failed\n\n- **windows/arm64** failed:\n',
    );
  });

  it('bounds the causes: 300 characters a line, 20 builds', () => {
    const builds = Array.from({ length: 25 }, (_, n) =>
      result(n, 'failed', { log: { lines: 1, quote: [`${'z'.repeat(50_000)} ${n}`] } }),
    );
    const text = render(facts(builds));
    const items = lines(text).filter((line) => /^- \*\*.* failed: /.test(line));
    expect(items).toHaveLength(20);
    for (const item of items) expect(item.length).toBeLessThan(340);
    expect(text).toContain('- _5 more failed: see their annotations in the workflow run_');
  });

  it('has a narrow table, the installer linked by its file name, ids and sha256 folded below', () => {
    const run = facts([result(0, 'success'), result(1, 'failed')], { published: release(true) });
    const text = render(run);
    expect(text).toContain(
      [
        '| build | status | duration | size | installer |',
        '| --- | --- | ---: | ---: | --- |',
        '| mac/x64 | ✅ success | 1m01s | 3.0 MiB | [`b0.dmg`](https://github.com/a/b/actions/runs/1/artifacts/7) |',
        '| windows/arm64 | ❌ failed | 1m01s | 3.0 MiB |  |',
        '',
        '<details><summary>Build ids and sha256</summary>',
        '',
        `- **mac/x64** · build \`build_0\` · sha256 \`${'ab'.repeat(32)}\``,
        '- **windows/arm64** · build `build_1`',
        '',
        '</details>',
      ].join('\n'),
    );
    expect(text).toContain('  section mac/x64\n  queued : 0, 2000\n  success : 2000, 62500');
    expect(text).toContain('  failed : crit, 2000, 62500');
    expect(text).toContain('  download : 62600, 63000\n  artifact : 63100, 64000\n');
  });

  it('has a version column, and no version in the run line, only when versions differ', () => {
    const run = facts([result(0, 'success'), result(1, 'success', { version: '1.4.3' })]);
    const text = render(run);
    expect(text).toContain('| build | version | status | duration | size | installer |');
    expect(text).toContain('| windows/arm64 | `1.4.3` | ✅ success |');
    expect(text).toContain('**success** · 2/2 builds finished\n');
  });

  it('shows the duration of a build whose timestamps are not plausible as unknown', () => {
    const odd = result(0, 'success', {
      phases: { queued: T0, building: T0 + 2_000, ended: T0 + 9e15, timesUnknown: true },
    });
    const run = facts([odd]);
    const text = render(run);
    expect(text).toContain('| mac/x64 | ✅ success | unknown | 3.0 MiB | `b0.dmg` |');
    expect(text).not.toMatch(/\d{4,}h/);
    expect(buildOutput(odd).duration).toBeNull();
    expect(text).toContain(
      "_Phases not drawn for mac/x64: the service's timestamps are not plausible (before 2000, or more than a day ahead)._",
    );
    expect(text).not.toContain('  section mac/x64\n  queued');
  });

  it('says what went wrong on the action side: download failed in the table, the message as cause', () => {
    const build = result(0, 'success', {
      download: undefined,
      problem: { stage: 'download', message: 'download stopped: the step was cancelled' },
    });
    const text = render(facts([build]));
    expect(text).toContain('| mac/x64 | ❌ download failed | 1m01s | 3.0 MiB |  |');
    expect(text).toContain('- **mac/x64** failed: `download stopped: the step was cancelled`');
  });

  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KiB');
  });

  it('stays under 1 MiB for any matrix, saying what it left out', () => {
    const builds = Array.from({ length: 20_000 }, (_, n) =>
      result(n, n % 7 ? 'success' : 'failed', {
        problem: n % 7 ? undefined : { stage: 'download', message: 'x'.repeat(200) },
      }),
    );
    const run = facts(builds, {
      timedOut: true,
      errors: [new Error('y'.repeat(2 * SUMMARY_LIMIT_BYTES))],
    });
    const text = render(run, T0);
    expect(Buffer.byteLength(text)).toBeLessThan(SUMMARY_LIMIT_BYTES);
    const shown = lines(text).filter((line) => line.startsWith('| mac/x64 | ✅'));
    expect(shown.length).toBeGreaterThan(100);
    expect(text).toMatch(/\n_\d+ more builds not shown: see the `builds` output\._\n/);
    expect(text).toContain(`_Timeline shows the first ${MAX_GANTT_BUILDS} of 20000 builds._`);
    expect(text).toContain('> Timed out');
    expect(text).toContain('> 2858 of 20000 builds failed\\: mac\\/x64 build\\_0 \\(');
    expect(text).toContain('</details>');
  });
});
