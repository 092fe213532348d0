// Delivery statuses end to end through the local gateway and the real status queue and consumer:
// provider_a form callbacks (X-Provider-A-Signature), provider_b handshake and events
// (X-Hub-Signature-256), ranks that never move backwards under shuffled callbacks, unknown
// messages recorded and dropped, and the provider cost corrected once on the statement entry.
import { randomBytes } from 'node:crypto';
import { readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useLocalService } from '../support/local-service.ts';
import type { SandboxApp } from '#infra/local/seed';
import { db, tableName } from '#shared/db/client';
import { dynamoExchangeRateRepository } from '#shared/db/exchange-rate';
import { nextId } from '#shared/db/ids';
import * as keys from '#shared/db/keys';
import { dynamoLedgerRepository, dynamoStatementRepository } from '#shared/db/ledger';
import { numberText } from '#shared/db/numbers';
import { statusRank, type MessageStatus } from '#shared/domain/delivery-status';
import { postEntry } from '#shared/domain/ledger';
import { providerSecretId, resetProviderSecrets } from '#shared/providers/secrets';
import { providerASignature, providerBSignature } from '#shared/providers/signatures';
import { localPaths } from '#infra/local/service';

let outra: SandboxApp;
let semSaldo: SandboxApp;

const service = useLocalService();

beforeAll(async () => {
  outra = service.sandbox.applications.outra;
  semSaldo = service.sandbox.applications.semSaldo;
});

// ---------------------------------------------------------------------------------------------
// Helpers: a sent message written the way the send path writes it (message item + provider id lookup).

const sid = (prefix = 'SM') => `${prefix}${randomBytes(16).toString('hex')}`;

async function sentMessage(
  app: SandboxApp,
  options: { provider?: 'provider_a' | 'provider_b' | 'link'; lancamentoId?: number | null; messageSid?: string; lookup?: boolean } = {},
) {
  const id = await nextId();
  const messageSid = options.messageSid ?? sid(options.provider === 'provider_b' ? 'wamid.' : 'SM');
  const provider = options.provider ?? 'provider_a';
  const dataEnvio = '2026-11-22T10:00:00';
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.message(app.id, id),
        gsi1pk: `APP#${app.id}#MSG`,
        gsi1sk: `${dataEnvio}#${String(id).padStart(16, '0')}`,
        tipo: 'MSG',
        id,
        provider,
        messageSid,
        toNumber: '+5511999990000',
        fromNumber: '+5511888880000',
        body: 'Olá',
        status: 'SENT',
        statusRank: statusRank.SENT,
        contexto: null,
        contextoId: null,
        usuarioId: null,
        dataEnvio,
        dataEntrega: null,
        dataLeitura: null,
        errorCode: null,
        errorMessage: null,
        lancamentoId: options.lancamentoId ?? null,
        tarifaCobrada: null,
      },
    }),
  );
  if (options.lookup !== false) await addLookup(app, id, messageSid, provider);
  return { id, messageSid };
}

const addLookup = (app: SandboxApp, mensagemId: number, messageSid: string, provider: string) =>
  db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.providerMessage(messageSid), tipo: 'PMSG', aplicacaoId: app.id, mensagemId, provider },
    }),
  );

const message = async (app: SandboxApp, id: number) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: keys.message(app.id, id), ConsistentRead: true }))).Item!;

const entry = async (app: SandboxApp, id: number) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: keys.statementEntry(app.id, id), ConsistentRead: true }))).Item!;

const orphan = async (messageSid: string, status: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: keys.orphanStatus(messageSid, status), ConsistentRead: true }))).Item;

const statusUrl = () => `${service.baseUrl}/api/webhooks/whatsapp/status`;

/** A provider_a callback, signed (by default) the way provider_a signs: over the public URL it called and the sorted params. */
function providerACallback(params: Record<string, string>, options: { authToken?: string; signature?: string | null } = {}) {
  const signature =
    options.signature === undefined
      ? providerASignature(statusUrl(), params, options.authToken ?? outra.providerA.authToken)
      : options.signature;
  return fetch(statusUrl(), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'X-Provider-A-Signature': signature }),
    },
    body: new URLSearchParams(params).toString(),
  });
}

const drained = () => service.queues.drained(20_000);

const metaUrl = (slug: string, query = '') => `${service.baseUrl}/api/webhooks/whatsapp/meta/${slug}${query}`;

function providerBEvent(
  statuses: unknown[],
  options: { appSecret?: string; slug?: string; raw?: string; signature?: string | null; messages?: unknown[] } = {},
) {
  const body =
    options.raw ??
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        { id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses, messages: options.messages } }] },
      ],
    });
  const signature =
    options.signature === undefined ? providerBSignature(body, options.appSecret ?? semSaldo.providerB.appSecret) : options.signature;
  return fetch(metaUrl(options.slug ?? semSaldo.slug), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'X-Hub-Signature-256': signature }) },
    body,
  });
}

const bStatus = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  status,
  timestamp: String(Math.floor(Date.now() / 1000)),
  recipient_id: '5511999990000',
  ...extra,
});

// ---------------------------------------------------------------------------------------------

describe('provider_a status callback (POST /api/webhooks/whatsapp/status)', () => {
  it('applies a signed callback: 200 and the message moves to DELIVERED with dataEntrega', async () => {
    const { id, messageSid } = await sentMessage(outra);

    const response = await providerACallback({
      MessageSid: messageSid,
      MessageStatus: 'delivered',
      AccountSid: 'AC1',
      To: 'whatsapp:+5511999990000',
    });
    await drained();

    expect(response.status).toBe(200);
    const stored = await message(outra, id);
    expect(stored).toMatchObject({ status: 'DELIVERED', statusRank: 3, dataLeitura: null });
    expect(stored.dataEntrega).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('records errorCode and errorMessage of a failed message', async () => {
    const { id, messageSid } = await sentMessage(outra);

    const response = await providerACallback({
      MessageSid: messageSid,
      MessageStatus: 'undelivered',
      ErrorCode: '63016',
      ErrorMessage: 'Fora da janela',
    });
    await drained();

    expect(response.status).toBe(200);
    expect(await message(outra, id)).toMatchObject({ status: 'UNDELIVERED', errorCode: '63016', errorMessage: 'Fora da janela' });
  });

  it('answers 500 while the auth token cannot be read, so the provider retries; the retry once it is readable applies', async () => {
    // Prepare: a sent message, and outra's auth token made unreadable (its files moved aside, the cache emptied).
    const { id, messageSid } = await sentMessage(outra);
    const dir = localPaths(service.dataDir).secrets;
    const prefix = encodeURIComponent(providerSecretId(outra.id, 'providerA.authToken'));
    const files = (await readdir(dir)).filter((f) => f === `${prefix}.json` || f.startsWith(`${prefix}@`));
    expect(files.length).toBeGreaterThan(0);
    const params = { MessageSid: messageSid, MessageStatus: 'delivered' };
    for (const f of files) await rename(path.join(dir, f), path.join(dir, `${f}.aside`));
    resetProviderSecrets();
    let unreadable: Response;
    try {
      // Act
      unreadable = await providerACallback(params);
    } finally {
      for (const f of files) await rename(path.join(dir, `${f}.aside`), path.join(dir, f));
      resetProviderSecrets();
    }
    await drained();
    const unchanged = await message(outra, id);
    const retried = await providerACallback(params);
    await drained();

    // Assess
    expect(unreadable.status).toBe(500);
    expect(unchanged).toMatchObject({ status: 'SENT' });
    expect(retried.status).toBe(200);
    expect(await message(outra, id)).toMatchObject({ status: 'DELIVERED' });
  });

  it('answers 400 without a signature and 403 with a wrong one, and changes nothing', async () => {
    const { id, messageSid } = await sentMessage(outra);
    const params = { MessageSid: messageSid, MessageStatus: 'read' };

    const missing = await providerACallback(params, { signature: null });
    const wrongKey = await providerACallback(params, { authToken: 'not-the-token' });
    const tampered = await providerACallback(params, {
      signature: providerASignature(statusUrl(), { ...params, MessageStatus: 'sent' }, outra.providerA.authToken),
    });
    await drained();

    expect(missing.status).toBe(400);
    expect(wrongKey.status).toBe(403);
    expect(tampered.status).toBe(403);
    expect(await wrongKey.json()).toMatchObject({ error: 'invalid_signature' });
    expect(await message(outra, id)).toMatchObject({ status: 'SENT', dataLeitura: null });
  });

  it('never lets a provider_a callback touch a link or provider_b message, even unsigned for an application without an auth token', async () => {
    // Prepare: an application with no provider_a settings (so provider_a validation is off for it), a link message of it, and a provider_b message of semSaldo
    const fresh = await client(service).newApplication('link');
    const linkMessage = await sentMessage({ ...outra, id: fresh.id }, { provider: 'link' });
    const bMessage = await sentMessage(semSaldo, { provider: 'provider_b' });

    // Act
    const unsigned = await providerACallback({ MessageSid: linkMessage.messageSid, MessageStatus: 'read' }, { signature: null });
    const signed = await providerACallback(
      { MessageSid: bMessage.messageSid, MessageStatus: 'read' },
      { authToken: semSaldo.providerA.authToken },
    );
    await drained();

    // Assess
    expect([unsigned.status, signed.status]).toEqual([200, 200]);
    expect((await message({ ...outra, id: fresh.id }, linkMessage.id)).status).toBe('SENT');
    expect((await message(semSaldo, bMessage.id)).status).toBe('SENT');
    expect(await orphan(linkMessage.messageSid, 'read')).toMatchObject({ reason: 'message sent through link' });
    expect(await orphan(bMessage.messageSid, 'read')).toMatchObject({ reason: 'message sent through provider_b' });
  });

  it('answers 400 to a callback without MessageSid or with an unknown status', async () => {
    const a = await providerACallback({ MessageStatus: 'delivered' });
    const b = await providerACallback({ MessageSid: 'SMx', MessageStatus: 'teleported' });

    expect(a.status).toBe(400);
    expect(b.status).toBe(400);
  });

  it('never moves a status backwards under shuffled, duplicated callbacks through the real queue', async () => {
    // Prepare: 12 messages, each getting sent/delivered/read (twice each) in its own random order.
    const sent = await Promise.all(Array.from({ length: 12 }, () => sentMessage(outra)));
    const calls = sent.flatMap(({ messageSid }) => {
      const order = ['queued', 'sent', 'delivered', 'read', 'sent', 'delivered', 'read', 'queued'];
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      return order.map((status) => ({ MessageSid: messageSid, MessageStatus: status }));
    });
    for (let i = calls.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }

    // Act
    const responses = await Promise.all(calls.map((params) => providerACallback(params)));
    await drained();

    // Assess
    expect(responses.map((r) => r.status)).toEqual(calls.map(() => 200));
    for (const { id } of sent) {
      const stored = await message(outra, id);
      expect(stored).toMatchObject({ status: 'READ', statusRank: 4 });
      expect(stored.dataEntrega).toEqual(expect.any(String));
      expect(stored.dataLeitura).toEqual(expect.any(String));
      expect(stored.dataEntrega <= stored.dataLeitura).toBe(true);
    }
  }, 60_000);

  it('sets dataEntrega when read arrives without delivered, and a late delivered changes nothing', async () => {
    const { id, messageSid } = await sentMessage(outra);

    await providerACallback({ MessageSid: messageSid, MessageStatus: 'read' });
    await drained();
    const afterRead = await message(outra, id);
    await providerACallback({ MessageSid: messageSid, MessageStatus: 'delivered' });
    await providerACallback({ MessageSid: messageSid, MessageStatus: 'failed', ErrorCode: '1' });
    await drained();

    expect(afterRead).toMatchObject({ status: 'READ' });
    expect(afterRead.dataEntrega).toBe(afterRead.dataLeitura);
    expect(await message(outra, id)).toEqual(afterRead);
  });

  it('records a callback for an unknown message and drops it after the retries', async () => {
    const messageSid = sid();

    const response = await providerACallback({ MessageSid: messageSid, MessageStatus: 'delivered' });
    await drained();

    expect(response.status).toBe(200);
    expect(await orphan(messageSid, 'delivered')).toMatchObject({
      tipo: 'ORPHAN',
      messageSid,
      status: 'delivered',
      reason: 'unknown message',
    });
    expect((await orphan(messageSid, 'delivered'))!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
  });

  it('refuses at the edge an unsigned callback for an unknown message that names none of ours: nothing queued, nothing kept', async () => {
    const messageSid = sid();

    const response = await providerACallback({ MessageSid: messageSid, MessageStatus: 'delivered' }, { signature: null });
    await drained();

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'missing_signature' });
    expect(await orphan(messageSid, 'delivered')).toBeUndefined();
  });

  it("applies a signed callback that beat the send's lookup write, once the message is known", async () => {
    // Prepare: the message exists but its provider id lookup is written only after the callback arrives.
    const { id, messageSid } = await sentMessage(outra, { lookup: false });

    const response = await providerACallback({ MessageSid: messageSid, MessageStatus: 'delivered' });
    await addLookup(outra, id, messageSid, 'provider_a');
    await drained();

    expect(response.status).toBe(200);
    expect(await message(outra, id)).toMatchObject({ status: 'DELIVERED' });
  });

  it('drops an early callback whose signature turns out wrong once the message is known', async () => {
    const { id, messageSid } = await sentMessage(outra, { lookup: false });

    const response = await providerACallback({ MessageSid: messageSid, MessageStatus: 'read' }, { authToken: 'forged' });
    await addLookup(outra, id, messageSid, 'provider_a');
    await drained();

    expect(response.status).toBe(200);
    expect(await message(outra, id)).toMatchObject({ status: 'SENT', dataLeitura: null });
    expect(await orphan(messageSid, 'read')).toMatchObject({ reason: 'invalid signature', aplicacaoId: outra.id });
  });

  it("corrects the statement entry's provider_a cost once, without touching the balance", async () => {
    // Prepare: a debit as the send writes it, with the rate of the moment.
    const ledger = dynamoLedgerRepository();
    const debit = await postEntry(ledger, {
      aplicacaoId: outra.id,
      tipo: 'DEBIT',
      valor: '0.10',
      descricao: 'Mensagem enviada',
      referenciaTipo: 'MENSAGEM_ENVIADA',
      tarifaCobrada: '0.10',
      cotacaoUsdBrl: '5.0000',
    });
    const { messageSid } = await sentMessage(outra, { lancamentoId: debit.id });

    // Act: the cost arrives (negative, as the provider reports a charge), then again with another value.
    await providerACallback({ MessageSid: messageSid, MessageStatus: 'sent', Price: '-0.00500', PriceUnit: 'USD' });
    await drained();
    await providerACallback({ MessageSid: messageSid, MessageStatus: 'delivered', Price: '-0.00700', PriceUnit: 'USD' });
    await drained();

    // Assess
    const stored = await entry(outra, debit.id);
    expect(numberText(stored.custoProviderAUsd)).toBe('0.005');
    expect(numberText(stored.custoProviderABrl)).toBe('0.03'); // 0.005 × 5 = 0.025, half-up
    expect(numberText(stored.cotacaoUsdBrl)).toBe('5');
    expect(stored.custoProviderBUsd).toBeNull();
    expect(await dynamoStatementRepository().getSaldo(outra.id)).toBe(debit.saldoPosterior);
  });
});

describe('provider_b webhook (/api/webhooks/whatsapp/meta/{slug})', () => {
  it('answers the handshake with exactly the challenge when the verify token matches', async () => {
    const response = await fetch(
      metaUrl(
        semSaldo.slug,
        `?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(semSaldo.providerB.verifyToken)}&hub.challenge=1158201444`,
      ),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('1158201444');
  });

  it('answers 403 to a wrong verify token or mode, and 404 to an unknown slug', async () => {
    const wrong = await fetch(metaUrl(semSaldo.slug, '?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1'));
    const mode = await fetch(
      metaUrl(
        semSaldo.slug,
        `?hub.mode=unsubscribe&hub.verify_token=${encodeURIComponent(semSaldo.providerB.verifyToken)}&hub.challenge=1`,
      ),
    );
    const missing = await fetch(metaUrl(semSaldo.slug));
    const unknown = await fetch(metaUrl('nao-existe', '?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1'));

    expect([wrong.status, mode.status, missing.status, unknown.status]).toEqual([403, 403, 403, 404]);
  });

  it('applies the statuses of a signed event, errors included', async () => {
    const delivered = await sentMessage(semSaldo, { provider: 'provider_b' });
    const failed = await sentMessage(semSaldo, { provider: 'provider_b' });

    const response = await providerBEvent(
      [
        bStatus(delivered.messageSid, 'delivered'),
        bStatus(failed.messageSid, 'failed', { errors: [{ code: 131047, title: 'Re-engagement message' }] }),
      ],
      { messages: [{ from: '5511999990000', id: 'wamid.in1', type: 'text', text: { body: 'dado de saúde' } }] },
    );
    await drained();

    expect(response.status).toBe(200);
    expect(await message(semSaldo, delivered.id)).toMatchObject({ status: 'DELIVERED', dataEntrega: expect.any(String) });
    expect(await message(semSaldo, failed.id)).toMatchObject({
      status: 'FAILED',
      errorCode: '131047',
      errorMessage: 'Re-engagement message',
    });
  });

  it('answers 401 to a missing or wrong signature and applies nothing', async () => {
    const { id, messageSid } = await sentMessage(semSaldo, { provider: 'provider_b' });

    const missing = await providerBEvent([bStatus(messageSid, 'read')], { signature: null });
    const wrong = await providerBEvent([bStatus(messageSid, 'read')], { appSecret: 'other-secret' });
    await drained();

    expect(missing.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_signature' });
    expect(await message(semSaldo, id)).toMatchObject({ status: 'SENT' });
  });

  it('answers 400 to invalid JSON (correctly signed) and 404 to an unknown slug', async () => {
    const invalid = await providerBEvent([], { raw: '{"entry": [' });
    const unknown = await providerBEvent([], { slug: 'nao-existe' });

    expect(invalid.status).toBe(400);
    expect(unknown.status).toBe(404);
  });

  it("does not let one application's signed event change another application's message", async () => {
    // Prepare: a message of `outra`; the event is signed by `sem-saldo` with its own secret.
    const { id, messageSid } = await sentMessage(outra, { provider: 'provider_b' });

    const response = await providerBEvent([bStatus(messageSid, 'read')]);
    await drained();

    expect(response.status).toBe(200);
    expect(await message(outra, id)).toMatchObject({ status: 'SENT' });
  });

  it('corrects the provider_b cost from the price table and the current rate when the entry has none', async () => {
    // Prepare: credit then debit sem-saldo (balance 0), no rate on the entry; the current rate is 5.4321.
    const ledger = dynamoLedgerRepository();
    await postEntry(ledger, { aplicacaoId: semSaldo.id, tipo: 'CREDIT', valor: '1.00', descricao: 'Crédito', referenciaTipo: 'CREDITO' });
    const debit = await postEntry(ledger, {
      aplicacaoId: semSaldo.id,
      tipo: 'DEBIT',
      valor: '0.12',
      descricao: 'Mensagem',
      referenciaTipo: 'MENSAGEM_ENVIADA',
      tarifaCobrada: '0.12',
    });
    await dynamoExchangeRateRepository().put({ valor: '5.4321', obtidaEm: new Date().toISOString(), fonte: 'test' });
    const { messageSid } = await sentMessage(semSaldo, { provider: 'provider_b', lancamentoId: debit.id });
    const pricing = { billable: true, pricing_model: 'CBP', category: 'marketing' };

    // Act
    await providerBEvent([bStatus(messageSid, 'sent', { pricing }), bStatus(messageSid, 'delivered', { pricing })]);
    await drained();

    // Assess: 0.0625 × 5.4321 = 0.33950625 -> 0.34
    const stored = await entry(semSaldo, debit.id);
    expect(numberText(stored.custoProviderBUsd)).toBe('0.0625');
    expect(numberText(stored.custoProviderBBrl)).toBe('0.34');
    expect(numberText(stored.cotacaoUsdBrl)).toBe('5.4321');
    expect(stored.custoProviderAUsd).toBeNull();
    expect(await dynamoStatementRepository().getSaldo(semSaldo.id)).toBe('0.88');
  });
});

describe('POST /api/webhooks/whatsapp/webhook/test', () => {
  it('answers 200 with the count of parameters received', async () => {
    const response = await fetch(`${service.baseUrl}/api/webhooks/whatsapp/webhook/test?origem=painel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=2',
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', message: 'Webhook acessível', params_recebidos: 3 });
  });
});

// Keeps the import of the type used by the helpers honest.
export type { MessageStatus };
