import { describe, expect, it } from 'vitest';
import { BuildServiceClient, DEFAULT_USER_AGENT } from '../../src/service/client.ts';
import { NotFoundError } from '../../src/service/errors.ts';
import { PROJECT_ID, requestsTo, useHarness } from './support.ts';

describe('projects endpoints against the emulator', () => {
  const h = useHarness();

  it('lists, creates, reads, updates and deletes a project', async () => {
    const { client } = h();
    const before = await client.listProjects();
    expect(before.total).toBe(1);
    expect(before.projects[0]).toMatchObject({ id: PROJECT_ID, name: 'Test App' });

    const created = await client.createProject({
      name: 'Notes',
      url: 'https://notes.example.com',
      platforms: ['mac', 'linux'],
      config: { window: { width: 1024, height: 700 } },
    });
    expect(created).toMatchObject({
      name: 'Notes',
      url: 'https://notes.example.com',
      platforms: ['mac', 'linux'],
    });
    expect(created.id).toMatch(/^proj_/);
    expect(created.message).toEqual(expect.any(String));

    const project = await client.getProject(created.id);
    expect(project).toMatchObject({ id: created.id, name: 'Notes', platforms: ['mac', 'linux'] });
    expect(project.window).toMatchObject({ width: 1024, height: 700 });
    expect(project.appId).toEqual(expect.any(String));
    expect(project.features).toBeDefined();

    const updated = await client.updateProject(created.id, {
      name: 'Notes Pro',
      platforms: ['windows'],
    });
    expect(updated).toMatchObject({ id: created.id, name: 'Notes Pro', platforms: ['windows'] });
    expect((await client.getProject(created.id)).name).toBe('Notes Pro');
    expect((await client.listProjects()).total).toBe(2);

    const deleted = await client.deleteProject(created.id);
    expect(deleted).toMatchObject({ id: created.id, deleted: true });
    await expect(client.getProject(created.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await client.listProjects()).total).toBe(1);
  });

  it('sends the key as a Bearer token, a User-Agent with the version, and JSON bodies', async () => {
    const { client, emulator } = h();
    await client.createProject({ name: 'X', url: 'https://x.example.com', platforms: ['linux'] });
    const [post] = requestsTo(emulator, 'POST', /^\/v1\/projects$/);
    expect(post?.headers.authorization).toBe(`Bearer ${emulator.apiKey}`);
    expect(post?.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(DEFAULT_USER_AGENT).toMatch(/^desktop-build-action\/\d+\.\d+\.\d+/);
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the base URL path prefix and encodes ids', async () => {
    const { client, emulator } = h();
    await expect(client.getProject('proj_../x?y#z')).rejects.toMatchObject({
      status: 404,
      resourceId: 'proj_../x?y#z',
    });
    const paths = emulator.requests.map((r) => r.path);
    expect(paths).toContain('/v1/projects/proj_..%2Fx%3Fy%23z');
  });

  it('accepts a base URL with a trailing slash and a custom User-Agent', async () => {
    const { emulator } = h();
    const client = new BuildServiceClient({
      baseUrl: `${emulator.baseUrl}/`,
      apiKey: emulator.apiKey,
      userAgent: 'my-tool/2.0',
    });
    try {
      expect((await client.listProjects()).total).toBe(1);
      expect(emulator.requests.at(-1)?.headers['user-agent']).toBe('my-tool/2.0');
    } finally {
      await client.close();
    }
  });
});
