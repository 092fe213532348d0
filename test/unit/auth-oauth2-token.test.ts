// POST /oauth2/token and GET /.well-known/jwks.json at handler level: the token group's
// operations behind the real HTTP kit, the table mocked, the signing keys in memory.
import { GetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { loginOperations } from '#functions/token/login';
import { oauthBodyRefusals, oauthOperations } from '#functions/token/oauth';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import { hashSecret } from '#shared/auth/secrets';
import { generateSigningKeyJwk, resetSigningKeys } from '#shared/auth/signing-keys';
import { resetVerificationKeys } from '#shared/auth/verification-keys';
import { resetConfig } from '#shared/config';
import { resetDb } from '#shared/db/client';
import { groupHandler } from '#shared/http/kit';

const ISSUER = 'urn:test:issuer';
const AUDIENCE = 'urn:test:api';
const APP_ID = 42;
const CLIENT = { clientId: 'cl_full', secret: 'full-secret' };
const LIMITED = { clientId: 'cl_limited', secret: 'limited-secret' };
// A secret with every character form-urlencoding changes, to check the Basic decoding of RFC 6749 2.3.1.
const ODD = { clientId: 'cl odd:id', secret: 'p:a+s s%w/ó=' };
const FULL_SCOPES = ['agendamentos:read', 'agendamentos:write', 'mensagens:enviar'];

const dynamo = mockClient(DynamoDBDocumentClient);
// The group's logins beside the token endpoint: the kit's own 415 still answers their bodies of another media type.
const handler = groupHandler('token', { ...oauthOperations, ...loginOperations }, oauthBodyRefusals);

let keyA: JWK;
let keyB: JWK;
let keySet: JWK[];
let appActive: boolean;

const clientItem = (clientId: string, secret: string, scopes: string[]) => ({
  pk: `OAUTHCLIENT#${clientId}`,
  sk: 'OAUTHCLIENT',
  gsi1pk: `APP#${APP_ID}#OAUTHCLIENT`,
  gsi1sk: clientId,
  tipo: 'OAUTHCLIENT',
  clientId,
  aplicacaoId: APP_ID,
  secretHash: hashSecret(secret),
  scopes,
  nome: clientId,
  criadoEm: '2026-01-01T00:00:00.000Z',
});

const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString('base64')}`;

/** A header given as undefined is left out (the form's Content-Type included). */
async function tokenRequest(body: string | Uint8Array, headers: Record<string, string | undefined> = {}) {
  const sent = Object.entries({ 'Content-Type': 'application/x-www-form-urlencoded', ...headers }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const event = restEvent({ method: 'POST', resource: '/oauth2/token', body, headers: Object.fromEntries(sent) });
  const result = await handler(event, lambdaContext());
  return { status: result.statusCode, headers: result.headers ?? {}, json: JSON.parse(result.body) as Record<string, unknown> };
}

const publicKeyA = () => createLocalJWKSet({ keys: [{ kty: 'RSA', n: keyA.n, e: keyA.e, kid: keyA.kid }] });
const getKeys = () => dynamo.commandCalls(GetCommand).map((call) => call.args[0].input.Key?.pk);

beforeAll(async () => {
  [keyA, keyB] = await Promise.all([generateSigningKeyJwk(), generateSigningKeyJwk()]);
});

beforeEach(() => {
  process.env.TOKEN_ISSUER = ISSUER;
  process.env.ACCESS_TOKEN_AUDIENCE = AUDIENCE;
  resetConfig();
  resetDb();
  resetSigningKeys();
  resetVerificationKeys();
  keySet = [keyA];
  useAdapters({ secrets: { get: async () => JSON.stringify({ keys: keySet }) } });
  appActive = true;
  dynamo.reset();
  dynamo.on(GetCommand).resolves({});
  for (const [c, scopes] of [
    [CLIENT, FULL_SCOPES],
    [LIMITED, ['agendamentos:read']],
    [ODD, ['pacientes:read']],
  ] as const) {
    dynamo
      .on(GetCommand, { Key: { pk: `OAUTHCLIENT#${c.clientId}`, sk: 'OAUTHCLIENT' } })
      .resolves({ Item: clientItem(c.clientId, c.secret, [...scopes]) });
  }
  dynamo.on(GetCommand, { Key: { pk: `APP#${APP_ID}`, sk: 'APP' } }).callsFake(async () => ({
    Item: {
      pk: `APP#${APP_ID}`,
      sk: 'APP',
      tipo: 'APP',
      id: APP_ID,
      nome: 'Demo',
      slug: 'demo',
      ativo: appActive,
      provider: 'link',
      criadoEm: '2026-01-01T00:00:00.000Z',
    },
  }));
});

afterEach(() => {
  resetAdapters();
  resetSigningKeys();
  resetVerificationKeys();
  delete process.env.TOKEN_ISSUER;
  delete process.env.ACCESS_TOKEN_AUDIENCE;
  resetConfig();
});

afterAll(() => dynamo.restore());

describe('POST /oauth2/token', () => {
  it('issues an RFC 9068 access token to a client authenticated with HTTP Basic, with every scope of the client', async () => {
    // Act
    const response = await tokenRequest('grant_type=client_credentials', { Authorization: basic(CLIENT.clientId, CLIENT.secret) });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    expect(Object.keys(response.json).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(response.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: FULL_SCOPES.join(' ') });
    const token = response.json.access_token as string;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'at+jwt', kid: keyA.kid });
    const { payload } = await jwtVerify(token, publicKeyA(), { issuer: ISSUER, audience: AUDIENCE, typ: 'at+jwt' });
    expect(payload).toMatchObject({ sub: CLIENT.clientId, client_id: CLIENT.clientId, aplicacao_id: APP_ID, scope: FULL_SCOPES.join(' ') });
    expect(payload.exp! - payload.iat!).toBe(3600);
    // One GetItem for the client, then the application's (is it active?).
    expect(getKeys()).toEqual([`OAUTHCLIENT#${CLIENT.clientId}`, `APP#${APP_ID}`]);
  });

  it('decodes the Basic user and password as form-urlencoded (RFC 6749 2.3.1)', async () => {
    const response = await tokenRequest('grant_type=client_credentials', { Authorization: basic(ODD.clientId, ODD.secret) });

    expect(response.status).toBe(200);
    expect(response.json.scope).toBe('pacientes:read');
  });

  it('accepts client_secret_post and grants exactly the scopes asked for', async () => {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.secret,
      scope: 'mensagens:enviar agendamentos:read',
    }).toString();

    const response = await tokenRequest(body);

    expect(response.status).toBe(200);
    expect(response.json.scope).toBe('mensagens:enviar agendamentos:read');
    const { payload } = await jwtVerify(response.json.access_token as string, publicKeyA());
    expect(payload.scope).toBe('mensagens:enviar agendamentos:read');
  });

  it('answers an unknown client and a wrong secret identically, with the Basic challenge when Basic was used', async () => {
    const unknown = await tokenRequest('grant_type=client_credentials', { Authorization: basic('cl_nobody', CLIENT.secret) });
    const wrong = await tokenRequest('grant_type=client_credentials', { Authorization: basic(CLIENT.clientId, 'not-the-secret') });
    const unknownPost = await tokenRequest(`grant_type=client_credentials&client_id=cl_nobody&client_secret=${CLIENT.secret}`);
    const wrongPost = await tokenRequest(`grant_type=client_credentials&client_id=${CLIENT.clientId}&client_secret=nope`);

    const expected = { error: 'invalid_client', error_description: 'Client authentication failed' };
    for (const response of [unknown, wrong, unknownPost, wrongPost]) {
      expect(response.status).toBe(401);
      expect(response.json).toEqual(expected);
      expect(response.headers).toMatchObject({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    }
    expect(unknown.headers['WWW-Authenticate']).toBe('Basic realm="whatsapp-platform"');
    expect(wrong.headers['WWW-Authenticate']).toBe('Basic realm="whatsapp-platform"');
    expect(unknownPost.headers['WWW-Authenticate']).toBeUndefined();
    expect(wrongPost.headers['WWW-Authenticate']).toBeUndefined();
    // A failed secret never reaches the application record.
    expect(getKeys().filter((k) => k?.startsWith('APP#'))).toEqual([]);
  });

  it('refuses a client of an inactive application as invalid_client', async () => {
    appActive = false;

    const response = await tokenRequest('grant_type=client_credentials', { Authorization: basic(CLIENT.clientId, CLIENT.secret) });

    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });
  });

  it('treats an absurdly long client id as unknown without asking the table', async () => {
    const response = await tokenRequest('grant_type=client_credentials', { Authorization: basic('x'.repeat(5000), 's') });

    expect(response.status).toBe(401);
    expect(response.json.error).toBe('invalid_client');
    expect(getKeys()).toEqual([]);
  });

  const auth = `client_id=${CLIENT.clientId}&client_secret=${CLIENT.secret}`;
  it.each([
    [
      'both Basic and client_secret_post',
      400,
      'invalid_request',
      `grant_type=client_credentials&${auth}`,
      { Authorization: basic(CLIENT.clientId, CLIENT.secret) },
    ],
    [
      'a body client_id other than the Basic one',
      400,
      'invalid_request',
      'grant_type=client_credentials&client_id=cl_other',
      { Authorization: basic(CLIENT.clientId, CLIENT.secret) },
    ],
    ['no grant_type', 400, 'invalid_request', auth, {}],
    ['an empty grant_type (treated as omitted)', 400, 'invalid_request', `grant_type=&${auth}`, {}],
    [
      'a repeated parameter',
      400,
      'invalid_request',
      `grant_type=client_credentials&scope=agendamentos:read&scope=pacientes:read&${auth}`,
      {},
    ],
    ['a repeated grant_type', 400, 'invalid_request', `grant_type=client_credentials&grant_type=client_credentials&${auth}`, {}],
    ['a parameter that does not decode to UTF-8', 400, 'invalid_request', `grant_type=client_credentials&scope=%FF&${auth}`, {}],
    ['a parameter escaping a surrogate', 400, 'invalid_request', `grant_type=client_credentials&scope=%ED%A0%80&${auth}`, {}],
    ['another grant type', 400, 'unsupported_grant_type', `grant_type=password&${auth}`, {}],
    ['an unknown scope', 400, 'invalid_scope', `grant_type=client_credentials&scope=admin:all&${auth}`, {}],
    [
      'a malformed scope',
      400,
      'invalid_scope',
      `grant_type=client_credentials&scope=${encodeURIComponent('agendamentos:read "x"')}&${auth}`,
      {},
    ],
    [
      'a scope the client was not given',
      400,
      'invalid_scope',
      `grant_type=client_credentials&scope=agendamentos:write&client_id=${LIMITED.clientId}&client_secret=${LIMITED.secret}`,
      {},
    ],
    ['no client authentication', 401, 'invalid_client', 'grant_type=client_credentials', {}],
    ['client_id without client_secret', 401, 'invalid_client', `grant_type=client_credentials&client_id=${CLIENT.clientId}`, {}],
    ['a malformed Basic credential', 401, 'invalid_client', 'grant_type=client_credentials', { Authorization: 'Basic not base64!' }],
    [
      'a Bearer token instead of client credentials',
      401,
      'invalid_client',
      'grant_type=client_credentials',
      { Authorization: 'Bearer abc.def.ghi' },
    ],
  ] as const)('answers %s with %i %s, not cacheable', async (_, status, error, body, headers) => {
    const response = await tokenRequest(body, headers);

    expect(response.status).toBe(status);
    expect(response.json).toEqual({ error, error_description: expect.any(String) });
    expect(response.headers).toMatchObject({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    expect(response.json.error_description).not.toContain(CLIENT.secret);
  });

  it.each([
    ['JSON', { 'Content-Type': 'application/json' }, JSON.stringify({ grant_type: 'client_credentials', client_id: CLIENT.clientId })],
    ['text/plain', { 'Content-Type': 'text/plain' }, `grant_type=client_credentials&${auth}`],
    ['no Content-Type', { 'Content-Type': undefined }, `grant_type=client_credentials&${auth}`],
    [
      'a form in another charset',
      { 'Content-Type': 'application/x-www-form-urlencoded; charset=iso-8859-1' },
      `grant_type=client_credentials&${auth}`,
    ],
    ['a form whose bytes are not UTF-8', {}, Uint8Array.from([0x67, 0x3d, 0xff])],
  ])('answers a body sent as %s with RFC 6749 invalid_request before reading it', async (_, headers, body) => {
    const response = await tokenRequest(body, headers);

    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    expect(response.headers).toMatchObject({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    expect(getKeys()).toEqual([]);
  });

  it('names the media type it takes in the description', async () => {
    const response = await tokenRequest('{"grant_type":"client_credentials"}', { 'Content-Type': 'application/json' });

    expect(response.json.error_description).toContain('application/x-www-form-urlencoded');
  });

  it("leaves the kit's 415 to the group's other routes", async () => {
    const event = restEvent({
      method: 'POST',
      resource: '/api/auth/login',
      body: 'email=a%40b.c&senha=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });

    const result = await handler(event, lambdaContext());

    expect(result.statusCode).toBe(415);
    expect(JSON.parse(result.body)).toEqual({ error: 'unsupported_media_type', message: expect.stringContaining('application/json') });
    expect(getKeys()).toEqual([]);
  });

  it('will not build the group without an answer for the refused bodies of the token endpoint', () => {
    expect(() => groupHandler('token', oauthOperations)).toThrow("POST /oauth2/token must map the kit's body refusals");
  });

  it('checks a malformed request before any table read', async () => {
    await tokenRequest(`grant_type=client_credentials&${auth}`, { Authorization: basic(CLIENT.clientId, CLIENT.secret) });
    await tokenRequest(`grant_type=password&${auth}`);
    await tokenRequest(`scope=x&scope=y&${auth}`);

    expect(getKeys()).toEqual([]);
  });

  it('hides a table failure behind a non-cacheable 500', async () => {
    dynamo.on(GetCommand).rejects(new Error('ProvisionedThroughputExceededException: internals'));

    const response = await tokenRequest(`grant_type=client_credentials&${auth}`);

    expect(response.status).toBe(500);
    expect(response.json).toEqual({ error: 'server_error', error_description: 'Internal server error' });
    expect(response.headers).toMatchObject({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
  });
});

describe('GET /.well-known/jwks.json', () => {
  const jwks = async () => {
    const result = await handler(restEvent({ method: 'GET', resource: '/.well-known/jwks.json' }), lambdaContext());
    return { status: result.statusCode, headers: result.headers ?? {}, json: JSON.parse(result.body) as { keys: JWK[] } };
  };

  it('publishes the public members of every key, cacheable for five minutes', async () => {
    keySet = [keyB, keyA];

    const response = await jwks();

    expect(response.status).toBe(200);
    expect(response.headers['Cache-Control']).toBe('public, max-age=300');
    expect(response.headers['Content-Type']).toMatch(/^application\/json/);
    expect(response.json.keys.map((k) => k.kid)).toEqual([keyB.kid, keyA.kid]);
    for (const key of response.json.keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']) expect(key).not.toHaveProperty(member);
    }
    expect(JSON.stringify(response.json)).not.toContain(keyA.d);
  });
});
