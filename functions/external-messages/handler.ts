// /api/external/messages: send (functions/external-messages/send.ts), one message, the list.
import * as z from 'zod/mini';
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoMessageRepository } from '#shared/db/messages';
import { getMessage } from '#shared/domain/messages/repository';
import { messageStatuses } from '#shared/domain/messages/records';
import { groupHandler, json } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { pagingQuery } from '#shared/http/paging';
import { validate } from '#shared/http/validation';
import { messageView } from '#shared/operations/message-log';
import { sendOperation } from '#shared/operations/send-message';
import { elementsPageOf } from '#shared/domain/paging';

// Sends call the provider with the application's provider secret (shared/providers/secrets.ts).
needsConfig('providerSecretPrefix');
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension() });

const repo = dynamoMessageRepository();

/** The list's query: `page` and `size` (checked first, as every paged listing), then the filters. */
export const messageListQuery = z.extend(pagingQuery, {
  status: z.optional(z.enum(messageStatuses)),
  contexto: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
});

export const handler = groupHandler('external-messages', {
  'POST /api/external/messages/send': sendOperation,

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
});
