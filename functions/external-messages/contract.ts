// Contract of the external messages group (API key and secret): the send, one message, the list.
import { sendBody } from '#shared/operations/send-message';
import { elementsPage, idempotencyKeyHeader, ok, type GroupContract } from '#shared/http/contract/kit';
import { externalMessage, sendDescription, sendErrors, sendResponses } from '#shared/http/contract/resources';
import { messageListQuery } from './requests.ts';

export const externalMessagesContract = {
  'POST /api/external/messages/send': {
    summary: 'Send a WhatsApp message',
    description: sendDescription,
    body: sendBody,
    headers: [idempotencyKeyHeader],
    responses: sendResponses,
    errors: sendErrors,
  },
  'GET /api/external/messages/{id}': {
    summary: 'One message of the application',
    responses: { 200: ok('The message.', externalMessage) },
    errors: { 404: ['not_found'] },
  },
  'GET /api/external/messages': {
    summary: 'Messages of the application, newest first',
    query: messageListQuery,
    responses: { 200: ok('One page of messages.', elementsPage(externalMessage)) },
    errors: { 400: ['validation_error'] },
  },
} satisfies GroupContract<'external-messages'>;
