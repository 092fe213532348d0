// The applications' provider secrets: written with the Secrets Manager client by their keeper (the
// admin group), read by version through the secrets adapter, and a send whose secret cannot be read
// fails as the provider's side (502, the debit given back) without telling the caller why.
import { CreateSecretCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secretsManagerStore } from '#shared/adapters/aws/secrets-manager';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import type { Application } from '#shared/domain/applications/records';
import { providerFor } from '#shared/providers/clients';
import { providerSecret, providerSecretStore, resetProviderSecrets } from '#shared/providers/secrets';
import { ProviderError } from '#shared/providers/types';

const awsError = (name: string) => Object.assign(new Error(name), { name });

describe('the Secrets Manager store', () => {
  const sm = mockClient(SecretsManagerClient);
  afterEach(() => sm.reset());

  it('puts a new version of an existing secret and answers its id', async () => {
    sm.on(PutSecretValueCommand).resolves({ VersionId: 'v-2' });

    expect(await secretsManagerStore(new SecretsManagerClient({})).put('p/7/providerA.authToken', 'token')).toBe('v-2');
    expect(sm.commandCalls(PutSecretValueCommand)[0]!.args[0].input).toEqual({
      SecretId: 'p/7/providerA.authToken',
      SecretString: 'token',
    });
    expect(sm.commandCalls(CreateSecretCommand)).toHaveLength(0);
  });

  it('creates the secret the first time', async () => {
    sm.on(PutSecretValueCommand).rejects(awsError('ResourceNotFoundException'));
    sm.on(CreateSecretCommand).resolves({ VersionId: 'v-1' });

    expect(await secretsManagerStore(new SecretsManagerClient({})).put('p/7/providerB.appSecret', 's')).toBe('v-1');
    expect(sm.commandCalls(CreateSecretCommand)[0]!.args[0].input).toEqual({ Name: 'p/7/providerB.appSecret', SecretString: 's' });
  });

  it('puts its value as the current version when another writer created the secret meanwhile', async () => {
    sm.on(PutSecretValueCommand).rejectsOnce(awsError('ResourceNotFoundException')).resolves({ VersionId: 'v-3' });
    sm.on(CreateSecretCommand).rejects(awsError('ResourceExistsException'));

    expect(await secretsManagerStore(new SecretsManagerClient({})).put('p/7/providerB.appSecret', 's')).toBe('v-3');
    expect(sm.commandCalls(PutSecretValueCommand)).toHaveLength(2);
  });

  it('lets any other failure through', async () => {
    sm.on(PutSecretValueCommand).rejects(awsError('AccessDeniedException'));

    await expect(secretsManagerStore(new SecretsManagerClient({})).put('p/7/x', 's')).rejects.toThrow('AccessDeniedException');
  });
});

describe('reading a provider secret', () => {
  const values = new Map<string, string>();
  const get = vi.fn(async (id: string, versionId?: string) => {
    const value = values.get(`${id}@${versionId}`);
    if (value === undefined) throw new Error(`no ${id} ${versionId}`);
    return value;
  });
  let version = 0;

  beforeEach(() => {
    resetProviderSecrets();
    values.clear();
    get.mockClear();
    useAdapters({
      secrets: { get },
      secretStore: {
        put: async (id, value) => {
          const versionId = `v${++version}`;
          values.set(`${id}@${versionId}`, value);
          return versionId;
        },
      },
    });
  });
  afterEach(() => resetAdapters());

  const app = async (authToken: string): Promise<Application> => ({
    id: 7,
    nome: 'A',
    slug: 'a',
    provider: 'provider_a',
    ativo: true,
    criadoEm: '2026-01-01T00:00:00.000Z',
    providerA: {
      accountSid: 'AC1',
      authToken: await providerSecretStore().store(7, 'providerA.authToken', authToken),
      fromNumber: '+5511999990000',
      baseUrl: 'http://127.0.0.1:1',
    },
  });

  it('reads the version the item names, once, and a new version as soon as the item names it', async () => {
    const first = await app('primeiro-token-1111');
    const second = await app('segundo-token-2222');

    expect(first.providerA?.authToken).toEqual({ versao: 'v1', mascara: '****1111' });
    expect(await providerSecret(first, 'providerA.authToken')).toBe('primeiro-token-1111');
    expect(await providerSecret(first, 'providerA.authToken')).toBe('primeiro-token-1111');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('provedores/7/providerA.authToken', 'v1');
    expect(await providerSecret(second, 'providerA.authToken')).toBe('segundo-token-2222');
    expect(await providerSecret(second, 'providerB.accessToken')).toBeUndefined();
  });

  it('fails a send whose secret cannot be read as the provider side, telling the caller nothing of the store', async () => {
    const unreadable = await app('token-3333');
    values.clear();

    const attempt = providerFor(unreadable).send({ to: '+5511987654321', body: 'x', statusCallbackUrl: 'http://127.0.0.1:1/s' });

    await expect(attempt).rejects.toBeInstanceOf(ProviderError);
    await expect(attempt).rejects.toMatchObject({ kind: 'unavailable', providerMessage: 'The provider credentials could not be read' });
    // A failed read is not cached: the next send reads again.
    await expect(providerSecret(unreadable, 'providerA.authToken')).rejects.toThrow();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
