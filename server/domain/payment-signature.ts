import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The payment provider's notification signature, as real providers sign their webhooks: the header
 * `Payment-Signature: t=<unix seconds>,v1=<hex>` where v1 is HMAC-SHA256 with the shared secret over
 * `<t>.<the raw body>`. The timestamp inside the signed text makes an old notification stale after the
 * tolerance; the body inside it (which names the order) keeps a signature from being reused for another
 * order.
 */

export const signatureHeader = 'payment-signature';
/** How far a notification's timestamp may be from the receiver's clock (5 minutes, as providers use). */
export const signatureToleranceSeconds = 300;

const mac = (secret: string, timestamp: number, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** The header value for a body sent at `timestamp` (unix seconds). */
export function signPaymentEvent(secret: string, rawBody: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, rawBody)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Whether `header` signs `rawBody` with `secret` at a time within the tolerance of `nowSeconds`. Any v1 of
 * the header may match (providers send several while a secret is rolled). Compared in constant time.
 */
export function checkPaymentSignature(header: string | undefined, rawBody: Buffer | undefined, secret: string, nowSeconds: number): SignatureCheck {
  if (!header) return { ok: false, reason: 'is missing' };
  if (!rawBody) return { ok: false, reason: 'cannot be checked without the body' };
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const timestamps = parts.filter(([key]) => key === 't').map(([, value]) => value ?? '');
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  const [stamp] = timestamps;
  if (timestamps.length !== 1 || stamp === undefined || !/^\d{1,12}$/.test(stamp) || signatures.length === 0) {
    return { ok: false, reason: 'must be t=<unix seconds>,v1=<hex HMAC-SHA256>' };
  }
  const timestamp = Number(stamp);
  if (Math.abs(nowSeconds - timestamp) > signatureToleranceSeconds) return { ok: false, reason: 'is stale: its timestamp is more than 300 seconds away' };
  const expected = Buffer.from(mac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'does not match the body' };
}
