// The execution-log rules: the batch is checked whole (fields named `execucoes[i].field`), instants are
// kept as UTC, the TTL is 90 days after receipt, and a batch is stored with one id per log.
import { describe, expect, it } from 'vitest';
import { DomainError } from '#shared/domain/errors';
import {
  expiresAtOf,
  parseExecutionBatch,
  recordExecutions,
  type ExecutionLog,
  type ExecutionLogRepository,
} from '#shared/domain/execution-logs';

const execucao = (over: Record<string, unknown> = {}) => ({
  queryId: 1,
  query: 'Pacientes',
  inicio: '2025-01-01T10:00:00Z',
  fim: '2025-01-01T10:00:01Z',
  linhasLidas: 3,
  status: 'SUCESSO',
  erro: null,
  ...over,
});

function fieldOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.details.field;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('execution-log batch', () => {
  it('parses a batch, with instants as UTC and defaults', () => {
    const { queryId: _q, erro: _e, ...bare } = execucao({ inicio: '2025-01-01T07:00:00-03:00', fim: '2025-01-01T07:00:00.250-03:00' });
    expect(parseExecutionBatch({ integracaoId: 9, execucoes: [bare] })).toEqual({
      integracaoId: 9,
      execucoes: [{ ...bare, queryId: null, erro: null, inicio: '2025-01-01T10:00:00.000Z', fim: '2025-01-01T10:00:00.250Z' }],
    });
  });

  it('names the first offending field', () => {
    const batch = (e: unknown) => ({ integracaoId: 9, execucoes: [execucao(), e] });
    expect(fieldOf(() => parseExecutionBatch(null))).toBe('body');
    expect(fieldOf(() => parseExecutionBatch({ execucoes: [execucao()] }))).toBe('integracaoId');
    expect(fieldOf(() => parseExecutionBatch({ integracaoId: 9, execucoes: [] }))).toBe('execucoes');
    expect(fieldOf(() => parseExecutionBatch({ integracaoId: 9, execucoes: Array.from({ length: 101 }, () => execucao()) }))).toBe(
      'execucoes',
    );
    expect(fieldOf(() => parseExecutionBatch(batch(execucao({ fim: '2025-01-01T09:59:59.999Z' }))))).toBe('execucoes[1].fim');
    expect(fieldOf(() => parseExecutionBatch(batch(execucao({ status: 'ERRO' }))))).toBe('execucoes[1].erro');
    expect(fieldOf(() => parseExecutionBatch(batch(execucao({ erro: 'x'.repeat(4001) }))))).toBe('execucoes[1].erro');
    expect(fieldOf(() => parseExecutionBatch(batch(execucao({ linhasLidas: -1 }))))).toBe('execucoes[1].linhasLidas');
    expect(fieldOf(() => parseExecutionBatch(batch(execucao({ status: 'ok' }))))).toBe('execucoes[1].status');
    expect(fieldOf(() => parseExecutionBatch(batch(execucao({ inicio: 'ontem' }))))).toBe('execucoes[1].inicio');
    expect(fieldOf(() => parseExecutionBatch(batch(execucao({ query: ' ' }))))).toBe('execucoes[1].query');
  });

  it('accepts fim equal to inicio, ERRO with its text, and PARCIAL without one', () => {
    const parsed = parseExecutionBatch({
      integracaoId: 9,
      execucoes: [
        execucao({ fim: '2025-01-01T10:00:00Z' }),
        execucao({ status: 'ERRO', erro: 'timeout' }),
        execucao({ status: 'PARCIAL' }),
      ],
    });
    expect(parsed.execucoes.map((e) => e.status)).toEqual(['SUCESSO', 'ERRO', 'PARCIAL']);
  });

  it('expires 90 days after receipt, in epoch seconds', () => {
    expect(expiresAtOf(new Date('2025-01-01T00:00:00.900Z'))).toBe(Date.UTC(2025, 3, 1) / 1000);
  });

  it('stores the batch with one id per log and the same receipt instant', async () => {
    const stored: ExecutionLog[] = [];
    let ids = 0;
    const repo: ExecutionLogRepository = {
      newId: async () => ++ids,
      append: async (_a, logs) => void stored.push(...logs),
      page: async () => ({ content: [], proximoCursor: null }),
    };
    const input = parseExecutionBatch({ integracaoId: 9, execucoes: [execucao(), execucao({ query: 'Agenda' })] });
    expect(await recordExecutions(repo, 1, input, new Date('2025-02-01T12:00:00Z'))).toBe(2);
    expect(stored.map((l) => [l.id, l.query, l.integracaoId, l.recebidoEm])).toEqual([
      [1, 'Pacientes', 9, '2025-02-01T12:00:00.000Z'],
      [2, 'Agenda', 9, '2025-02-01T12:00:00.000Z'],
    ]);
  });
});
