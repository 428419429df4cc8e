import { describe, expect, it } from 'vitest';
import { ApiError, NotFoundError } from '../../src/service/errors.ts';
import { useHarness } from './support.ts';

describe('webhook endpoints against the emulator', () => {
  const h = useHarness();

  it('creates, lists and deletes webhooks; the secret is never returned', async () => {
    const { client } = h();
    expect(await client.listWebhooks()).toEqual({ webhooks: [], total: 0 });
    const webhook = await client.createWebhook({
      url: 'https://hooks.example.com/desktop',
      events: ['build.succeeded', 'build.failed'],
      secret: 's3cret',
    });
    expect(webhook).toMatchObject({
      url: 'https://hooks.example.com/desktop',
      events: ['build.succeeded', 'build.failed'],
      active: true,
    });
    expect(webhook.id).toMatch(/^wh_/);
    expect(JSON.stringify(webhook)).not.toContain('s3cret');

    const listed = await client.listWebhooks();
    expect(listed.total).toBe(1);
    expect(listed.webhooks[0]?.id).toBe(webhook.id);

    expect(await client.deleteWebhook(webhook.id)).toMatchObject({ id: webhook.id, deleted: true });
    expect((await client.listWebhooks()).total).toBe(0);
    await expect(client.deleteWebhook(webhook.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reports the service message when a webhook is refused', async () => {
    const { client } = h();
    const error = await client
      .createWebhook({ url: 'http://insecure.example.com', events: ['build.queued'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, endpoint: 'POST /webhooks' });
    expect((error as ApiError).serviceMessage).toMatch(/https/);
    expect((error as Error).message).toContain((error as ApiError).serviceMessage);
  });
});
