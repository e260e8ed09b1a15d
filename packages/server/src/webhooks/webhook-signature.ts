import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Signing webhook deliveries: `Baukasten-Signature: t=<unix seconds>,v1=<hex>` where the hex is
 * HMAC-SHA256(secret, `${t}.${body}`). The timestamp is signed with the body, so a receiver that refuses
 * signatures older than a few minutes (five, as `verifyWebhookSignature` does by default) cannot be fooled by
 * a recorded delivery played again later; the event id in the body lets it drop a repeat it already handled.
 */

export const SIGNATURE_HEADER = 'baukasten-signature';
/** How old a signature a receiver should accept at most (documented in the README). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** A new subscription's secret: shown to the owner once, then only used to sign. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signatureHeader(secret: string, body: string, nowMs: number = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * What a receiver does (also our tests' receiver): true when one v1 signature matches and the timestamp is
 * within `toleranceSeconds` of now.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  { nowMs = Date.now(), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = {},
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isSafeInteger(t)) return false;
  if (Math.abs(nowMs / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
