// applyProjectConfig / applyProject against the emulator, over real HTTP.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { NotFoundError } from '../../src/service/errors.ts';
import {
  applyProject,
  applyProjectConfig,
  type ProjectClient,
} from '../../src/config/apply-project.ts';
import {
  AmbiguousProjectError,
  ConfigFileError,
  MissingProjectFieldsError,
  ProjectNotAppliedError,
} from '../../src/config/errors.ts';
import type { ProjectConfig } from '../../src/config/project-config.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';

let emulator: Emulator;
let client: BuildServiceClient;
let workspace: string;

beforeAll(async () => {
  emulator = await startEmulator();
  client = new BuildServiceClient({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
  workspace = await mkdtemp(path.join(os.tmpdir(), 'apply-project-'));
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

const full: ProjectConfig = {
  name: 'Applied',
  url: 'https://applied.example.com',
  platforms: ['windows', 'linux'],
  appId: 'com.example.applied',
  author: 'Acme',
  version: '2.0.0',
  window: { width: 900, height: 700, resizable: false },
  features: { autoUpdate: true, tray: true, menuBar: false },
};

describe('applyProjectConfig', () => {
  it('creates the project with every configured field, then finds it unchanged', async () => {
    await writeFile(path.join(workspace, 'desktop-build.json'), JSON.stringify(full));
    const options = { configFile: 'desktop-build.json', workspace };
    const created = await applyProjectConfig(client, options);
    expect(created).toMatchObject({ action: 'created', changed: true });
    expect(created.changes.map((c) => c.field)).toContain('window.resizable');
    expect(await client.getProject(created.projectId)).toMatchObject(full);

    expect(await applyProjectConfig(client, options)).toEqual({
      projectId: created.projectId,
      action: 'unchanged',
      changed: false,
      changes: [],
    });
    expect(
      await applyProjectConfig(client, { ...options, projectId: created.projectId }),
    ).toMatchObject({ projectId: created.projectId, action: 'unchanged' });
  });

  it('reports an invalid file before any request', async () => {
    await writeFile(path.join(workspace, 'bad.yaml'), 'name: Bad\ncolor: blue\n');
    const before = emulator.requests.length;
    await expect(applyProjectConfig(client, { configFile: 'bad.yaml', workspace })).rejects.toThrow(
      ConfigFileError,
    );
    expect(emulator.requests.length).toBe(before);
  });
});

describe('applyProject', () => {
  it('refuses to guess between projects of the same name', async () => {
    const body = { name: 'Twin', url: 'https://twin.example.com', platforms: ['mac' as const] };
    const a = await client.createProject(body);
    const b = await client.createProject(body);
    const error = await applyProject(client, { name: 'Twin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousProjectError);
    expect((error as AmbiguousProjectError).message).toBe(
      `2 projects are named "Twin" (${a.id}, ${b.id}): set project-id to say which one`,
    );
  });

  it('says which fields are missing to create a project, or to find one', async () => {
    await expect(applyProject(client, { name: 'Lonely', platforms: ['mac'] })).rejects.toThrow(
      new MissingProjectFieldsError(['url'], 'To create a project named "Lonely"'),
    );
    await expect(applyProject(client, { platforms: ['mac'] })).rejects.toThrow(
      /^Without project-id, the project configuration needs name/,
    );
  });

  it('fails on an unknown project id instead of creating one', async () => {
    await expect(applyProject(client, full, { projectId: 'proj_missing' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('sets by PATCH what a service did not take on creation', async () => {
    // A service that ignores `config` on Create Project (spec §2.1 leaves it open).
    const ignoresConfig: ProjectClient = {
      listProjects: (o) => client.listProjects(o),
      getProject: (id, o) => client.getProject(id, o),
      updateProject: (id, patch, o) => client.updateProject(id, patch, o),
      createProject: ({ config: _ignored, ...body }, o) => client.createProject(body, o),
    };
    const result = await applyProject(ignoresConfig, { ...full, name: 'Late config' });
    expect(result.action).toBe('created');
    expect(await client.getProject(result.projectId)).toMatchObject({
      ...full,
      name: 'Late config',
    });
  });

  it('fails when the service answers a PATCH but keeps the old value', async () => {
    const created = await client.createProject({
      name: 'Stubborn',
      url: 'https://stubborn.example.com',
      platforms: ['mac'],
    });
    const ignoresAppId: ProjectClient = {
      listProjects: (o) => client.listProjects(o),
      getProject: (id, o) => client.getProject(id, o),
      createProject: (body, o) => client.createProject(body, o),
      updateProject: (id, { appId: _ignored, ...patch }, o) => client.updateProject(id, patch, o),
    };
    const error = await applyProject(
      ignoresAppId,
      { appId: 'com.example.stubborn2', platforms: ['mac', 'linux'] },
      { projectId: created.id },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectNotAppliedError);
    expect(error).toMatchObject({ projectId: created.id, fields: ['appId'] });
    expect((await client.getProject(created.id)).platforms).toEqual(['mac', 'linux']);
  });
});
