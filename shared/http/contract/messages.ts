// Contract of the external messages group (API key and secret): the send, one message, the list.
import * as z from 'zod/mini';
import { providers } from '#shared/domain/applications/records';
import { contextos, messageStatuses } from '#shared/domain/messages/records';
import { messageListQuery } from '#functions/external-messages/handler';
import { sendBody } from '#shared/operations/send-message';
import {
  described,
  elementsPage,
  id,
  idempotencyKeyHeader,
  money,
  named,
  ok,
  timestamp,
  type ErrorsOf,
  type GroupContract,
  type ResponseDoc,
} from './kit.ts';

/** The spec's Message, plus what the API knows of it (functions/external-messages/handler.ts, `messageView`). */
export const externalMessage = named(
  'ExternalMessage',
  z.object({
    id,
    messageSid: described(z.nullable(z.string()), 'The provider’s id of the message; null while it is QUEUED.'),
    toNumber: z.string(),
    fromNumber: z.nullable(z.string()),
    body: z.string(),
    status: z.enum(messageStatuses),
    statusDescricao: z.string(),
    dataEnvio: timestamp,
    dataEntrega: z.nullable(timestamp),
    dataLeitura: z.nullable(timestamp),
    errorCode: z.nullable(z.string()),
    errorMessage: z.nullable(z.string()),
    provider: z.enum(providers),
    contexto: z.nullable(z.enum(contextos)),
    contextoId: z.nullable(id),
    usuarioId: z.nullable(id),
    tarifaCobrada: z.nullable(money),
  }),
);

/** The answer of a send (shared/operations/send-message.ts), also that of POST /api/external/v2/mensagens. */
export const messageSendResult = named(
  'MessageSendResult',
  z.object({
    status: z.literal('ENVIADO'),
    messageSid: z.string(),
    mensagemId: id,
    mensagem: z.string(),
    link: z.optional(
      described(z.string(), 'Only for the `link` provider (which sends nothing): the wa.me link that opens WhatsApp with the text ready.'),
    ),
  }),
);

/** 402 of a send: the service's error body with the balance. */
export const insufficientBalance = named(
  'InsufficientBalanceError',
  z.object({ error: z.literal('insufficient_balance'), message: z.string(), saldo: money }),
  'The balance does not cover the tariff of the send; nothing was written.',
);

const replayedHeader = {
  'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.' },
};

/** The answers of the send that are not the service's plain error body (shared with the v2 send). */
export const sendResponses: Record<number, ResponseDoc> = {
  200: { description: 'Sent (accepted by the provider), and charged.', body: messageSendResult, headers: replayedHeader },
  402: { description: 'Insufficient balance: `saldo` is the balance; nothing was written.', body: insufficientBalance },
};

/** The send's error answers in the service's error body (shared with the v2 send). */
export const sendErrors: ErrorsOf = {
  400: ['validation_error', 'provider_rejected'],
  403: ['forbidden'],
  404: ['not_found'],
  409: ['conflict'],
  422: ['unprocessable_entity'],
  502: ['provider_unavailable'],
};

export const sendDescription = [
  'Charges the tariff in force (MENSAGENS/ENVIADA) from the prepaid balance, then calls the application’s provider. `telefone` must carry its country code (e.g. `+5511999998888`); `mensagem` is 1 to 4096 characters, not blank.',
  'A balance below the tariff is 402 with `saldo`, nothing written. A provider that refuses the message (400 `provider_rejected`, with `providerCode` and `mensagemId`) or cannot be reached (502 `provider_unavailable`, with `mensagemId`) gets the charge given back: the message stays readable as FAILED.',
  'With `Idempotency-Key`, a repeat gets the first answer (status and body) with `Idempotent-Replayed: true` and is never charged twice; a repeat while the first is still with the provider is 409 (retry in a few seconds); the same key with another body is 422. A refusal before any effect (400 on the input, 402) stores nothing.',
].join('\n\n');

export const externalMessagesContract: GroupContract<'external-messages'> = {
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
};
