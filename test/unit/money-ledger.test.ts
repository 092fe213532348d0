// Exact money (shared/domain/money.ts) and the ledger's one operation (shared/domain/ledger.ts)
// against an in-memory repository that can lose races on demand.
import { describe, expect, it } from 'vitest';
import { DomainError } from '#shared/domain/errors';
import {
  messageDebitDescription,
  postEntry,
  shownDescription,
  type LedgerRepository,
  type LedgerState,
  type StatementEntry,
} from '#shared/domain/ledger';
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

/** A ledger in memory; `competitors` commits that many foreign credits of 1.00 just before our next commits. */
function memoryLedger(saldo: string | undefined, competitors = 0) {
  let state: LedgerState | undefined = saldo === undefined ? undefined : { saldo, ultimoLancamentoId: 0 };
  const entries: StatementEntry[] = [];
  let pendingCompetitors = competitors;
  let commits = 0;
  const repo: LedgerRepository = {
    async readBalance() {
      return state && { ...state };
    },
    async commit(_, before, entry) {
      commits++;
      if (pendingCompetitors > 0) {
        pendingCompetitors--;
        const current = state!;
        const foreign = {
          ...entry,
          id: current.ultimoLancamentoId + 1,
          valor: '1.00',
          saldoAnterior: current.saldo,
          saldoPosterior: addAmounts(current.saldo, '1.00'),
        };
        entries.push(foreign);
        state = { saldo: foreign.saldoPosterior, ultimoLancamentoId: foreign.id };
      }
      if (state!.saldo !== before.saldo || state!.ultimoLancamentoId !== before.ultimoLancamentoId) return false;
      entries.push(entry);
      state = { saldo: entry.saldoPosterior, ultimoLancamentoId: entry.id };
      return true;
    },
  };
  return { repo, entries, state: () => state, commits: () => commits };
}

const instant = { sleep: async () => undefined, now: () => new Date('2026-01-02T06:04:05Z') }; // 03:04:05 in São Paulo
const credit = (valor: string) => ({ aplicacaoId: 1, tipo: 'CREDIT' as const, valor, descricao: 'Crédito', referenciaTipo: 'CREDITO' });

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

  it('re-reads after a lost race, so the entry chains onto the one that won', async () => {
    const ledger = memoryLedger('5.00', 2);

    const entry = await postEntry(ledger.repo, credit('0.50'), instant);

    expect(ledger.commits()).toBe(3);
    expect(entry).toMatchObject({ id: 3, saldoAnterior: '7.00', saldoPosterior: '7.50' });
    expect(ledger.entries.map((e) => [e.id, e.saldoAnterior, e.saldoPosterior])).toEqual([
      [1, '5.00', '6.00'],
      [2, '6.00', '7.00'],
      [3, '7.00', '7.50'],
    ]);
  });

  it('gives up with a conflict after its attempts, having written nothing of its own', async () => {
    const ledger = memoryLedger('5.00', 10);

    const attempt = postEntry(ledger.repo, credit('0.50'), { ...instant, maxAttempts: 3 });

    await expect(attempt).rejects.toMatchObject({ kind: 'conflict' });
    expect(ledger.entries.every((e) => e.valor === '1.00')).toBe(true);
  });

  it('measures its retry budget on the clock it is given: past the deadline it stops retrying, however little real time went by', async () => {
    // Prepare: a race lost at every commit; each wait before a retry moves the pinned clock 4 s on (no real wait).
    const ledger = memoryLedger('5.00', 1000);
    let at = Date.parse('2026-01-02T06:04:05Z');
    const clock = { now: () => new Date(at), sleep: async () => void (at += 4_000) };

    // Act: a 10 s budget, no attempt limit.
    const attempt = postEntry(ledger.repo, credit('0.50'), { ...clock, budgetMs: 10_000 });

    // Assess: commits at 0, 4 and 8 s retried; the one at 12 s is past the deadline (with Date.now() it retried until the races ended).
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict' });
    expect(ledger.commits()).toBe(4);
    expect(ledger.entries.every((e) => e.valor === '1.00')).toBe(true);
  });

  it('refuses a debit the balance cannot cover, with the balance, and writes nothing', async () => {
    const ledger = memoryLedger('0.30');

    const attempt = postEntry(ledger.repo, { ...credit('0.31'), tipo: 'DEBIT', referenciaTipo: 'MENSAGEM_ENVIADA' }, instant);

    await expect(attempt).rejects.toEqual(new DomainError('insufficient_balance', 'Insufficient balance', { saldo: '0.30' }));
    expect(ledger.commits()).toBe(0);
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

describe("a message debit's description", () => {
  it('names the number masked as the portals show it, for new entries and for those written before', () => {
    expect(messageDebitDescription('+5511987654321')).toBe('Mensagem enviada para +55 11 *****-4321');
    // An entry written with the number in full is shown masked; any other description as it is.
    expect(shownDescription('Mensagem enviada para +5511987654321')).toBe('Mensagem enviada para +55 11 *****-4321');
    expect(shownDescription('Mensagem enviada para +14155552671')).toBe('Mensagem enviada para ********2671');
    expect(shownDescription('Estorno do lançamento 12: cliente +5511987654321')).toBe('Estorno do lançamento 12: cliente +5511987654321');
  });
});
