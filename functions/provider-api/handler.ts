// POST /api/external/prestador/v1/execucao: a service provider reports that an appointment of its
// scope was carried out (REALIZADO) or missed (FALTOU). The scope (application and provider) comes
// from the nbwp_ credential. With an Idempotency-Key, the move, the stored answer and the outbound
// event commit together: a repeat gets the original answer (`replay`) and has no second effect.
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { dynamoIdempotencyStore } from '#shared/db/idempotency';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { executionResultView, type ExecutionResultView } from '#shared/domain/appointments/views';
import { parseExecution, resolveExecutionTarget } from '#shared/domain/appointments/inputs';
import type { Appointment } from '#shared/domain/appointments/records';
import { idempotencyKey, replayOf, requestFingerprint, REPLAY } from '#shared/domain/idempotency';
import { HttpError } from '#shared/http/errors';
import { groupHandler, json } from '#shared/http/kit';
import { attemptMove, retryRaces } from '#shared/operations/appointment-moves';

awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
needsConfig('outboundWebhooksQueueUrl');

const appointments = dynamoAppointmentRepository();
const deps = { appointments, events: dynamoOutboundEventRepository() };
const idempotency = dynamoIdempotencyStore();

export const handler = groupHandler('provider-api', {
  'POST /api/external/prestador/v1/execucao': async (request) => {
    const { aplicacaoId, prestadorId, subject } = request.principal;
    if (prestadorId === undefined) throw new HttpError(403, 'forbidden', 'This credential does not act for a provider');
    const key = idempotencyKey(request.headers['idempotency-key']);
    const input = parseExecution(request.body ?? {});
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

    const answer = await retryRaces(async () => {
      const repeated = await replay();
      if (repeated) return repeated;
      const current = resolveExecutionTarget(await candidates(), input);
      const result = executionResultView(current.id, input.resultado);
      const attempt = await attemptMove(
        deps,
        current,
        { by: 'prestador', resultado: input.resultado },
        { actorId: subject ?? null, observacao: input.observacao },
        () => (key === undefined ? [] : [idempotency.write(scope, key, { fingerprint, answer: result })]),
      ).catch(async (refusal: unknown) => {
        // A duplicate that committed between our key check and our read closed the appointment: that is a replay, not a 409.
        if (key !== undefined && (await replay())) return { kind: 'raced' as const };
        throw refusal;
      });
      if (attempt.kind === 'moved' || attempt.kind === 'unchanged') return result;
      if (attempt.kind === 'refused' && attempt.refusals.includes(REPLAY)) return replay();
      return undefined; // raced: decide again on a fresh read
    });
    return json(200, answer);
  },
});
