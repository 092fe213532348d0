// POST /oauth2/token (client credentials, RFC 6749 4.4), GET /.well-known/jwks.json and the RFC 8414
// metadata that points to both.
import type { JWK } from 'jose';
import type * as z from 'zod/mini';
import { authorizationServerMetadata, clientCredentialsGrant, OAuthError } from '#shared/auth/oauth2';
import { JWKS_MAX_AGE_SECONDS, publicJwks } from '#shared/auth/signing-keys';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { json, type AnswerFor, type BodyRefusals, type Operations } from '#shared/http/kit';
import { config } from '#shared/config';
import { scopes } from '#shared/domain/permissions';
import { notFound } from '#shared/domain/errors';
import { log } from '#shared/log';
import type { jwk, tokenContract } from './contract.ts';

// RFC 6749 5.1/5.2: token responses, errors included, must never be cached.
const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
/** Resource servers and agents may cache the key set briefly; a rotation publishes a key longer before it signs. */
export const jwksCacheControl = `public, max-age=${JWKS_MAX_AGE_SECONDS}`;

// A static import: the group's logins load the DynamoDB client anyway, and a dynamic one made esbuild
// keep every DynamoDB command in the bundle (+45 KB parsed at each cold start).
const clients = dynamoApplicationRepository();

/** RFC 6749 5.2: `invalid_client` is 401 (with the Basic challenge when the client used Basic), every other code 400. */
function tokenError(error: OAuthError): AnswerFor<typeof tokenContract, 'POST /oauth2/token'> {
  const headers: Record<string, string> = { ...noStore };
  if (error.code === 'invalid_client' && error.basicChallenge) headers['WWW-Authenticate'] = 'Basic realm="whatsapp-platform"';
  log.info('token request refused', { code: error.code, reason: error.description });
  return error.code === 'invalid_client'
    ? json(401, { error: error.code, error_description: error.description }, headers)
    : json(400, { error: error.code, error_description: error.description }, headers);
}

/**
 * A key of the set as the document has it (`Jwk`): the RSA public members and the key's id, alg and use, and
 * nothing else a stored key may carry (`ext`, `key_ops`: the schema admits no other member).
 */
function jwkView(key: JWK): z.output<typeof jwk> {
  if (key.kty !== 'RSA' || !key.kid || !key.n || !key.e) throw new Error(`signing key ${key.kid ?? '?'} is not an RSA key with an id`);
  return { kty: 'RSA', kid: key.kid, use: 'sig', alg: 'RS256', n: key.n, e: key.e };
}

export const oauthOperations: Operations<'token', typeof tokenContract> = {
  'POST /oauth2/token': async (request) => {
    try {
      const token = await clientCredentialsGrant(clients, { form: request.form, authorization: request.headers.authorization });
      return json(200, token, noStore);
    } catch (error) {
      if (error instanceof OAuthError) return tokenError(error);
      // Answered here rather than by the kit so that this 500 is not cacheable either.
      log.error('token request failed', { error });
      return json(500, { error: 'server_error', error_description: 'Internal server error' }, noStore);
    }
  },

  'GET /.well-known/jwks.json': async () =>
    json(200, { keys: (await publicJwks()).keys.map(jwkView) }, { 'Cache-Control': jwksCacheControl }),

  'GET /.well-known/oauth-authorization-server': async () => {
    const { issuer, publicBaseUrl } = config();
    // The issuer is the public URL wherever the service runs (infra/stack.ts, the local run); a
    // deployment that pins another one (TOKEN_ISSUER) has no metadata a client could trust.
    if (!publicBaseUrl || issuer !== publicBaseUrl) throw notFound('authorization server metadata');
    return json(200, authorizationServerMetadata(issuer, scopes), { 'Cache-Control': jwksCacheControl });
  },
};

/**
 * A body the kit could not read (not a form, not well-formed UTF-8, too large) is a malformed request in
 * RFC 6749's terms (5.2): 400 invalid_request, never the service's 415 or 413, which OAuth clients do not read.
 */
export const oauthBodyRefusals: BodyRefusals<'token'> = {
  'POST /oauth2/token': (refusal) => tokenError(new OAuthError('invalid_request', refusal.message)),
};
