// The external API's authorizer (/api/external/messages, /api/external/financeiro, /api/v2): the key +
// secret (X-Api-Key, X-Api-Secret), checked against the table on every request (API Gateway's cache is
// off for this scheme): one consistent GetItem on APIKEY#<key>, then the SHA-256 of the presented
// secret compared with the stored hash in constant time. Every failure is the same `undefined` (API Gateway's one 401), and an
// unknown key still pays a hash comparison, so neither the answer nor its timing tells a wrong
// key from a wrong secret. Light on purpose: the DynamoDB document client and node:crypto only.
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import type { Principal } from '#shared/auth/principal';
import { hashSecret, randomSecret, secretMatches } from '#shared/auth/secrets';
import { findApiKey } from '#shared/db/api-keys';
import { headerValue } from '#shared/http/headers';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { withLambdaLog } from '#shared/log';

export type ApiKeyLookup = (apiKey: string) => Promise<{ aplicacaoId: number; secretHash: string; ativo?: boolean } | undefined>;

/** Compared against when the key is unknown, so that path costs what a wrong secret costs. */
const DUMMY_HASH = hashSecret(randomSecret(32));

// Visible ASCII, bounded: anything else cannot be one of our keys (and an oversized key would
// make DynamoDB refuse the request, which must stay a 401, not an authorizer failure).
const PLAUSIBLE_KEY = /^[\x21-\x7e]{1,128}$/;
const MAX_SECRET_LENGTH = 256;

export async function authenticateApiKey(
  event: Pick<APIGatewayRequestAuthorizerEvent, 'headers'>,
  lookup: ApiKeyLookup = findApiKey,
): Promise<Principal | undefined> {
  const apiKey = headerValue(event.headers, 'x-api-key')?.trim() ?? '';
  const apiSecret = headerValue(event.headers, 'x-api-secret')?.trim() ?? '';
  const plausible = PLAUSIBLE_KEY.test(apiKey) && apiSecret.length > 0 && apiSecret.length <= MAX_SECRET_LENGTH;

  // A DynamoDB failure propagates: it is ours (an authorizer failure, 500), not a bad credential.
  const record = plausible ? await lookup(apiKey) : undefined;
  const matches = secretMatches(apiSecret.slice(0, MAX_SECRET_LENGTH), record?.secretHash ?? DUMMY_HASH);
  // Which part was wrong is not logged either (requestAuthorizer logs the refusal itself).
  // An inactive application's key is refused like a wrong one.
  if (!record || !matches || record.ativo === false || !Number.isSafeInteger(record.aplicacaoId)) return undefined;
  return { aplicacaoId: record.aplicacaoId, scopes: [], subject: apiKey };
}

export const handler = withLambdaLog(requestAuthorizer('apiKey', (event) => authenticateApiKey(event)));
