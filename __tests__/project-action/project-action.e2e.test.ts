// The project sub-action end to end: dist/project/index.js spawned like the runner does, against
// the emulator, and against a stand-in service whose answers carry workflow commands.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { BuildServiceClient } from '../../src/service/client.ts';
import { NotFoundError } from '../../src/service/errors.ts';
import { KEY, useStandIns } from '../service/stand-in.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { secretSpellings } from '../../src/text/secret-spellings.ts';
import { runSubaction, type SubactionRun } from './run-subaction.ts';

let emulator: Emulator;
let client: BuildServiceClient;
let workspace: string;

beforeAll(async () => {
  emulator = await startEmulator({ queuedMs: 20, buildingMs: 50 });
  client = new BuildServiceClient({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
  workspace = await mkdtemp(path.join(os.tmpdir(), 'project-action-'));
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

const run = (inputs: Record<string, string>): Promise<SubactionRun> =>
  runSubaction(
    'project',
    { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, ...inputs },
    { workspace },
  );

const writeConfig = (file: string, config: object): Promise<void> =>
  writeFile(
    path.join(workspace, file),
    file.endsWith('.json') ? JSON.stringify(config) : stringify(config),
  );

const patches = (): number =>
  emulator.requests.filter((request) => request.method === 'PATCH').length;

/** The key may appear only in the mask command the runner consumes. */
const expectKeyHidden = (result: SubactionRun): void => {
  const withoutMask = result.stdout.replace(`::add-mask::${emulator.apiKey}`, '');
  expect(withoutMask + result.stderr).not.toContain(emulator.apiKey);
};

const config = {
  name: 'Desktop E2E',
  url: 'https://app.example.com',
  platforms: ['mac'],
  appId: 'com.example.e2e',
  window: { width: 1024, height: 768, resizable: false },
  features: { tray: true },
};

describe('project sub-action (dist/project/index.js)', () => {
  let projectId = '';

  it('creates the project a YAML config file describes', async () => {
    await writeConfig('desktop-build.yml', config);
    const result = await run({ 'config-file': 'desktop-build.yml' });
    expect(result.errors).toEqual([]);
    expect(result.exitCode).toBe(0);
    projectId = result.outputs['project-id'] ?? '';
    expect(projectId).toMatch(/^proj_/);
    expect(result.outputs.changed).toBe('true');
    expect(result.stdout).toContain(`Created project ${projectId} "Desktop E2E"`);
    expect(await client.getProject(projectId)).toMatchObject({
      ...config,
      features: { tray: true },
    });
    expectKeyHidden(result);
  });

  it('changes nothing when the same configuration is applied again (found by name)', async () => {
    const before = patches();
    const result = await run({ 'config-file': 'desktop-build.yml' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toEqual({ 'project-id': projectId, changed: 'false', changes: '' });
    expect(result.stdout).toContain(`Found project ${projectId} named "Desktop E2E"`);
    expect(result.stdout).toContain(`Project ${projectId} already matches the configuration`);
    expect(patches()).toBe(before);
  });

  it('patches only what differs, says what changed, and leaves the rest', async () => {
    await writeConfig('desktop-build.json', {
      ...config,
      platforms: ['mac', 'linux'],
      window: { width: 1280, height: 768 },
    });
    const result = await run({
      'project-id': projectId,
      'config-file': 'desktop-build.json',
      name: 'Desktop E2E 2',
    });
    expect(result.errors).toEqual([]);
    const changes =
      'name: Desktop E2E → Desktop E2E 2, platforms: [mac] → [mac, linux], window.width: 1024 → 1280';
    expect(result.outputs).toEqual({ 'project-id': projectId, changed: 'true', changes });
    expect(result.stdout).toContain(`Updated project ${projectId}: ${changes}`);
    expect(await client.getProject(projectId)).toMatchObject({
      name: 'Desktop E2E 2',
      platforms: ['mac', 'linux'],
      appId: 'com.example.e2e',
      window: { width: 1280, height: 768, resizable: false },
      features: { tray: true },
    });
  });

  it('rejects an invalid config file, naming the file and each key, before any request', async () => {
    await writeConfig('broken.yml', {
      name: 'x',
      platform: ['mac'],
      window: { width: 0, height: 600 },
    });
    const before = emulator.requests.length;
    const result = await run({ 'config-file': 'broken.yml' });
    expect(result.exitCode).toBe(1);
    expect(result.errors).toEqual([
      [
        'broken.yml is not a valid project configuration:',
        '  - platform (line 2): unknown key (did you mean "platforms"?); allowed at the top level: name, url, platforms, appId, author, version, window, features',
        '  - window.width (line 5): expected a positive number of pixels, got 0',
      ].join('\n'),
    ]);
    expect(emulator.requests.length).toBe(before);
  });

  it('deletes the project, printing what went with it, and is a no-op the second time', async () => {
    await client.triggerBuild(projectId, { platform: 'mac', version: '1.0.0' });
    const result = await run({ 'project-id': projectId, delete: 'true' });
    expect(result.errors).toEqual([]);
    expect(result.outputs).toEqual({
      'project-id': projectId,
      changed: 'true',
      changes: 'deleted',
    });
    expect(result.stdout).toContain(
      `Deleted project ${projectId} "Desktop E2E 2" (https://app.example.com, platforms mac, linux) with its 1 build and their artifacts`,
    );
    await expect(client.getProject(projectId)).rejects.toBeInstanceOf(NotFoundError);
    expectKeyHidden(result);

    const again = await run({ 'project-id': projectId, delete: 'true' });
    expect(again.exitCode).toBe(0);
    expect(again.outputs).toEqual({ 'project-id': '', changed: 'false', changes: '' });
    expect(again.stdout).toContain(`Project ${projectId} does not exist (already deleted?)`);
  });

  it('creates from inputs alone and deletes by name', async () => {
    const created = await run({
      name: 'Preview 42',
      url: 'https://pr42.example.com',
      platforms: 'linux',
    });
    expect(created.outputs.changed).toBe('true');
    const id = created.outputs['project-id'];
    const removed = await run({ name: 'Preview 42', delete: 'true' });
    expect(removed.outputs).toEqual({ 'project-id': id, changed: 'true', changes: 'deleted' });
  });

  it('fails clearly on invalid inputs and a refused key', async () => {
    const bad = await run({ 'config-file': 'desktop-build.yml', platforms: 'mac, beos' });
    expect(bad.exitCode).toBe(1);
    expect(bad.errors).toEqual([
      'Invalid input: platforms: "beos" is not a platform; use mac, windows, linux',
    ]);
    await writeConfig('nameless.json', { platforms: ['mac'] });
    const nameless = await run({ 'config-file': 'nameless.json', delete: 'true' });
    expect(nameless.exitCode).toBe(1);
    expect(nameless.errors).toEqual([
      'To delete a project without project-id, the project configuration needs name: set it in the config file or the inputs',
    ]);
    const refused = await run({ 'config-file': 'desktop-build.yml', 'api-key': 'dbs_wrong_key' });
    expect(refused.exitCode).toBe(1);
    expect(refused.errors[0]).toMatch(/refused the API key/);
    expect(refused.stdout.replace('::add-mask::dbs_wrong_key', '')).not.toContain('dbs_wrong_key');
  });

  it('fails before any request, naming GITHUB_OUTPUT, when the runner cannot take its outputs', async () => {
    const before = emulator.requests.length;
    const missing = path.join(workspace, 'no-such-dir', 'output');
    const result = await runSubaction(
      'project',
      {
        'api-key': emulator.apiKey,
        'base-url': emulator.baseUrl,
        name: 'Never made',
        url: 'https://app.example.com',
        platforms: 'mac',
      },
      { workspace, env: { GITHUB_OUTPUT: missing } },
    );
    expect(result.exitCode).toBe(1);
    expect(result.errors.join('\n')).toMatch(/GITHUB_OUTPUT/);
    expect(emulator.requests.length).toBe(before);
  });
});

// A service that answers names, authors and urls carrying workflow commands: a raw stand-in, as the
// emulator answers what it was sent. Before the schemas held names and urls to one printable line,
// these answers were printed as `::error::x` and `::add-mask::y` lines (Deleted project …, the
// change lines and the `changes` output).
describe('project sub-action against a service answering hostile names and urls', () => {
  const standIn = useStandIns();
  const FORGED_ERROR = '\n::error::x';
  const FORGED_MASK = '\n::add-mask::y';
  const hostileProject = {
    id: 'proj_1',
    name: `Desktop${FORGED_ERROR}`,
    author: `Acme${FORGED_MASK}`,
    url: `https://app.example.com/${FORGED_ERROR}${FORGED_MASK}`,
    platforms: ['mac'],
    createdAt: '2026-01-01T00:00:00Z',
  };

  /** Answers as a service would, with `hostileProject` until it is patched. */
  const service = () => {
    let current: Record<string, unknown> = hostileProject;
    return standIn((req, res) => {
      const answer = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/v1/projects') {
        return answer({ projects: [current], total: 1 });
      }
      if (req.method === 'GET' && req.url === '/v1/projects/proj_1') return answer(current);
      if (req.method === 'GET' && req.url === '/v1/projects/proj_1/builds') {
        return answer({ builds: [], total: 0 });
      }
      if (req.method === 'DELETE') return answer({ id: 'proj_1', deleted: true });
      if (req.method === 'PATCH') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          current = { ...current, ...(JSON.parse(body) as object) };
          answer({ ...current, updatedAt: '2026-01-01T00:00:01Z' });
        });
        return;
      }
      res.writeHead(404).end();
    });
  };

  const runAgainst = async (inputs: Record<string, string>) => {
    const { baseUrl } = await service();
    return runSubaction(
      'project',
      { 'api-key': KEY, 'base-url': baseUrl, ...inputs },
      { workspace },
    );
  };

  /** No workflow command came from the service's text, in the log or the outputs. */
  const expectNoForgedCommand = (result: SubactionRun): void => {
    const lines = result.stdout.split('\n');
    expect(lines).not.toContain('::error::x');
    expect(lines.filter((line) => line.startsWith('::add-mask::y'))).toEqual([]);
    const masks = secretSpellings(KEY).map((spelling) => `::add-mask::${spelling}`);
    for (const line of lines.filter((l) => l.startsWith('::') && !masks.includes(l))) {
      expect(line).toMatch(/^::error::\w/);
    }
    for (const value of Object.values(result.outputs)) expect(value).not.toMatch(/\n::/);
  };

  it('refuses the answers, naming the field only, when updating, finding by name and deleting', async () => {
    await writeConfig('hostile.yml', { author: 'Acme' });
    const updated = await runAgainst({ 'project-id': 'proj_1', 'config-file': 'hostile.yml' });
    const found = await runAgainst({
      name: 'Desktop',
      url: 'https://app.example.com',
      platforms: 'mac',
    });
    const deleted = await runAgainst({ 'project-id': 'proj_1', delete: 'true' });
    for (const [result, field] of [
      [updated, 'name'],
      [found, 'projects.0.name'],
      [deleted, 'name'],
    ] as const) {
      expectNoForgedCommand(result);
      expect(result.exitCode).toBe(1);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toContain(`${field} is not printable text`);
    }
  });
});
