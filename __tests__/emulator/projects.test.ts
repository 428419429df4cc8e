import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { call, createProject } from './helpers.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ queuedMs: 10, buildingMs: 40 });
});
afterAll(() => emulator.close());

describe('authentication and routing', () => {
  it('answers 401 without a key or with a wrong key, and never echoes the key', async () => {
    const missing = await fetch(`${emulator.baseUrl}/projects`);
    expect(missing.status).toBe(401);
    const wrong = await call(emulator, 'GET', '/projects', undefined, {
      Authorization: 'Bearer dbs_wrong_key',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('unauthorized');
    expect(wrong.body.error.message).toMatch(/Authorization: Bearer/);
    expect(JSON.stringify(wrong.body)).not.toContain('dbs_wrong_key');
    expect(JSON.stringify(wrong.body)).not.toContain(emulator.apiKey);
  });

  it('serves the API under /v1 only, with 404 for unknown paths and 405 for wrong methods', async () => {
    expect(emulator.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect((await call(emulator, 'GET', '/nothing-here')).status).toBe(404);
    const wrongMethod = await call(emulator, 'PUT', '/projects');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
  });

  it('records every request it received', async () => {
    const before = emulator.requests.length;
    await call(emulator, 'GET', '/projects');
    const recorded = emulator.requests.slice(before);
    expect(recorded).toMatchObject([
      { origin: 'api', method: 'GET', path: '/v1/projects', status: 200 },
    ]);
  });
});

describe('projects', () => {
  it('creates a project (201) and returns exactly the creation fields', async () => {
    const answer = await call(emulator, 'POST', '/projects', {
      name: 'Notes',
      url: 'https://notes.example.com',
      platforms: ['mac', 'linux'],
      config: {
        window: { width: 1024, height: 700 },
        features: { tray: true },
        appId: 'com.acme.notes',
        author: 'Acme',
        version: '2.0.0',
      },
    });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(
      ['createdAt', 'id', 'message', 'name', 'platforms', 'url'].sort(),
    );
    expect(answer.body.id).toMatch(/^proj_/);

    const got = await call(emulator, 'GET', `/projects/${answer.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id: answer.body.id,
      name: 'Notes',
      author: 'Acme',
      version: '2.0.0',
      url: 'https://notes.example.com',
      appId: 'com.acme.notes',
      platforms: ['mac', 'linux'],
      window: { width: 1024, height: 700, resizable: true },
      features: { autoUpdate: false, tray: true, menuBar: true },
      createdAt: answer.body.createdAt,
      updatedAt: answer.body.createdAt,
    });
  });

  it('lists project summaries with a total', async () => {
    const project = await createProject(emulator);
    const list = await call(emulator, 'GET', '/projects');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(list.body.projects.length);
    const item = list.body.projects.find((p: { id: string }) => p.id === project.id);
    expect(Object.keys(item).sort()).toEqual(
      ['createdAt', 'id', 'name', 'platforms', 'updatedAt', 'url'].sort(),
    );
  });

  it('updates a project with PATCH and returns the update fields', async () => {
    const project = await createProject(emulator);
    const answer = await call(emulator, 'PATCH', `/projects/${project.id}`, {
      name: 'Renamed',
      platforms: ['windows'],
      window: { height: 900 },
      features: { autoUpdate: true },
      version: '3.1.0',
      appId: 'com.acme.renamed',
      author: 'Someone',
      url: 'https://renamed.example.com',
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(
      ['id', 'message', 'name', 'platforms', 'updatedAt'].sort(),
    );
    expect(answer.body).toMatchObject({ id: project.id, name: 'Renamed', platforms: ['windows'] });
    const got = await call(emulator, 'GET', `/projects/${project.id}`);
    expect(got.body).toMatchObject({
      name: 'Renamed',
      version: '3.1.0',
      appId: 'com.acme.renamed',
      author: 'Someone',
      url: 'https://renamed.example.com',
      window: { width: 1280, height: 900, resizable: true },
      features: { autoUpdate: true, tray: false, menuBar: true },
      updatedAt: answer.body.updatedAt,
    });
  });

  it('deletes a project and its builds', async () => {
    const project = await createProject(emulator);
    const build = await call(emulator, 'POST', `/projects/${project.id}/builds`, {
      platform: 'mac',
    });
    const answer = await call(emulator, 'DELETE', `/projects/${project.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: project.id, deleted: true });
    expect((await call(emulator, 'GET', `/projects/${project.id}`)).status).toBe(404);
    expect((await call(emulator, 'GET', `/builds/${build.body.id}`)).status).toBe(404);
    expect(emulator.builds().some((b) => b.id === build.body.id)).toBe(false);
  });

  it('answers 404 naming the unknown id on get, update, delete and list builds', async () => {
    for (const [method, path, body] of [
      ['GET', '/projects/proj_missing', undefined],
      ['PATCH', '/projects/proj_missing', { name: 'x' }],
      ['DELETE', '/projects/proj_missing', undefined],
      ['GET', '/projects/proj_missing/builds', undefined],
      ['POST', '/projects/proj_missing/builds', { platform: 'mac' }],
    ] as const) {
      const answer = await call(emulator, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.message).toContain('proj_missing');
    }
  });

  it.each([
    [{ url: 'https://a.example', platforms: ['mac'] }, /'name'/],
    [{ name: 'A', url: 'not a url', platforms: ['mac'] }, /'url'/],
    [{ name: 'A', url: 'ftp://a.example', platforms: ['mac'] }, /'url'.*https or http/],
    [
      { name: 'A', url: 'https://a.example', platforms: ['beos'] },
      /'platforms\[0\]'.*'mac', 'windows', 'linux'/,
    ],
    [{ name: 'A', url: 'https://a.example', platforms: [] }, /'platforms'/],
    [{ name: 'A', url: 'https://a.example', platforms: ['mac'], colour: 'red' }, /'colour'/],
    [
      { name: 'A', url: 'https://a.example', platforms: ['mac'], config: { icon: 'x' } },
      /'config\.icon'/,
    ],
    [
      { name: 'A', url: 'https://a.example', platforms: ['mac'], config: { window: { width: 5 } } },
      /'config\.window'/,
    ],
    [
      { name: 'A', url: 'https://a.example', platforms: ['mac'], config: { version: 'one' } },
      /'config\.version'/,
    ],
    [
      { name: 'A', url: 'https://a.example', platforms: ['mac'], config: { appId: 'nodots' } },
      /'config\.appId'/,
    ],
  ])('refuses a bad create body %j with 400 naming the field', async (body, message) => {
    const answer = await call(emulator, 'POST', '/projects', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
  });

  it('refuses invalid JSON, non-object bodies and bad updates with 400', async () => {
    const project = await createProject(emulator);
    expect((await call(emulator, 'POST', '/projects', '{"name":')).body.error.code).toBe(
      'invalid_json',
    );
    expect((await call(emulator, 'POST', '/projects', '[1]')).status).toBe(400);
    const unknown = await call(emulator, 'PATCH', `/projects/${project.id}`, { id: 'proj_x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/'id'.*'name'/);
    const empty = await call(emulator, 'PATCH', `/projects/${project.id}`, {});
    expect(empty.status).toBe(400);
    const badWindow = await call(emulator, 'PATCH', `/projects/${project.id}`, {
      window: { width: -1 },
    });
    expect(badWindow.body.error.message).toMatch(/'window\.width'/);
  });

  it('starts with seeded projects under fixed ids', async () => {
    const seeded = await startEmulator({
      seedProjects: [
        { id: 'proj_demo', name: 'Demo', url: 'https://demo.example', platforms: ['linux'] },
      ],
    });
    try {
      const got = await call(seeded, 'GET', '/projects/proj_demo');
      expect(got.body).toMatchObject({ id: 'proj_demo', name: 'Demo', platforms: ['linux'] });
      expect(seeded.projects().map((p) => p.id)).toEqual(['proj_demo']);
    } finally {
      await seeded.close();
    }
  });
});
