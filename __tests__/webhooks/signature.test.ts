import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signPayload,
  verifySignature,
  WebhookBodyError,
  WebhookSecretError,
} from '../../src/webhooks/signature.ts';

const secret = 'whsec_test';
const body = JSON.stringify({ id: 'evt_1', type: 'build.succeeded', data: { ok: true } });

describe('signPayload', () => {
  it('is the hex HMAC-SHA256 of the exact bytes', () => {
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(signPayload(secret, body)).toBe(expected);
    expect(signPayload(secret, Buffer.from(body))).toBe(expected);
    expect(signPayload(secret, body)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('verifySignature', () => {
  const good = signPayload(secret, body);

  it('accepts the right signature, with or without a sha256= prefix, in any hex case', () => {
    expect(verifySignature(secret, body, good)).toBe(true);
    expect(verifySignature(secret, Buffer.from(body), `sha256=${good}`)).toBe(true);
    expect(verifySignature(secret, body, good.toUpperCase())).toBe(true);
  });

  it('rejects a tampered body and a wrong secret', () => {
    expect(verifySignature(secret, body.replace('succeeded', 'failed'), good)).toBe(false);
    expect(verifySignature(secret, `${body} `, good)).toBe(false);
    expect(verifySignature('another-secret', body, good)).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['too short', good.slice(0, 63)],
    ['too long', `${good}00`],
    ['not hex', 'z'.repeat(64)],
    ['base64 instead of hex', Buffer.from(good, 'hex').toString('base64')],
    ['another prefix', `sha1=${good}`],
  ])('rejects a %s header without throwing', (_, header) => {
    expect(verifySignature(secret, body, header)).toBe(false);
  });
});

describe('a secret or body that cannot be right: an error at the call, never true', () => {
  // What an HMAC with the empty key gives: a forger needs no secret to make it.
  const forged = createHmac('sha256', '').update(body).digest('hex');

  it.each([
    ['empty', '', 'empty string'],
    ['only whitespace', ' \n\t', 'empty string'],
    ['undefined (an unset variable)', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a Buffer', Buffer.from('whsec'), 'object'],
    ['a number', 42, 'number'],
  ])('refuses a secret that is %s', (_, bad, given) => {
    const secretOf = bad as string;
    for (const call of [
      () => verifySignature(secretOf, body, forged),
      () => verifySignature(secretOf, body, undefined),
      () => signPayload(secretOf, body),
    ]) {
      expect(call).toThrow(WebhookSecretError);
      try {
        call();
      } catch (error) {
        expect((error as WebhookSecretError).given).toBe(given);
        expect((error as Error).name).toBe('WebhookSecretError');
        expect((error as Error).message).toMatch(/^The webhook secret is (empty|not a string)/);
      }
    }
  });

  it.each([
    ['undefined', undefined],
    ['a parsed object', JSON.parse(body) as unknown],
    ['a number', 7],
  ])('refuses a body that is %s: it is not the bytes that were signed', (_, bad) => {
    expect(() => verifySignature(secret, bad as string, signPayload(secret, body))).toThrow(
      WebhookBodyError,
    );
    expect(() => signPayload(secret, bad as string)).toThrow(/raw bytes/);
  });

  it('takes a Uint8Array body as the bytes it is', () => {
    expect(verifySignature(secret, new TextEncoder().encode(body) as Buffer, good())).toBe(true);
  });

  it('is false for a repeated header (Node gives an array) and other non-strings', () => {
    expect(verifySignature(secret, body, [good(), good()])).toBe(false);
    expect(verifySignature(secret, body, 42 as unknown as string)).toBe(false);
  });
});

const good = () => signPayload(secret, body);
