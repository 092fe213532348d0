// The OAuth2 bearer authorizer: authenticateBearer on every kind of bad token, the authorizer's
// answer (allow with the token's principal, invalid_token principal, refusal without a header),
// no table access, and what the kit then does with the principal.
import { createPublicKey, randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { importJWK, SignJWT, type JWK, type JWTHeaderParameters } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { handler as authorizer } from '#functions/authorizers/oauth2';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import { authenticateBearer } from '#shared/auth/bearer';
import { authenticatePortal } from '#shared/auth/portal';
import { generateSigningKeyJwk, resetSigningKeys } from '#shared/auth/signing-keys';
import { resetVerificationKeys } from '#shared/auth/verification-keys';
import { signAccessToken, signPortalToken } from '#shared/auth/tokens';
import { resetConfig } from '#shared/config';
import { groupHandler, json } from '#shared/http/kit';

const ISSUER = 'urn:test:issuer';
const AUDIENCE = 'urn:test:api';
const METHOD_ARN = 'arn:aws:execute-api:us-east-1:123456789012:abcdef1234/prod/GET/api/external/v2/agendamentos';

const dynamo = mockClient(DynamoDBDocumentClient);

let key: JWK;
let stranger: JWK;
let secretReads: number;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

const claims = (overrides: Record<string, unknown> = {}) => ({
  iss: ISSUER,
  aud: AUDIENCE,
  sub: 'cl_test',
  client_id: 'cl_test',
  aplicacao_id: 42,
  scope: 'agendamentos:read',
  iat: now(),
  exp: now() + 3600,
  jti: randomUUID(),
  ...overrides,
});

/** A token signed by hand, so that each test can break exactly one thing. */
async function craft(options: { jwk?: JWK; header?: Partial<JWTHeaderParameters>; claims?: Record<string, unknown> } = {}) {
  const jwk = options.jwk ?? key;
  return new SignJWT(claims(options.claims))
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid, ...options.header })
    .sign(await importJWK(jwk, 'RS256'));
}

function authorizerEvent(headers: Record<string, string | string[]>): APIGatewayRequestAuthorizerEvent {
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers)) {
    multi[k] = ([] as string[]).concat(v);
    single[k] = multi[k].at(-1)!;
  }
  const { requestContext } = restEvent({ method: 'GET', resource: '/api/external/v2/agendamentos' });
  return {
    type: 'REQUEST',
    methodArn: METHOD_ARN,
    resource: '/api/external/v2/agendamentos',
    path: '/api/external/v2/agendamentos',
    httpMethod: 'GET',
    headers: single,
    multiValueHeaders: multi,
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: { ...requestContext, authorizer: undefined },
  };
}

beforeAll(async () => {
  [key, stranger] = await Promise.all([generateSigningKeyJwk(), generateSigningKeyJwk()]);
});

beforeEach(() => {
  process.env.TOKEN_ISSUER = ISSUER;
  process.env.ACCESS_TOKEN_AUDIENCE = AUDIENCE;
  process.env.PORTAL_AUDIENCE = 'urn:test:portal';
  resetConfig();
  resetSigningKeys();
  resetVerificationKeys();
  secretReads = 0;
  useAdapters({
    secrets: {
      get: async () => {
        secretReads++;
        return JSON.stringify({ keys: [key] });
      },
    },
  });
  dynamo.reset();
});

afterEach(() => {
  resetAdapters();
  resetSigningKeys();
  resetVerificationKeys();
  for (const name of ['TOKEN_ISSUER', 'ACCESS_TOKEN_AUDIENCE', 'PORTAL_AUDIENCE']) delete process.env[name];
  resetConfig();
});

afterAll(() => dynamo.restore());

const invalid = { scopes: [], authError: 'invalid_token', subject: 'invalid' };

describe('authenticateBearer', () => {
  it("gives the token's application, scopes, client id and exp", async () => {
    const token = await signAccessToken({ clientId: 'cl_abc', aplicacaoId: 7, scopes: ['agendamentos:read', 'pacientes:write'] });

    const principal = await authenticateBearer(`Bearer ${token}`);

    expect(principal).toEqual({
      aplicacaoId: 7,
      scopes: ['agendamentos:read', 'pacientes:write'],
      subject: 'cl_abc',
      expiresAt: expect.any(Number),
    });
    expect(principal.expiresAt! - now()).toBeGreaterThan(3590);
  });

  it('accepts the scheme name in any case', async () => {
    const token = await craft();

    expect((await authenticateBearer(`bearer ${token}`)).aplicacaoId).toBe(42);
    expect((await authenticateBearer(`BEARER ${token}`)).aplicacaoId).toBe(42);
  });

  const cases: [string, () => Promise<string | undefined>][] = [
    ['no header', async () => undefined],
    ['an empty header', async () => ''],
    ['another scheme', async () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['the scheme without a token', async () => 'Bearer'],
    ['two spaces after the scheme', async () => `Bearer  ${await craft()}`],
    ['two tokens', async () => `Bearer ${await craft()} ${await craft()}`],
    ['garbage', async () => 'Bearer not-a-jwt'],
    [
      'a token with a forged payload',
      async () => {
        const [h, , s] = (await craft()).split('.');
        return `Bearer ${h}.${b64(claims({ aplicacao_id: 99 }))}.${s}`;
      },
    ],
    ['alg none', async () => `Bearer ${b64({ alg: 'none', typ: 'at+jwt', kid: key.kid })}.${b64(claims())}.`],
    [
      'HS256 keyed with the public key (algorithm confusion)',
      async () => {
        const pem = createPublicKey({ key: { kty: 'RSA', n: key.n!, e: key.e! }, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
        const token = await new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: key.kid })
          .sign(new TextEncoder().encode(String(pem)));
        return `Bearer ${token}`;
      },
    ],
    ['typ JWT instead of at+jwt', async () => `Bearer ${await craft({ header: { typ: 'JWT' } })}`],
    ['a portal token', async () => `Bearer ${await signPortalToken({ role: 'admin', aplicacaoId: 42, subject: '1', ttlSeconds: 60 })}`],
    ['another issuer', async () => `Bearer ${await craft({ claims: { iss: 'urn:evil' } })}`],
    ['another audience', async () => `Bearer ${await craft({ claims: { aud: 'urn:test:portal' } })}`],
    ['an expired token', async () => `Bearer ${await craft({ claims: { iat: now() - 7200, exp: now() - 3600 } })}`],
    ['an unknown kid', async () => `Bearer ${await craft({ jwk: stranger })}`],
    ['a known kid on a token signed by another key', async () => `Bearer ${await craft({ jwk: stranger, header: { kid: key.kid } })}`],
    ['no aplicacao_id', async () => `Bearer ${await craft({ claims: { aplicacao_id: undefined } })}`],
    ['a non-numeric aplicacao_id', async () => `Bearer ${await craft({ claims: { aplicacao_id: '42' } })}`],
  ];
  it.each(cases)('refuses %s as invalid_token', async (_, header) => {
    expect(await authenticateBearer(await header())).toEqual(invalid);
  });

  it('fails (rather than blaming the token) when the keys cannot be loaded', async () => {
    const token = await craft();
    resetSigningKeys();
    resetVerificationKeys();
    useAdapters({ secrets: { get: async () => Promise.reject(new Error('secrets unavailable')) } });

    await expect(authenticateBearer(`Bearer ${token}`)).rejects.toThrow('secrets unavailable');
  });
});

describe('the oauth2 authorizer', () => {
  it('allows the whole API with the principal in the context, without touching the table', async () => {
    const token = await signAccessToken({ clientId: 'cl_abc', aplicacaoId: 7, scopes: ['agendamentos:read'] });
    secretReads = 0; // the signing above read the private set; the authorizer reads only the public one

    const result = await authorizer(authorizerEvent({ authorization: `Bearer ${token}` }));
    await authorizer(authorizerEvent({ authorization: `Bearer ${token}` }));

    expect(result.principalId).toBe('cl_abc');
    expect(result.policyDocument.Statement).toEqual([
      { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: 'arn:aws:execute-api:us-east-1:123456789012:abcdef1234/prod/*/*' },
    ]);
    expect(result.context).toEqual({
      aplicacaoId: '7',
      scopes: 'agendamentos:read',
      subject: 'cl_abc',
      expiresAt: expect.stringMatching(/^\d+$/),
    });
    expect(dynamo.calls()).toHaveLength(0);
    expect(secretReads).toBe(1); // the public key set, cached in the container
  });

  it('passes a bad token on as invalid_token (so the kit can answer RFC 6750), never as a tenant', async () => {
    const result = await authorizer(authorizerEvent({ Authorization: 'Bearer garbage' }));

    expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Allow' });
    expect(result.context).toEqual({ scopes: '', authError: 'invalid_token', subject: 'invalid' });
  });

  it('treats two Authorization headers as an invalid token', async () => {
    const token = await craft();

    const result = await authorizer(authorizerEvent({ Authorization: [`Bearer ${token}`, `Bearer ${token}`] }));

    expect(result.context).toMatchObject({ authError: 'invalid_token' });
  });

  it("refuses a request without credentials with API Gateway's 401", async () => {
    await expect(authorizer(authorizerEvent({}))).rejects.toThrow('Unauthorized');
    await expect(authorizer(authorizerEvent({ Authorization: '  ' }))).rejects.toThrow('Unauthorized');
  });
});

describe('one accepted form of Authorization, the same for the oauth2 and the portal authorizer', () => {
  // WAF counts this header lower-cased with white space compressed (infra/constructs/rate-limits.ts): every
  // spelling accepted here must be one value to it, so nothing but the scheme's case may vary.
  const portalToken = () => signPortalToken({ role: 'admin', aplicacaoId: 42, subject: '1', ttlSeconds: 60 });
  const portal = (authorization: string | string[]) => authenticatePortal(authorizerEvent({ Authorization: authorization }));

  it('accepts "Bearer", one space and the token, the scheme in any case (RFC 7235)', async () => {
    const token = await portalToken();

    for (const scheme of ['Bearer', 'bearer', 'BEARER']) expect((await portal(`${scheme} ${token}`))?.aplicacaoId).toBe(42);
  });

  it.each([
    ['two spaces', (t: string) => `Bearer  ${t}`],
    ['a tab', (t: string) => `Bearer\t${t}`],
    ['a non-breaking space', (t: string) => `Bearer\u00a0${t}`],
    ['a space after the token', (t: string) => `Bearer ${t} `],
  ])('refuses the portal token with %s, as the oauth2 authorizer refuses an access token', async (_, spell) => {
    expect(await portal(spell(await portalToken()))).toBeUndefined();
    expect(await authenticateBearer(spell(await craft()))).toEqual(invalid);
  });

  it('refuses two Authorization headers, even when one of them is valid', async () => {
    const token = await portalToken();

    expect(await portal([`Bearer ${token}`, `Bearer ${token}`])).toBeUndefined();
    expect(await portal(['Bearer garbage', `Bearer ${token}`])).toBeUndefined();
  });
});

describe('the v2 routes behind the authorizer', () => {
  // A stand-in v2 operation that shows the tenant the kit gave it.
  const v2 = groupHandler('v2-appointments', {
    'GET /api/external/v2/agendamentos': async (request) => json(200, { aplicacaoId: request.principal.aplicacaoId }),
  });

  async function callWith(token: string, method = 'GET') {
    const auth = await authorizer(authorizerEvent({ Authorization: `Bearer ${token}` }));
    // API Gateway hands the context to the integration as strings, with the principalId.
    const context = { ...(auth.context as Record<string, string>), principalId: auth.principalId };
    const result = await v2(
      restEvent({ method, resource: '/api/external/v2/agendamentos', authorizer: context, body: method === 'GET' ? undefined : {} }),
      lambdaContext(),
    );
    return { status: result.statusCode, headers: result.headers ?? {}, json: JSON.parse(result.body) };
  }

  it("serves each token's own application: the tenant comes from aplicacao_id", async () => {
    const seven = await signAccessToken({ clientId: 'cl_a', aplicacaoId: 7, scopes: ['agendamentos:read'] });
    const eight = await signAccessToken({ clientId: 'cl_b', aplicacaoId: 8, scopes: ['agendamentos:read'] });

    expect(await callWith(seven)).toMatchObject({ status: 200, json: { aplicacaoId: 7 } });
    expect(await callWith(eight)).toMatchObject({ status: 200, json: { aplicacaoId: 8 } });
  });

  it('answers a bad token with 401 invalid_token and the RFC 6750 challenge', async () => {
    const response = await callWith(await craft({ claims: { iss: 'urn:evil' } }));

    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ error: 'invalid_token' });
    expect(response.headers['WWW-Authenticate']).toBe('Bearer realm="whatsapp-platform", error="invalid_token"');
  });

  it('answers a token without the scope with 403 insufficient_scope naming it', async () => {
    const token = await signAccessToken({ clientId: 'cl_a', aplicacaoId: 7, scopes: ['agendamentos:read'] });

    const response = await callWith(token, 'POST');

    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ error: 'insufficient_scope' });
    expect(response.headers['WWW-Authenticate']).toBe(
      'Bearer realm="whatsapp-platform", error="insufficient_scope", scope="agendamentos:write"',
    );
  });
});
