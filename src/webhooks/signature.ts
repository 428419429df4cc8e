// X-Service-Signature (spec §6.3): hex HMAC-SHA256 of the exact body bytes, keyed by the webhook secret.
// A receiver's mistakes (no secret, a parsed body) are errors at the call; a request's (a missing
// or malformed header) is a plain `false`, so a bad request can never crash a receiver.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ActionError } from '../shared/errors.ts';

const HEX_DIGEST = /^[0-9a-f]{64}$/i;

/** The secret given is no secret: empty, only whitespace, or not a string (an unset variable). */
export class WebhookSecretError extends ActionError {
  /** `typeof` what was given, or `empty string`. */
  readonly given: string;
  constructor(given: string) {
    super(
      `The webhook secret is ${given === 'empty string' ? 'empty' : `not a string (${given})`}: ` +
        'with it, anyone could sign a delivery. Pass the secret the webhook was created with ' +
        '(is the variable that holds it set?).',
    );
    this.given = given;
  }
}

/** The body given is not the request's bytes (a parsed object, or nothing). */
export class WebhookBodyError extends ActionError {
  /** `typeof` what was given. */
  readonly given: string;
  constructor(given: string) {
    super(
      `The webhook body is ${given}, not the request's raw bytes: pass the body as a Buffer or ` +
        'string exactly as received (parsed and re-serialised JSON would not match the signature).',
    );
    this.given = given;
  }
}

const kindOf = (value: unknown): string => (value === null ? 'null' : typeof value);

function checkSecret(secret: unknown): asserts secret is string {
  if (typeof secret !== 'string') throw new WebhookSecretError(kindOf(secret));
  if (secret.trim() === '') throw new WebhookSecretError('empty string');
}

function checkBody(body: unknown): asserts body is string | Uint8Array {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
    throw new WebhookBodyError(kindOf(body));
  }
}

/** Throws WebhookSecretError or WebhookBodyError when either is not what a signature needs. */
export function signPayload(secret: string, body: string | Buffer): string {
  checkSecret(secret);
  checkBody(body);
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * True only when `header` is the signature of `rawBody`; a missing, repeated (Node gives an array)
 * or malformed header is simply false. Throws WebhookSecretError or WebhookBodyError for a secret or body that cannot be right,
 * whatever the header: check the secret once at start (`signPayload(secret, '')` throws too).
 */
export function verifySignature(
  secret: string,
  rawBody: string | Buffer,
  header: string | readonly string[] | undefined | null,
): boolean {
  checkSecret(secret);
  checkBody(rawBody);
  if (typeof header !== 'string') return false;
  const received = header.trim().replace(/^sha256=/i, '');
  if (!HEX_DIGEST.test(received)) return false;
  const expected = Buffer.from(signPayload(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(received, 'hex'));
}
