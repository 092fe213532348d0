// The agent authorizer (functions/authorizers/agent.ts) called as API Gateway calls it: a REQUEST
// authorizer event with requestContext.identity.clientCert, the CRL in the bucket and the signing
// keys in the secrets adapter. Refusal = it throws 'Unauthorized' (API Gateway's one 401).
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { PemConverter, X509Certificate, X509CertificateGenerator } from '@peculiar/x509';
import type { APIGatewayEventClientCertificate, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '#functions/authorizers/agent';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import type { BlobPort } from '#shared/adapters/ports';
import { generateSigningKeyJwk, resetSigningKeys } from '#shared/auth/signing-keys';
import { resetVerificationKeys } from '#shared/auth/verification-keys';
import { signAccessToken } from '#shared/auth/tokens';
import { createAgentCa, issueAgentCertificate, issueCrl, type AgentCa, type IssuedCertificate } from '#shared/ca/agent-ca';
import { resetCrlCache } from '#shared/ca/crl-check';
import { config, resetConfig } from '#shared/config';

const METHOD_ARN = 'arn:aws:execute-api:us-east-1:123456789012:abcdef1234/prod/GET/api/external/integracoes/banco';
const DAY_MS = 86_400_000;

let ca: AgentCa;
let client: IssuedCertificate;
let signingKeys: string;

/** What API Gateway's mTLS puts in the context (only clientCertPem is relied on). */
const clientCertOf = (certPem: string, serialHex = 'aa'): APIGatewayEventClientCertificate => ({
  clientCertPem: certPem,
  subjectDN: 'CN=agent',
  issuerDN: 'CN=WhatsApp Platform Agent Channel CA,O=WhatsApp Platform',
  serialNumber: serialHex.match(/../g)!.join(':'),
  validity: { notBefore: 'Jan  1 00:00:00 2026 GMT', notAfter: 'Jan  1 00:00:00 2027 GMT' },
});

function authorizerEvent(options: {
  cert?: APIGatewayEventClientCertificate | null;
  /** Several values: the header repeated (API Gateway's headers keep the last one, multiValueHeaders all). */
  authorization?: string | string[];
}): APIGatewayRequestAuthorizerEvent {
  const headers: Record<string, string> = { Host: 'agent.example.com' };
  const authorization = options.authorization === undefined ? [] : ([] as string[]).concat(options.authorization);
  if (authorization.length > 0) headers.Authorization = authorization.at(-1)!;
  return {
    type: 'REQUEST',
    methodArn: METHOD_ARN,
    resource: '/api/external/integracoes/banco',
    path: '/api/external/integracoes/banco',
    httpMethod: 'GET',
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, k === 'Authorization' ? authorization : [v]])),
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abcdef1234',
      authorizer: undefined,
      protocol: 'HTTP/1.1',
      httpMethod: 'GET',
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: options.cert === undefined ? null : options.cert,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: '203.0.113.10',
        user: null,
        userAgent: 'agent/1.0',
        userArn: null,
      },
      path: '/prod/api/external/integracoes/banco',
      stage: 'prod',
      requestId: 'req-1',
      requestTimeEpoch: Date.now(),
      resourceId: 'res',
      resourcePath: '/api/external/integracoes/banco',
    },
  };
}

const authorize = (event: APIGatewayRequestAuthorizerEvent) => handler(event);
const token = (scopes: string[]) => signAccessToken({ clientId: 'agent-client', aplicacaoId: 7, scopes });

function memoryBucket(): BlobPort & { objects: Map<string, Uint8Array> } {
  const objects = new Map<string, Uint8Array>();
  return { objects, get: async (key) => objects.get(key), put: async (key, bytes) => void objects.set(key, bytes) };
}

beforeAll(async () => {
  ca = await createAgentCa();
  client = await issueAgentCertificate(ca, { commonName: 'hospital-agent', binding: { aplicacaoId: 7, integracaoId: 3 } });
  // One secret stands for both: the signing keys, and the verification keys with the CA's certificate (the CRL's signer).
  signingKeys = JSON.stringify({ keys: [await generateSigningKeyJwk()], agentCaCertPem: ca.certPem });
});

let bucket: ReturnType<typeof memoryBucket>;
let errors: string[];

beforeEach(async () => {
  process.env.CRL_KEY = 'crl/agent-ca.crl';
  resetConfig();
  resetCrlCache();
  resetSigningKeys();
  resetVerificationKeys();
  bucket = memoryBucket();
  await bucket.put(config().crlKey, await issueCrl(ca, { crlNumber: 1 }), 'application/pkix-crl');
  useAdapters({ blobs: bucket, secrets: { get: async () => signingKeys } });
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
});
afterEach(() => {
  resetAdapters();
  resetCrlCache();
  resetSigningKeys();
  resetVerificationKeys();
  vi.restoreAllMocks();
});

describe('agent authorizer: a valid certificate', () => {
  it('with a valid access token allows the whole API, with the token tenant, scopes and expiry in the context', async () => {
    const result = await authorize(
      authorizerEvent({ cert: clientCertOf(client.certPem), authorization: `Bearer ${await token(['integracoes:read'])}` }),
    );

    expect(result.policyDocument.Statement).toEqual([
      { Action: 'execute-api:Invoke', Effect: 'Allow', Resource: 'arn:aws:execute-api:us-east-1:123456789012:abcdef1234/prod/*/*' },
    ]);
    expect(result.context).toMatchObject({ aplicacaoId: '7', scopes: 'integracoes:read', subject: 'agent-client' });
    // The certificate's integration and serial travel with the principal (the agent routes act for that integration).
    expect(result.context).toMatchObject({ integracaoId: '3', certificado: client.serialHex });
    expect(Number(result.context?.expiresAt)).toBeGreaterThan(Date.now() / 1000);
  });

  it.each([
    ['no Bearer token', 'Basic YTpi'],
    ['a token that is not a JWT', 'Bearer not-a-jwt'],
    ['an expired token', 'expired'],
  ])('with %s passes invalid_token on (the kit answers 401 with the RFC 6750 challenge)', async (_, authorization) => {
    const header =
      authorization === 'expired'
        ? `Bearer ${await signAccessToken({ clientId: 'c', aplicacaoId: 7, scopes: ['integracoes:read'] }, -10)}`
        : authorization;

    const result = await authorize(authorizerEvent({ cert: clientCertOf(client.certPem), authorization: header }));

    expect(result.context).toMatchObject({ authError: 'invalid_token', scopes: '' });
    expect(result.context?.aplicacaoId).toBeUndefined();
  });
});

describe('agent authorizer: one Authorization header', () => {
  it('passes two on as invalid_token, even when the last is valid (WAF and the cache could key on the other)', async () => {
    const valid = `Bearer ${await token(['integracoes:read'])}`;

    const result = await authorize(authorizerEvent({ cert: clientCertOf(client.certPem), authorization: ['Bearer garbage', valid] }));

    expect(result.context).toMatchObject({ authError: 'invalid_token', scopes: '' });
    expect(result.context?.aplicacaoId).toBeUndefined();
  });
});

describe('agent authorizer: refuses with the generic 401 whatever the token', () => {
  const refused = async (cert: APIGatewayEventClientCertificate | null) =>
    authorize(
      authorizerEvent({ cert, authorization: `Bearer ${await token(['integracoes:read', 'integracoes:write', 'registros:importar'])}` }),
    );

  it('without a client certificate (the default execute-api endpoint, no mTLS)', async () => {
    await expect(refused(null)).rejects.toThrow('Unauthorized');
  });

  it('with a certificate of another CA', async () => {
    const other = await createAgentCa({ subject: 'CN=Someone Else CA' });
    const foreign = await issueAgentCertificate(other, { commonName: 'hospital-agent' });

    await expect(refused(clientCertOf(foreign.certPem))).rejects.toThrow('Unauthorized');
  });

  it('with a certificate of another CA that carries no authority key identifier', async () => {
    const other = await createAgentCa({ subject: 'CN=Someone Else CA' });
    const otherCert = new X509Certificate(other.certPem);
    const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const signingKey = await webcrypto.subtle.importKey(
      'pkcs8',
      PemConverter.decode(other.privateKeyPkcs8Pem)[0]!,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
    const bare = await X509CertificateGenerator.create({
      serialNumber: '0102',
      subject: 'CN=hospital-agent',
      issuer: otherCert.subjectName,
      notBefore: new Date(Date.now() - DAY_MS),
      notAfter: new Date(Date.now() + DAY_MS),
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      publicKey: keys.publicKey,
      signingKey,
    });

    await expect(refused(clientCertOf(bare.toString('pem')))).rejects.toThrow('Unauthorized');
  });

  it('with a certificate of another CA of the same name (another key)', async () => {
    const lookalike = await createAgentCa(); // same default subject DN, its own key
    const foreign = await issueAgentCertificate(lookalike, { commonName: 'hospital-agent' });

    await expect(refused(clientCertOf(foreign.certPem))).rejects.toThrow('Unauthorized');
  });

  it('with an expired certificate, or one not valid yet', async () => {
    const expired = await issueAgentCertificate(ca, { commonName: 'old', now: new Date(Date.now() - 10 * DAY_MS), validDays: 1 });
    const future = await issueAgentCertificate(ca, { commonName: 'future', now: new Date(Date.now() + 10 * DAY_MS) });

    await expect(refused(clientCertOf(expired.certPem))).rejects.toThrow('Unauthorized');
    await expect(refused(clientCertOf(future.certPem))).rejects.toThrow('Unauthorized');
  });

  it('with a revoked certificate, once the new CRL is read', async () => {
    process.env.AGENT_CRL_CACHE_SECONDS = '0';
    resetConfig();
    try {
      await expect(refused(clientCertOf(client.certPem))).resolves.toBeDefined();
      const revokedAt = new Date();
      await bucket.put(config().crlKey, await issueCrl(ca, { crlNumber: 2, revoked: [{ serialHex: client.serialHex, revokedAt }] }), 'x');

      await expect(refused(clientCertOf(client.certPem))).rejects.toThrow('Unauthorized');
    } finally {
      delete process.env.AGENT_CRL_CACHE_SECONDS;
      resetConfig();
    }
  });

  it('with a certificate that names no application, or another application than the token', async () => {
    const unbound = await issueAgentCertificate(ca, { commonName: 'hospital-agent' });
    const otherApp = await issueAgentCertificate(ca, { commonName: 'x', binding: { aplicacaoId: 8, integracaoId: 3 } });

    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    process.env.LOG_LEVEL = 'info';
    try {
      await expect(refused(clientCertOf(unbound.certPem))).rejects.toThrow('Unauthorized');
      await expect(refused(clientCertOf(otherApp.certPem))).rejects.toThrow('Unauthorized');

      const reasons = log.mock.calls
        .map((c) => JSON.parse(String(c[0])) as { message?: string; reason?: string; serial?: string })
        .filter((line) => line.message === 'agent certificate refused')
        .map((line) => [line.reason, line.serial]);
      expect(reasons).toEqual([
        ['unbound', unbound.serialHex],
        ['other_application', otherApp.serialHex],
      ]);
    } finally {
      process.env.LOG_LEVEL = 'warn';
    }
  });

  it('with a PEM that is not a certificate', async () => {
    await expect(refused(clientCertOf('-----BEGIN CERTIFICATE-----\nMAMCAQE=\n-----END CERTIFICATE-----\n'))).rejects.toThrow(
      'Unauthorized',
    );
    await expect(refused(clientCertOf(''))).rejects.toThrow('Unauthorized');
  });

  it('when the CRL is missing or stale (fail closed), logging an error', async () => {
    bucket.objects.clear();
    await expect(refused(clientCertOf(client.certPem))).rejects.toThrow('Unauthorized');

    await bucket.put(
      config().crlKey,
      await issueCrl(ca, { crlNumber: 2, thisUpdate: new Date(Date.now() - 2 * DAY_MS), validForHours: 24 }),
      'application/pkix-crl',
    );
    await expect(refused(clientCertOf(client.certPem))).rejects.toThrow('Unauthorized');

    expect(errors.map((line) => JSON.parse(line) as { message: string })).toEqual([
      expect.objectContaining({ message: 'agent CRL unavailable, refusing agent requests' }),
      expect.objectContaining({ message: 'agent CRL unavailable, refusing agent requests' }),
    ]);
  });

  it('never writes the access token to the log', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    process.env.LOG_LEVEL = 'debug';
    try {
      const bearer = await token(['integracoes:read']);
      await expect(authorize(authorizerEvent({ cert: null, authorization: `Bearer ${bearer}` }))).rejects.toThrow('Unauthorized');
      await authorize(authorizerEvent({ cert: clientCertOf(client.certPem), authorization: `Bearer ${bearer}x` }));

      const written = [...log.mock.calls, ...errors.map((e) => [e])].map((c) => String(c[0])).join('\n');
      expect(written).toContain('agent certificate refused');
      expect(written).not.toContain(bearer.slice(-20));
    } finally {
      process.env.LOG_LEVEL = 'warn';
    }
  });
});
