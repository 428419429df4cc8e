import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from '../../src/webhooks/signature.ts';

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
