// Every debit settles: a send whose function stops between its debit and its provider call is
// failed and refunded by the reconciler, exactly once, even with two reconcilers at the same moment;
// a send whose move to SENT fails after the provider accepted it is never refunded: the provider's
// status callback names it by our reference and settles it as SENT (provider_a in the callback URL,
// provider_b as biz_opaque_callback_data), through the real webhooks and status queue.
import { describe, expect, it } from 'vitest';
import { reconcileSends } from '#functions/scheduled/send-reconciler';
import { dynamoSendIdempotency } from '#shared/db/idempotency';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { requestFingerprint } from '#shared/domain/idempotency';
import { dynamoMessageRepository } from '#shared/db/messages';
import { sendMessage, type SendDeps } from '#shared/operations/send-message';
import { RECONCILE_AFTER_MS } from '#shared/domain/send-budget';
import { providerFor } from '#shared/providers/clients';
import type { ProviderClient } from '#shared/providers/types';
import { apiKeyHeaders, client, useLocalService, type Json } from '../support/local-service.ts';
import { scheduledFunctions } from '#infra/functions';
import { asFunction } from '#infra/local/iam-guard';

/** The reconciler, run as its Lambda (its calls pass that role's grants). */
const reconcileAsSchedule = (now: Date) => asFunction(scheduledFunctions.sendReconciler.id, () => reconcileSends(now));

const service = useLocalService();
const api = client(service);
const { call } = api;

type App = { id: number; apiKey: string; apiSecret: string };

const balance = async (app: App) => (await api.external(app).get('/api/external/financeiro/saldo')).body.saldo as string;
const statement = async (app: App) => (await api.external(app).get('/api/external/financeiro/extrato?size=100')).body.content as Json[];
const message = async (app: App, id: number) => (await api.external(app).get(`/api/external/messages/${id}`)).body;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const later = () => new Date(Date.now() + RECONCILE_AFTER_MS + 1_000);

/** The send path with DynamoDB Local, as a Lambda runs it, with the given provider and message repository. */
function deps(over: Partial<SendDeps> = {}): SendDeps {
  return { messages: dynamoMessageRepository(), ledger: dynamoLedgerRepository(), providerFor: (app) => providerFor(app), ...over };
}

const sendInput = (telefone: string) => ({
  telefone,
  mensagem: 'Sua consulta é amanhã às 9h',
  statusCallbackUrl: `${service.baseUrl}/api/webhooks/whatsapp/status`,
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the send reconciler', () => {
  it('fails and refunds, exactly once, a send whose function stopped after the debit', async () => {
    // Prepare: the provider call never returns (the function was killed while waiting for it).
    const app = service.sandbox.applications.outra as App;
    const before = await balance(app);
    const stalled: ProviderClient = { send: () => new Promise(() => undefined) };
    const real = dynamoMessageRepository();
    let mensagemId = 0;
    const newId = async () => (mensagemId = await real.newId());
    // A keyed send, as the route makes it: its key answers 409 while the send is under way.
    const key = `parado-${Date.now()}`;
    const body = { telefone: '+5511955550001', mensagem: 'Sua consulta é amanhã às 9h' };
    const keyed = { ...sendInput(body.telefone), idempotency: { key, fingerprint: requestFingerprint(body) } };
    void sendMessage(
      deps({ messages: { ...real, newId }, providerFor: () => stalled, idempotency: dynamoSendIdempotency() }),
      app.id,
      keyed,
    );
    const retry = () => call('POST', '/api/external/messages/send', { ...apiKeyHeaders(app), 'Idempotency-Key': key }, body);
    const queued = await until(
      () => (mensagemId ? message(app, mensagemId) : Promise.resolve(undefined)),
      (m) => m?.status === 'QUEUED',
    );
    expect(queued).toMatchObject({ status: 'QUEUED' });
    expect((await retry()).status).toBe(409);
    expect(cents(before) - cents(await balance(app))).toBe(10);

    // Act: not yet due, then two reconcilers at once past the send's time, then one more.
    const early = await reconcileAsSchedule(new Date());
    const [first, second] = await Promise.all([reconcileAsSchedule(later()), reconcileAsSchedule(later())]);
    const third = await reconcileAsSchedule(later());

    // Assess
    expect(early).toEqual({ failed: 0, settled: 0 });
    expect(first.failed + second.failed).toBe(1);
    expect(third).toEqual({ failed: 0, settled: 0 });
    expect(await balance(app)).toBe(before);
    const entries = await statement(app);
    const debit = entries.find((e) => e.referenciaTipo === 'MENSAGEM_ENVIADA' && e.referenciaId === mensagemId);
    expect(entries.filter((e) => e.referenciaTipo === 'ESTORNO_FALHA_ENVIO' && e.referenciaId === debit?.id)).toEqual([
      expect.objectContaining({ tipo: 'CREDIT', valor: '0.10' }),
    ]);
    expect(await message(app, mensagemId)).toMatchObject({
      status: 'FAILED',
      errorMessage: expect.stringContaining('never confirmed'),
    });
    // The key now answers what happened: nothing charged, try again (with a new key).
    const replay = await retry();
    expect(replay.status).toBe(502);
    expect(replay.body).toMatchObject({ error: 'provider_unavailable', mensagemId });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(app)).toBe(before);
  });

  it('drops the entry of a send an administrator refunded while it was QUEUED, without a second credit', async () => {
    // Prepare: a send stalled after its debit (QUEUED, due for the reconciler), then refunded in the admin panel.
    const app = service.sandbox.applications.outra as App;
    const before = await balance(app);
    const real = dynamoMessageRepository();
    let mensagemId = 0;
    const newId = async () => (mensagemId = await real.newId());
    void sendMessage(
      deps({ messages: { ...real, newId }, providerFor: () => ({ send: () => new Promise(() => undefined) }) }),
      app.id,
      sendInput('+5511955550004'),
    );
    await until(
      () => (mensagemId ? message(app, mensagemId) : Promise.resolve(undefined)),
      (m) => m?.status === 'QUEUED',
    );
    const debit = (await statement(app)).find((e) => e.referenciaTipo === 'MENSAGEM_ENVIADA' && e.referenciaId === mensagemId)!;
    const refund = await api.admin('POST', `/api/admin/aplicacoes/${app.id}/estornos`, { lancamentoId: debit.id, motivo: 'parado' });
    expect(refund.status).toBe(201);

    // Act: the reconciler finds it due twice.
    const first = await reconcileAsSchedule(later());
    const second = await reconcileAsSchedule(later());

    // Assess: settled once, then gone from the index (not found again at every run); one credit only, the admin's.
    expect(first).toEqual({ failed: 0, settled: 1 });
    expect(second).toEqual({ failed: 0, settled: 0 });
    expect(await balance(app)).toBe(before);
    const credits = (await statement(app)).filter((e) => e.tipo === 'CREDIT' && e.referenciaId === debit.id);
    expect(credits).toEqual([expect.objectContaining({ referenciaTipo: 'ESTORNO', valor: debit.valor })]);
  });

  it.each([
    ['provider_a', 'outra', '+5511955550002'],
    ['provider_b', 'semSaldo', '+5511955550003'],
  ] as const)(
    '%s: a send whose move to SENT fails after the provider accepted is settled by its callback, never refunded',
    async (_, name, telefone) => {
      // Prepare: the table refuses every move to SENT of this function.
      const app = service.sandbox.applications[name] as App;
      await api.admin('POST', `/api/admin/aplicacoes/${app.id}/creditos`, { valor: '1.00' });
      const before = await balance(app);
      const real = dynamoMessageRepository();
      const failing = deps({
        messages: { ...real, markSent: () => Promise.reject(new Error('the table is unreachable')) },
        settleMs: 200,
      });

      // Act
      const outcome = await sendMessage(failing, app.id, sendInput(telefone));
      expect(outcome).toMatchObject({ ok: true });
      const mensagemId = outcome.mensagemId;
      const settled = await until(
        () => message(app, mensagemId),
        (m) => m.status === 'READ',
      );
      const reconciled = await reconcileAsSchedule(later());

      // Assess
      expect(settled).toMatchObject({ status: 'READ', messageSid: outcome.ok ? outcome.messageSid : null });
      expect(reconciled.failed).toBe(0);
      const entries = (await statement(app)).filter(
        (e) => e.referenciaId === mensagemId || e.descricao?.includes(`mensagem ${mensagemId}`),
      );
      expect(entries.map((e) => e.tipo)).toEqual(['DEBIT']);
      expect(cents(before) - cents(await balance(app))).toBe(10);
    },
  );
});
