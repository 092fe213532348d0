// Scheduled sends (#35): the window a send may be scheduled in, and what a scheduled message that cannot be sent
// at its time records. The use cases are shared/operations/scheduled-sends.ts.
import { DomainError, invalid } from '#shared/domain/errors';
import { instantOfLocal } from '#shared/domain/time';
import { sendTimeoutSeconds } from '#shared/domain/send-budget';

/**
 * How long a scheduler run's claim on a due message holds: its send moves the balance before the message's write,
 * so a second run or a cancel must not start on it meanwhile; a claim older than two sends' time is a dead run's.
 */
export const SEND_CLAIM_MS = 2 * sendTimeoutSeconds * 1000;

/** The earliest a send may be scheduled: a minute after the request. */
export const SCHEDULE_MIN_AHEAD_MS = 60_000;
/** The latest: 35 days after the request. */
export const SCHEDULE_MAX_AHEAD_DAYS = 35;
const SCHEDULE_MAX_AHEAD_MS = SCHEDULE_MAX_AHEAD_DAYS * 24 * 60 * 60_000;

/**
 * The instant `agendarPara` (a local date-time of the service's time zone, without a zone) names, when it is from a
 * minute to 35 days after `now`; otherwise 400 naming the field.
 */
export function scheduledInstant(agendarPara: string, now: Date): Date {
  const due = instantOfLocal(agendarPara);
  if (!due) {
    throw invalid(
      'agendarPara must be a date-time of America/Sao_Paulo without a zone, as YYYY-MM-DDTHH:mm:ss (e.g. 2026-11-28T15:30:00)',
      'agendarPara',
    );
  }
  const ahead = due.getTime() - now.getTime();
  if (ahead < SCHEDULE_MIN_AHEAD_MS) throw invalid('agendarPara must be at least 1 minute from now', 'agendarPara');
  if (ahead > SCHEDULE_MAX_AHEAD_MS) throw invalid(`agendarPara must be at most ${SCHEDULE_MAX_AHEAD_DAYS} days from now`, 'agendarPara');
  return due;
}

/** Refusal of a move out of SCHEDULED when the message is no longer SCHEDULED: sent, being sent, failed or canceled meanwhile. */
export const notScheduled = new DomainError('conflict', 'The message is no longer scheduled: it was sent (or is being sent) or canceled');

/** The error codes of a scheduled message that could not be sent at its time (FAILED, nothing charged). */
export const scheduledFailures = {
  insufficient_balance: 'SALDO_INSUFICIENTE',
  forbidden: 'APLICACAO_INATIVA',
  not_found: 'APLICACAO_INEXISTENTE',
  unprocessable: 'SEM_TARIFA',
} as const;

/** A refusal of the send at the scheduled time that no later run would undo: the message then fails. */
export const isFinalRefusal = (error: unknown): error is DomainError & { kind: keyof typeof scheduledFailures } =>
  error instanceof DomainError && error !== notScheduled && error.kind in scheduledFailures;

/** The errorMessage of a scheduled message failed at its time (pt-BR, as the console shows it). */
export function scheduledFailureMessage(error: DomainError & { kind: keyof typeof scheduledFailures }): string {
  switch (error.kind) {
    case 'insufficient_balance': {
      const saldo = typeof error.details.saldo === 'string' ? ` (saldo ${error.details.saldo})` : '';
      return `Saldo insuficiente no horário agendado${saldo}: a mensagem não foi enviada nem cobrada`;
    }
    case 'forbidden':
      return 'A aplicação estava inativa no horário agendado: a mensagem não foi enviada nem cobrada';
    case 'not_found':
      return 'A aplicação não existia mais no horário agendado: a mensagem não foi enviada nem cobrada';
    case 'unprocessable':
      return 'Nenhuma tarifa de MENSAGENS/ENVIADA vigente no horário agendado: a mensagem não foi enviada nem cobrada';
  }
}
