// Contracts of the messages that travel on the service's queues.
import * as z from 'zod/mini';

/** A provider webhook (provider_a form callback, provider_b event, generic inbound) as received at the edge. */
export const inboundMessage = z.object({
  source: z.enum(['provider_a', 'provider_b', 'inbound']),
  aplicacaoId: z.optional(z.number()),
  /** Routing name of a generic inbound webhook. */
  fluxo: z.optional(z.string()),
  receivedAt: z.string(),
  /** The payload as received (form fields or parsed JSON). */
  payload: z.unknown(),
});
export type InboundMessage = z.infer<typeof inboundMessage>;

/** One delivery-status update, normalised from provider_a or provider_b. */
export const statusCallback = z.object({
  provider: z.enum(['provider_a', 'provider_b']),
  messageSid: z.string().check(z.minLength(1)),
  status: z.enum(['queued', 'sent', 'delivered', 'read', 'failed', 'undelivered']),
  occurredAt: z.string(),
  errorCode: z.optional(z.string()),
  errorMessage: z.optional(z.string()),
  /** Actual provider cost in USD (absolute value), when the callback carries it. */
  priceUsd: z.optional(z.string()),
  /** provider_b's pricing.category in upper case (UTILITY, AUTHENTICATION, MARKETING, SERVICE). */
  tipoConversa: z.optional(z.string()),
  /** The application whose signature the edge checked: the consumer drops a callback for another application's message. */
  aplicacaoId: z.optional(z.number()),
  /**
   * A provider_a callback that arrived before its message was known (the send's second write not
   * done yet): the edge could not pick the auth token, so it passes what the consumer needs to check
   * the signature once the message is found. Absent when the edge verified it.
   */
  verificacao: z.optional(
    z.object({
      url: z.string(),
      /** The form fields; a repeated name holds every value. */
      params: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      signature: z.nullable(z.string()),
    }),
  ),
});
export type StatusCallback = z.infer<typeof statusCallback>;

/** One signed delivery of an outbound webhook event to a provider's endpoint. */
export const outboundWebhookDelivery = z.object({
  webhookId: z.number(),
  aplicacaoId: z.number(),
  evento: z.enum(['AGENDAMENTO_CONFIRMADO', 'AGENDAMENTO_CANCELADO', 'AGENDAMENTO_REALIZADO', 'AGENDAMENTO_FALTOU']),
  deliveryId: z.string(),
  payload: z.unknown(),
  attempt: z.number(),
});
export type OutboundWebhookDelivery = z.infer<typeof outboundWebhookDelivery>;
