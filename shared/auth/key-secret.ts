// The key-and-secret check both header-credential authorizers make: the external API's key pair
// (functions/authorizers/api-key.ts) and the provider machine API's nbwp_ credential
// (functions/authorizers/provider-credential.ts). X-Api-Key and X-Api-Secret are read with their outer
// white space trimmed (what HTTP parsing already strips before API Gateway; keys and secrets never hold
// any), the key is looked up only when it could be one of ours, and the secret's hash is compared in
// constant time with the stored one, or with a dummy hash when the key is implausible or unknown, so no
// refusal costs less than a wrong secret and neither the answer nor its timing tells which part was wrong.
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { hashSecret, randomSecret, secretMatches } from '#shared/auth/secrets';
import { headerValue } from '#shared/http/headers';

/** Longer keys are no credential of ours; refusing them early keeps oversized keys out of DynamoDB (a 401, not a failure). */
export const MAX_KEY_LENGTH = 128;
export const MAX_SECRET_LENGTH = 256;

/** Compared with when the key is implausible or unknown: the hash of a random secret nobody holds. */
export const DUMMY_SECRET_HASH = hashSecret(randomSecret(32));

// Visible ASCII: anything else cannot be one of our keys.
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export interface KeySecretCheck<R> {
  /** The presented key, trimmed ('' when none). */
  key: string;
  /** The key's record; undefined when the key is implausible or unknown. */
  record: R | undefined;
  /** True only when a record was found and the presented secret is its secret. */
  secretOk: boolean;
}

/**
 * Reads the presented key and secret, looks the key up when it is plausible (visible ASCII, at most
 * MAX_KEY_LENGTH, with `prefix` when given, and a secret of 1 to MAX_SECRET_LENGTH characters) and
 * compares the secret, always once. A failure of `find` propagates: it is the service's (an authorizer
 * failure, 500), not a bad credential.
 */
export async function checkKeySecret<R extends { secretHash: string }>(
  headers: APIGatewayRequestAuthorizerEvent['headers'],
  find: (key: string) => Promise<R | undefined>,
  prefix = '',
): Promise<KeySecretCheck<R>> {
  const key = headerValue(headers, 'x-api-key')?.trim() ?? '';
  const secret = headerValue(headers, 'x-api-secret')?.trim() ?? '';
  const plausible =
    key.length <= MAX_KEY_LENGTH &&
    VISIBLE_ASCII.test(key) &&
    key.startsWith(prefix) &&
    secret.length > 0 &&
    secret.length <= MAX_SECRET_LENGTH;
  const record = plausible ? await find(key) : undefined;
  const matches = secretMatches(secret.slice(0, MAX_SECRET_LENGTH), record?.secretHash ?? DUMMY_SECRET_HASH);
  return { key, record, secretOk: record !== undefined && matches };
}
