// Contract of the token group: the OAuth2 token endpoint and its key set, and the logins that issue
// the portal JWTs.
import * as z from 'zod/mini';
import { MAX_CLIENT_ID_LENGTH, MAX_CLIENT_SECRET_LENGTH, MAX_SCOPE_LENGTH } from '#shared/auth/oauth2';
import { described, named, type GroupContract, type ResponseDoc } from '#shared/http/contract/kit';
import { codeExchangeBody, codeRequestBody, CSRF_HEADER, CSRF_HEADER_VALUE, emptyBody, loginBody, REFRESH_COOKIE } from './requests.ts';

// documented, not validated by a schema: the grant reads the form by hand (shared/auth/oauth2.ts), as
// RFC 6749 wants it (a repeated parameter is invalid_request, an empty one counts as absent, the client
// authenticates with HTTP Basic or with client_id/client_secret in the form, never both) and answers
// RFC 6749 error codes, not the service's validation_error.
const tokenRequest = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.optional(
    described(
      z.string().check(z.maxLength(MAX_CLIENT_ID_LENGTH)),
      'client_secret_post: the client id (or in the Authorization header, Basic).',
    ),
  ),
  client_secret: z.optional(
    described(
      z.string().check(z.maxLength(MAX_CLIENT_SECRET_LENGTH)),
      'client_secret_post: the client secret; not together with an Authorization header.',
    ),
  ),
  scope: z.optional(
    described(
      z.string().check(z.maxLength(MAX_SCOPE_LENGTH)),
      'Space-separated scopes, each authorized for the client. Absent or empty: every scope of the client.',
    ),
  ),
});

const accessToken = named(
  'AccessTokenResponse',
  z.object({
    access_token: described(z.string(), 'An RS256 JWT (RFC 9068) carrying `aplicacao_id`; its keys are at /.well-known/jwks.json.'),
    token_type: z.literal('Bearer'),
    expires_in: described(z.int(), 'Lifetime in seconds (3600).'),
    scope: described(z.string(), 'The scopes granted, space-separated.'),
  }),
);

const oauthError = <C extends string>(codes: readonly [C, ...C[]]) => z.object({ error: z.enum(codes), error_description: z.string() });

const noStore = {
  'Cache-Control': { description: '`no-store`: token answers, errors included, are never cached.' },
  Pragma: { description: '`no-cache`.' },
};

export const jwk = named(
  'Jwk',
  z.object({
    kty: z.literal('RSA'),
    kid: described(z.string(), 'The key id (its RFC 7638 thumbprint), named in the header of the tokens it signs.'),
    use: z.literal('sig'),
    alg: z.literal('RS256'),
    n: z.string(),
    e: z.string(),
  }),
  'A public RSA key (RFC 7517).',
);

const portalNoStore = { 'Cache-Control': { description: '`no-store`.' } };

const portalLoginToken = named(
  'PortalLoginToken',
  z.object({
    access_token: described(z.string(), 'The portal JWT, sent as `Authorization: Bearer <token>`.'),
    token_type: z.literal('Bearer'),
    expires_in: described(z.int(), 'Lifetime in seconds: 900 for admin, 3600 for the portals.'),
    role: z.enum(['admin', 'prestador', 'plantonista']),
  }),
);

const sessionHeaders = {
  ...portalNoStore,
  'Set-Cookie': {
    description: `\`${REFRESH_COOKIE}=<opaque>; HttpOnly; Secure; SameSite=Strict; Path=/api/auth; Max-Age=<seconds>\`: the console session’s refresh token (12 hours, never past 24 hours from the login). Only \`/api/auth/refresh\` and \`/api/auth/logout\` read it.`,
  },
};

const sessionRequest = {
  headers: [
    {
      name: CSRF_HEADER,
      required: true,
      description: `Must be \`${CSRF_HEADER_VALUE}\` (else 403 \`forbidden\`): a cross-site page cannot send it without a CORS preflight, which this API does not grant.`,
      schema: z.literal(CSRF_HEADER_VALUE),
    },
  ],
  cookies: [
    {
      name: REFRESH_COOKIE,
      description: 'The refresh token the login (or the last refresh) set; the browser sends it (HttpOnly: scripts never see it).',
      schema: z.string().check(z.maxLength(128)),
    },
  ],
  body: emptyBody,
};

const patientToken = named(
  'PatientLoginToken',
  z.object({
    access_token: described(z.string(), 'The patient’s portal JWT (role `paciente`), sent as `Authorization: Bearer <token>`.'),
    token_type: z.literal('Bearer'),
    expires_in: described(z.int(), 'Lifetime in seconds (3600).'),
  }),
);

const tokenResponses = {
  200: { description: 'The access token.', body: accessToken, headers: noStore },
  400: {
    description:
      '`invalid_request`: the body is not a form (`application/x-www-form-urlencoded`, with at most `charset=utf-8`) or not well-formed UTF-8, a parameter is missing, repeated or malformed (or does not decode to well-formed UTF-8), or both client authentication methods were used. `unsupported_grant_type`: anything but client_credentials. `invalid_scope`: a scope is malformed or not authorized for the client.',
    body: oauthError(['invalid_request', 'unsupported_grant_type', 'invalid_scope']),
    headers: noStore,
  },
  401: {
    description:
      '`invalid_client`: client authentication failed (unknown or revoked client, wrong secret, inactive application, or no credentials).',
    body: oauthError(['invalid_client']),
    headers: {
      ...noStore,
      'WWW-Authenticate': { description: '`Basic realm="whatsapp-platform"` when the client used HTTP Basic or sent no credentials.' },
    },
  },
  500: { description: '`server_error`: internal error (logged).', body: oauthError(['server_error']), headers: noStore },
} satisfies Record<number, ResponseDoc>;

export const tokenContract = {
  'POST /oauth2/token': {
    summary: 'Issue an access token (OAuth2 client credentials)',
    description: [
      'RFC 6749 §4.4. The client authenticates with HTTP Basic (`Authorization: Basic base64(client_id:client_secret)`, each part form-encoded; every client supports it) or with `client_id` and `client_secret` in the form (a `client_id` next to Basic must name the same client); not both.',
      'Errors are RFC 6749 §5.2 bodies `{error, error_description}`; no answer of this endpoint is cacheable. A body sent as anything but `application/x-www-form-urlencoded` (with at most `charset=utf-8`), JSON included, is refused before it is read, in the same form: 400 `invalid_request`.',
    ].join('\n\n'),
    body: tokenRequest,
    responses: tokenResponses,
  },
  'GET /.well-known/jwks.json': {
    summary: 'Public keys of the access and portal tokens (JWK Set)',
    description:
      'RFC 7517. Every key that may sign a live token: during a rotation a new key is listed 16 minutes before it signs and the old one until its tokens have expired. Cacheable for 5 minutes; pick the key by the token’s `kid`.',
    responses: {
      200: {
        description: 'The key set.',
        body: named('JwkSet', z.object({ keys: z.array(jwk) })),
        headers: { 'Cache-Control': { description: '`public, max-age=300`.' } },
      },
    },
  },
  'GET /.well-known/oauth-authorization-server': {
    summary: 'Authorization server metadata (RFC 8414)',
    description: [
      'What a standard OAuth 2.0 client needs to configure itself: the issuer (the service’s public URL, the `iss` of its tokens), the token endpoint, its client authentications, the key set and the scopes. Only the client-credentials grant exists, so no authorization endpoint and no response type.',
      'On a custom domain mapped at its root this is exactly RFC 8414’s location; on an execute-api URL, whose issuer ends in the stage, it is under the stage (`<issuer>/.well-known/oauth-authorization-server`), where clients that append the path (as for OpenID discovery) look. Cacheable for 5 minutes.',
    ].join('\n\n'),
    responses: {
      200: {
        description: 'The metadata.',
        body: named(
          'AuthorizationServerMetadata',
          z.object({
            issuer: described(z.string(), 'The service’s public URL; the `iss` of its access and portal tokens.'),
            token_endpoint: z.string(),
            jwks_uri: z.string(),
            grant_types_supported: z.array(z.literal('client_credentials')),
            token_endpoint_auth_methods_supported: z.array(z.enum(['client_secret_basic', 'client_secret_post'])),
            scopes_supported: z.array(z.string()),
            response_types_supported: described(z.array(z.string()), 'Empty: there is no authorization endpoint.'),
            service_documentation: z.string(),
          }),
        ),
        headers: { 'Cache-Control': { description: '`public, max-age=300`.' } },
      },
    },
  },
  'POST /api/auth/login': {
    summary: 'Portal login with e-mail and password (admin, prestador, plantonista)',
    description:
      'Every refusal is the same 401 `invalid_credentials`, whatever was wrong. Failures are counted per e-mail: the 5th within 15 minutes locks the e-mail, by default for 15 minutes, during which a login answers 429 `too_many_attempts` with Retry-After; a success clears the count.',
    body: loginBody,
    responses: {
      200: { description: 'The portal token, and the console session’s refresh cookie.', body: portalLoginToken, headers: sessionHeaders },
    },
    errors: { 400: ['validation_error'], 401: ['invalid_credentials'], 429: ['too_many_attempts'] },
  },
  'POST /api/auth/paciente/codigo': {
    summary: 'Ask for a patient’s one-time login code on WhatsApp',
    description:
      '`aplicacao` is the application’s slug, `telefone` the patient’s phone in E.164. The same 202, given before and whatever the WhatsApp send does, whether or not the phone is a patient’s of the application (a code is sent only when it is): the request is queued and the code sent right after. Limits per phone in the application, counted for any phone: one code every 30 seconds (a request sooner gets the same 202 and is dropped; the previous code stays valid); 5 codes an hour, from the first, after which the answer is 429 `too_many_codes` with Retry-After (seconds until that hour ends); after 10 wrong codes in 24 hours (see `/api/auth/paciente/token`) 429 `too_many_attempts` with Retry-After (seconds until those 24 hours end). A code is 6 digits, valid for 5 minutes; a new one replaces the previous one.',
    body: codeRequestBody,
    responses: {
      202: { description: 'Accepted.', body: z.object({ status: z.literal('ENVIADO') }), headers: portalNoStore },
    },
    errors: { 400: ['validation_error'], 429: ['too_many_attempts', 'too_many_codes'] },
  },
  'POST /api/auth/paciente/token': {
    summary: 'Exchange a patient’s one-time code for a patient token',
    description:
      'A code is used once and dies after 5 wrong guesses. Every refusal (unknown application, phone or code, expired or used code) is the same 401 `invalid_code`. Wrong codes are also counted per phone in the application, across codes and whether or not the phone is a patient’s: after 10 within 24 hours (from the first), this route and `/api/auth/paciente/codigo` answer 429 `too_many_attempts` for that phone, with Retry-After (seconds until those 24 hours end), even for the right code. A right code is not counted.',
    body: codeExchangeBody,
    responses: { 200: { description: 'The patient token.', body: patientToken, headers: portalNoStore } },
    errors: { 400: ['validation_error'], 401: ['invalid_code'], 409: ['conflict'], 429: ['too_many_attempts'] },
  },
  'POST /api/auth/refresh': {
    summary: 'Rotate the console session: a new access token and refresh cookie',
    description: [
      'Spends the refresh token of the cookie and answers a new access token (as the login does) and the next refresh token in a new cookie. A refresh token is good once: one presented again after it was spent (a stolen copy, or the holder’s own after a thief used it) revokes its whole session, so every later refresh of it is refused and the user logs in again. Two refreshes of one token sent together: one is answered 200, the other is that reuse. The console keeps one refresh in flight across its tabs.',
      'A refresh token lives 12 hours from its issue and never more than 24 hours from the login. Refused also once the user is deleted or deactivated, its role or password changed, or its application is inactive. Every refusal is the same 401 `invalid_grant`, which clears the cookie.',
    ].join('\n\n'),
    ...sessionRequest,
    responses: {
      200: { description: 'The new access token, and the next refresh cookie.', body: portalLoginToken, headers: sessionHeaders },
    },
    errors: { 401: ['invalid_grant'], 403: ['forbidden'] },
  },
  'POST /api/auth/logout': {
    summary: 'End the console session',
    description:
      'Revokes the session of the cookie’s refresh token (spent or not: every token of the session is refused from then on) and clears the cookie. 204 also without a cookie or with one that is no longer valid.',
    ...sessionRequest,
    responses: {
      204: {
        description: 'Logged out; the cookie is cleared (`Max-Age=0`).',
        headers: {
          ...portalNoStore,
          'Set-Cookie': { description: `\`${REFRESH_COOKIE}=; HttpOnly; Secure; SameSite=Strict; Path=/api/auth; Max-Age=0\`.` },
        },
      },
    },
    errors: { 403: ['forbidden'] },
  },
} satisfies GroupContract<'token'>;
