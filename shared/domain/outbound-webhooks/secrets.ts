// Outbound webhooks: the signing secrets (Standard Webhooks: `whsec_` + base64 of the HMAC key, as
// signStandardWebhook reads it).
import { randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Standard Webhooks asks for keys of 24 to 64 bytes. */
export const MIN_SECRET_BYTES = 24;
export const MAX_SECRET_BYTES = 64;

export const generateWebhookSecret = (bytes = 32): string => WEBHOOK_SECRET_PREFIX + randomBytes(bytes).toString('base64');

/** `whsec_` + canonical base64 of 24 to 64 bytes (anything else would be decoded into a different key without a word). */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return false;
  const key = Buffer.from(encoded, 'base64');
  return key.toString('base64') === encoded && key.length >= MIN_SECRET_BYTES && key.length <= MAX_SECRET_BYTES;
}
