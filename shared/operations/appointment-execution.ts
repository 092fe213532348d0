// POST /execucao's use case: a service provider reports that an appointment of its scope was carried
// out (REALIZADO) or missed (FALTOU). The scope (application and provider) comes from the caller's
// credential. With an idempotency key, the move, the stored answer and the outbound event commit
// together: a repeat gets the original answer (`replay`) and has no second effect. No HTTP here: the
// handlers (functions/provider-api/handler.ts, and the provider portal's functions/provider-portal/appointments.ts,
// which names the appointment by its path) read the request and shape the answer.
import type { QueuePort } from '#shared/adapters/ports';
import type { AppointmentRepository } from '#shared/domain/appointments/repository';
import { parseExecution, resolveExecutionTarget } from '#shared/domain/appointments/inputs';
import type { Appointment } from '#shared/domain/appointments/records';
import { executionResultView, type ExecutionResultView } from '#shared/domain/appointments/views';
import { replayOf, requestFingerprint, REPLAY, type IdempotencyStore } from '#shared/domain/idempotency';
import type { OutboundEventRepository } from '#shared/domain/outbound-webhooks/outbox';
import { eventBytes, newStamp, type StampWriter } from '#shared/domain/stamps';
import { systemClock } from '#shared/domain/time';
import { attemptMove, retryRaces } from '#shared/operations/appointment-moves';

export interface ExecutionDeps {
  appointments: AppointmentRepository;
  events: OutboundEventRepository;
  queue: QueuePort;
  idempotency: IdempotencyStore;
  /** The application's RFC 3161 stamps (docs/stamps.md): when it stamps its events, the result's pending stamp commits with the move. */
  stamps?: StampWriter & { stampsEvents(aplicacaoId: number): Promise<boolean> };
}

/** The pending stamp of an execution result: the bytes stamped are the move as kept in the appointment's history, JSON. */
function executionStamp(stamps: StampWriter, after: Appointment, prestadorId: number) {
  const entry = after.historico.at(-1)!;
  const bytes = eventBytes({
    evento: 'EXECUCAO',
    aplicacaoId: after.aplicacaoId,
    agendamentoId: after.id,
    prestadorId,
    de: entry.de,
    para: entry.para,
    em: entry.em,
    por: entry.por.id === null ? null : String(entry.por.id),
    observacao: entry.observacao,
  });
  const stamp = newStamp({
    id: stamps.newId(),
    aplicacaoId: after.aplicacaoId,
    origem: 'EXECUCAO',
    referencia: String(after.id),
    bytes,
    at: systemClock().toISOString(),
  });
  return stamps.write(stamp);
}

export interface ExecutionReport {
  aplicacaoId: number;
  prestadorId: number;
  /** Who reported it, kept in the appointment's history: the credential (the machine API) or the portal user's id (the provider portal). */
  actorId: string | number | null;
  /** The caller's Idempotency-Key, already checked (shared/domain/idempotency.ts, idempotencyKey). */
  key: string | undefined;
  /** The request's body, unchecked: parseExecution refuses it naming the field. */
  body: unknown;
}

export type ExecutionAnswer = ExecutionResultView | (ExecutionResultView & { status: 'replay' });

export async function reportExecution(deps: ExecutionDeps, report: ExecutionReport): Promise<ExecutionAnswer> {
  const { appointments, idempotency } = deps;
  const { aplicacaoId, prestadorId, key } = report;
  const input = parseExecution(report.body ?? {});
  const scope = `APP#${aplicacaoId}#PRESTADOR#${prestadorId}#execucao`;
  const fingerprint = requestFingerprint(input);
  const replay = async () => {
    const record = key === undefined ? undefined : await idempotency.get<ExecutionResultView>(scope, key);
    return record && { ...replayOf(record, fingerprint), status: 'replay' as const };
  };

  /** The provider's appointments the identifiers name (another provider's or application's: none). */
  const candidates = async (): Promise<Appointment[]> => {
    const found = [
      input.agendamentoId === null ? undefined : await appointments.get(aplicacaoId, input.agendamentoId),
      input.agendamentoId === null && input.numeroPedido
        ? await appointments.findByOrderNumber(aplicacaoId, prestadorId, input.numeroPedido)
        : undefined,
    ];
    return found.filter((a): a is Appointment => a !== undefined && a.prestadorId === prestadorId);
  };

  const stamper = deps.stamps && (await deps.stamps.stampsEvents(aplicacaoId)) ? deps.stamps : undefined;

  return retryRaces(async () => {
    const repeated = await replay();
    if (repeated) return repeated;
    const current = resolveExecutionTarget(await candidates(), input);
    const result = executionResultView(current.id, input.resultado);
    const attempt = await attemptMove(
      deps,
      current,
      { by: 'prestador', resultado: input.resultado },
      { actorId: report.actorId, observacao: input.observacao },
      (after) => [
        ...(key === undefined ? [] : [idempotency.write(scope, key, { fingerprint, answer: result })]),
        ...(stamper ? [executionStamp(stamper, after, prestadorId)] : []),
      ],
    ).catch(async (refusal: unknown) => {
      // A duplicate that committed between our key check and our read closed the appointment: that is a replay, not a 409.
      if (key !== undefined && (await replay())) return { kind: 'raced' as const };
      throw refusal;
    });
    if (attempt.kind === 'moved' || attempt.kind === 'unchanged') return result;
    if (attempt.kind === 'refused' && attempt.refusals.includes(REPLAY)) return replay();
    return undefined; // raced: decide again on a fresh read
  });
}
