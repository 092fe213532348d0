// OAuth2 end to end through the local gateway (DynamoDB Local, the real token handler and
// oauth2 authorizer) with the sandbox's clients: the token endpoint, the JWKS, and bearer
// tokens on the v2 routes (the appointments list answers 200 to a token it lets in: LET_IN).
import { createPublicKey, randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, importJWK, jwtVerify, SignJWT, type JWK, type JWTHeaderParameters } from 'jose';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { localPaths } from '#infra/local/service';
import { rotateSigningKey } from '#infra/scripts/rotate-signing-key';
import { useLocalService } from '../support/local-service.ts';
import type { SandboxApp } from '#infra/local/seed';
import { adapter } from '#shared/adapters/index';
import { fileSecrets } from '#shared/adapters/local/secrets';
import { generateSigningKeyJwk, resetSigningKeys } from '#shared/auth/signing-keys';
import { resetVerificationKeys } from '#shared/auth/verification-keys';
import { config } from '#shared/config';
import { gatewayResponses } from '#shared/http/gateway-responses';
import { scopes as allScopes } from '#shared/http/routes';

let demo: SandboxApp;
let outra: SandboxApp;

const service = useLocalService();

beforeAll(async () => {
  ({ demo, outra } = service.sandbox.applications);
});

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };
const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString('base64')}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function tokenEndpoint(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${service.baseUrl}/oauth2/token`, { method: 'POST', headers: { ...FORM, ...headers }, body });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

/** The v2 appointments list's answer to a token it lets in. */
const LET_IN = 200;

async function accessToken(client: SandboxApp['oauth'], scope?: string): Promise<string> {
  const response = await tokenEndpoint(form({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }), {
    Authorization: basic(client.clientId, client.clientSecret),
  });
  expect(response.status).toBe(200);
  return response.json.access_token as string;
}

async function v2(method: string, route: string, authorization?: string) {
  const response = await fetch(`${service.baseUrl}${route}`, {
    method,
    headers: {
      ...(authorization === undefined ? {} : { Authorization: authorization }),
      ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
    },
    body: method === 'GET' ? undefined : '{}',
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

const readKeySet = async () => (JSON.parse(await (await adapter('secrets')).get(config().signingKeySecretId)) as { keys: JWK[] }).keys;

describe('POST /oauth2/token', () => {
  it('issues a token to a client authenticated with HTTP Basic (client_secret_basic), all its scopes when none are asked', async () => {
    const response = await tokenEndpoint('grant_type=client_credentials', {
      Authorization: basic(demo.oauth.clientId, demo.oauth.clientSecret),
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(response.json).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(response.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect((response.json.scope as string).split(' ').sort()).toEqual([...allScopes].sort());
  });

  it('issues a token to a client authenticated in the body (client_secret_post), with the scopes asked for', async () => {
    const response = await tokenEndpoint(
      form({
        grant_type: 'client_credentials',
        client_id: demo.oauth.clientId,
        client_secret: demo.oauth.clientSecret,
        scope: 'agendamentos:read pacientes:read',
      }),
    );

    expect(response.status).toBe(200);
    expect(response.json.scope).toBe('agendamentos:read pacientes:read');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('signs an RFC 9068 token with a key of the published JWKS, carrying the client and its application', async () => {
    const token = await accessToken(outra.oauthLimited);
    const jwks = (await (await fetch(`${service.baseUrl}/.well-known/jwks.json`)).json()) as { keys: JWK[] };

    const header = decodeProtectedHeader(token);
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { algorithms: ['RS256'] });

    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    expect(payload).toMatchObject({
      iss: config().issuer,
      aud: config().accessTokenAudience,
      sub: outra.oauthLimited.clientId,
      client_id: outra.oauthLimited.clientId,
      aplicacao_id: outra.id,
      scope: 'agendamentos:read',
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(60);
  });

  it('answers an unknown client and a wrong secret with the same 401 invalid_client and the Basic challenge', async () => {
    const unknown = await tokenEndpoint('grant_type=client_credentials', {
      Authorization: basic(`cl_${randomUUID()}`, demo.oauth.clientSecret),
    });
    const wrong = await tokenEndpoint('grant_type=client_credentials', {
      Authorization: basic(demo.oauth.clientId, `${demo.oauth.clientSecret}x`),
    });
    // Another application's secret with this client id is just a wrong secret.
    const crossed = await tokenEndpoint('grant_type=client_credentials', {
      Authorization: basic(demo.oauth.clientId, outra.oauth.clientSecret),
    });

    for (const response of [unknown, wrong, crossed]) {
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="whatsapp-platform"');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers failed client_secret_post authentication with the same body and no Basic challenge', async () => {
    const unknown = await tokenEndpoint(
      form({ grant_type: 'client_credentials', client_id: 'cl_unknown', client_secret: demo.oauth.clientSecret }),
    );
    const wrong = await tokenEndpoint(form({ grant_type: 'client_credentials', client_id: demo.oauth.clientId, client_secret: 'wrong' }));

    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(unknown.json).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });
    expect(wrong.headers.get('www-authenticate')).toBeNull();
  });

  const post = () => ({ client_id: demo.oauth.clientId, client_secret: demo.oauth.clientSecret });
  const cases: [string, number, string, () => { body: string; headers?: Record<string, string> }][] = [
    [
      'both HTTP Basic and client_secret_post',
      400,
      'invalid_request',
      () => ({
        body: form({ grant_type: 'client_credentials', ...post() }),
        headers: { Authorization: basic(demo.oauth.clientId, demo.oauth.clientSecret) },
      }),
    ],
    ['a missing grant_type', 400, 'invalid_request', () => ({ body: form(post()) })],
    [
      'a parameter that does not decode to well-formed UTF-8',
      400,
      'invalid_request',
      () => ({ body: `grant_type=client_credentials&scope=%C3%28&${form(post())}` }),
    ],
    [
      'a repeated parameter',
      400,
      'invalid_request',
      () => ({ body: `grant_type=client_credentials&${form(post())}&client_id=${demo.oauth.clientId}` }),
    ],
    ['another grant type', 400, 'unsupported_grant_type', () => ({ body: form({ grant_type: 'authorization_code', ...post() }) })],
    [
      'a scope unknown to the service',
      400,
      'invalid_scope',
      () => ({ body: form({ grant_type: 'client_credentials', scope: 'agendamentos:read root', ...post() }) }),
    ],
    [
      'a scope the client was not given',
      400,
      'invalid_scope',
      () => ({
        body: form({
          grant_type: 'client_credentials',
          scope: 'agendamentos:write',
          client_id: demo.oauthLimited.clientId,
          client_secret: demo.oauthLimited.clientSecret,
        }),
      }),
    ],
    ['no client authentication at all', 401, 'invalid_client', () => ({ body: 'grant_type=client_credentials' })],
  ];
  it('answers a JSON body with RFC 6749 400 invalid_request, not cacheable, as OAuth clients read it', async () => {
    const response = await tokenEndpoint(JSON.stringify({ grant_type: 'client_credentials', ...post() }), {
      'Content-Type': 'application/json',
    });

    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('x-www-form-urlencoded') });
    expect(response.headers.get('cache-control')).toBe(noStore['cache-control']);
    expect(response.headers.get('pragma')).toBe(noStore.pragma);
  });

  it("leaves the service's 415 to the other routes, the token group's login included", async () => {
    const response = await fetch(`${service.baseUrl}/api/auth/login`, { method: 'POST', headers: FORM, body: 'email=x%40y.z&senha=x' });

    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'unsupported_media_type', message: expect.stringContaining('application/json') });
  });

  it.each(cases)('answers %s with %i %s, not cacheable', async (_, status, error, request) => {
    const { body, headers } = request();

    const response = await tokenEndpoint(body, headers);

    expect(response.status).toBe(status);
    expect(response.json).toEqual({ error, error_description: expect.any(String) });
    expect(response.headers.get('cache-control')).toBe(noStore['cache-control']);
    expect(response.headers.get('pragma')).toBe(noStore.pragma);
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes only the public members of the signing keys, cacheable for five minutes', async () => {
    const response = await fetch(`${service.baseUrl}/.well-known/jwks.json`);
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
    const stored = await readKeySet();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(jwks.keys.map((k) => k.kid)).toEqual(stored.map((k) => k.kid));
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']) expect(key).not.toHaveProperty(member);
    }
  });
});

describe('GET /.well-known/oauth-authorization-server', () => {
  it('lets a standard RFC 8414 client (oauth4webapi) discover the server and get a token it can verify by the metadata alone', async () => {
    // Prepare: the issuer is the service's URL, as an integrator configures it.
    const issuer = new URL(service.baseUrl);
    const insecure = { [oauth.allowInsecureRequests]: true }; // the local run is plain HTTP on loopback

    // Act: discovery (RFC 8414 location, issuer checked), then the client-credentials grant with client_secret_basic.
    const server = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    const client: oauth.Client = { client_id: demo.oauth.clientId };
    const grant = await oauth.clientCredentialsGrantRequest(
      server,
      client,
      oauth.ClientSecretBasic(demo.oauth.clientSecret),
      new URLSearchParams({ scope: 'agendamentos:read' }),
      insecure,
    );
    const token = await oauth.processClientCredentialsResponse(server, client, grant);

    // Assess: the metadata names the grant and both client authentications; the token's iss is the
    // issuer and it verifies with the key set the metadata points to.
    expect(server).toMatchObject({
      issuer: service.baseUrl,
      token_endpoint: `${service.baseUrl}/oauth2/token`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(server.scopes_supported).toEqual(expect.arrayContaining(['mensagens:enviar', 'agendamentos:read']));
    const keys = (await (await fetch(server.jwks_uri!)).json()) as { keys: JWK[] };
    const { payload } = await jwtVerify(token.access_token, createLocalJWKSet(keys), { issuer: server.issuer, algorithms: ['RS256'] });
    expect(payload).toMatchObject({ client_id: demo.oauth.clientId, scope: 'agendamentos:read' });
    expect(
      (await fetch(`${service.baseUrl}/api/external/v2/agendamentos`, { headers: { Authorization: `Bearer ${token.access_token}` } }))
        .status,
    ).toBe(LET_IN);
  });
});

describe('bearer tokens on /api/external/v2/**', () => {
  const route = '/api/external/v2/agendamentos';
  const now = () => Math.floor(Date.now() / 1000);
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = (overrides: Record<string, unknown> = {}) => ({
    iss: config().issuer,
    aud: config().accessTokenAudience,
    sub: demo.oauth.clientId,
    client_id: demo.oauth.clientId,
    aplicacao_id: demo.id,
    scope: allScopes.join(' '),
    iat: now(),
    exp: now() + 3600,
    jti: randomUUID(),
    ...overrides,
  });
  /** A token signed by hand with the sandbox's own key (read through the secrets adapter), one thing broken per test. */
  const craft = async (options: { jwk?: JWK; header?: Partial<JWTHeaderParameters>; claims?: Record<string, unknown> } = {}) => {
    const jwk = options.jwk ?? (await readKeySet())[0]!;
    return new SignJWT(claims(options.claims))
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid, ...options.header })
      .sign(await importJWK(jwk, 'RS256'));
  };

  it('lets a token with the scope through to the route', async () => {
    const response = await v2('GET', route, `Bearer ${await accessToken(demo.oauth)}`);

    expect(response.status).toBe(LET_IN);
    expect(response.json).toMatchObject({ content: expect.any(Array) });
  });

  it('a hand-made token with every claim right is accepted (the negative cases below each break one thing)', async () => {
    expect((await v2('GET', route, `Bearer ${await craft()}`)).status).toBe(LET_IN);
  });

  it('gives the limited client its read route and refuses it the write route with 403 insufficient_scope', async () => {
    const token = await accessToken(demo.oauthLimited);

    const read = await v2('GET', route, `Bearer ${token}`);
    const write = await v2('POST', route, `Bearer ${token}`);

    expect(read.status).toBe(LET_IN);
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject({ error: 'insufficient_scope' });
    expect(write.headers.get('www-authenticate')).toBe(
      'Bearer realm="whatsapp-platform", error="insufficient_scope", scope="agendamentos:write"',
    );
  });

  it('holds a token to the scopes it was issued with, not the ones its client could have asked for', async () => {
    const token = await accessToken(demo.oauth, 'agendamentos:read');

    expect((await v2('GET', route, `Bearer ${token}`)).status).toBe(LET_IN);
    expect((await v2('POST', '/api/external/v2/pacientes', `Bearer ${token}`)).status).toBe(403);
  });

  it("refuses a request without a token with API Gateway's 401 and the bare Bearer challenge", async () => {
    const response = await v2('GET', route);

    expect(response.status).toBe(401);
    expect(response.json).toEqual(gatewayResponses.UNAUTHORIZED.body);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="whatsapp-platform"');
  });

  const bad: [string, () => Promise<string>][] = [
    ['garbage', async () => 'Bearer garbage'],
    ['another scheme', async () => basic(demo.oauth.clientId, demo.oauth.clientSecret)],
    ['alg none', async () => `Bearer ${b64({ alg: 'none', typ: 'at+jwt', kid: (await readKeySet())[0]!.kid })}.${b64(claims())}.`],
    [
      'HS256 keyed with the public key',
      async () => {
        const key = (await readKeySet())[0]!;
        const pem = createPublicKey({ key: { kty: 'RSA', n: key.n!, e: key.e! }, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
        return `Bearer ${await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: key.kid }).sign(new TextEncoder().encode(String(pem)))}`;
      },
    ],
    ['a portal token (typ JWT)', async () => `Bearer ${demo.tokens.admin}`],
    ['an access token with typ JWT', async () => `Bearer ${await craft({ header: { typ: 'JWT' } })}`],
    ['another issuer', async () => `Bearer ${await craft({ claims: { iss: 'https://evil.example' } })}`],
    ['another audience', async () => `Bearer ${await craft({ claims: { aud: config().portalAudience } })}`],
    ['an expired token', async () => `Bearer ${await craft({ claims: { iat: now() - 7200, exp: now() - 60 } })}`],
    ['an unknown kid', async () => `Bearer ${await craft({ jwk: await generateSigningKeyJwk() })}`],
    [
      'a token whose payload was changed',
      async () => {
        const [h, , s] = (await accessToken(outra.oauth)).split('.');
        return `Bearer ${h}.${b64(claims({ aplicacao_id: demo.id }))}.${s}`;
      },
    ],
  ];
  it.each(bad)('answers %s with 401 invalid_token and the RFC 6750 challenge', async (_, authorization) => {
    const response = await v2('GET', route, await authorization());

    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ error: 'invalid_token' });
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="whatsapp-platform", error="invalid_token"');
  });

  it('rotates by the procedure with no 401: the new key is published at once and signs from its signsFrom on', async () => {
    // Prepare: a token of the current key, let in (the authorizer's and the token group's caches hold the current sets).
    const secrets = fileSecrets(localPaths(service.dataDir).secrets);
    const { signingKeySecretId, verificationKeySecretId } = config();
    const original = { signing: await secrets.get(signingKeySecretId), verification: await secrets.get(verificationKeySecretId) };
    const previous = await readKeySet();
    const before = await accessToken(demo.oauth);
    expect((await v2('GET', route, `Bearer ${before}`)).status).toBe(LET_IN);
    try {
      // Act: infra/scripts/rotate-signing-key.ts on the local secrets; a token at once, and one when the new key's time has come.
      const rotation = await rotateSigningKey({
        readSigningKeys: () => secrets.get(signingKeySecretId),
        writeSigningKeys: async (value) => void (await secrets.put(signingKeySecretId, value)),
        readVerificationKeys: () => secrets.get(verificationKeySecretId),
        writeVerificationKeys: async (value) => void (await secrets.put(verificationKeySecretId, value)),
      });
      const during = await accessToken(demo.oauth);
      const duringStatus = (await v2('GET', route, `Bearer ${during}`)).status;
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(rotation.added.signsFrom) });
      const after = await accessToken(demo.oauth);
      const jwks = (await (await fetch(`${service.baseUrl}/.well-known/jwks.json`)).json()) as { keys: JWK[] };
      const statuses = [after, during, before].map(async (token) => (await v2('GET', route, `Bearer ${token}`)).status);

      // Assess: the old key signed until the new one's time, then the new one; no cache was reset, no token refused.
      expect(decodeProtectedHeader(during).kid).toBe(previous[0]!.kid);
      expect(decodeProtectedHeader(after).kid).toBe(rotation.added.kid);
      expect(jwks.keys.map((k) => k.kid)).toEqual([...previous.map((k) => k.kid), rotation.added.kid]);
      expect([duringStatus, ...(await Promise.all(statuses))]).toEqual([LET_IN, LET_IN, LET_IN, LET_IN]);
    } finally {
      vi.useRealTimers();
      await secrets.put(signingKeySecretId, original.signing);
      await secrets.put(verificationKeySecretId, original.verification);
      resetSigningKeys();
      resetVerificationKeys();
    }
  });
});
