// Tenants and credentials (shared/domain/applications/) with their DynamoDB repository.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdapters } from '#shared/adapters/index';
import { fileSecrets } from '#shared/adapters/local/secrets';
import { hashSecret } from '#shared/auth/secrets';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { db, tableName } from '#shared/db/client';
import { apiKeyMatches, providerCredentialMatches } from '#shared/domain/applications/credential-checks';
import {
  createInboundSubscription,
  issueApiKey,
  issueProviderCredential,
  registerApplication,
  registerOAuthClient,
  registerPortalUser,
  registerPrestador,
} from '#shared/domain/applications/registration';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import type { ProviderSecretStore } from '#shared/domain/applications/secrets';
import { providerSecret, providerSecretStore } from '#shared/providers/secrets';
import { inboundSecretValues, inboundWebhookSecrets } from '#shared/operations/webhook-secrets';
import { DomainError } from '#shared/domain/errors';
import { useFreshTable } from '../support/table.ts';

const providerB = { phoneNumberId: '1', accessToken: 'a', appSecret: 's', verifyToken: 'v', baseUrl: 'http://127.0.0.1:1' };

describe('applications and credentials', () => {
  let repo: ApplicationRepository;
  let secrets: ProviderSecretStore;

  beforeAll(async () => {
    await useFreshTable();
    repo = dynamoApplicationRepository();
    const store = fileSecrets(await mkdtemp(path.join(tmpdir(), 'provider-secrets-')));
    useAdapters({ secrets: store, secretStore: store });
    secrets = providerSecretStore();
  });

  it('creates an application with its slug and exact opening balance', async () => {
    // Act
    const app = await registerApplication(repo, secrets, {
      nome: 'Clínica Um',
      slug: 'clinica-um',
      provider: 'provider_b',
      providerB,
      saldo: '12.5',
    });

    // Assess
    expect(await repo.findApplicationBySlug('clinica-um')).toEqual(app);
    expect(await repo.getBalance(app.id)).toMatchObject({ saldo: '12.50', moeda: 'BRL' });
    const raw = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: `APP#${app.id}`, sk: 'SALDO' } }));
    expect(raw.Item?.saldo.toString()).toBe('12.5');
    expect((await repo.listApplications()).map((a) => a.slug)).toContain('clinica-um');
  });

  it('keeps provider secrets out of the table: the item names where each is, and they read back', async () => {
    const secretB = { ...providerB, accessToken: 'EAA-access-token-1234', appSecret: 'app-secret-5678', verifyToken: 'verify-token-9012' };

    const app = await registerApplication(repo, secrets, {
      nome: 'Segredos',
      slug: 'segredos',
      provider: 'provider_b',
      providerB: secretB,
    });

    const raw = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: `APP#${app.id}`, sk: 'APP' } }));
    const item = JSON.stringify(raw.Item);
    for (const value of [secretB.accessToken, secretB.appSecret, secretB.verifyToken]) expect(item).not.toContain(value);
    expect(raw.Item?.providerB.accessToken).toEqual({ versao: expect.any(String), mascara: '****1234' });
    expect(await providerSecret(app, 'providerB.accessToken')).toBe(secretB.accessToken);
    expect(await providerSecret(app, 'providerB.appSecret')).toBe(secretB.appSecret);
    expect(await providerSecret(app, 'providerB.verifyToken')).toBe(secretB.verifyToken);
    expect(await providerSecret(app, 'providerA.authToken')).toBeUndefined();
  });

  it('refuses a slug already in use, leaving nothing behind', async () => {
    // Prepare
    await registerApplication(repo, secrets, { nome: 'A', slug: 'repetido', provider: 'link' });
    const before = (await repo.listApplications()).length;

    // Act
    const attempt = registerApplication(repo, secrets, { nome: 'B', slug: 'repetido', provider: 'link' });

    // Assess
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict' });
    expect((await repo.listApplications()).length).toBe(before);
  });

  it('validates its input', async () => {
    await expect(registerApplication(repo, secrets, { nome: 'X', slug: 'Not A Slug', provider: 'link' })).rejects.toBeInstanceOf(
      DomainError,
    );
    await expect(registerApplication(repo, secrets, { nome: 'X', slug: 'sem-config', provider: 'provider_a' })).rejects.toMatchObject({
      kind: 'validation',
    });
    await expect(registerApplication(repo, secrets, { nome: 'X', slug: 'negativo', provider: 'link', saldo: '-1' })).rejects.toMatchObject({
      kind: 'validation',
    });
    const app = await registerApplication(repo, secrets, { nome: 'X', slug: 'escopos', provider: 'link' });
    await expect(registerOAuthClient(repo, app.id, { nome: 'c', scopes: ['tudo:liberado'] })).rejects.toMatchObject({ kind: 'validation' });
  });

  it('stores verify-only secrets as hashes, and they verify only for their application', async () => {
    // Prepare
    const app = await registerApplication(repo, secrets, { nome: 'Hash', slug: 'hash', provider: 'link' });
    const other = await registerApplication(repo, secrets, { nome: 'Outra', slug: 'hash-outra', provider: 'link' });

    // Act
    const { apiKey, apiSecret } = await issueApiKey(repo, app.id);
    const prestador = await registerPrestador(repo, app.id, { nome: 'P' });
    const credential = await issueProviderCredential(repo, {
      aplicacaoId: app.id,
      prestadorId: prestador.id,
      nome: 'c',
      limitePorMinuto: 60,
    });

    // Assess
    expect(await repo.getApiKey(apiKey)).toMatchObject({ aplicacaoId: app.id, secretHash: hashSecret(apiSecret) });
    expect(await apiKeyMatches(repo, app.id, apiKey, apiSecret)).toBe(true);
    expect(await apiKeyMatches(repo, app.id, apiKey, `${apiSecret}x`)).toBe(false);
    expect(await apiKeyMatches(repo, other.id, apiKey, apiSecret)).toBe(false);
    expect(credential.apiKey).toMatch(/^nbwp_/);
    expect(await providerCredentialMatches(repo, app.id, prestador.id, credential.apiKey, credential.apiSecret)).toBe(true);
    expect(await repo.listProviderCredentials(app.id, prestador.id)).toEqual([
      expect.objectContaining({ credencialId: credential.credencialId, limitePorMinuto: 60, ipAllowlist: [], revogadoEm: null }),
    ]);
    expect(JSON.stringify(await repo.getProviderCredential(credential.apiKey))).not.toContain(credential.apiSecret);
  });

  it('finds portal users by e-mail and refuses a second user with the same e-mail', async () => {
    // Prepare
    const app = await registerApplication(repo, secrets, { nome: 'Users', slug: 'users', provider: 'link' });
    const user = await registerPortalUser(repo, { aplicacaoId: app.id, role: 'admin', email: 'Ana@Example.com', nome: 'Ana' });

    // Act
    const again = registerPortalUser(repo, { aplicacaoId: app.id, role: 'paciente', email: 'ana@example.com', nome: 'Ana 2' });

    // Assess
    await expect(again).rejects.toMatchObject({ kind: 'conflict' });
    expect(await repo.findPortalUserByEmail('ANA@example.com')).toEqual(user);
  });

  it('keeps an inbound subscription secret retrievable (it verifies HMACs), in the secret store; one without a secret has none', async () => {
    const app = await registerApplication(repo, secrets, { nome: 'Inbound', slug: 'inbound', provider: 'link' });

    const signed = await createInboundSubscription(repo, inboundWebhookSecrets(), app.id, { descricao: 'ERP' });
    const unsigned = await createInboundSubscription(repo, inboundWebhookSecrets(), app.id, { comSegredo: false });

    expect(await repo.listInboundSubscriptions(app.id)).toEqual([signed.subscription, unsigned.subscription]);
    expect(signed.subscription.secret).toEqual({ versao: expect.any(String), mascara: `****${signed.segredo!.slice(-4)}` });
    expect(unsigned).toMatchObject({ segredo: null, subscription: { ativo: true } });
    expect(unsigned.subscription).not.toHaveProperty('secret');
    expect(await inboundSecretValues([signed.subscription, unsigned.subscription])).toEqual([signed.segredo]);
  });
});
