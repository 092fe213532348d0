// Exact money (shared/domain/money.ts) and the ledger's one operation (shared/domain/ledger.ts)
// against an in-memory repository whose entry writes can lose races, be refused or be taken on demand.
import { describe, expect, it } from 'vitest';
import { DomainError } from '#shared/domain/errors';
import {
  messageDebitDescription,
  moveTakenOver,
  postEntry,
  settleOrphanMove,
  shownDescription,
  type StatementEntry,
} from '#shared/domain/ledger';
import { memoryLedger } from '../support/memory-ledger.ts';
import { addAmounts, fromCents, isPositiveAmount, subtractAmounts, toCents } from '#shared/domain/money';

describe('money on integer cents', () => {
  it('adds and subtracts exactly where floats would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // why this helper exists
    expect(addAmounts('0.10', '0.20')).toBe('0.30');
    expect(addAmounts('999999999999.99', '0.01')).toBe('1000000000000.00');
    expect(subtractAmounts('0.30', '0.31')).toBe('-0.01');
    expect(subtractAmounts('100', '0.1')).toBe('99.90');
  });

  it('reads DynamoDB number text, padding and trailing zeros included, and refuses a significant third decimal', () => {
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('1.500')).toBe(150n);
    expect(toCents('-3.07')).toBe(-307n);
    expect(() => toCents('1.005')).toThrow(/two decimal places/);
    expect(() => toCents('1e3')).toThrow(/not a decimal/);
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(-5n)).toBe('-0.05');
  });

  it('accepts as a positive amount only digits, at most two decimals, above zero', () => {
    for (const ok of ['0.01', '1', '10.5', '123456789012.99']) expect(isPositiveAmount(ok), ok).toBe(true);
    for (const bad of ['0', '0.00', '-1', '1.234', '1e3', '01', '.5', '1.', ' 1', '1,50', '1234567890123']) {
      expect(isPositiveAmount(bad), bad).toBe(false);
    }
  });
});

const instant = { sleep: async () => undefined, now: () => new Date('2026-01-02T06:04:05Z') }; // 03:04:05 in São Paulo
const credit = (valor: string) => ({ aplicacaoId: 1, tipo: 'CREDIT' as const, valor, descricao: 'Crédito', referenciaTipo: 'CREDITO' });
const debit = (valor: string) => ({ ...credit(valor), tipo: 'DEBIT' as const, descricao: 'Mensagem', referenciaTipo: 'MENSAGEM_ENVIADA' });

describe('postEntry', () => {
  it('writes a credit with every field of the statement entry, the ones that do not apply null', async () => {
    const ledger = memoryLedger('0.10');

    const entry = await postEntry(ledger.repo, credit('0.20'), instant);

    expect(entry).toEqual({
      id: 1,
      tipo: 'CREDIT',
      valor: '0.20',
      saldoAnterior: '0.10',
      saldoPosterior: '0.30',
      descricao: 'Crédito',
      referenciaTipo: 'CREDITO',
      referenciaId: null,
      tarifaCobrada: null,
      custoProviderAUsd: null,
      custoProviderABrl: null,
      custoProviderBUsd: null,
      custoProviderBBrl: null,
      cotacaoUsdBrl: null,
      tipoConversa: null,
      criadoEm: '2026-01-02T03:04:05',
    });
    expect(ledger.state()).toEqual({ saldo: '0.30', ultimoLancamentoId: 1 });
  });

  it('numbers each entry and chains it from what the move returned: concurrent posts chain with no read before them', async () => {
    const ledger = memoryLedger('5.00');

    const posted = await Promise.all(Array.from({ length: 20 }, () => postEntry(ledger.repo, debit('0.25'), instant)));

    expect(posted.map((e) => e.id).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const chain = [...ledger.entries].sort((x, y) => x.id - y.id);
    chain.forEach((e, i) => {
      expect(e.saldoAnterior).toBe(i === 0 ? '5.00' : chain[i - 1]!.saldoPosterior);
      expect(e.saldoPosterior).toBe(subtractAmounts(e.saldoAnterior, e.valor));
    });
    expect(ledger.state()).toEqual({ saldo: '0.00', ultimoLancamentoId: 20 });
    await expect(postEntry(ledger.repo, debit('0.01'), instant)).rejects.toMatchObject({ kind: 'insufficient_balance' });
  });

  it('writes the entry again after a lost race on an extra item, the move made once', async () => {
    const ledger = memoryLedger('5.00', { races: 2 });

    const entry = await postEntry(ledger.repo, credit('0.50'), { ...instant, extras: () => [] });

    expect(ledger.recordCalls()).toBe(3);
    expect(ledger.moves).toHaveLength(1);
    expect(ledger.entries).toEqual([entry]);
    expect(entry).toMatchObject({ id: 1, saldoAnterior: '5.00', saldoPosterior: '5.50' });
  });

  it('measures its budget for the entry on the clock it is given, then leaves the move to the reconciler with a conflict', async () => {
    // Prepare: every entry write loses its race; each wait moves the pinned clock 1 s on (no real wait).
    const ledger = memoryLedger('5.00', { races: 1000 });
    let at = Date.parse('2026-01-02T06:04:05Z');
    const clock = { now: () => new Date(at), sleep: async () => void (at += 1_000) };

    // Act: a 3 s budget.
    const attempt = postEntry(ledger.repo, credit('0.50'), { ...clock, budgetMs: 3_000 });

    // Assess: writes at 0, 1, 2 and 3 s; none after the deadline. The move stays, its details on the stream.
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict' });
    expect(ledger.recordCalls()).toBe(4);
    expect(ledger.entries).toEqual([]);
    expect(ledger.state()).toEqual({ saldo: '5.50', ultimoLancamentoId: 1 });
  });

  it('keeps the entry of a move whose extras were refused, gives the debit back, and throws the refusal', async () => {
    // Prepare: the send's message (an extra) is refused by its own condition.
    const ledger = memoryLedger('1.00', { refuseExtras: 'message-refused' });

    // Act
    const attempt = postEntry(ledger.repo, debit('0.10'), { ...instant, extras: () => [{ write: 'message' as never }] });

    // Assess: the debit and its reversal chain, with the debit's refund marker; the balance is whole again.
    await expect(attempt).rejects.toBe('message-refused');
    expect(ledger.entries.map((e) => [e.id, e.tipo, e.referenciaTipo, e.referenciaId, e.saldoPosterior])).toEqual([
      [1, 'DEBIT', 'MENSAGEM_ENVIADA', null, '0.90'],
      [2, 'CREDIT', 'ESTORNO_FALHA_ENVIO', 1, '1.00'],
    ]);
    expect(ledger.writes).toEqual([[], ['marker 1']]);
    expect(ledger.state()).toEqual({ saldo: '1.00', ultimoLancamentoId: 2 });
  });

  it('stops when the reconciler wrote its entry first (it took the move for an orphan and settles it)', async () => {
    const ledger = memoryLedger('1.00', { taken: true });

    await expect(postEntry(ledger.repo, debit('0.10'), instant)).rejects.toBe(moveTakenOver);
  });

  it('refuses a debit the balance cannot cover, with the balance, and writes nothing', async () => {
    const ledger = memoryLedger('0.30');

    const attempt = postEntry(ledger.repo, { ...credit('0.31'), tipo: 'DEBIT', referenciaTipo: 'MENSAGEM_ENVIADA' }, instant);

    await expect(attempt).rejects.toEqual(new DomainError('insufficient_balance', 'Insufficient balance', { saldo: '0.30' }));
    expect(ledger.moves).toEqual([]);
    expect(ledger.entries).toEqual([]);
  });

  it('debits down to exactly zero', async () => {
    const ledger = memoryLedger('0.30');

    const entry = await postEntry(ledger.repo, { ...credit('0.30'), tipo: 'DEBIT', referenciaTipo: 'MENSAGEM_ENVIADA' }, instant);

    expect(entry).toMatchObject({ tipo: 'DEBIT', saldoAnterior: '0.30', saldoPosterior: '0.00' });
  });

  it('refuses a zero amount and an application without a balance', async () => {
    await expect(postEntry(memoryLedger('1.00').repo, credit('0.00'), instant)).rejects.toMatchObject({ kind: 'validation' });
    await expect(postEntry(memoryLedger(undefined).repo, credit('1.00'), instant)).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('the reconciler on a move whose function died before its entry', () => {
  const orphanDebit = (id: number): StatementEntry => ({
    id,
    tipo: 'DEBIT',
    valor: '0.10',
    saldoAnterior: '1.00',
    saldoPosterior: '0.90',
    descricao: 'Mensagem',
    referenciaTipo: 'MENSAGEM_ENVIADA',
    referenciaId: 42,
    tarifaCobrada: '0.10',
    custoProviderAUsd: null,
    custoProviderABrl: null,
    custoProviderBUsd: null,
    custoProviderBBrl: null,
    cotacaoUsdBrl: null,
    tipoConversa: null,
    criadoEm: '2026-01-02T03:04:05',
  });

  it('writes the entry as an orphan and gives a send back once, however often it runs', async () => {
    // Prepare: the debit moved (balance 0.90, entry 1), and its function died.
    const ledger = memoryLedger('1.00');
    await ledger.repo.move(1, { ...orphanDebit(1), seOrfao: 'ESTORNAR' });
    const move = { aplicacaoId: 1, entry: orphanDebit(1), seOrfao: 'ESTORNAR' as const };
    const follower = { writtenAsOrphan: async (_: number, id: number) => ledger.orphans.has(id) };

    // Act: twice, as a run that died after its work would be repeated.
    const first = await settleOrphanMove(ledger.repo, follower, move, instant);
    const second = await settleOrphanMove(ledger.repo, follower, move, instant);

    // Assess
    expect([first, second]).toEqual([true, true]);
    expect(ledger.entries.map((e) => [e.id, e.tipo, e.referenciaTipo, e.referenciaId, e.saldoPosterior])).toEqual([
      [1, 'DEBIT', 'MENSAGEM_ENVIADA', 42, '0.90'],
      [2, 'CREDIT', 'ESTORNO_FALHA_ENVIO', 1, '1.00'],
    ]);
    expect(ledger.state()).toEqual({ saldo: '1.00', ultimoLancamentoId: 2 });
  });

  it('takes back once an orphan credit whose policy is ESTORNAR (an invoice paid but never marked PAGA)', async () => {
    // Prepare: a plan invoice's credit moved (1.00 -> 500.00, entry 1), and its function died before marking the invoice.
    const ledger = memoryLedger('1.00');
    const credited: StatementEntry = {
      ...orphanDebit(1),
      tipo: 'CREDIT',
      valor: '499.00',
      saldoPosterior: '500.00',
      referenciaTipo: 'FATURA_PLANO',
      referenciaId: 7,
      tarifaCobrada: null,
    };
    await ledger.repo.move(1, { ...credited, seOrfao: 'ESTORNAR' });
    const move = { aplicacaoId: 1, entry: credited, seOrfao: 'ESTORNAR' as const };
    const follower = { writtenAsOrphan: async (_: number, id: number) => ledger.orphans.has(id) };

    // Act: twice, as a rerun would.
    await settleOrphanMove(ledger.repo, follower, move, instant);
    await settleOrphanMove(ledger.repo, follower, move, instant);

    // Assess: the credit and its one undo; the invoice, still open, will be paid (and credited) again.
    expect(ledger.entries.map((e) => [e.id, e.tipo, e.referenciaTipo, e.referenciaId, e.saldoPosterior])).toEqual([
      [1, 'CREDIT', 'FATURA_PLANO', 7, '500.00'],
      [2, 'DEBIT', 'CREDITO_ANULADO', 1, '1.00'],
    ]);
    expect(ledger.state()).toEqual({ saldo: '1.00', ultimoLancamentoId: 2 });
  });

  it('leaves alone a move whose own function wrote its entry', async () => {
    const ledger = memoryLedger('1.00', { taken: true });
    const follower = { writtenAsOrphan: async () => false };

    const settled = await settleOrphanMove(ledger.repo, follower, { aplicacaoId: 1, entry: orphanDebit(1), seOrfao: 'ESTORNAR' }, instant);

    expect(settled).toBe(false);
    expect(ledger.moves).toEqual([]);
  });
});

describe("a message debit's description", () => {
  it('names the number masked as the portals show it, for new entries and for those written before', () => {
    expect(messageDebitDescription('+5511987654321')).toBe('Mensagem enviada para +55 11 *****-4321');
    // An entry written with the number in full is shown masked; any other description as it is.
    expect(shownDescription('Mensagem enviada para +5511987654321')).toBe('Mensagem enviada para +55 11 *****-4321');
    expect(shownDescription('Mensagem enviada para +14155552671')).toBe('Mensagem enviada para ********2671');
    expect(shownDescription('Estorno do lançamento 12: cliente +5511987654321')).toBe('Estorno do lançamento 12: cliente +5511987654321');
  });
});
