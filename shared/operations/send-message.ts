// The send's use case, shared by POST /api/external/messages/send (API key, external-messages group),
// POST /api/external/v2/mensagens (OAuth2, v2-other), an attendance's answer and the console's test send
// (admin-whatsapp): the body checked, the phone normalised, the idempotency key's fingerprint, then the
// domain's send (shared/domain/messages/send.ts). It returns the outcome; shared/http/send-answer.ts
// turns it into the HTTP answer.
import * as z from 'zod/mini';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoMessageRepository } from '#shared/db/messages';
import { dynamoSendIdempotency } from '#shared/db/idempotency';
import { invalid } from '#shared/domain/errors';
import { requestFingerprint } from '#shared/domain/idempotency';
import { contextos } from '#shared/domain/messages/records';
import { sendMessage, type SendDeps, type SendInput, type SendOutcome } from '#shared/domain/messages/send';
import { normalizePhone } from '#shared/domain/phone';
import { parseInput, recordId } from '#shared/domain/validation';
import { providerFor } from '#shared/providers/index';

export const sendBody = z.object({
  /** A phone with its country code (E.164 has at most 15 digits; room for spaces, dashes and parentheses). */
  telefone: z.string().check(z.maxLength(32)),
  mensagem: z.string().check(
    z.minLength(1),
    z.maxLength(4096),
    z.refine((s) => s.trim().length > 0, { error: 'must not be blank' }),
  ),
  contexto: z.optional(z.enum(contextos)),
  contextoId: z.optional(recordId),
  usuarioId: z.optional(recordId),
});

export interface SendRequest {
  aplicacaoId: number;
  /** The request's body, unchecked. */
  body: unknown;
  /** The caller's Idempotency-Key, already checked (shared/domain/idempotency.ts, idempotencyKey). */
  key: string | undefined;
  /** Where provider_a posts this message's statuses. */
  statusCallbackUrl: string;
  /** A caller's own writes, committed with the debit (an attendance's answer joins its conversation). */
  writes?: SendInput['writes'];
}

/** The use case with its repositories and providers (a Lambda passes the DynamoDB ones, a test its own). */
export function sendMessageOperation(dependencies: () => SendDeps) {
  return async (request: SendRequest): Promise<SendOutcome> => {
    const input = parseInput(sendBody, request.body ?? {}, 'body');
    const telefone = normalizePhone(input.telefone);
    if (!telefone) throw invalid('telefone must be a phone number with its country code, e.g. +5511999998888', 'telefone');
    const { key } = request;
    return sendMessage(dependencies(), request.aplicacaoId, {
      ...input,
      telefone,
      statusCallbackUrl: request.statusCallbackUrl,
      ...(request.writes === undefined ? {} : { writes: request.writes }),
      ...(key === undefined ? {} : { idempotency: { key, fingerprint: requestFingerprint({ ...input, telefone }) } }),
    });
  };
}

let dynamoDependencies: SendDeps | undefined;

/** The send every Lambda serves: DynamoDB repositories and the application's provider. */
export const send = sendMessageOperation(
  () =>
    (dynamoDependencies ??= {
      messages: dynamoMessageRepository(),
      ledger: dynamoLedgerRepository(),
      providerFor: (app) => providerFor(app),
      idempotency: dynamoSendIdempotency(),
    }),
);
