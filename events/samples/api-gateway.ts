// Sample API Gateway REST (v1) proxy events, shaped as the deployed API sends them: the stage's
// binaryMediaTypes is `*/*`, so every body arrives base64-encoded with isBase64Encoded true.
import { randomUUID } from 'node:crypto';
import type { APIGatewayEventClientCertificate, APIGatewayProxyEvent } from 'aws-lambda';

export interface RestEventInput {
  method: string;
  /** The route's resource path, e.g. `/api/v4/saude/consentimentos/{tipo}/revogar`. */
  resource: string;
  /** The concrete path; by default the resource with `pathParameters` filled in. */
  path?: string;
  /** A string or bytes is sent as is; anything else as JSON. */
  body?: string | Uint8Array | object;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  pathParameters?: Record<string, string>;
  /** The authorizer context (string values, as API Gateway passes it). */
  authorizer?: Record<string, string>;
  clientCert?: APIGatewayEventClientCertificate;
  sourceIp?: string;
  requestId?: string;
  stage?: string;
}

const fillPath = (resource: string, params: Record<string, string> = {}) =>
  resource.replace(/\{([^}+]+)\+?\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));

const multi = (values: Record<string, string> | undefined) =>
  values ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [v]])) : null;

export function restEvent(input: RestEventInput): APIGatewayProxyEvent {
  const stage = input.stage ?? 'prod';
  const path = input.path ?? fillPath(input.resource, input.pathParameters);
  const requestId = input.requestId ?? randomUUID();
  const sourceIp = input.sourceIp ?? '203.0.113.10';
  const headers: Record<string, string> = { Host: 'api.example.com', 'User-Agent': 'vitest', ...input.headers };

  let body: string | null = null;
  if (input.body !== undefined) {
    const bytes =
      typeof input.body === 'string'
        ? Buffer.from(input.body, 'utf8')
        : input.body instanceof Uint8Array
          ? Buffer.from(input.body)
          : Buffer.from(JSON.stringify(input.body), 'utf8');
    body = bytes.toString('base64');
    const hasContentType = Object.keys(headers).some((k) => k.toLowerCase() === 'content-type');
    if (!hasContentType && typeof input.body === 'object' && !(input.body instanceof Uint8Array)) {
      headers['Content-Type'] = 'application/json';
    }
  }

  const now = Date.now();
  return {
    resource: input.resource,
    path,
    httpMethod: input.method,
    headers,
    multiValueHeaders: multi(headers) ?? {},
    queryStringParameters: input.query ?? null,
    multiValueQueryStringParameters: multi(input.query),
    pathParameters: input.pathParameters ?? null,
    stageVariables: null,
    body,
    isBase64Encoded: body !== null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abcdef1234',
      authorizer: input.authorizer ?? null,
      protocol: 'HTTP/1.1',
      httpMethod: input.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: input.clientCert ?? null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp,
        user: null,
        userAgent: headers['User-Agent'] ?? null,
        userArn: null,
      },
      path: `/${stage}${path}`,
      stage,
      requestId,
      requestTimeEpoch: now,
      resourceId: 'res123',
      resourcePath: input.resource,
    },
  };
}

/** A minimal Lambda context for invoking handlers directly. */
export function lambdaContext(functionName = 'test-function') {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
