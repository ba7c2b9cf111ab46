/**
 * Paystack signs each webhook with `x-paystack-signature`: the HMAC-SHA512 of the raw body with
 * the secret key, in hex. Checked over the bytes as received (never a re-serialised object) and
 * in constant time.
 */
import crypto from 'node:crypto';

export const SIGNATURE_HEADER = 'x-paystack-signature';

export const signatureOf = (secret: string, rawBody: Buffer | string) =>
  crypto.createHmac('sha512', secret).update(rawBody).digest('hex');

export function isSignedBy(secret: string, rawBody: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signatureOf(secret, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
