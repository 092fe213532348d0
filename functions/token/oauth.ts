// POST /oauth2/token (client credentials, RFC 6749 4.4), GET /.well-known/jwks.json and the RFC 8414
// metadata that points to both.
import { authorizationServerMetadata, clientCredentialsGrant, OAuthError, type OAuthErrorCode } from '#shared/auth/oauth2';
import { JWKS_MAX_AGE_SECONDS, publicJwks } from '#shared/auth/signing-keys';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { json, type ApiResponse, type BodyRefusals, type Operations } from '#shared/http/kit';
import { config } from '#shared/config';
import { scopes } from '#shared/domain/permissions';
import { notFound } from '#shared/domain/errors';
import { log } from '#shared/log';

// RFC 6749 5.1/5.2: token responses, errors included, must never be cached.
const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
/** Resource servers and agents may cache the key set briefly; a rotation publishes a key longer before it signs. */
export const jwksCacheControl = `public, max-age=${JWKS_MAX_AGE_SECONDS}`;

const statusOf: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  unsupported_grant_type: 400,
  invalid_scope: 400,
};

// A static import: the group's logins load the DynamoDB client anyway, and a dynamic one made esbuild
// keep every DynamoDB command in the bundle (+45 KB parsed at each cold start).
const clients = dynamoApplicationRepository();

function tokenError(error: OAuthError): ApiResponse {
  const headers: Record<string, string> = { ...noStore };
  if (error.code === 'invalid_client' && error.basicChallenge) headers['WWW-Authenticate'] = 'Basic realm="whatsapp-platform"';
  log.info('token request refused', { code: error.code, reason: error.description });
  return json(statusOf[error.code], { error: error.code, error_description: error.description }, headers);
}

export const oauthOperations: Operations<'token'> = {
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

  'GET /.well-known/jwks.json': async () => json(200, await publicJwks(), { 'Cache-Control': jwksCacheControl }),

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
