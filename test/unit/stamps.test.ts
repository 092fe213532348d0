// The stamping worker's rules (shared/operations/stamps.ts, docs/stamps.md) with an in-memory ledger and stamp store:
// a token kept with one CARIMBO_TEMPO debit at the application's tariff (exact decimals), a TSA that fails leaves the
// stamp pending with nothing written, a stamp kept since is neither asked for nor charged again, a 0.00 tariff keeps the
// token without an entry, a balance that does not cover it leaves it pending; and the bytes an event is stamped over.
import { describe, expect, it } from 'vitest';
import { eventBytes, newStamp, stampEvidence, type Stamp, type StampRepository } from '#shared/domain/stamps';
import type { Tariff } from '#shared/domain/tariffs';
import { stampAll, stampOne } from '#shared/operations/stamps';
import { memoryLedger, prepared } from '../support/memory-ledger.ts';

const AT = '2026-11-29T10:00:00.000Z';
const now = () => new Date(AT);

const tariff = (valor: string, aplicacaoId: number | null = null): Tariff => ({
  id: 5,
  categoria: 'CARIMBO_TEMPO',
  subtipo: 'RFC3161',
  subtipoDescricao: 'RFC 3161',
  valor,
  unidade: 'POR_CARIMBO',
  unidadeDescricao: 'Por carimbo',
  moeda: 'BRL',
  descricao: 'Carimbo do tempo RFC 3161',
  ativo: true,
  aplicacaoId,
  vigenciaInicio: null,
  vigenciaFim: null,
  criadoEm: AT,
  atualizadoEm: AT,
});

function memoryStamps(initial: Stamp[]) {
  const stored = new Map(initial.map((s) => [s.id, { ...s }]));
  const committed: string[] = [];
  const repo: StampRepository = {
    write: (stamp) => ({ write: prepared(`stamp ${stamp.id}`) }),
    get: async (id) => stored.get(id),
    getMany: async (ids) => ids.flatMap((id) => (stored.has(id) ? [stored.get(id)!] : [])),
    pending: async () => [...stored.values()].filter((s) => s.status === 'PENDENTE'),
    // The memory ledger records the write; the stamp is kept when its entry is.
    stampedWrite: (stamp) => {
      stored.set(stamp.id, stamp);
      committed.push(stamp.id);
      return { write: prepared(`stamped ${stamp.id}`), refusal: 'already stamped' };
    },
    markStamped: async (stamp) => {
      if (stored.get(stamp.id)?.status !== 'PENDENTE') return false;
      stored.set(stamp.id, stamp);
      committed.push(stamp.id);
      return true;
    },
  };
  return { repo, stored, committed };
}

const pending = (id = 'c0ffee00-0000-4000-8000-000000000001') =>
  newStamp({ id, aplicacaoId: 7, origem: 'CONSENTIMENTO', referencia: '3/CAMERA/1', bytes: eventBytes({ evento: 'X', a: 1 }), at: AT });

const tsa = (answer: () => Promise<Uint8Array>) => {
  const asked: Uint8Array[] = [];
  return { asked, port: { stamp: async (data: Uint8Array) => (asked.push(data), answer()) } };
};

describe('stampOne', () => {
  it('keeps the token with one CARIMBO_TEMPO debit at the application’s own tariff, exact to the cent', async () => {
    const ledger = memoryLedger('1.00');
    const stamps = memoryStamps([pending()]);
    const authority = tsa(async () => new Uint8Array([1, 2, 3]));
    const tariffs = { listAll: async () => [tariff('0.02'), tariff('0.03', 7)] };

    const outcome = await stampOne({ stamps: stamps.repo, tsa: authority.port, ledger: ledger.repo, tariffs, now }, pending());

    expect(outcome).toBe('CARIMBADO');
    expect(Buffer.from(authority.asked[0]!).toString()).toBe('{"evento":"X","a":1}');
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({ tipo: 'DEBIT', valor: '0.03', tarifaCobrada: '0.03', referenciaTipo: 'CARIMBO_TEMPO' });
    expect(ledger.state()).toEqual({ saldo: '0.97', ultimoLancamentoId: 1 });
    expect(ledger.writes[0]).toEqual([`stamped ${pending().id}`]);
    expect(stamps.stored.get(pending().id)).toMatchObject({ status: 'CARIMBADO', token: 'AQID', lancamentoId: 1, carimbadoEm: AT });
  });

  it('leaves the stamp PENDENTE with nothing written when the TSA fails', async () => {
    const ledger = memoryLedger('1.00');
    const stamps = memoryStamps([pending()]);
    const authority = tsa(async () => {
      throw new Error('the TSA answered 503');
    });

    const outcome = await stampOne(
      { stamps: stamps.repo, tsa: authority.port, ledger: ledger.repo, tariffs: { listAll: async () => [tariff('0.02')] }, now },
      pending(),
    );

    expect(outcome).toBe('FALHOU');
    expect(ledger.moves).toEqual([]);
    expect(stamps.stored.get(pending().id)!.status).toBe('PENDENTE');
  });

  it('neither asks nor charges for a stamp kept since it was read', async () => {
    const ledger = memoryLedger('1.00');
    const stamps = memoryStamps([{ ...pending(), status: 'CARIMBADO', token: 'AQID', lancamentoId: 1, carimbadoEm: AT }]);
    const authority = tsa(async () => new Uint8Array([1]));

    const outcome = await stampOne(
      { stamps: stamps.repo, tsa: authority.port, ledger: ledger.repo, tariffs: { listAll: async () => [tariff('0.02')] }, now },
      pending(),
    );

    expect(outcome).toBe('JA_CARIMBADO');
    expect(authority.asked).toEqual([]);
    expect(ledger.moves).toEqual([]);
  });

  it('keeps the token without an entry at a 0.00 tariff, and leaves it pending when the balance does not cover it', async () => {
    const free = memoryLedger('0.00');
    const freeStamps = memoryStamps([pending()]);
    const deps = { tsa: tsa(async () => new Uint8Array([9])).port, now };
    const freeOutcome = await stampOne(
      { ...deps, stamps: freeStamps.repo, ledger: free.repo, tariffs: { listAll: async () => [tariff('0.00')] } },
      pending(),
    );
    const poor = memoryLedger('0.01');
    const poorStamps = memoryStamps([pending()]);
    const poorOutcome = await stampOne(
      { ...deps, stamps: poorStamps.repo, ledger: poor.repo, tariffs: { listAll: async () => [tariff('0.02')] } },
      pending(),
    );

    expect(freeOutcome).toBe('CARIMBADO');
    expect(free.entries).toEqual([]);
    expect(freeStamps.stored.get(pending().id)).toMatchObject({ status: 'CARIMBADO', lancamentoId: null });
    expect(poorOutcome).toBe('NAO_COBRADO');
    expect(poor.state()).toEqual({ saldo: '0.01', ultimoLancamentoId: 0 });
    expect(poorStamps.committed).toEqual([]);
  });
});

describe('stampAll', () => {
  it('asks the TSA no more once it gave no token: one timeout per run, the rest left pending', async () => {
    const ids = ['a', 'b', 'c'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);
    const stamps = memoryStamps(ids.map((id) => pending(id)));
    const authority = tsa(async () => {
      throw new Error('timeout');
    });

    const counts = await stampAll(
      { stamps: stamps.repo, tsa: authority.port, ledger: memoryLedger('1.00').repo, tariffs: { listAll: async () => [] }, now },
      ids.map((id) => pending(id)),
    );

    expect(authority.asked).toHaveLength(1);
    expect(counts).toEqual({ CARIMBADO: 0, JA_CARIMBADO: 0, FALHOU: 3, NAO_COBRADO: 0 });
  });
});

describe('a stamp’s evidence', () => {
  it('is the bytes and the token once stamped, null while pending', () => {
    expect(stampEvidence(pending())).toBeNull();
    expect(stampEvidence(undefined)).toBeNull();
    expect(stampEvidence({ ...pending(), status: 'CARIMBADO', token: 'AQID' })).toEqual({ dados: pending().dados, token: 'AQID' });
  });
});
