// Phone normalisation, tariffs in force, chargeService and the send path's compensation, with
// in-memory repositories (the gateway tests cover the DynamoDB side).
import { describe, expect, it } from 'vitest';
import type { Application } from '#shared/domain/applications/records';
import { chargeService } from '#shared/domain/ledger';
import { memoryLedger, prepared } from '../support/memory-ledger.ts';
import { parseSendReference, type Message } from '#shared/domain/messages/records';
import { sendMessage } from '#shared/operations/send-message';
import type { MessageRepository } from '#shared/domain/messages/repository';
import { normalizePhone } from '#shared/domain/phone';
import { tariffsInForce, type Tariff } from '#shared/domain/tariffs';
import { ProviderError, type ProviderClient } from '#shared/providers/types';

describe('normalizePhone', () => {
  it.each([
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['0055 11 98765 4321', '+5511987654321'],
    ['+1.202.555.0100', '+12025550100'],
  ])('%s -> %s', (raw, e164) => expect(normalizePhone(raw)).toBe(e164));

  it.each(['11987654321', '+55 11', '+0551198765432', '+55119876543210123', '+55abc987654321', ''])('refuses %j', (raw) =>
    expect(normalizePhone(raw)).toBeUndefined(),
  );
});

const tariff = (over: Partial<Tariff>): Tariff => ({
  id: 1,
  categoria: 'MENSAGENS',
  subtipo: 'ENVIADA',
  subtipoDescricao: '',
  valor: '0.10',
  unidade: 'POR_MENSAGEM',
  unidadeDescricao: '',
  moeda: 'BRL',
  descricao: '',
  ativo: true,
  aplicacaoId: null,
  vigenciaInicio: null,
  vigenciaFim: null,
  criadoEm: '',
  atualizadoEm: '',
  ...over,
});

describe('tariffsInForce', () => {
  it("prefers the application's own tariff in force, ignores inactive, expired and other applications' ones", () => {
    const all = [
      tariff({ id: 1 }),
      tariff({ id: 2, aplicacaoId: 7, valor: '0.05' }),
      tariff({ id: 3, aplicacaoId: 8, valor: '0.01' }),
      tariff({ id: 4, aplicacaoId: 9, valor: '0.02', vigenciaFim: '2020-12-31' }),
      tariff({ id: 5, aplicacaoId: 10, valor: '0.03', ativo: false }),
    ];
    const valueFor = (app: number) => tariffsInForce(all, app, '2026-01-01').map((t) => t.valor);
    expect(valueFor(7)).toEqual(['0.05']);
    expect(valueFor(8)).toEqual(['0.01']);
    expect(valueFor(9)).toEqual(['0.10']);
    expect(valueFor(10)).toEqual(['0.10']);
  });
});

describe('chargeService', () => {
  it('debits an AI interaction with its own referenciaTipo and no provider cost; a plan invoice is a credit', async () => {
    const ledger = memoryLedger('1.00');

    const ai = await chargeService(
      1,
      { referenciaTipo: 'IA_INTERACAO', valor: '0.05', descricao: 'Resposta automática', referenciaId: 9 },
      ledger.repo,
    );
    const invoice = await chargeService(1, { referenciaTipo: 'FATURA_PLANO', valor: '199.00', descricao: 'Fatura paga' }, ledger.repo);

    expect(ai).toMatchObject({
      tipo: 'DEBIT',
      valor: '0.05',
      saldoAnterior: '1.00',
      saldoPosterior: '0.95',
      referenciaTipo: 'IA_INTERACAO',
      referenciaId: 9,
      tarifaCobrada: '0.05',
      custoProviderAUsd: null,
      custoProviderBUsd: null,
    });
    expect(invoice).toMatchObject({ tipo: 'CREDIT', saldoAnterior: '0.95', saldoPosterior: '199.95', referenciaTipo: 'FATURA_PLANO' });
    await expect(chargeService(1, { referenciaTipo: 'APP_PUSH', valor: '500.00', descricao: 'x' }, ledger.repo)).rejects.toMatchObject({
      kind: 'insufficient_balance',
    });
  });
});

/** In-memory messages: the writes as strings, the move to SENT as a function the test chooses. */
function memoryMessages(markSent: MessageRepository['markSent'], stored?: Message): MessageRepository {
  return {
    newId: async () => 42,
    loadSendContext: async () => ({
      application: { id: 1, provider: 'provider_b' } as Application,
      saldo: '1.00',
      cotacaoUsdBrl: '5.4321',
      tariffs: [tariff({})],
    }),
    queuedWrites: (m: Message) => [
      { write: prepared(`queued ${m.id} lancamento ${m.lancamentoId} reconcile ${m.reconciliarEm !== null}`) },
    ],
    failedWrites: (m, code, msg) => [{ write: prepared(`failed ${m.id} ${code} ${msg}`) }],
    refundMarkerWrite: (_a, lancamentoId) => ({ write: prepared(`marker ${lancamentoId}`) }),
    claimForReconciler: async () => true,
    markSent,
    pendingSends: async () => [],
    dropPending: async () => undefined,
    get: async () => stored,
    list: async () => ({ content: [], total: 0 }),
  };
}

const input = { telefone: '+5511987654321', mensagem: 'x', statusCallbackUrl: 'https://h/api/webhooks/whatsapp/status' };

describe('sendMessage when the provider call blows up', () => {
  it('compensates the debit, records the failure, and reports unavailable', async () => {
    // Prepare
    const ledger = memoryLedger('1.00');
    const written: string[] = [];
    const messages = memoryMessages(async () => {
      written.push('sent');
    });
    const provider: ProviderClient = { send: async () => Promise.reject(new ProviderError('unavailable', null, 'timeout after 10 s')) };

    // Act
    const outcome = await sendMessage({ messages, ledger: ledger.repo, providerFor: () => provider }, 1, input);

    // Assess
    expect(outcome).toEqual({ ok: false, mensagemId: 42, kind: 'unavailable', providerCode: null, providerMessage: 'timeout after 10 s' });
    expect(ledger.state()!.saldo).toBe('1.00');
    expect(ledger.entries.map((e) => [e.tipo, e.valor, e.referenciaTipo, e.referenciaId, e.cotacaoUsdBrl])).toEqual([
      ['DEBIT', '0.10', 'MENSAGEM_ENVIADA', 42, '5.4321'],
      ['CREDIT', '0.10', 'ESTORNO_FALHA_ENVIO', 1, null],
    ]);
    expect(ledger.writes).toEqual([['queued 42 lancamento 1 reconcile true'], ['failed 42 null timeout after 10 s', 'marker 1']]);
    expect(ledger.increments).toEqual([{ totalMensagens: 1 }]);
    // A send whose function dies before its entry is given back by the reconciler; a compensation is kept.
    expect(ledger.moves.map((m) => m.seOrfao)).toEqual(['ESTORNAR', 'MANTER']);
    expect(written).toEqual([]);
  });
});

describe('sendMessage when the move to SENT fails after the provider accepted', () => {
  it('retries the write, answers sent, and never refunds', async () => {
    // Prepare: the table refuses the first two attempts, then takes the third.
    const ledger = memoryLedger('1.00');
    let attempts = 0;
    const messages = memoryMessages(async () => {
      if (++attempts < 3) throw new Error('ProvisionedThroughputExceededException');
    });
    const provider: ProviderClient = { send: async () => ({ messageSid: 'wamid.ok' }) };

    // Act
    const outcome = await sendMessage({ messages, ledger: ledger.repo, providerFor: () => provider }, 1, input);

    // Assess
    expect(outcome).toEqual({ ok: true, mensagemId: 42, messageSid: 'wamid.ok' });
    expect(attempts).toBe(3);
    expect(ledger.entries.map((e) => e.tipo)).toEqual(['DEBIT']);
    expect(ledger.state()!.saldo).toBe('0.90');
  });

  it('leaves the message to its callbacks when the table stays down for the whole settling budget: still no refund', async () => {
    // Prepare
    const ledger = memoryLedger('1.00');
    let attempts = 0;
    const messages = memoryMessages(async () => {
      attempts++;
      throw new Error('the table is unreachable');
    });
    const provider: ProviderClient = { send: async () => ({ messageSid: 'wamid.ok' }) };

    // Act
    const outcome = await sendMessage({ messages, ledger: ledger.repo, providerFor: () => provider, settleMs: 300 }, 1, input);

    // Assess
    expect(outcome).toMatchObject({ ok: true, messageSid: 'wamid.ok' });
    expect(attempts).toBeGreaterThan(1);
    expect(ledger.entries.map((e) => e.tipo)).toEqual(['DEBIT']);
  });

  it('measures the settling budget on the clock it is given: once that clock is past the deadline, no more retries', async () => {
    // Prepare: the table refuses every move to SENT, and each refusal takes a minute of the pinned clock (no real time).
    const ledger = memoryLedger('1.00');
    let at = Date.parse('2026-01-02T06:04:05Z');
    let attempts = 0;
    const messages = memoryMessages(async () => {
      attempts++;
      at += 60_000;
      throw new Error('the table is unreachable');
    });
    const provider: ProviderClient = { send: async () => ({ messageSid: 'wamid.ok' }) };

    // Act: the default settling budget (seconds of real time, which Date.now() measured: several attempts).
    const outcome = await sendMessage({ messages, ledger: ledger.repo, providerFor: () => provider, now: () => new Date(at) }, 1, input);

    // Assess: one attempt, then the deadline read on the clock has passed; the debit is dated by the same clock.
    expect(outcome).toMatchObject({ ok: true, messageSid: 'wamid.ok' });
    expect(attempts).toBe(1);
    expect(ledger.entries.map((e) => [e.tipo, e.criadoEm])).toEqual([['DEBIT', '2026-01-02T03:04:05']]);
  });

  it('gives the provider our reference of the message', async () => {
    // Prepare
    const ledger = memoryLedger('1.00');
    const seen: (string | undefined)[] = [];
    const provider: ProviderClient = {
      send: async (sendInput) => {
        seen.push(sendInput.reference);
        return { messageSid: 'wamid.ok' };
      },
    };

    // Act
    await sendMessage({ messages: memoryMessages(async () => undefined), ledger: ledger.repo, providerFor: () => provider }, 1, input);

    // Assess
    expect(seen).toEqual(['1.42']);
    expect(parseSendReference('1.42')).toEqual({ aplicacaoId: 1, mensagemId: 42 });
    expect(['', '1', '1.x', '-1.2', '1.2.3', `1.${'9'.repeat(17)}`].map(parseSendReference)).toEqual(Array(6).fill(undefined));
  });
});
