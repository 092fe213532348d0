// The provider credential authorizer (nbwp_ key + secret, IP allowlist, per-minute limit, last use):
// the authentication rules with in-memory fakes, then the Lambda entry against a mocked
// DynamoDB client (what it reads and writes, and how many requests it makes).
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '#functions/authorizers/provider-credential';
import { providerCredentialAuthenticator } from '#functions/authorizers/provider-credential';
import { hashSecret } from '#shared/auth/secrets';
import * as keys from '#shared/db/keys';
import { providerCredential as credentialKey } from '#shared/db/keys';
import { secondsToNextMinute } from '#shared/db/rate-limit';
import type { ProviderCredentialRecord } from '#shared/domain/applications/records';
import type { RateLimiter } from '#shared/domain/provider-credentials';

const API_KEY = 'nbwp_Zm9vYmFyYmF6cXV4MTIz';
const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA';

const credential = (overrides: Partial<ProviderCredentialRecord> = {}): ProviderCredentialRecord => ({
  credencialId: 501,
  apiKey: API_KEY,
  aplicacaoId: 7,
  prestadorId: 42,
  secretHash: hashSecret(SECRET),
  nome: 'ERP da clínica',
  ativo: true,
  ipAllowlist: [],
  limitePorMinuto: null,
  revogadoEm: null,
  criadoEm: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const authorizerEvent = (headers: Record<string, string>, sourceIp = '203.0.113.10'): APIGatewayRequestAuthorizerEvent =>
  ({
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:us-east-1:123456789012:abc123/prod/POST/api/external/prestador/v1/execucao',
    resource: '/api/external/prestador/v1/execucao',
    path: '/api/external/prestador/v1/execucao',
    httpMethod: 'POST',
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: { identity: { sourceIp } },
  }) as unknown as APIGatewayRequestAuthorizerEvent;

const presented = (key = API_KEY, secret = SECRET) => ({ 'X-Api-Key': key, 'X-Api-Secret': secret });

/** A fake store and limiter that count their calls. */
function fakes(
  stored: ProviderCredentialRecord[],
  limiterAnswer: Awaited<ReturnType<RateLimiter['consume']>> = { allowed: true },
  recordFails = false,
) {
  const reads: string[] = [];
  const takes: { apiKey: string; limit: number; now: Date }[] = [];
  const uses: { apiKey: string; at: string; since: string }[] = [];
  const authenticate = providerCredentialAuthenticator({
    recordUse: async (apiKey, at, since) => {
      if (recordFails) throw new Error('table unreachable');
      uses.push({ apiKey, at: at.toISOString(), since: since.toISOString() });
    },
    findByKey: async (apiKey) => {
      reads.push(apiKey);
      return stored.find((c) => c.apiKey === apiKey);
    },
    rateLimiter: {
      consume: async (apiKey, limit, now) => {
        takes.push({ apiKey, limit, now });
        return limiterAnswer;
      },
    },
    now: () => new Date(1_700_000_000_000),
  });
  return { authenticate, reads, takes, uses };
}

describe('provider credential authentication', () => {
  it("accepts the right key and secret with the credential's application and provider, and no scope", async () => {
    // Prepare
    const { authenticate, reads, takes } = fakes([credential()]);

    // Act
    const principal = await authenticate(authorizerEvent(presented()));

    // Assess
    expect(principal).toEqual({ aplicacaoId: 7, prestadorId: 42, scopes: [], subject: API_KEY });
    expect(reads).toEqual([API_KEY]);
    expect(takes).toEqual([]); // no limit: no counter
  });

  it('reads the headers whatever the case of their names', async () => {
    const { authenticate } = fakes([credential()]);

    const principal = await authenticate(authorizerEvent({ 'x-api-key': API_KEY, 'X-API-SECRET': SECRET }));

    expect(principal?.aplicacaoId).toBe(7);
  });

  it.each([
    ['a wrong secret', presented(API_KEY, `${SECRET}x`)],
    ['an unknown key', presented('nbwp_unknownkeyunknownkey', SECRET)],
    ['the key of another credential with this secret', presented('nbwp_other', SECRET)],
    ['no secret header', { 'X-Api-Key': API_KEY }],
    ['no key header', { 'X-Api-Secret': SECRET }],
    ['an empty secret', presented(API_KEY, '')],
    ['a key without the nbwp_ prefix', presented(API_KEY.replace('nbwp_', 'ak_'), SECRET)],
    ['an oversized key', presented(`nbwp_${'a'.repeat(500)}`, SECRET)],
  ])('refuses %s with the one generic refusal', async (_, headers) => {
    const { authenticate, takes } = fakes([
      credential(),
      credential({ apiKey: 'nbwp_other', credencialId: 502, secretHash: hashSecret('other') }),
    ]);

    const principal = await authenticate(authorizerEvent(headers));

    expect(principal).toBeUndefined();
    expect(takes).toEqual([]); // a refused request never counts against the limit
  });

  it('does not look up a key without the nbwp_ prefix', async () => {
    const { authenticate, reads } = fakes([credential()]);

    await authenticate(authorizerEvent(presented('ak_someapikeyofanotherscheme', SECRET)));

    expect(reads).toEqual([]);
  });

  it.each([
    ['deactivated', { ativo: false }],
    ['revoked', { ativo: false, revogadoEm: '2026-02-01T00:00:00.000Z' }],
    ['revoked though still flagged active', { revogadoEm: '2026-02-01T00:00:00.000Z' }],
  ])('refuses a %s credential even with the right secret', async (_, state) => {
    const { authenticate } = fakes([credential(state)]);

    expect(await authenticate(authorizerEvent(presented()))).toBeUndefined();
  });

  it('refuses a caller outside the allowlist and accepts one inside it', async () => {
    const { authenticate } = fakes([credential({ ipAllowlist: ['10.0.0.0/8', '2001:db8::/32'] })]);

    expect(await authenticate(authorizerEvent(presented(), '203.0.113.10'))).toBeUndefined();
    expect(await authenticate(authorizerEvent(presented(), ''))).toBeUndefined();
    expect(await authenticate(authorizerEvent(presented(), '10.20.30.40'))).toMatchObject({ aplicacaoId: 7 });
    expect(await authenticate(authorizerEvent(presented(), '::ffff:10.20.30.40'))).toMatchObject({ aplicacaoId: 7 });
    expect(await authenticate(authorizerEvent(presented(), '2001:db8:1::1'))).toMatchObject({ aplicacaoId: 7 });
  });

  it('records the use of a credential not used in the last minute, once a minute, and a failure to record refuses nothing', async () => {
    // Prepare: clock at 1_700_000_000_000
    const at = new Date(1_700_000_000_000);
    const never = fakes([credential()]);
    const recently = fakes([credential({ ultimoUsoEm: new Date(at.getTime() - 59_000).toISOString() })]);
    const longAgo = fakes([credential({ ultimoUsoEm: new Date(at.getTime() - 60_000).toISOString() })]);
    const failing = fakes([credential()], { allowed: true }, true);

    // Act
    for (const f of [never, recently, longAgo, failing]) await f.authenticate(authorizerEvent(presented()));

    // Assess
    const use = { apiKey: API_KEY, at: at.toISOString(), since: new Date(at.getTime() - 60_000).toISOString() };
    expect(never.uses).toEqual([use]);
    expect(recently.uses).toEqual([]);
    expect(longAgo.uses).toEqual([use]);
    expect(await failing.authenticate(authorizerEvent(presented()))).toMatchObject({ prestadorId: 42 });
  });

  it("counts an accepted request against the credential's limit", async () => {
    const { authenticate, takes } = fakes([credential({ limitePorMinuto: 5 })]);

    const principal = await authenticate(authorizerEvent(presented()));

    expect(principal).toMatchObject({ aplicacaoId: 7, prestadorId: 42 });
    expect(takes).toEqual([{ apiKey: API_KEY, limit: 5, now: new Date(1_700_000_000_000) }]);
  });

  it('marks a request over the limit as rate limited, with the seconds to wait and no tenant', async () => {
    const { authenticate } = fakes([credential({ limitePorMinuto: 5 })], { allowed: false, retryAfter: 17 });

    const principal = await authenticate(authorizerEvent(presented()));

    expect(principal).toEqual({ scopes: [], authError: 'rate_limited', retryAfter: 17 });
  });
});

describe('credential key', () => {
  it('is the one the application repository writes (one builder, shared/db/keys.ts)', () => {
    expect(credentialKey(API_KEY)).toEqual(keys.providerCredential(API_KEY));
  });
});

describe('secondsToNextMinute', () => {
  it('is between 1 and 60', () => {
    expect(secondsToNextMinute(new Date(Date.UTC(2026, 0, 1, 12, 0, 0, 0)))).toBe(60);
    expect(secondsToNextMinute(new Date(Date.UTC(2026, 0, 1, 12, 0, 0, 1)))).toBe(60);
    expect(secondsToNextMinute(new Date(Date.UTC(2026, 0, 1, 12, 0, 45, 500)))).toBe(15);
    expect(secondsToNextMinute(new Date(Date.UTC(2026, 0, 1, 12, 0, 59, 999)))).toBe(1);
  });
});

describe('the provider credential authorizer Lambda', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const now = Date.UTC(2026, 0, 1, 12, 30, 45, 500);
  const minute = Math.floor(now / 60_000);

  beforeEach(() => {
    dynamo.reset();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => dynamo.restore());

  const item = (overrides: Partial<ProviderCredentialRecord> = {}) => ({
    pk: `PCRED#${API_KEY}`,
    sk: 'PCRED',
    gsi1pk: 'APP#7#PRESTADOR#42#PCRED',
    gsi1sk: 'PCRED#501',
    tipo: 'PCRED',
    ...credential(overrides),
  });

  const authorize = (headers = presented(), sourceIp = '203.0.113.10') => handler(authorizerEvent(headers, sourceIp));

  /** A use recorded within the last minute: the request records none. */
  const recent = () => new Date(now - 10_000).toISOString();

  it('allows the whole API with the principal in the context, after one consistent read, when there is no limit', async () => {
    // Prepare
    dynamo.on(GetCommand).resolves({ Item: item({ ultimoUsoEm: recent() }) });

    // Act
    const result = await authorize();

    // Assess
    expect(result.principalId).toBe(API_KEY);
    expect(result.policyDocument.Statement).toEqual([
      { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: 'arn:aws:execute-api:us-east-1:123456789012:abc123/prod/*/*' },
    ]);
    expect(result.context).toEqual({ aplicacaoId: '7', prestadorId: '42', subject: API_KEY, scopes: '' });
    expect(dynamo.calls()).toHaveLength(1);
    expect(dynamo.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({
      Key: { pk: `PCRED#${API_KEY}`, sk: 'PCRED' },
      ConsistentRead: true,
    });
  });

  it("counts the request with one conditional update of the minute's counter when there is a limit", async () => {
    dynamo.on(GetCommand).resolves({ Item: item({ limitePorMinuto: 5, ultimoUsoEm: recent() }) });
    dynamo.on(UpdateCommand).resolves({});

    const result = await authorize();

    expect(result.context).toMatchObject({ aplicacaoId: '7', prestadorId: '42' });
    expect(dynamo.calls()).toHaveLength(2);
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ pk: `PCRED#${API_KEY}`, sk: `RATE#${minute}` });
    expect(update.UpdateExpression).toBe('ADD #n :one SET #expiresAt = :expiresAt, tipo = :tipo');
    expect(update.ConditionExpression).toBe('attribute_not_exists(#n) OR #n < :limit');
    expect(update.ExpressionAttributeValues).toEqual({ ':one': 1, ':limit': 5, ':expiresAt': (minute + 1) * 60 + 120, ':tipo': 'RATE' });
  });

  it('passes rate_limited and the seconds to the next minute when the counter is full', async () => {
    dynamo.on(GetCommand).resolves({ Item: item({ limitePorMinuto: 5 }) });
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));

    const result = await authorize();

    expect(result.context).toEqual({ scopes: '', authError: 'rate_limited', retryAfter: '15' });
    expect(dynamo.calls()).toHaveLength(2);
  });

  it('records the last use with one conditional update when none was recorded in the last minute; failing to, it still allows', async () => {
    // Prepare
    const earlier = new Date(now - 61_000).toISOString();
    dynamo.on(GetCommand).resolves({ Item: item({ ultimoUsoEm: earlier }) });
    dynamo.on(UpdateCommand).resolves({});

    // Act
    const result = await authorize();

    // Assess
    expect(result.context).toMatchObject({ aplicacaoId: '7', prestadorId: '42' });
    expect(dynamo.calls()).toHaveLength(2);
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input).toEqual({
      TableName: expect.any(String),
      Key: { pk: `PCRED#${API_KEY}`, sk: 'PCRED' },
      UpdateExpression: 'SET ultimoUsoEm = :at',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(ultimoUsoEm) OR ultimoUsoEm < :since)',
      ExpressionAttributeValues: { ':at': new Date(now).toISOString(), ':since': new Date(now - 60_000).toISOString() },
    });

    // Another instance recorded it first (the condition fails), or the table refuses the write: allowed all the same.
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    expect((await authorize()).context).toMatchObject({ prestadorId: '42' });
    dynamo.on(UpdateCommand).rejects(new Error('throttled'));
    expect((await authorize()).context).toMatchObject({ prestadorId: '42' });
  });

  it("throws Unauthorized (API Gateway's 401) for an unknown key, a wrong secret and a refused address alike", async () => {
    dynamo.on(GetCommand, { Key: { pk: `PCRED#${API_KEY}`, sk: 'PCRED' } }).resolves({ Item: item({ ipAllowlist: ['10.0.0.0/8'] }) });
    dynamo.on(GetCommand, { Key: { pk: 'PCRED#nbwp_unknown', sk: 'PCRED' } }).resolves({});

    await expect(authorize(presented('nbwp_unknown', SECRET), '10.0.0.1')).rejects.toThrow(/^Unauthorized$/);
    await expect(authorize(presented(API_KEY, 'wrong'), '10.0.0.1')).rejects.toThrow(/^Unauthorized$/);
    await expect(authorize(presented(), '203.0.113.10')).rejects.toThrow(/^Unauthorized$/);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it("fails (API Gateway's 500, never an allow) when DynamoDB cannot be read", async () => {
    dynamo.on(GetCommand).rejects(new Error('network down'));

    await expect(authorize()).rejects.toThrow('network down');
  });
});
