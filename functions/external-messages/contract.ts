// Contract of the external messages group (API key and secret): the send (now or scheduled), one message, the
// list, a scheduled send's cancel.
import { scheduledSendBody } from '#shared/operations/scheduled-sends';
import { elementsPage, idempotencyKeyHeader, noContent, ok, type GroupContract } from '#shared/http/contract/kit';
import { externalMessage, scheduledSendDescription, scheduledSendResponses, sendErrors } from '#shared/http/contract/resources';
import { messageListQuery } from './requests.ts';

export const externalMessagesContract = {
  'POST /api/external/messages/send': {
    summary: 'Send a WhatsApp message',
    description: scheduledSendDescription,
    body: scheduledSendBody,
    headers: [idempotencyKeyHeader],
    responses: scheduledSendResponses,
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
  'DELETE /api/external/messages/{id}': {
    summary: 'Cancel a scheduled send',
    description:
      'A message scheduled with `agendarPara` (SCHEDULED) becomes CANCELED: it is never sent, and nothing is charged. Canceling a canceled message answers 204 again. Once it has been sent, or while it is being sent (or once it failed at its time), 409. Another application’s message is the same 404 as an unknown one.',
    responses: { 204: noContent },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
} satisfies GroupContract<'external-messages'>;
