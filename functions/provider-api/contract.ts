// Contract of the provider machine API (the provider's nbwp_ credential).
import { executionSchema } from '#shared/domain/appointments/inputs';
import { idempotencyKeyHeader, ok, type GroupContract } from '#shared/http/contract/kit';
import { executionResult } from '#shared/http/contract/resources';

export const providerApiContract = {
  'POST /api/external/prestador/v1/execucao': {
    summary: 'Report an appointment as carried out (REALIZADO) or missed (FALTOU)',
    description: [
      'The scope (application and provider) comes from the `nbwp_` credential. The appointment is named by `agendamentoId` or `numeroPedido` (one of the two is required; with both, both must match); one outside the provider’s scope is 404. Several open appointments under one `numeroPedido` are 409: send `agendamentoId`.',
      'A closed appointment (REALIZADO, FALTOU or CANCELADO) is 409. The move sends the provider’s webhook event AGENDAMENTO_REALIZADO or AGENDAMENTO_FALTOU.',
      'With `Idempotency-Key` the result is stored with the move: a repeat answers `status: replay` with no second effect; the same key with another body is 422. Refused requests store nothing.',
    ].join('\n\n'),
    body: executionSchema,
    headers: [idempotencyKeyHeader],
    responses: { 200: ok('The execution is registered.', executionResult) },
    errors: {
      400: ['validation_error'],
      403: ['forbidden'],
      404: ['not_found'],
      409: ['conflict'],
      422: ['unprocessable_entity'],
    },
  },
} satisfies GroupContract<'provider-api'>;
