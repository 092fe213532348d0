// Tenants and credentials with their DynamoDB repositories, made the way production makes them (the admin API's
// createApplication, addCredit, addOAuthClient and createPortalUser, the provider portal's createProviderCredential)
// and checked the way production checks them (the authorizers' and the token endpoint's checks, through
// infra/local/sandbox-credentials.ts, with which the seed decides whether sandbox.json's credentials still work).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeyWorks, oauthClientWorks, providerCredentialWorks } from '#infra/local/sandbox-credentials';
import { useAdapters } from '#shared/adapters/index';
import { fileSecrets } from '#shared/adapters/local/secrets';
import { hashSecret } from '#shared/auth/secrets';
import { generateSigningKeyJwk } from '#shared/auth/signing-keys';
import { config } from '#shared/config';
import { dynamoAdminApplicationRepository } from '#shared/db/admin-applications';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { db, tableName } from '#shared/db/client';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoProviderCredentialRepository } from '#shared/db/provider-credentials';
import {
  addCredit,
  addOAuthClient,
  createApplication,
  regenerateCredentials,
  revokeOAuthClient,
  type AdminApplicationRepository,
  type NewApplicationInput,
} from '#shared/domain/admin-applications';
import { createInboundSubscription, registerPrestador } from '#shared/domain/applications/registration';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import type { ProviderSecretStore } from '#shared/domain/applications/secrets';
import { createPortalUser } from '#shared/domain/portal-users';
import { createProviderCredential } from '#shared/domain/provider-credentials';
import { providerSecret, providerSecretStore } from '#shared/providers/secrets';
import { inboundSecretValues, inboundWebhookSecrets } from '#shared/secrets/webhooks';
import { DomainError } from '#shared/domain/errors';
import { useFreshTable } from '../support/table.ts';

const providerB = { phoneNumberId: '1', accessToken: 'a', appSecret: 's', verifyToken: 'v', baseUrl: 'http://127.0.0.1:1' };
const senha = 'uma senha longa o bastante';

describe('applications and credentials', () => {
  let repo: ApplicationRepository;
  let admin: AdminApplicationRepository;
  let secrets: ProviderSecretStore;

  const create = async (input: NewApplicationInput) => createApplication(admin, secrets, input, new Date());

  beforeAll(async () => {
    await useFreshTable();
    repo = dynamoApplicationRepository();
    admin = dynamoAdminApplicationRepository();
    const store = fileSecrets(await mkdtemp(path.join(tmpdir(), 'provider-secrets-')));
    useAdapters({ secrets: store, secretStore: store });
    // The token endpoint's check issues a token: it needs the signing key.
    await store.put(config().signingKeySecretId, JSON.stringify({ keys: [await generateSigningKeyJwk()] }));
    secrets = providerSecretStore();
  });

  it('creates an application with its slug at 0.00, and its opening balance is a credit with its statement entry', async () => {
    // Act
    const { application, balance } = await create({ nome: 'Clínica Um', slug: 'clinica-um', provider: 'provider_b', providerB });
    const entry = await addCredit({ applications: admin, ledger: dynamoLedgerRepository() }, application.id, { valor: '12.5' });

    // Assess
    expect(balance).toMatchObject({ saldo: '0.00', moeda: 'BRL' });
    expect(await repo.findApplicationBySlug('clinica-um')).toEqual(application);
    expect(entry).toMatchObject({
      tipo: 'CREDIT',
      referenciaTipo: 'CREDITO',
      valor: '12.50',
      saldoAnterior: '0.00',
      saldoPosterior: '12.50',
    });
    expect(await repo.getBalance(application.id)).toMatchObject({ saldo: '12.50', moeda: 'BRL' });
    const raw = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: `APP#${application.id}`, sk: 'SALDO' } }));
    // An exact decimal number in the item, never a float.
    expect(raw.Item?.saldo.toString()).toBe('12.50');
    expect((await repo.listApplications()).map((a) => a.slug)).toContain('clinica-um');
  });

  it('keeps provider secrets out of the table: the item names where each is, and they read back', async () => {
    const secretB = { ...providerB, accessToken: 'EAA-access-token-1234', appSecret: 'app-secret-5678', verifyToken: 'verify-token-9012' };

    const { application: app } = await create({ nome: 'Segredos', slug: 'segredos', provider: 'provider_b', providerB: secretB });

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
    await create({ nome: 'A', slug: 'repetido', provider: 'link' });
    const before = (await repo.listApplications()).length;

    // Act
    const attempt = create({ nome: 'B', slug: 'repetido', provider: 'link' });

    // Assess
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict' });
    expect((await repo.listApplications()).length).toBe(before);
  });

  it('validates its input', async () => {
    await expect(create({ nome: 'X', slug: 'Not A Slug', provider: 'link' })).rejects.toBeInstanceOf(DomainError);
    await expect(create({ nome: 'X', slug: 'sem-config', provider: 'provider_a' })).rejects.toMatchObject({ kind: 'validation' });
    const { application: app } = await create({ nome: 'X', slug: 'escopos', provider: 'link' });
    const ledger = { applications: admin, ledger: dynamoLedgerRepository() };
    await expect(addCredit(ledger, app.id, { valor: '-1' })).rejects.toMatchObject({ kind: 'validation' });
    await expect(addOAuthClient(admin, app.id, { nome: 'c', scopes: ['tudo:liberado'] }, new Date())).rejects.toMatchObject({
      kind: 'validation',
    });
  });

  it('stores verify-only secrets as hashes, and they open only their application, while current', async () => {
    // Prepare
    const { application: app, credenciais } = await create({ nome: 'Hash', slug: 'hash', provider: 'link' });
    const { application: other } = await create({ nome: 'Outra', slug: 'hash-outra', provider: 'link' });
    const { apiKey, apiSecret } = credenciais;

    // Act
    const otherPair = await regenerateCredentials(admin, other.id, new Date());
    const prestador = await registerPrestador(repo, app.id, { nome: 'P' }, new Date());
    const scope = { aplicacaoId: app.id, prestadorId: prestador.id };
    const { credential, apiSecret: credentialSecret } = await createProviderCredential(
      dynamoProviderCredentialRepository(),
      scope,
      { nome: 'c', limitePorMinuto: 60 },
      new Date(),
    );

    // Assess
    expect(await repo.getApiKey(apiKey)).toMatchObject({ aplicacaoId: app.id, secretHash: hashSecret(apiSecret) });
    expect(await apiKeyWorks(app.id, apiKey, apiSecret)).toBe(true);
    expect(await apiKeyWorks(app.id, apiKey, `${apiSecret}x`)).toBe(false);
    expect(await apiKeyWorks(other.id, apiKey, apiSecret)).toBe(false);
    expect(await apiKeyWorks(app.id, apiKey, otherPair.apiSecret)).toBe(false);
    expect(credential.apiKey).toMatch(/^nbwp_/);
    expect(await providerCredentialWorks(scope, credential.apiKey, credentialSecret)).toBe(true);
    expect(await providerCredentialWorks({ ...scope, aplicacaoId: other.id }, credential.apiKey, credentialSecret)).toBe(false);
    expect(await repo.listProviderCredentials(app.id, prestador.id)).toEqual([
      expect.objectContaining({ credencialId: credential.credencialId, limitePorMinuto: 60, ipAllowlist: [], revogadoEm: null }),
    ]);
    expect(JSON.stringify(await repo.getProviderCredential(credential.apiKey))).not.toContain(credentialSecret);

    // A new pair replaces the previous one at once.
    const replaced = await regenerateCredentials(admin, app.id, new Date());
    expect(await apiKeyWorks(app.id, apiKey, apiSecret)).toBe(false);
    expect(await apiKeyWorks(app.id, replaced.apiKey, replaced.apiSecret)).toBe(true);
  });

  it('hashes an OAuth client secret; the client works with exactly its scopes, for its application, until revoked', async () => {
    // Prepare
    const { application: app } = await create({ nome: 'OAuth', slug: 'oauth', provider: 'link' });
    const { application: other } = await create({ nome: 'OAuth 2', slug: 'oauth-outra', provider: 'link' });

    // Act
    const client = await addOAuthClient(admin, app.id, { nome: 'c', scopes: ['agendamentos:read', 'mensagens:enviar'] }, new Date());

    // Assess
    expect(await repo.getOAuthClient(client.clientId)).toMatchObject({ aplicacaoId: app.id, secretHash: hashSecret(client.clientSecret) });
    expect(await oauthClientWorks(repo, app.id, client, ['mensagens:enviar', 'agendamentos:read'])).toBe(true);
    expect(await oauthClientWorks(repo, app.id, client, ['agendamentos:read'])).toBe(false);
    expect(await oauthClientWorks(repo, app.id, { ...client, clientSecret: `${client.clientSecret}x` }, client.scopes)).toBe(false);
    expect(await oauthClientWorks(repo, other.id, client, client.scopes)).toBe(false);
    await revokeOAuthClient(admin, app.id, client.clientId, new Date());
    expect(await oauthClientWorks(repo, app.id, client, client.scopes)).toBe(false);
  });

  it('finds portal users by e-mail and refuses a second user with the same e-mail', async () => {
    // Prepare
    const { application: app } = await create({ nome: 'Users', slug: 'users', provider: 'link' });
    const user = await createPortalUser(
      repo,
      { aplicacaoId: app.id, role: 'admin', email: 'Ana@Example.com', nome: 'Ana', senha },
      new Date(),
    );

    // Act
    const again = createPortalUser(
      repo,
      {
        aplicacaoId: app.id,
        role: 'paciente',
        email: 'ana@example.com',
        nome: 'Ana 2',
        telefone: '+5511999990000',
      },
      new Date(),
    );

    // Assess
    await expect(again).rejects.toMatchObject({ kind: 'conflict' });
    expect(await repo.findPortalUserByEmail('ANA@example.com')).toEqual(user);
  });

  it('keeps an inbound subscription secret retrievable (it verifies HMACs), in the secret store; one without a secret has none', async () => {
    const { application: app } = await create({ nome: 'Inbound', slug: 'inbound', provider: 'link' });

    const signed = await createInboundSubscription(repo, inboundWebhookSecrets(), app.id, new Date(), { descricao: 'ERP' });
    const unsigned = await createInboundSubscription(repo, inboundWebhookSecrets(), app.id, new Date(), { comSegredo: false });

    expect(await repo.listInboundSubscriptions(app.id)).toEqual([signed.subscription, unsigned.subscription]);
    expect(signed.subscription.secret).toEqual({ versao: expect.any(String), mascara: `****${signed.segredo!.slice(-4)}` });
    expect(unsigned).toMatchObject({ segredo: null, subscription: { ativo: true } });
    expect(unsigned.subscription).not.toHaveProperty('secret');
    expect(await inboundSecretValues([signed.subscription, unsigned.subscription])).toEqual([signed.segredo]);
  });
});
