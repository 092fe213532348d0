// The API key authorizer (X-Api-Key + X-Api-Secret) with a mocked DynamoDB: what it allows,
// that every wrong credential gets the same refusal, and that a failure of ours is not a 401.
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { restEvent } from '#events/samples/api-gateway';
import { handler } from '#functions/authorizers/api-key';
import { hashSecret } from '#shared/auth/secrets';
import { resetConfig } from '#shared/config';

const METHOD_ARN = 'arn:aws:execute-api:us-east-1:123456789012:abcdef1234/prod/GET/api/external/financeiro/saldo';
const API_KEY = 'ak_valid-key';
const API_SECRET = 'the-secret-of-application-42-with-enough-entropy';

const dynamo = mockClient(DynamoDBDocumentClient);

function authorizerEvent(headers: Record<string, string>): APIGatewayRequestAuthorizerEvent {
  const { requestContext } = restEvent({ method: 'GET', resource: '/api/external/financeiro/saldo' });
  return {
    type: 'REQUEST',
    methodArn: METHOD_ARN,
    resource: '/api/external/financeiro/saldo',
    path: '/api/external/financeiro/saldo',
    httpMethod: 'GET',
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: { ...requestContext, authorizer: undefined },
  };
}

const authorize = (headers: Record<string, string>) => handler(authorizerEvent(headers));

describe('API key authorizer', () => {
  beforeEach(() => {
    process.env.TABLE_NAME = 'unit-table';
    resetConfig();
    dynamo.reset();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: { pk: `APIKEY#${API_KEY}`, sk: 'APIKEY' } }).resolves({
      Item: { aplicacaoId: 42, secretHash: hashSecret(API_SECRET) },
    });
  });
  afterAll(() => dynamo.restore());

  it('allows the right pair for the whole API, with the application as principal', async () => {
    // Act
    const result = await authorize({ 'X-Api-Key': API_KEY, 'X-Api-Secret': API_SECRET });

    // Assess
    expect(result.context).toEqual({ aplicacaoId: '42', scopes: '', subject: API_KEY });
    expect(result.principalId).toBe(API_KEY);
    expect(result.policyDocument.Statement).toEqual([
      { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: 'arn:aws:execute-api:us-east-1:123456789012:abcdef1234/prod/*/*' },
    ]);
    // One strongly consistent read: a replaced key must fail at once.
    const reads = dynamo.commandCalls(GetCommand);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.args[0].input).toMatchObject({
      TableName: 'unit-table',
      Key: { pk: `APIKEY#${API_KEY}`, sk: 'APIKEY' },
      ConsistentRead: true,
    });
  });

  it('reads the headers whatever their case', async () => {
    const result = await authorize({ 'x-api-key': API_KEY, 'X-API-SECRET': API_SECRET });

    expect(result.context?.aplicacaoId).toBe('42');
  });

  it.each([
    ['a wrong secret', { 'X-Api-Key': API_KEY, 'X-Api-Secret': `${API_SECRET}x` }],
    ['an unknown key', { 'X-Api-Key': 'ak_unknown', 'X-Api-Secret': API_SECRET }],
    ['an empty secret', { 'X-Api-Key': API_KEY, 'X-Api-Secret': '' }],
    ['no secret header', { 'X-Api-Key': API_KEY }],
    ['no key header', { 'X-Api-Secret': API_SECRET }],
    ['the stored hash as the secret', { 'X-Api-Key': API_KEY, 'X-Api-Secret': hashSecret(API_SECRET) }],
  ])('refuses %s with the one Unauthorized', async (_, headers) => {
    await expect(authorize(headers)).rejects.toThrow(/^Unauthorized$/);
  });

  it('refuses a key that cannot be one of ours without asking DynamoDB (an oversized key would make it fail)', async () => {
    for (const apiKey of ['k'.repeat(2000), 'chave com espaço', 'chave-ç']) {
      await expect(authorize({ 'X-Api-Key': apiKey, 'X-Api-Secret': API_SECRET })).rejects.toThrow(/^Unauthorized$/);
    }
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('refuses a stored item without a usable application id', async () => {
    dynamo.on(GetCommand, { Key: { pk: 'APIKEY#ak_broken', sk: 'APIKEY' } }).resolves({ Item: { secretHash: hashSecret(API_SECRET) } });

    await expect(authorize({ 'X-Api-Key': 'ak_broken', 'X-Api-Secret': API_SECRET })).rejects.toThrow(/^Unauthorized$/);
  });

  it('lets a DynamoDB failure through as a failure (API Gateway answers 500), not as a refusal', async () => {
    dynamo.on(GetCommand).rejects(new Error('ProvisionedThroughputExceededException'));

    await expect(authorize({ 'X-Api-Key': API_KEY, 'X-Api-Secret': API_SECRET })).rejects.toThrow('ProvisionedThroughputExceededException');
  });
});
