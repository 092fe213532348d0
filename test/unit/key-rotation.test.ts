// Rotating the signing key against every cache a token meets in AWS, on a fake clock: the token group
// signing through its secrets extension (a new container at each step, so it sees the newest key set),
// and the oauth2 authorizer verifying through its own extension and container cache, filled just before
// the rotation and never reset, behind API Gateway's authorizer cache (the local gateway's model of it).
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { decodeProtectedHeader, type JWK } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { handler as oauth2Authorizer } from '#functions/authorizers/oauth2';
import { authorizerCache } from '#infra/local/gateway';
import { rotateSigningKey } from '#infra/scripts/rotate-signing-key';
import { authorizerSettings } from '#infra/constructs/authorizer-settings';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import { SECRETS_EXTENSION_TTL_SECONDS } from '#shared/adapters/aws/secrets-extension';
import type { SecretPort } from '#shared/adapters/ports';
import {
  CLOCK_MARGIN_MS,
  KEY_ACTIVATION_DELAY_MS,
  LONGEST_TOKEN_LIFETIME_SECONDS,
  rotateSigningKeySet,
  RotationUnderWay,
} from '#shared/auth/key-rotation';
import { generateSigningKeyJwk, parseSigningKeySecret, publicJwks, resetSigningKeys } from '#shared/auth/signing-keys';
import { signAccessToken } from '#shared/auth/tokens';
import {
  parseVerificationKeySet,
  resetVerificationKeys,
  UNKNOWN_KID_RELOAD_MS,
  verificationKeySetOf,
} from '#shared/auth/verification-keys';
import { resetConfig } from '#shared/config';
import { secretsExtensionModel } from '../support/secrets-extension-model.ts';

const SIGNING = 'rotation-signing-keys';
const VERIFICATION = 'rotation-verification-keys';
const T0 = Date.parse('2026-11-02T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let keyA: JWK;
let keyB: JWK;
beforeAll(async () => {
  [keyA, keyB] = await Promise.all([generateSigningKeyJwk(), generateSigningKeyJwk()]);
});

/** Secrets Manager: what the operator writes. */
let secretsManager: Map<string, string>;
let signerExtension: SecretPort;
let verifierExtension: SecretPort;
let gatewayCache: ReturnType<typeof authorizerCache>;
const store: SecretPort = { get: async (id) => secretsManager.get(id) ?? Promise.reject(new Error(`no secret ${id}`)) };
const operator = {
  readSigningKeys: async () => secretsManager.get(SIGNING)!,
  writeSigningKeys: async (value: string) => void secretsManager.set(SIGNING, value),
  readVerificationKeys: async () => secretsManager.get(VERIFICATION),
  writeVerificationKeys: async (value: string) => void secretsManager.set(VERIFICATION, value),
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
  process.env.SIGNING_KEY_SECRET_ID = SIGNING;
  process.env.VERIFICATION_KEY_SECRET_ID = VERIFICATION;
  resetConfig();
  resetSigningKeys();
  resetVerificationKeys();
  secretsManager = new Map([
    [SIGNING, JSON.stringify({ keys: [keyA] })],
    [VERIFICATION, verificationKeySetOf([keyA])],
  ]);
  signerExtension = secretsExtensionModel(store);
  verifierExtension = secretsExtensionModel(store);
  // The token group reads only the private set, the authorizer only the public one: each through its own extension.
  useAdapters({ secrets: { get: (id, version) => (id === SIGNING ? signerExtension : verifierExtension).get(id, version) } });
  gatewayCache = authorizerCache();
});

afterEach(() => {
  vi.useRealTimers();
  resetAdapters();
  resetSigningKeys();
  resetVerificationKeys();
  delete process.env.SIGNING_KEY_SECRET_ID;
  delete process.env.VERIFICATION_KEY_SECRET_ID;
  resetConfig();
});

const at = (ms: number) => vi.setSystemTime(ms);

/** A token-group container started now: an empty extension and an empty key cache. */
function newTokenGroupContainer(): void {
  signerExtension = secretsExtensionModel(store);
  resetSigningKeys();
}

/** A token from a token-group container started now, so from the newest key set. */
async function tokenFromNewContainer(): Promise<string> {
  newTokenGroupContainer();
  return signAccessToken({ clientId: 'cl_rotation', aplicacaoId: 1, scopes: ['agendamentos:read'] });
}

function authorizerEvent(authorization: string): APIGatewayRequestAuthorizerEvent {
  const { requestContext } = restEvent({ method: 'GET', resource: '/api/external/v2/agendamentos' });
  return {
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:sa-east-1:123456789012:api/prod/GET/api/external/v2/agendamentos',
    resource: '/api/external/v2/agendamentos',
    path: '/api/external/v2/agendamentos',
    httpMethod: 'GET',
    headers: { Authorization: authorization },
    multiValueHeaders: { Authorization: [authorization] },
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: { ...requestContext, authorizer: undefined },
  };
}

/** What a v2 route answers the token with: API Gateway's cached answer for it, else the authorizer's (then cached). */
async function callApi(token: string): Promise<'accepted' | 'invalid_token'> {
  const identity = [`Bearer ${token}`];
  let result: APIGatewayAuthorizerResult | undefined = gatewayCache.get('oauth2', identity);
  if (!result) {
    result = await oauth2Authorizer(authorizerEvent(identity[0]!), lambdaContext());
    gatewayCache.set('oauth2', identity, result);
  }
  return result.context?.authError ? 'invalid_token' : 'accepted';
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describe('signing-key rotation through the caches of AWS', () => {
  it('refuses no token at any moment: the new key is known everywhere before it signs, and the old one keeps verifying', async () => {
    // Prepare: the authorizer has just read the key set (its extension and its container hold [A] for 5 minutes).
    const before = await tokenFromNewContainer();
    expect(await callApi(before)).toBe('accepted');
    at(T0 + SECOND);

    // Act: the procedure (infra/scripts/rotate-signing-key.ts); then every 10 s for 30 minutes, a token from a new container.
    const rotation = await rotateSigningKey(operator);
    const signsFrom = Date.parse(rotation.added.signsFrom);
    newTokenGroupContainer();
    const jwksKids = (await publicJwks()).keys.map((k) => k.kid);
    const answers: { t: number; kid: unknown; fresh: string; old: string }[] = [];
    for (let t = T0 + SECOND; t <= T0 + 30 * MINUTE; t += 10 * SECOND) {
      at(t);
      const fresh = await tokenFromNewContainer();
      answers.push({ t, kid: kidOf(fresh), fresh: await callApi(fresh), old: await callApi(before) });
    }

    // Assess
    expect(signsFrom).toBe(T0 + SECOND + KEY_ACTIVATION_DELAY_MS);
    expect(KEY_ACTIVATION_DELAY_MS).toBe(16 * MINUTE);
    expect(jwksKids).toEqual([keyA.kid, rotation.added.kid]);
    expect(answers.filter((a) => a.fresh !== 'accepted' || a.old !== 'accepted')).toEqual([]);
    expect(answers.filter((a) => a.t < signsFrom).every((a) => a.kid === keyA.kid)).toBe(true);
    expect(answers.filter((a) => a.t >= signsFrom).every((a) => a.kid === rotation.added.kid)).toBe(true);
  });

  it('would refuse new tokens for minutes with a key that signs as soon as it is published (why the procedure waits)', async () => {
    // Prepare: as above, the authorizer's copies of [A] just made.
    const before = await tokenFromNewContainer();
    expect(await callApi(before)).toBe('accepted');
    at(T0 + SECOND);

    // Act: B published and put first at once, the way the procedure used to be written, with no signsFrom.
    secretsManager.set(VERIFICATION, verificationKeySetOf([keyA, keyB]));
    secretsManager.set(SIGNING, JSON.stringify({ keys: [keyB, keyA] }));
    const refusedAt: number[] = [];
    let lastRefused = '';
    for (let t = T0 + SECOND; t <= T0 + 10 * MINUTE; t += 10 * SECOND) {
      at(t);
      const fresh = await tokenFromNewContainer();
      if ((await callApi(fresh)) === 'invalid_token') [refusedAt[refusedAt.length], lastRefused] = [t, fresh];
    }
    const last = refusedAt.at(-1)!;
    at(last + authorizerSettings.oauth2.cacheTtlSeconds * SECOND - SECOND);
    const stillRefused = await callApi(lastRefused);
    at(last + authorizerSettings.oauth2.cacheTtlSeconds * SECOND);
    const thenAccepted = await callApi(lastRefused);

    // Assess: the authorizer's "reload on an unknown kid" gets the extension's copy of [A] until it expires (5 min);
    // each refusal is then kept by API Gateway for the authorizer's TTL: a token can be refused ~10 minutes after the change.
    expect(refusedAt[0]).toBe(T0 + SECOND);
    expect(last).toBeGreaterThan(T0 + SECRETS_EXTENSION_TTL_SECONDS * SECOND - UNKNOWN_KID_RELOAD_MS);
    expect(last).toBeLessThanOrEqual(T0 + SECRETS_EXTENSION_TTL_SECONDS * SECOND + UNKNOWN_KID_RELOAD_MS);
    expect([stillRefused, thenAccepted]).toEqual(['invalid_token', 'accepted']);
  });
});

describe('the rotation plan', () => {
  const signsFromOf = (text: string) => parseSigningKeySecret(text).signsFrom ?? {};

  it('publishes the new key in both sets with a signsFrom 16 minutes ahead, keeping the agent CA certificate', async () => {
    secretsManager.set(VERIFICATION, verificationKeySetOf([keyA], 'CA-CERT-PEM'));

    const rotation = await rotateSigningKey(operator);

    expect(parseSigningKeySecret(secretsManager.get(SIGNING)!).keys.map((k) => k.kid)).toEqual([keyA.kid, rotation.added.kid]);
    expect(signsFromOf(secretsManager.get(SIGNING)!)).toEqual({ [rotation.added.kid]: new Date(T0 + 16 * MINUTE).toISOString() });
    expect(parseVerificationKeySet(secretsManager.get(VERIFICATION)!).map((k) => k.kid)).toEqual([keyA.kid, rotation.added.kid]);
    expect(JSON.parse(secretsManager.get(VERIFICATION)!)).toMatchObject({ agentCaCertPem: 'CA-CERT-PEM' });
    expect(secretsManager.get(VERIFICATION)).not.toMatch(/"d":/);
  });

  it('refuses a second rotation until the key of the first one signs', async () => {
    const first = await rotateSigningKey(operator);
    const written = secretsManager.get(SIGNING);

    at(Date.parse(first.added.signsFrom) - 1);
    await expect(rotateSigningKey(operator)).rejects.toThrow(RotationUnderWay);
    expect(secretsManager.get(SIGNING)).toBe(written);
  });

  it('removes the replaced key only once every token it signed has expired', async () => {
    // Prepare: B started signing at S; A signed until then.
    const S = T0 + 20 * MINUTE;
    const secret = { keys: [keyA, keyB], signsFrom: { [keyB.kid!]: new Date(S).toISOString() } };
    const lastTokenOfA = S + LONGEST_TOKEN_LIFETIME_SECONDS * SECOND + CLOCK_MARGIN_MS;
    const newKey = await generateSigningKeyJwk();

    // Act
    const early = rotateSigningKeySet(secret, newKey, new Date(lastTokenOfA - 1));
    const late = rotateSigningKeySet(secret, newKey, new Date(lastTokenOfA));

    // Assess
    expect(LONGEST_TOKEN_LIFETIME_SECONDS).toBe(3600);
    expect(early.retired).toEqual([]);
    expect(early.secret.keys.map((k) => k.kid)).toEqual([keyA.kid, keyB.kid, newKey.kid]);
    expect(late.retired).toEqual([keyA.kid]);
    expect(late.secret.keys.map((k) => k.kid)).toEqual([keyB.kid, newKey.kid]);
    expect(late.secret.signsFrom).toEqual({
      [keyB.kid!]: new Date(S).toISOString(),
      [newKey.kid!]: new Date(lastTokenOfA + KEY_ACTIVATION_DELAY_MS).toISOString(),
    });
  });

  it('keeps a key set written by hand without signsFrom whole: when its keys were replaced is not known', async () => {
    const rotation = rotateSigningKeySet({ keys: [keyB, keyA] }, await generateSigningKeyJwk(), new Date(T0 + 1000 * MINUTE));

    expect(rotation.retired).toEqual([]);
    expect(rotation.secret.keys.map((k) => k.kid)).toEqual([keyB.kid, keyA.kid, rotation.added.kid]);
  });
});
