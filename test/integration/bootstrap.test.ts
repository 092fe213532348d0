import 'reflect-metadata';
import { beforeAll, describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { X509Crl } from '@peculiar/x509';
import { bootstrapPlatform, type BootstrapDeps } from '#infra/scripts/bootstrap';
import { seedAgentCa } from '#infra/local/seed';
import type { AgentCa } from '#shared/ca/agent-ca';
import { checkCrl } from '#shared/ca/crl-check';
import { publishCrl } from '#shared/ca/crl-publisher';
import { readCrl } from '#shared/ca/x509-lite';
import { dynamoAgentCertificateRepository } from '#shared/db/agent-certificates';
import { adapter, useAdapters } from '#shared/adapters/index';
import { folderBlobs } from '#shared/adapters/local/blobs';
import { fileSecrets } from '#shared/adapters/local/secrets';
import { config } from '#shared/config';
import { parseSigningKeySet } from '#shared/auth/signing-keys';
import { dynamoAdminApplicationRepository } from '#shared/db/admin-applications';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoPlanRepository } from '#shared/db/plans';
import { dynamoTariffRepository } from '#shared/db/tariffs';
import { dynamoUserAuthRepository } from '#shared/db/users';
import { listActivePlans } from '#shared/domain/plans';
import { MESSAGE_TARIFF, tariffFor, today, updateTariff } from '#shared/domain/tariffs';
import { verifyPassword } from '#shared/auth/passwords';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { providerSecret, providerSecretStore } from '#shared/providers/secrets';
import { dynamoWebhookSubscriptionRepository } from '#shared/db/webhooks';
import { inboundSecretValues, webhookSigningSecret } from '#shared/secrets/webhooks';
import { parseVerificationKeySet } from '#shared/auth/verification-keys';
import { useFreshTable } from '../support/table.ts';

describe('bootstrap of a fresh deployment', () => {
  let secret: string | undefined;
  let published: string | undefined;
  let deps: BootstrapDeps;
  let bucketDir: string;
  /** The secrets the stack creates (the CA's under 'ca-secret'), as the bootstrap finds and writes them. */
  const secrets = new Map<string, string>([['ca-secret', JSON.stringify({ placeholder: 'y' })]]);
  const input = { slug: 'operador', nome: 'Operador', adminEmail: 'Ops@Example.com', adminPassword: 'uma senha bem comprida' };

  beforeAll(async () => {
    await useFreshTable();
    secret = JSON.stringify({ keys: [], placeholder: 'x' }); // what the stack's secret holds after deploy
    // The CRL bucket as a folder, the CA secret as the stack leaves it (a placeholder).
    bucketDir = await mkdtemp(path.join(tmpdir(), 'bootstrap-bucket-'));
    // Provider secrets in a real (file) store, with versions like Secrets Manager's.
    const store = fileSecrets(await mkdtemp(path.join(tmpdir(), 'bootstrap-secrets-')));
    useAdapters({
      blobs: folderBlobs(bucketDir),
      secrets: { get: async (id, versionId) => secrets.get(id) ?? store.get(id, versionId) },
      secretStore: store,
    });
    deps = {
      ensureAgentCa: () => seedAgentCa(async (id, value) => void secrets.set(id, value), 'ca-secret'),
      agentCaCertPem: async () => (JSON.parse(secrets.get('ca-secret')!) as AgentCa).certPem,
      repo: dynamoApplicationRepository(),
      adminRepo: dynamoAdminApplicationRepository(),
      providerSecrets: providerSecretStore(),
      readSecret: async () => secret,
      writeSecret: async (value) => {
        secret = value;
      },
      writeVerificationKeys: async (value) => {
        published = value;
      },
    };
  });

  it('creates the signing keys, the operator application and a platform admin who can log in', async () => {
    const report = await bootstrapPlatform(deps, input);

    expect(report.signingKey).toBe('created');
    const [signing] = parseSigningKeySet(secret!);
    // The verifiers' secret holds the same key, and only its public half.
    expect(parseVerificationKeySet(published!)).toEqual([expect.objectContaining({ kid: signing!.kid, n: signing!.n, e: signing!.e })]);
    expect(published).not.toContain('"d"');
    expect(report.agentCa).toBe('created');
    const crl = new X509Crl((await (await adapter('blobs')).get(config().crlKey))!);
    expect(crl.issuer).toContain('Agent Channel CA');
    // The CA's certificate (public) beside the JWT keys: the agent authorizer checks the CRL's signature with it.
    const ca = JSON.parse(secrets.get('ca-secret')!) as AgentCa;
    expect(JSON.parse(published!)).toMatchObject({ agentCaCertPem: ca.certPem });
    expect(published).not.toContain('PRIVATE KEY');
    expect(() => checkCrl(readCrl(new Uint8Array(crl.rawData)), new X509Certificate(ca.certPem).publicKey, new Date(), 0n)).not.toThrow();
    expect(report.application.created).toBe(true);
    expect(report.application.apiSecret).toBeTruthy();
    const admin = await deps.repo.findPortalUserByEmail('ops@example.com');
    expect(admin).toMatchObject({ role: 'admin', plataforma: true, aplicacaoId: report.application.id });
    const login = await dynamoUserAuthRepository().findLoginAccount('ops@example.com');
    expect(await verifyPassword(input.adminPassword, login!.senhaHash!)).toBe(true);
  });

  it('seeds the default tariffs and plans, so the new deployment can charge a send at once', async () => {
    const tariffs = await dynamoTariffRepository().listAll();
    const send = tariffFor(tariffs, 12345, MESSAGE_TARIFF.categoria, MESSAGE_TARIFF.subtipo, today(new Date()));
    expect(send).toMatchObject({ valor: '0.10', aplicacaoId: null, ativo: true });
    // The AI assistant's kinds (#38) and the app chat (#39) were appended after the first five, so their ids are new and
    // the old ones unchanged.
    expect(tariffs.map((t) => t.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tariffFor(tariffs, 12345, 'IA', 'AUTO_RESPOSTA', today(new Date()))).toMatchObject({ id: 6, valor: '0.05' });
    expect(tariffFor(tariffs, 12345, 'APP', 'CHAT', today(new Date()))).toMatchObject({ id: 9, valor: '0.02' });
    expect(await listActivePlans(dynamoPlanRepository())).not.toHaveLength(0);
  });

  it('changes nothing when run again', async () => {
    const keysBefore = secret;
    // The operator changed the send tariff: a second run leaves it alone.
    const tariffRepo = dynamoTariffRepository();
    const edited = await updateTariff(tariffRepo, 1, { valor: '0.25' }, new Date().toISOString());

    const again = await bootstrapPlatform(deps, input);

    expect(again.signingKey).toBe('kept');
    expect(again.agentCa).toBe('kept');
    expect(secret).toBe(keysBefore);
    expect(again.application).toMatchObject({ created: false });
    expect(again.application.apiSecret).toBeUndefined();
    expect(again.admin.created).toBe(false);
    expect(await tariffRepo.get(1)).toMatchObject({ valor: '0.25', atualizadoEm: edited.atualizadoEm });
  });

  it('publishes the CRL again from the revocation list when its object is missing, never an empty one; keeps a current one', async () => {
    // Prepare: two revocations in the table, published; then the CRL object is lost
    const ca = JSON.parse(secrets.get('ca-secret')!) as AgentCa;
    const repo = dynamoAgentCertificateRepository();
    await repo.revokeSerial('0a0b0c', '2026-11-01T10:00:00.000Z');
    await repo.revokeSerial('0d0e0f', '2026-11-02T10:00:00.000Z');
    const before = await publishCrl({ ca });
    expect(before.revoked).toBe(2);
    await rm(path.join(bucketDir, config().crlKey));

    // Act
    const rerun = await bootstrapPlatform(deps, input);
    const reissued = (await (await adapter('blobs')).get(config().crlKey))!;
    const kept = await bootstrapPlatform(deps, input);

    // Assess: the same CA, a CRL with both revocations and a higher number; the second run leaves it as it is
    expect(rerun.agentCa).toBe('crl-reissued');
    expect(JSON.parse(secrets.get('ca-secret')!)).toEqual(ca);
    const crl = readCrl(reissued);
    expect([...crl.revoked].sort()).toEqual(['0a0b0c', '0d0e0f']);
    expect(crl.crlNumber).toBeGreaterThan(before.crlNumber);
    expect(() => checkCrl(crl, new X509Certificate(ca.certPem).publicKey, new Date(), before.crlNumber)).not.toThrow();
    expect(kept.agentCa).toBe('kept');
    expect(Buffer.from((await (await adapter('blobs')).get(config().crlKey))!).equals(Buffer.from(reissued))).toBe(true);
  });

  it('moves the provider secrets an older item holds in clear into the secret store, once', async () => {
    // An application item as written before the secret store: its secrets in clear on the item.
    const legacy = {
      id: 990001,
      nome: 'Antiga',
      slug: 'antiga',
      provider: 'provider_a' as const,
      ativo: true,
      criadoEm: '2026-01-01T00:00:00.000Z',
      providerA: { accountSid: 'AC1', authToken: 'auth-token-in-clear-4321', fromNumber: '+5511999990001', baseUrl: 'http://127.0.0.1:1' },
    };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.application(legacy.id), ...keys.applicationListing(legacy.id), tipo: 'APP', ...legacy },
      }),
    );

    const report = await bootstrapPlatform(deps, input);

    expect(report.providerSecretsMoved).toEqual([legacy.id]);
    const moved = await deps.repo.getApplication(legacy.id);
    expect(JSON.stringify(moved)).not.toContain('auth-token-in-clear-4321');
    expect(moved?.providerA).toMatchObject({ accountSid: 'AC1', authToken: { versao: expect.any(String), mascara: '****4321' } });
    expect(await providerSecret(moved!, 'providerA.authToken')).toBe('auth-token-in-clear-4321');
    expect((await bootstrapPlatform(deps, input)).providerSecretsMoved).toEqual([]);
  });

  it('moves the webhook secrets older items hold in clear (an outbound signing key, an inbound HMAC key) into the secret store, once', async () => {
    // Prepare: a provider portal webhook and two inbound subscriptions as written before the secret store
    // (one signed, its key in clear; one that asks for no signature, its secret '')
    const aplicacaoId = 990002;
    const signingKey = 'whsec_bGVnYWN5LXNpZ25pbmcta2V5LWluLWNsZWFyLTQzMjE=';
    const hmacKey = 'hmac-key-in-clear-8765';
    const put = (Item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item }));
    await put({
      ...keys.webhook(aplicacaoId, 7),
      ...keys.webhookListing(aplicacaoId, 3, 7),
      tipo: 'WEBHOOK',
      id: 7,
      aplicacaoId,
      prestadorId: 3,
      url: 'https://hooks.example.com/in',
      secret: signingKey,
      eventos: ['AGENDAMENTO_CONFIRMADO'], // an event the API takes: a stored one outside the list fails the read
      ativo: true,
      criadoEm: '2026-01-01T09:00:00',
      atualizadoEm: '2026-01-01T09:00:00',
    });
    await put({
      ...keys.inboundSubscription(aplicacaoId, 8),
      tipo: 'INBOUNDSUB',
      id: 8,
      aplicacaoId,
      secret: hmacKey,
      ativo: true,
      criadoEm: '2026-01-01T00:00:00.000Z',
    });
    await put({
      ...keys.inboundSubscription(aplicacaoId, 9),
      tipo: 'INBOUNDSUB',
      id: 9,
      aplicacaoId,
      secret: '',
      ativo: true,
      criadoEm: '2026-01-01T00:00:00.000Z',
    });
    const legacyApp = {
      id: aplicacaoId,
      nome: 'Webhooks antigos',
      slug: 'webhooks-antigos',
      provider: 'link',
      ativo: true,
      criadoEm: '2026-01-01T00:00:00.000Z',
    };
    await put({ ...keys.application(aplicacaoId), ...keys.applicationListing(aplicacaoId), tipo: 'APP', ...legacyApp });

    // Act
    const report = await bootstrapPlatform(deps, input);

    // Assess: the items name where the keys are; the keys read back from there; a second run moves none
    expect(report.webhookSecretsMoved).toEqual({ saida: 1, entrada: 1 });
    const webhook = await dynamoWebhookSubscriptionRepository().get(aplicacaoId, 7);
    expect(webhook?.secret).toEqual({ versao: expect.any(String), mascara: '****MjE=' });
    expect(await webhookSigningSecret(webhook!)).toBe(signingKey);
    const inbound = await deps.repo.listInboundSubscriptions(aplicacaoId);
    expect(JSON.stringify([webhook, inbound])).not.toMatch(/in-clear|bGVnYWN5/);
    expect(inbound.map((s) => s.secret)).toEqual([{ versao: expect.any(String), mascara: '****8765' }, undefined]);
    expect(await inboundSecretValues(inbound)).toEqual([hmacKey]);
    expect((await bootstrapPlatform(deps, input)).webhookSecretsMoved).toEqual({ saida: 0, entrada: 0 });
  });
});
