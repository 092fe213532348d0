// The external API's authorizer (/api/external/messages, /api/external/financeiro, /api/v2): the key +
// secret (X-Api-Key, X-Api-Secret), checked against the table on every request (API Gateway's cache is
// off for this scheme): one consistent GetItem on APIKEY#<key>, then the SHA-256 of the presented
// secret compared with the stored hash in constant time (shared/auth/key-secret.ts, as the provider
// credential's). Every failure is the same `undefined` (API Gateway's one 401), and an unknown key still
// pays a hash comparison, so neither the answer nor its timing tells a wrong key from a wrong secret.
// Light on purpose: the DynamoDB document client and node:crypto only.
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { checkKeySecret } from '#shared/auth/key-secret';
import type { Principal } from '#shared/auth/principal';
import { findApiKey } from '#shared/db/api-keys';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { withLambdaLog } from '#shared/log';

export type ApiKeyLookup = (apiKey: string) => Promise<{ aplicacaoId: number; secretHash: string; ativo?: boolean } | undefined>;

export async function authenticateApiKey(
  event: Pick<APIGatewayRequestAuthorizerEvent, 'headers'>,
  lookup: ApiKeyLookup = findApiKey,
): Promise<Principal | undefined> {
  // The pair read and checked as the provider credential's is (shared/auth/key-secret.ts).
  const { key, record, secretOk } = await checkKeySecret(event.headers, lookup);
  // Which part was wrong is not logged either (requestAuthorizer logs the refusal itself).
  // An inactive application's key is refused like a wrong one.
  if (!record || !secretOk || record.ativo === false || !Number.isSafeInteger(record.aplicacaoId)) return undefined;
  return { aplicacaoId: record.aplicacaoId, scopes: [], subject: key };
}

export const handler = withLambdaLog(requestAuthorizer('apiKey', (event) => authenticateApiKey(event)));
