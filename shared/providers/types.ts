// What the messaging code sees of a WhatsApp provider: one send, and one error type that says
// whose fault a failure was. The clients (shared/providers/clients.ts, one per provider) speak each
// provider's wire protocol behind this interface; providerFor there picks one.
import { sendBudget } from '#shared/domain/send-budget';
import type { RouteKey } from '#shared/http/routes';

type PostPath<K> = K extends `POST ${infer P}` ? P : never;

/**
 * Where provider_a posts delivery statuses: the service's route, checked against the route table
 * (shared/http/routes.ts) when compiled. The send gives it under the public base URL.
 */
export const STATUS_CALLBACK_PATH = '/api/webhooks/whatsapp/status' satisfies PostPath<RouteKey>;

/** Where provider_a posts the statuses of a send no request made (a consumer's): under PUBLIC_BASE_URL, or none. */
export const configuredStatusCallbackUrl = (publicBaseUrl: string | undefined): string =>
  publicBaseUrl ? `${publicBaseUrl}${STATUS_CALLBACK_PATH}` : '';

export interface SendInput {
  /** The recipient in +E.164 (already normalised by the caller). */
  to: string;
  body: string;
  /** Where provider_a posts delivery statuses (provider_b posts to the app's configured webhook instead). */
  statusCallbackUrl: string;
  /** An approved template to send instead of free text (`body` is then its filled text). */
  template?: TemplateSend;
  /**
   * Our reference of the message (`<aplicacaoId>.<mensagemId>`), which the provider's status callbacks
   * carry back (provider_a in the callback URL's `ref`, provider_b as `biz_opaque_callback_data`), so a
   * callback settles a message whose move to SENT was never written.
   */
  reference?: string;
}

export interface TemplateSend {
  nome: string;
  idioma: string;
  /** The provider's id of the approved template (provider_a's content sid `HX...`), when it has one. */
  providerTemplateId: string | null;
  /** The body's variables, in order. */
  valores: string[];
  /** The quick-reply buttons with the payload each press returns. */
  botoes: { titulo: string; payload: string }[];
}

export interface SendResult {
  /** The provider's message id (provider_a `SM...`, provider_b `wamid...`, link `link-...`). */
  messageSid: string;
  /** Only `link`: the wa.me link the user opens to send the text by hand. */
  link?: string;
}

export interface ProviderClient {
  send(input: SendInput): Promise<SendResult>;
}

export interface ProviderOptions {
  /** How long to wait for the provider's answer; default the send's provider budget (8 s). Tests shorten it. */
  timeoutMs?: number;
  /** The fetch to use (tests may pass a stub); default the global fetch. */
  fetch?: typeof fetch;
}

/** The send's provider budget (shared/domain/send-budget.ts). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = sendBudget.providerMs;

/**
 * A send that did not happen. `rejected`: the provider refused the caller's input (its 4xx, for
 * example an invalid number): the API answers 400. `unavailable`: 5xx, timeout, network error or
 * our own credentials refused (401/403): nothing the caller can fix, the API answers 502.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    readonly providerCode: string | null,
    readonly providerMessage: string,
  ) {
    super(`provider ${kind}: ${providerCode ?? '-'} ${providerMessage}`);
  }
}
