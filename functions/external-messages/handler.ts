// /api/external/messages: the send (shared/operations/send-message.ts), now or scheduled
// (shared/operations/scheduled-sends.ts), one message, the list, a scheduled send's cancel.
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoMessageRepository } from '#shared/db/messages';
import { getMessage } from '#shared/domain/messages/repository';
import { groupHandler, json } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { messageView } from '#shared/http/views';
import { sendOrScheduleRoute } from '#shared/http/send-answer';
import { cancelScheduledMessage } from '#shared/operations/scheduled-sends';
import { scheduleDeps, sendOrSchedule } from '#shared/wiring/send';
import { elementsPageOf } from '#shared/domain/paging';
import { messageListQuery } from './requests.ts';
import type { externalMessagesContract } from './contract.ts';

// Sends call the provider with the application's provider secret (shared/providers/secrets.ts).
needsConfig('providerSecretPrefix');
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension() });

const repo = dynamoMessageRepository();

export const handler = groupHandler<typeof externalMessagesContract>('external-messages', {
  'POST /api/external/messages/send': sendOrScheduleRoute(sendOrSchedule),

  'GET /api/external/messages/{id}': async (request) => {
    return json(200, messageView(await getMessage(repo, request.principal.aplicacaoId, pathId(request, 'message'))));
  },

  'GET /api/external/messages': async (request) => {
    const { query } = request;
    const { page, size, ...filter } = validate(
      messageListQuery,
      { page: query.page, size: query.size, status: query.status, contexto: query.contexto },
      'query',
    );
    const paging = { page, size };
    const { content, total } = await repo.list(request.principal.aplicacaoId, filter, paging.page, paging.size);
    return json(200, elementsPageOf(content.map(messageView), total, paging));
  },

  'DELETE /api/external/messages/{id}': async (request) => {
    await cancelScheduledMessage(scheduleDeps(), request.principal.aplicacaoId, pathId(request, 'message'));
    return { statusCode: 204 };
  },
});
