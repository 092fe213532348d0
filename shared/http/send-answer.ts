// The send's HTTP answer, the same from every route that sends (shared/operations/send-message.ts):
//   200 {status: 'ENVIADO', messageSid, mensagemId, mensagem} (+ link for the link provider)
//   202 {status: 'AGENDADO', mensagemId, agendadoPara} on the two send routes, which also schedule
//       (shared/operations/scheduled-sends.ts)
//   400 validation_error (naming the field) | provider_rejected {providerCode, mensagemId}
//   402 insufficient_balance {saldo} | 502 provider_unavailable {mensagemId}
import { config } from '#shared/config';
import { idempotencyKey } from '#shared/domain/idempotency';
import type { SendOutcome } from '#shared/domain/messages/records';
import { headerValue } from '#shared/http/headers';
import { HttpError } from '#shared/http/errors';
import { json, type Answers, type ApiRequest, type TenantRequest } from '#shared/http/kit';
import type { scheduledSendResponses, sendResponses } from '#shared/http/contract/resources';
import type { Send, SendRequest } from '#shared/operations/send-message';
import type { SendOrSchedule } from '#shared/operations/scheduled-sends';
import { STATUS_CALLBACK_PATH } from '#shared/providers/types';

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

/** The send's answer, as every route that sends documents it (`sendResponses`' 200; its refusals are thrown). */
export type SendAnswer = Answers<Pick<typeof sendResponses, 200>>;

/**
 * The route that sends what the request asks (its body, its Idempotency-Key) with `send`, the entry's wiring
 * (shared/wiring/send.ts), and answers with the outcome.
 */
export const sendRoute =
  (send: Send) =>
  async (request: TenantRequest, options: Pick<SendRequest, 'writes'> = {}): Promise<SendAnswer> => {
    const outcome = await send({
      aplicacaoId: request.principal.aplicacaoId,
      body: request.body,
      key: idempotencyKey(headerValue(request.headers, 'idempotency-key')),
      statusCallbackUrl: statusCallbackUrl(request),
      ...options,
    });
    return sendAnswer(outcome);
  };

/** The answer of the two send routes: the send's, or 202 for a scheduled send. */
export type SendOrScheduleAnswer = Answers<Pick<typeof scheduledSendResponses, 200 | 202>>;

/** The route of the two send routes: sends now what the request asks, or schedules it (`agendarPara`), with `send`. */
export const sendOrScheduleRoute =
  (send: SendOrSchedule) =>
  async (request: TenantRequest): Promise<SendOrScheduleAnswer> => {
    const outcome = await send({
      aplicacaoId: request.principal.aplicacaoId,
      body: request.body,
      key: idempotencyKey(headerValue(request.headers, 'idempotency-key')),
      statusCallbackUrl: statusCallbackUrl(request),
    });
    if (!('agendado' in outcome)) return sendAnswer(outcome);
    return json(
      202,
      { status: 'AGENDADO', mensagemId: outcome.mensagemId, agendadoPara: outcome.agendadoPara },
      outcome.replay ? { 'Idempotent-Replayed': 'true' } : undefined,
    );
  };

export function sendAnswer(outcome: SendOutcome): SendAnswer {
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
}
