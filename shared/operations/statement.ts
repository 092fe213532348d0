// The admin console's statement (GET /api/admin/extrato and /csv): the entries of a period and of one
// referenciaTipo, found through the statement's days (docs/data-model.md, 4c) so a page costs what the
// page costs, and the same selection as CSV. The running balance after each entry is its saldoPosterior.
import { DomainError } from '#shared/domain/errors';
import type { EntryRange, StatementEntry, StatementRepository } from '#shared/domain/ledger';
import { fromCents, toCents } from '#shared/domain/money';
import type { PageRequest } from '#shared/domain/paging';
import { checkPeriod } from '#shared/domain/validation';

export interface StatementFilter {
  /** First and last day (YYYY-MM-DD, service time zone), both included. */
  de?: string;
  ate?: string;
  referenciaTipo?: string;
}

/** The most entries one CSV export holds; a period with more is 422 (narrow it). About 2 MB, well below Lambda's 6 MB answer. */
export const STATEMENT_CSV_MAX_ENTRIES = 10_000;

const FIRST_DAY = '0000-01-01';
const LAST_DAY = '9999-12-31';

/** The id range and the number of entries the filter selects: from the days (one Query), or the whole statement. */
async function select(
  repo: StatementRepository,
  aplicacaoId: number,
  filter: StatementFilter,
): Promise<{ range: EntryRange; total: number }> {
  checkPeriod(filter);
  const days = await repo.statementDays(aplicacaoId, filter.de ?? FIRST_DAY, filter.ate ?? LAST_DAY);
  if (days.length === 0) return { range: { from: 1, to: 0 }, total: 0 };
  const from = Math.min(...days.map((d) => d.primeiroLancamentoId));
  const to = Math.max(...days.map((d) => d.ultimoLancamentoId));
  const ref = filter.referenciaTipo;
  const total = ref ? days.reduce((n, d) => n + (d.contagens[ref] ?? 0), 0) : to - from + 1;
  return { range: { from, to, ...(ref ? { referenciaTipo: ref } : {}) }, total };
}

/** A page of the filtered statement, newest first, with how many entries the filter selects. */
export async function statementPage(
  repo: StatementRepository,
  aplicacaoId: number,
  filter: StatementFilter,
  paging: PageRequest,
): Promise<{ content: StatementEntry[]; total: number }> {
  // No filter: the balance item's counter is the total (the external statement's read).
  if (!filter.de && !filter.ate && !filter.referenciaTipo) return repo.statementPage(aplicacaoId, paging.page, paging.size);
  const { range, total } = await select(repo, aplicacaoId, filter);
  if (total === 0) return { content: [], total };
  return { content: await repo.rangePage(aplicacaoId, range, paging.page, paging.size, total), total };
}

/** The filtered statement, oldest first (chain order), at most STATEMENT_CSV_MAX_ENTRIES entries. */
export async function statementExport(repo: StatementRepository, aplicacaoId: number, filter: StatementFilter): Promise<StatementEntry[]> {
  const { range, total } = await select(repo, aplicacaoId, filter);
  if (total > STATEMENT_CSV_MAX_ENTRIES) {
    throw new DomainError(
      'unprocessable',
      `The period holds ${total} entries; an export holds at most ${STATEMENT_CSV_MAX_ENTRIES}: narrow de/ate`,
      { total, maximo: STATEMENT_CSV_MAX_ENTRIES },
    );
  }
  return total === 0 ? [] : repo.rangeEntries(aplicacaoId, range);
}

/** The CSV's columns, in order. `valor` is signed (a debit negative), so the column sums to the change in balance. */
export const statementCsvColumns = [
  'id',
  'criadoEm',
  'tipo',
  'referenciaTipo',
  'referenciaId',
  'descricao',
  'valor',
  'saldoAnterior',
  'saldoPosterior',
] as const;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180 quoting), guarded against formula injection as OWASP advises: a cell that starts
 * with =, +, -, @, a tab or a carriage return is prefixed with a single quote, unless it is a plain number
 * (a debit's "-0.10" stays a number).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const signed = (e: StatementEntry): string => (e.tipo === 'DEBIT' ? fromCents(-toCents(e.valor)) : e.valor);

/** The CSV text: a header row, then one row per entry, lines ending CRLF, decimals with a dot. */
export function statementCsv(entries: readonly StatementEntry[]): string {
  const rows = entries.map((e) =>
    [e.id, e.criadoEm, e.tipo, e.referenciaTipo, e.referenciaId, e.descricao, signed(e), e.saldoAnterior, e.saldoPosterior]
      .map(csvCell)
      .join(','),
  );
  return [statementCsvColumns.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}
