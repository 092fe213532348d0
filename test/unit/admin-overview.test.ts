// The console's Início and the statement's CSV, on a given clock: which days "today", "this month" and the
// 30-day chart are (America/Sao_Paulo, not UTC), what spend is, when the balance is low, and how a CSV cell
// is written.
import { describe, expect, it } from 'vitest';
import type { Application } from '#shared/domain/applications/records';
import type { StatementDay, StatementEntry } from '#shared/domain/ledger';
import type { Tariff } from '#shared/domain/tariffs';
import { overview, type OverviewDeps } from '#shared/operations/overview';
import { csvCell, statementCsv } from '#shared/operations/statement';

const day = (dia: string, debitos: string, estornos = '0.00', creditos = '0.00'): StatementDay => ({
  dia,
  primeiroLancamentoId: 1,
  ultimoLancamentoId: 1,
  debitos,
  estornos,
  creditos,
  contagens: {},
});

const messageTariff: Tariff = {
  id: 1,
  categoria: 'MENSAGENS',
  subtipo: 'ENVIADA',
  subtipoDescricao: 'Mensagem enviada',
  valor: '0.10',
  unidade: 'MENSAGEM',
  unidadeDescricao: 'por mensagem',
  moeda: 'BRL',
  descricao: 'Mensagem',
  ativo: true,
  aplicacaoId: null,
  vigenciaInicio: null,
  vigenciaFim: null,
  criadoEm: '2025-01-01T00:00:00.000Z',
  atualizadoEm: '2025-01-01T00:00:00.000Z',
};

function deps(saldo: string, days: StatementDay[], messageDays: Record<string, Record<string, number>> = {}, tariffs = [messageTariff]) {
  const asked: { statement?: [string, string]; messages?: [string, string] } = {};
  const d: OverviewDeps = {
    getApplication: async () => ({ id: 7, provider: 'provider_a', numerosWhatsapp: ['+5511999990000'] }) as unknown as Application,
    statements: {
      getSaldo: async () => saldo,
      statementDays: async (_id, de, ate) => {
        asked.statement = [de, ate];
        return days.filter((x) => x.dia >= de && x.dia <= ate);
      },
    },
    messageDays: async (_id, de, ate) => {
      asked.messages = [de, ate];
      return new Map(Object.entries(messageDays).filter(([dia]) => dia >= de && dia <= ate));
    },
    tariffs: async () => tariffs,
  };
  return { d, asked };
}

describe('overview (GET /api/admin/resumo)', () => {
  it('takes today in São Paulo, not UTC: 01:30 UTC on 1 March is still 28 February there', async () => {
    // Prepare: entries on 28 Feb and 1 Feb (this month, there) and on 31 Jan (last month).
    const { d, asked } = deps('50.00', [day('2026-01-31', '9.00'), day('2026-02-01', '1.00'), day('2026-02-28', '0.30', '0.10')], {
      '2026-02-28': { n_READ_LEMBRETE: 2, n_FAILED_SEM: 1, n_SENT_SEM: 1 },
      '2026-01-30': { n_READ_SEM: 5 },
    });

    // Act
    const result = await overview(d, 7, new Date('2026-03-01T01:30:00Z'));

    // Assess
    expect(result.data).toBe('2026-02-28');
    expect(result.gastoHoje).toBe('0.20');
    expect(result.gastoMes).toBe('1.20');
    expect(result.mensagensHoje).toEqual({ QUEUED: 0, SENT: 1, DELIVERED: 0, READ: 2, FAILED: 1, UNDELIVERED: 0, total: 4 });
    expect(result.dias).toHaveLength(30);
    expect(result.dias[0]!.data).toBe('2026-01-30');
    expect(result.dias[0]!.mensagens.READ).toBe(5);
    expect(result.dias[1]).toMatchObject({ data: '2026-01-31', gasto: '9.00' });
    expect(result.dias.at(-1)).toMatchObject({ data: '2026-02-28', gasto: '0.20' });
    // One read of each: the statement from the earlier of the month's start and the chart's first day.
    expect(asked).toEqual({ statement: ['2026-01-30', '2026-02-28'], messages: ['2026-01-30', '2026-02-28'] });
    expect(result).toMatchObject({ provider: 'provider_a', numerosWhatsapp: ['+5511999990000'], saldo: '50.00' });
  });

  it('counts a refund of an earlier debit against the day of the refund (spend may be negative)', async () => {
    const { d } = deps('10.00', [day('2026-05-10', '0.00', '0.50', '100.00')]);

    const result = await overview(d, 7, new Date('2026-05-10T15:00:00Z'));

    expect(result.gastoHoje).toBe('-0.50');
    expect(result.gastoMes).toBe('-0.50');
  });

  it('flags the balance low below the cost of 100 messages at the tariff in force, and never without a tariff', async () => {
    const at = new Date('2026-05-10T15:00:00Z');
    const below = await overview(deps('9.99', []).d, 7, at);
    const exactly = await overview(deps('10.00', []).d, 7, at);
    const noTariff = await overview(deps('0.00', [], {}, []).d, 7, at);

    expect(below).toMatchObject({ tarifaMensagem: '0.10', limiteSaldoBaixo: '10.00', saldoBaixo: true });
    expect(exactly.saldoBaixo).toBe(false);
    expect(noTariff).toMatchObject({ tarifaMensagem: null, limiteSaldoBaixo: '0.00', saldoBaixo: false });
  });
});

describe('the statement as CSV', () => {
  it('defuses formulas as OWASP advises, keeps numbers, and quotes as RFC 4180 says', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+55 11')).toBe("'+55 11");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-0.10')).toBe('-0.10');
    expect(csvCell('12')).toBe('12');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
  });

  it('writes a header and one row per entry, a debit’s valor negative', () => {
    const entry = (id: number, tipo: 'CREDIT' | 'DEBIT', valor: string, anterior: string, posterior: string): StatementEntry => ({
      id,
      tipo,
      valor,
      saldoAnterior: anterior,
      saldoPosterior: posterior,
      descricao: tipo === 'DEBIT' ? 'Mensagem enviada para +55 11 *****-0001' : 'Crédito',
      referenciaTipo: tipo === 'DEBIT' ? 'MENSAGEM_ENVIADA' : 'CREDITO',
      referenciaId: tipo === 'DEBIT' ? 99 : null,
      tarifaCobrada: null,
      custoProviderAUsd: null,
      custoProviderABrl: null,
      custoProviderBUsd: null,
      custoProviderBBrl: null,
      cotacaoUsdBrl: null,
      tipoConversa: null,
      criadoEm: '2026-05-10T12:00:00',
    });

    const text = statementCsv([entry(1, 'CREDIT', '5.00', '0.00', '5.00'), entry(2, 'DEBIT', '0.10', '5.00', '4.90')]);

    expect(text).toBe(
      'id,criadoEm,tipo,referenciaTipo,referenciaId,descricao,valor,saldoAnterior,saldoPosterior\r\n' +
        '1,2026-05-10T12:00:00,CREDIT,CREDITO,,Crédito,5.00,0.00,5.00\r\n' +
        '2,2026-05-10T12:00:00,DEBIT,MENSAGEM_ENVIADA,99,Mensagem enviada para +55 11 *****-0001,-0.10,5.00,4.90\r\n',
    );
  });
});
