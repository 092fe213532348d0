// The OAuth2 client credentials grant (RFC 6749 4.4, errors 5.2): reads the token request,
// authenticates the client (client_secret_basic or client_secret_post, never both) and issues
// an RFC 9068 access token. Protocol logic only: the HTTP status and headers of each error code
// are chosen by the token endpoint (functions/token/oauth.ts).
import { hashSecret, randomSecret, secretMatches } from '#shared/auth/secrets';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '#shared/auth/tokens';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import type { OAuthClientRecord } from '#shared/domain/applications/records';

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope';

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    /** The client tried HTTP Basic (or sent nothing): a 401 then carries the Basic challenge. */
    readonly basicChallenge = false,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

/** What the grant reads: the client by id (one GetItem) and, once authenticated, its application. */
export type OAuthClientStore = Pick<ApplicationRepository, 'getOAuthClient' | 'getApplication'>;

export interface TokenRequest {
  /** The form fields; undefined when the body was not application/x-www-form-urlencoded. */
  form: URLSearchParams | undefined;
  /** The Authorization header, if any. */
  authorization: string | undefined;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  basic: boolean;
}

// Every failed client authentication gets exactly this, whatever was wrong.
const clientAuthFailed = (basic: boolean) => new OAuthError('invalid_client', 'Client authentication failed', basic);

// Compared against when the client id is unknown, so an unknown client costs the same hash
// and constant-time comparison as a wrong secret (no timing oracle for valid client ids).
const DUMMY_HASH = hashSecret(randomSecret());
// DynamoDB refuses keys over 2 KB; a longer "client id" is simply unknown.
/** The bounds of the form's values (the OpenAPI document states them): longer ones are never a client's. */
export const MAX_CLIENT_ID_LENGTH = 256;
export const MAX_CLIENT_SECRET_LENGTH = 256;
export const MAX_SCOPE_LENGTH = 1024;
// RFC 6749 3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ).
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** RFC 6749 2.3.1: the Basic user and password are each application/x-www-form-urlencoded. */
function formDecode(part: string): string {
  return decodeURIComponent(part.replace(/\+/g, ' '));
}

/** Decodes `Basic <base64(id:secret)>`; undefined when it is not a well-formed Basic credential. */
function decodeBasic(authorization: string): { clientId: string; clientSecret: string } | undefined {
  const match = /^basic +([A-Za-z0-9+/]+={0,2})$/i.exec(authorization.trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return undefined; // a malformed percent-escape
  }
}

/** RFC 6749 3.2: no parameter more than once; a parameter without a value counts as omitted. */
function readParams(form: URLSearchParams): Map<string, string> {
  const params = new Map<string, string>();
  const seen = new Set<string>();
  for (const [name, value] of form) {
    if (seen.has(name)) throw new OAuthError('invalid_request', `The parameter ${name} is repeated`);
    seen.add(name);
    if (value !== '') params.set(name, value);
  }
  return params;
}

function clientCredentials(params: Map<string, string>, authorization: string | undefined): ClientCredentials {
  const postId = params.get('client_id');
  const postSecret = params.get('client_secret');
  if (authorization !== undefined && authorization.trim() !== '') {
    if (postSecret !== undefined) {
      throw new OAuthError('invalid_request', 'Use one client authentication method: HTTP Basic or client_secret in the body, not both');
    }
    const basic = decodeBasic(authorization);
    if (!basic || !basic.clientId) throw clientAuthFailed(true);
    // A client_id in the body next to Basic is tolerated only when it names the same client.
    if (postId !== undefined && postId !== basic.clientId) {
      throw new OAuthError('invalid_request', 'client_id in the body differs from the one in the Authorization header');
    }
    return { ...basic, basic: true };
  }
  // No authentication at all: a 401 that advertises Basic, the method every client must support.
  if (postId === undefined || postSecret === undefined) throw clientAuthFailed(postId === undefined && postSecret === undefined);
  return { clientId: postId, clientSecret: postSecret, basic: false };
}

async function authenticateClient(store: OAuthClientStore, credentials: ClientCredentials): Promise<OAuthClientRecord> {
  const { clientId, clientSecret, basic } = credentials;
  const record = clientId.length <= MAX_CLIENT_ID_LENGTH ? await store.getOAuthClient(clientId) : undefined;
  const matches = secretMatches(clientSecret, record?.secretHash ?? DUMMY_HASH) && clientSecret.length <= MAX_CLIENT_SECRET_LENGTH;
  // A revoked client fails like a wrong secret.
  if (!record || !matches || record.revogadoEm) throw clientAuthFailed(basic);
  // Read only after the secret matched, so failures cost the same whether the client exists or not.
  const application = await store.getApplication(record.aplicacaoId);
  if (!application?.ativo) throw clientAuthFailed(basic);
  return record;
}

/** The scopes granted: all of the client's when none are asked for, else exactly those asked for, each authorized. */
function grantedScopes(client: OAuthClientRecord, requested: string | undefined): string[] {
  if (requested === undefined) return [...client.scopes];
  if (requested.length > MAX_SCOPE_LENGTH) throw new OAuthError('invalid_scope', 'The scope parameter is malformed');
  const asked = [...new Set(requested.split(' ').filter((s) => s !== ''))];
  if (asked.length === 0) return [...client.scopes];
  const malformed = asked.find((s) => !SCOPE_TOKEN.test(s));
  if (malformed !== undefined) throw new OAuthError('invalid_scope', 'The scope parameter is malformed');
  const allowed = new Set<string>(client.scopes);
  const refused = asked.filter((s) => !allowed.has(s));
  if (refused.length > 0) throw new OAuthError('invalid_scope', `Scope not authorized for this client: ${refused.join(' ')}`);
  return asked;
}

/** POST /oauth2/token: validates the request, authenticates the client and issues the access token. Throws OAuthError. */
export async function clientCredentialsGrant(store: OAuthClientStore, request: TokenRequest): Promise<TokenResponse> {
  if (!request.form) throw new OAuthError('invalid_request', 'The request body must be application/x-www-form-urlencoded');
  const params = readParams(request.form);
  const grantType = params.get('grant_type');
  if (grantType === undefined) throw new OAuthError('invalid_request', 'grant_type is required');
  if (grantType !== 'client_credentials') {
    throw new OAuthError('unsupported_grant_type', 'Only the client_credentials grant is supported');
  }
  const client = await authenticateClient(store, clientCredentials(params, request.authorization));
  const scopes = grantedScopes(client, params.get('scope'));
  const accessToken = await signAccessToken({ clientId: client.clientId, aplicacaoId: client.aplicacaoId, scopes });
  return { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, scope: scopes.join(' ') };
}

/**
 * RFC 8414 metadata of this authorization server, whose issuer is the service's public URL (the `iss`
 * of its tokens, without a trailing slash): the client-credentials token endpoint, both client
 * authentications it takes, the key set and the scopes. No authorization endpoint, so no response type.
 */
export function authorizationServerMetadata(issuer: string, allScopes: readonly string[]) {
  return {
    issuer,
    token_endpoint: `${issuer}/oauth2/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    grant_types_supported: ['client_credentials' as const],
    token_endpoint_auth_methods_supported: ['client_secret_basic' as const, 'client_secret_post' as const],
    scopes_supported: [...allScopes],
    response_types_supported: [] as string[],
    service_documentation: `${issuer}/docs`,
  };
}
