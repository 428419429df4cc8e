// A receiver of Desktop App Build Service webhooks (spec §6) on plain node:http. It verifies the
// signature on the raw body, answers 200 before doing any work, and handles each event id once:
// the service retries a delivery up to 3 times, so the same event can arrive again. No request,
// however malformed, can crash it: a bad one gets a 4xx, an unexpected failure a 500.
//
// Run: WEBHOOK_SECRET=… node examples/webhook-receiver.ts [port]
// Outside this repository, import from 'desktop-build-action/sdk' instead of '../src/sdk.ts'.
/* eslint-disable no-console -- an example prints what it receives */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BuildEventData,
  ProjectEventData,
  signPayload,
  verifySignature,
  WebhookEvent,
} from '../src/sdk.ts';

const MAX_BODY_BYTES = 1024 * 1024;
/** Remembered event ids; a real receiver would keep them in its database. */
const MAX_SEEN = 10_000;

export interface ReceiverOptions {
  secret: string;
  /** Runs after the 200 was sent, once per event id. */
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}

/** Throws WebhookSecretError at once when `secret` is empty or not a string (an unset variable). */
export function createWebhookReceiver({ secret, onEvent }: ReceiverOptions): Server {
  // Checks the secret now, not on the first request: verifySignature would throw the same there.
  signPayload(secret, '');
  const seen = new Set<string>();
  return createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413, { Connection: 'close' }).end();
        req.destroy();
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => {
      try {
        // Verify the bytes as received: re-serialising parsed JSON would not reproduce them.
        const rawBody = Buffer.concat(chunks);
        // A missing, repeated or malformed header is simply not a valid signature.
        if (!verifySignature(secret, rawBody, req.headers['x-service-signature'])) {
          res.writeHead(401).end();
          return;
        }
        const parsed = WebhookEvent.safeParse(parseJson(rawBody));
        if (!parsed.success) {
          res.writeHead(400).end();
          return;
        }
        res.writeHead(200).end();
        const event = parsed.data;
        if (seen.has(event.id)) return;
        seen.add(event.id);
        if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value as string);
        Promise.resolve()
          .then(() => onEvent(event))
          .catch((error: unknown) => console.error(`handling ${event.id} failed:`, error));
      } catch (error) {
        // A failure of this code, not of the request: answered, never the end of the receiver.
        console.error('answering a delivery failed:', error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      }
    });
  });
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** One line per event, e.g. `build.succeeded build_1 mac/arm64 1.4.2 (project Acme)`. */
export function describeEvent(event: WebhookEvent): string {
  if (event.type.startsWith('build.')) {
    const { build, project } = BuildEventData.parse(event.data);
    return `${event.type} ${build.id} ${build.platform}/${build.arch} ${build.version ?? ''} (project ${project.name})`;
  }
  const { project } = ProjectEventData.parse(event.data);
  return `${event.type} ${project.id} ${project.name ?? ''}`.trimEnd();
}

if (import.meta.main) {
  const secret = process.env.WEBHOOK_SECRET ?? '';
  if (secret.trim() === '') {
    console.error('Set WEBHOOK_SECRET to the secret the webhook was created with.');
    process.exit(2);
  }
  const server = createWebhookReceiver({
    secret,
    onEvent: (event) => console.log(describeEvent(event)),
  });
  server.listen(Number(process.argv[2] ?? 8787), '127.0.0.1', () => {
    console.log(`Listening on http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
