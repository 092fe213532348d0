// The admin console's Início (GET /api/admin/resumo): balance, spend today and this month, messages by
// status today and on each of the last 30 days, the low-balance warning, the provider and its numbers.
// Every figure comes from counters written with the data (docs/data-model.md: 4c for the statement's days,
// 17e for the messages' send days), so the answer costs the same for a tenant of any age: a BatchGet-free
// handful of requests (application, balance, tariffs, the days of the statement, the days of the messages).
import type { Application } from '#shared/domain/applications/records';
import { notFound } from '#shared/domain/errors';
import type { StatementDay, StatementRepository } from '#shared/domain/ledger';
import { counterStatus, sendStatuses, type SendStatus } from '#shared/domain/messages/records';
import { fromCents, toCents } from '#shared/domain/money';
import { MESSAGE_TARIFF, tariffFor, today, type Tariff } from '#shared/domain/tariffs';
import { addDays, localDate, serviceTimeZone } from '#shared/domain/time';

/** Days of the message chart, today included. */
export const OVERVIEW_DAYS = 30;

/** The balance is low below the cost of this many messages at the application's message tariff in force. */
export const LOW_BALANCE_MESSAGES = 100;

export interface OverviewDeps {
  getApplication(aplicacaoId: number): Promise<Application | undefined>;
  statements: Pick<StatementRepository, 'getSaldo' | 'statementDays'>;
  /** Message counters per send day (17e) from `de` to `ate`, the shards summed. */
  messageDays(aplicacaoId: number, de: string, ate: string): Promise<Map<string, Record<string, number>>>;
  tariffs(): Promise<Tariff[]>;
}

/** Messages sent, by the spec's statuses: a scheduled message counts once it is sent, a canceled one never. */
export type StatusCounts = Record<SendStatus, number> & { total: number };

const noCounts = (): StatusCounts =>
  Object.assign(Object.fromEntries(sendStatuses.map((s) => [s, 0])) as Record<SendStatus, number>, { total: 0 });

const isSendStatus = (status: string): status is SendStatus => (sendStatuses as readonly string[]).includes(status);

/** A day's counters (`n_<STATUS>_<CONTEXTO>`) as counts per status (SCHEDULED and CANCELED left out). */
export function statusCounts(counters: Record<string, number> | undefined): StatusCounts {
  const counts = noCounts();
  for (const [name, n] of Object.entries(counters ?? {})) {
    const status = counterStatus(name);
    if (!isSendStatus(status)) continue;
    counts[status] += n;
    counts.total += n;
  }
  return counts;
}

/** What a day cost: its debits minus its refunds, in cents (a refund of an earlier day's debit can make it negative). */
const spent = (day: StatementDay | undefined): bigint => (day ? toCents(day.debitos) - toCents(day.estornos) : 0n);

export async function overview(deps: OverviewDeps, aplicacaoId: number, now: Date) {
  const hoje = localDate(now);
  const firstChartDay = addDays(hoje, -(OVERVIEW_DAYS - 1));
  const monthStart = `${hoje.slice(0, 8)}01`;
  const firstDay = monthStart < firstChartDay ? monthStart : firstChartDay;
  const [application, saldo, statementDays, messageDays, tariffs] = await Promise.all([
    deps.getApplication(aplicacaoId),
    deps.statements.getSaldo(aplicacaoId),
    deps.statements.statementDays(aplicacaoId, firstDay, hoje),
    deps.messageDays(aplicacaoId, firstChartDay, hoje),
    deps.tariffs(),
  ]);
  if (!application || saldo === undefined) throw notFound('application');
  const byDay = new Map(statementDays.map((d) => [d.dia, d]));
  const gastoMes = statementDays.filter((d) => d.dia >= monthStart).reduce((sum, d) => sum + spent(d), 0n);
  const tarifa = tariffFor(tariffs, aplicacaoId, MESSAGE_TARIFF.categoria, MESSAGE_TARIFF.subtipo, today(now))?.valor ?? null;
  const limite = tarifa === null ? 0n : toCents(tarifa) * BigInt(LOW_BALANCE_MESSAGES);
  const dias = Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
    const data = addDays(firstChartDay, i);
    return { data, mensagens: statusCounts(messageDays.get(data)), gasto: fromCents(spent(byDay.get(data))) };
  });
  return {
    data: hoje,
    fusoHorario: serviceTimeZone,
    saldo,
    moeda: 'BRL' as const,
    gastoHoje: fromCents(spent(byDay.get(hoje))),
    gastoMes: fromCents(gastoMes),
    tarifaMensagem: tarifa,
    limiteSaldoBaixo: fromCents(limite),
    saldoBaixo: toCents(saldo) < limite,
    mensagensHoje: statusCounts(messageDays.get(hoje)),
    dias,
    provider: application.provider,
    numerosWhatsapp: application.numerosWhatsapp ?? [],
  };
}
