// Webhook deliveries (spec §6): signed POSTs to every subscribed webhook, retried up to 3 times.
import type { EventType } from '../src/service/schemas.ts';
import { signPayload } from '../src/webhooks/signature.ts';
import type { Delivery } from './options.ts';
import { newId, type Store } from './store.ts';
import type { Timers } from './timers.ts';

const MAX_ATTEMPTS = 4;
const ATTEMPT_TIMEOUT_MS = 5000;

export interface WebhookContext {
  store: Store;
  timers: Timers;
  retryDelayMs: number;
  target(registeredUrl: URL): URL;
  deliveries: Delivery[];
  /** Aborted on close, so no delivery outlives the emulator. */
  closed: AbortSignal;
}

export type EmitEvent = (type: EventType, data: Record<string, unknown>) => void;

async function attemptDelivery(
  ctx: WebhookContext,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<number | null> {
  try {
    const response = await fetch(ctx.target(new URL(url)), {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([ctx.closed, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null;
  }
}

export function createEventEmitter(ctx: WebhookContext): EmitEvent {
  const deliver = async (
    webhookUrl: string,
    payload: { id: string; type: EventType },
    headers: Record<string, string>,
    body: string,
    attempt: number,
  ): Promise<void> => {
    const at = ctx.timers.now();
    const status = await attemptDelivery(ctx, webhookUrl, headers, body);
    if (ctx.closed.aborted) return;
    ctx.deliveries.push({
      eventId: payload.id,
      type: payload.type,
      url: webhookUrl,
      attempt,
      status,
      at,
    });
    const delivered = status !== null && status >= 200 && status < 300;
    if (!delivered && attempt < MAX_ATTEMPTS) {
      ctx.timers.after(ctx.retryDelayMs, () => {
        void deliver(webhookUrl, payload, headers, body, attempt + 1);
      });
    }
  };

  return (type, data) => {
    const payload = {
      id: newId('evt'),
      type,
      createdAt: new Date(ctx.timers.now()).toISOString(),
      data,
    };
    const body = JSON.stringify(payload);
    for (const webhook of ctx.store.webhooks.values()) {
      if (!webhook.active || !webhook.events.includes(type)) continue;
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'User-Agent': 'desktop-build-service-emulator',
        'X-Service-Event': type,
        'X-Service-Delivery': payload.id,
        ...(webhook.secret !== undefined && {
          'X-Service-Signature': signPayload(webhook.secret, body),
        }),
      };
      void deliver(webhook.url, payload, headers, body, 1);
    }
  };
}
