import { describe, expect, it } from 'vitest';
import {
  findCreatedProject,
  findCreatedWebhook,
  findTriggeredBuild,
} from '../../src/service/reconcile.ts';
import type { BuildSummary } from '../../src/service/schemas.ts';

const since = Date.parse('2025-06-01T12:00:00Z');
const at = (offsetMs: number) => new Date(since + offsetMs).toISOString();
const build = (overrides: Partial<BuildSummary>): BuildSummary => ({
  id: 'build_x',
  projectId: 'proj_1',
  version: '1.2.3',
  platform: 'mac',
  arch: 'x64',
  status: 'queued',
  createdAt: at(1_000),
  completedAt: undefined,
  artifactUrl: undefined,
  ...overrides,
});

describe('findTriggeredBuild', () => {
  it('adopts the earliest build of the same target and version the list before did not have', () => {
    const before = new Set(['old', 'other-arch']);
    const builds = [
      build({ id: 'old', createdAt: at(5_000) }),
      build({ id: 'other-arch', arch: 'arm64' }),
      build({ id: 'other-version', version: '1.2.4' }),
      build({ id: 'later', createdAt: at(2_000) }),
      // Its clock a minute behind ours: still new to the service's own list.
      build({ id: 'ours', createdAt: at(-60_000) }),
    ];
    const found = findTriggeredBuild(
      builds,
      { platform: 'mac', arch: 'x64', version: '1.2.3' },
      before,
    );
    expect(found?.id).toBe('ours');
    expect(found).toMatchObject({
      platform: 'mac',
      arch: 'x64',
      version: '1.2.3',
      message: undefined,
    });
  });

  it('adopts nothing the list before had, however recent its timestamp', () => {
    const found = findTriggeredBuild(
      [build({ id: 'theirs', createdAt: new Date().toISOString() })],
      { platform: 'mac' },
      new Set(['theirs']),
    );
    expect(found).toBeUndefined();
  });

  it('treats a missing arch as x64 and a missing version as any version', () => {
    const none = new Set<string>();
    expect(
      findTriggeredBuild([build({ arch: 'arm64' })], { platform: 'mac' }, none),
    ).toBeUndefined();
    expect(findTriggeredBuild([build({ version: '9.9.9' })], { platform: 'mac' }, none)?.id).toBe(
      'build_x',
    );
  });

  it('never adopts a build whose status it does not know', () => {
    expect(
      findTriggeredBuild([build({ status: 'weird' })], { platform: 'mac' }, new Set()),
    ).toBeUndefined();
  });
});

describe('findCreatedProject and findCreatedWebhook', () => {
  it('match on the fields sent, in any order of platforms or events', () => {
    const project = {
      id: 'proj_n',
      name: 'N',
      url: 'https://n',
      platforms: ['linux', 'mac'] as const,
    };
    expect(
      findCreatedProject(
        [{ ...project, platforms: [...project.platforms], createdAt: at(5), updatedAt: undefined }],
        { name: 'N', url: 'https://n', platforms: ['mac', 'linux'] },
        since,
      )?.id,
    ).toBe('proj_n');
    expect(
      findCreatedProject(
        [{ ...project, platforms: ['linux'], createdAt: at(5), updatedAt: undefined }],
        { name: 'N', url: 'https://n', platforms: ['mac', 'linux'] },
        since,
      ),
    ).toBeUndefined();
    const webhook = {
      id: 'wh_1',
      url: 'https://h',
      events: ['build.failed', 'build.queued'],
      active: true,
      createdAt: at(5),
    };
    expect(
      findCreatedWebhook(
        [webhook],
        { url: 'https://h', events: ['build.queued', 'build.failed'] },
        since,
      )?.id,
    ).toBe('wh_1');
    expect(
      findCreatedWebhook(
        [webhook],
        { url: 'https://other', events: ['build.queued', 'build.failed'] },
        since,
      ),
    ).toBeUndefined();
  });
});
