// Webhooks (spec §4.3).
import { created, ok, type Handler } from './api-context.ts';
import { serviceNow } from './faults.ts';
import { notFound, readJsonObject } from './http-io.ts';
import { newId, webhookView, type WebhookRecord } from './store.ts';
import { parseCreateWebhook } from './validation.ts';

export const createWebhook: Handler = async (ctx, req) => {
  const input = parseCreateWebhook(await readJsonObject(req));
  const webhook: WebhookRecord = {
    id: newId('wh'),
    ...input,
    active: true,
    createdAt: serviceNow(ctx.faults(), ctx.timers.now()).toISOString(),
  };
  ctx.store.webhooks.set(webhook.id, webhook);
  return created(webhookView(webhook));
};

export const listWebhooks: Handler = (ctx) => {
  const webhooks = [...ctx.store.webhooks.values()].map(webhookView);
  return ok({ webhooks, total: webhooks.length });
};

export const deleteWebhook: Handler = (ctx, _req, [id = '']) => {
  if (!ctx.store.webhooks.delete(id)) throw notFound('webhook', id);
  return ok({ id, deleted: true, message: 'Webhook deleted; it receives no more deliveries.' });
};
