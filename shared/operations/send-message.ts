// The send operation, shared by POST /api/external/messages/send (API key, external-messages
// group) and POST /api/external/v2/mensagens (OAuth2, mensagens:enviar, v2-other group): same
// input, same answers.
//   200 {status: 'ENVIADO', messageSid, mensagemId, mensagem} (+ link for the link provider)
//   400 validation_error (naming the field) | provider_rejected {providerCode, mensagemId}
//   402 insufficient_balance {saldo} | 502 provider_unavailable {mensagemId}
import * as z from 'zod/mini';
import { config } from '#shared/config';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoMessageRepository } from '#shared/db/messages';
import { dynamoSendIdempotency } from '#shared/db/idempotency';
import { idempotencyKey, requestFingerprint } from '#shared/domain/idempotency';
import { contextos } from '#shared/domain/messages/records';
import { sendMessage, type SendDeps, type SendInput } from '#shared/domain/messages/send';
import { headerValue } from '#shared/http/headers';
import { normalizePhone } from '#shared/domain/phone';
import { HttpError } from '#shared/http/errors';
import { json, type ApiRequest, type ApiResponse, type TenantRequest } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { recordId } from '#shared/domain/validation';
import { providerFor } from '#shared/providers/index';
import { STATUS_CALLBACK_PATH } from '#shared/providers/types';

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

/**
 * Where provider_a posts delivery statuses: the configured public URL (PUBLIC_BASE_URL, set by the
 * stack and the local run), so a proxy's or a client's Host header never decides it; without one, the
 * URL this request came in on (API Gateway's stage path, a custom domain, the local gateway).
 */
export function statusCallbackUrl(request: ApiRequest): string {
  const configured = config().publicBaseUrl;
  if (configured) return `${configured}${STATUS_CALLBACK_PATH}`;
  const proto = (request.headers['x-forwarded-proto'] ?? 'https').split(',')[0]!.trim();
  const host = request.headers.host ?? request.event.requestContext?.domainName ?? 'localhost';
  // requestContext.path carries the stage (or base path mapping) prefix that event.path lacks.
  const full = request.event.requestContext?.path ?? request.event.path;
  const prefix =
    full && request.event.path && full.endsWith(request.event.path) ? full.slice(0, full.length - request.event.path.length) : '';
  return `${proto}://${host}${prefix}${STATUS_CALLBACK_PATH}`;
}

/** The operation with its repositories and providers (a Lambda passes the DynamoDB ones, a test its own). */
export function sendMessageOperation(dependencies: () => SendDeps) {
  /** `options.writes`: a caller's own writes, committed with the debit (an attendance's answer joins its conversation). */
  return async (request: TenantRequest, options: Pick<SendInput, 'writes'> = {}): Promise<ApiResponse> => {
    const input = validate(sendBody, request.body ?? {});
    const telefone = normalizePhone(input.telefone);
    if (!telefone) {
      throw new HttpError(400, 'validation_error', 'telefone must be a phone number with its country code, e.g. +5511999998888', {
        field: 'telefone',
      });
    }
    const key = idempotencyKey(headerValue(request.headers, 'idempotency-key'));
    const outcome = await sendMessage(dependencies(), request.principal.aplicacaoId, {
      ...input,
      telefone,
      statusCallbackUrl: statusCallbackUrl(request),
      ...(options.writes === undefined ? {} : { writes: options.writes }),
      ...(key === undefined ? {} : { idempotency: { key, fingerprint: requestFingerprint({ ...input, telefone }) } }),
    });
    // A replay answers exactly as the first request did, and says so in a header (Stripe's Idempotent-Replayed).
    const replayHeaders = outcome.replay ? { 'Idempotent-Replayed': 'true' } : undefined;
    if (outcome.ok) {
      return json(
        200,
        {
          status: 'ENVIADO',
          messageSid: outcome.messageSid,
          mensagemId: outcome.mensagemId,
          mensagem: 'Mensagem enviada',
          ...(outcome.link ? { link: outcome.link } : {}),
        },
        replayHeaders,
      );
    }
    // Nothing was charged (the debit was compensated); the message stays readable as FAILED.
    if (outcome.kind === 'rejected') {
      throw new HttpError(
        400,
        'provider_rejected',
        `The provider refused the message: ${outcome.providerMessage}`,
        { providerCode: outcome.providerCode, mensagemId: outcome.mensagemId },
        replayHeaders,
      );
    }
    throw new HttpError(
      502,
      'provider_unavailable',
      'The provider could not be reached; nothing was charged, try again',
      { mensagemId: outcome.mensagemId },
      replayHeaders,
    );
  };
}

let dynamoDependencies: SendDeps | undefined;

/** The send both Lambdas serve: DynamoDB repositories and the application's provider. */
export const sendOperation = sendMessageOperation(
  () =>
    (dynamoDependencies ??= {
      messages: dynamoMessageRepository(),
      ledger: dynamoLedgerRepository(),
      providerFor: (app) => providerFor(app),
      idempotency: dynamoSendIdempotency(),
    }),
);
