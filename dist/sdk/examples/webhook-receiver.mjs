// A receiver of Desktop App Build Service webhooks (spec §6) on plain node:http. It verifies the
// signature on the raw body, answers 200 before doing any work, and handles each event id once:
// the service retries a delivery up to 3 times, so the same event can arrive again. No request,
// however malformed, can crash it: a bad one gets a 4xx, an unexpected failure a 500.
//
// Run (Node 22.19 or newer), in a project where `npm install` put desktop-build-action-sdk:
//   WEBHOOK_SECRET=… node webhook-receiver.mjs [port]
// Plain JavaScript, checked by TypeScript through the package's types (`// @ts-check`, JSDoc).
// @ts-check
/* eslint-disable no-console -- an example prints what it receives */
import { Buffer } from 'node:buffer';
import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  BuildEventData,
  ProjectEventData,
  signPayload,
  verifySignature,
  WebhookEvent,
} from 'desktop-build-action-sdk';

const MAX_BODY_BYTES = 1024 * 1024;
/** Remembered event ids; a real receiver would keep them in its database. */
const MAX_SEEN = 10_000;

/**
 * @typedef {object} ReceiverOptions
 * @property {string} secret
 * @property {(event: WebhookEvent) => void | Promise<void>} onEvent Runs after the 200 was sent,
 *   once per event id.
 */

/**
 * Throws WebhookSecretError at once when `secret` is empty or not a string (an unset variable).
 * @param {ReceiverOptions} options
 * @returns {import('node:http').Server}
 */
export function createWebhookReceiver({ secret, onEvent }) {
  // Checks the secret now, not on the first request: verifySignature would throw the same there.
  signPayload(secret, '');
  /** @type {Set<string>} */
  const seen = new Set();
  return createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
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
        if (seen.size > MAX_SEEN) seen.delete(/** @type {string} */ (seen.values().next().value));
        Promise.resolve()
          .then(() => onEvent(event))
          .catch((error) => console.error(`handling ${event.id} failed:`, error));
      } catch (error) {
        // A failure of this code, not of the request: answered, never the end of the receiver.
        console.error('answering a delivery failed:', error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      }
    });
  });
}

/** @param {Buffer} body @returns {unknown} */
function parseJson(body) {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * One line per event, e.g. `build.succeeded build_1 mac/arm64 1.4.2 (project Acme)`.
 * @param {WebhookEvent} event
 * @returns {string}
 */
export function describeEvent(event) {
  if (event.type.startsWith('build.')) {
    const { build, project } = BuildEventData.parse(event.data);
    return `${event.type} ${build.id} ${build.platform}/${build.arch} ${build.version ?? ''} (project ${project.name})`;
  }
  const { project } = ProjectEventData.parse(event.data);
  return `${event.type} ${project.id} ${project.name ?? ''}`.trimEnd();
}

/** Whether Node runs this file itself (`node webhook-receiver.mjs`), not an import of it. */
const isMain = () =>
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;

if (isMain()) {
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
    console.log(
      `Listening on http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`,
    );
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
