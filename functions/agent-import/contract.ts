// Contract of the on-premises agent's batch import (mutual TLS + OAuth2 token) (docs/agent.md, "Batch import").
import * as z from 'zod/mini';
import { batchSchema, importedStatuses } from '#shared/domain/agent-import/inputs';
import { AGENT_IMPORT_MAX_BODY_BYTES } from '#shared/http/routes';
import { id, ok, type GroupContract } from '#shared/http/contract/kit';
import { ANOTHER_INTEGRATION, importResult } from '#shared/http/contract/integrations';

export const agentImportContract = {
  'POST /api/external/integracoes/registros': {
    summary: 'Import a batch of patients, appointments and clinical records',
    description: [
      `Up to 500 records and ${AGENT_IMPORT_MAX_BODY_BYTES} bytes (4 MiB) of body; more is 413 \`payload_too_large\` before anything is read or written (over the bytes, \`maxBytes\` names the limit: send the records in smaller batches). ` +
        'Each record is `{tipo, idLegado, dados}`: `tipo` PACIENTE, AGENDAMENTO or REGISTRO_CLINICO, `idLegado` the legacy system’s id (1-100 characters), `dados` per `tipo` (docs/agent.md, "Batch import"); an AGENDAMENTO may carry the legacy `status` ' +
        importedStatuses.join(', ') +
        '.',
      'Each record is judged alone: a bad one is `rejeitado` in the answer naming its field, the others go on. Idempotent per (integration, tipo, idLegado): a record equal to the one last imported is `inalterado` and writes nothing, so a batch may be sent again.',
      `An inactive integration is 409. ${ANOTHER_INTEGRATION}`,
    ].join('\n\n'),
    body: batchSchema,
    responses: {
      200: ok(
        'One result per record, in request order.',
        z.object({
          integracaoId: id,
          total: z.int(),
          resumo: z.object({ criado: z.int(), atualizado: z.int(), inalterado: z.int(), rejeitado: z.int() }),
          resultados: z.array(importResult),
        }),
      ),
    },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 413: ['payload_too_large'] },
  },
} satisfies GroupContract<'agent-import'>;
