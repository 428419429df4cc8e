// X-Service-Signature (spec §6.3): hex HMAC-SHA256 of the exact body bytes, keyed by the webhook secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_DIGEST = /^[0-9a-f]{64}$/i;

export function signPayload(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** True only when `header` is the signature of `rawBody`; any malformed header is simply false. */
export function verifySignature(
  secret: string,
  rawBody: string | Buffer,
  header: string | undefined | null,
): boolean {
  if (typeof header !== 'string') return false;
  const received = header.trim().replace(/^sha256=/i, '');
  if (!HEX_DIGEST.test(received)) return false;
  const expected = Buffer.from(signPayload(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(received, 'hex'));
}
