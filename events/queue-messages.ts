// Contracts of the messages that travel on the service's queues.
import * as z from 'zod/mini';

/**
 * A patient's message, normalised from provider_a's form or one message of a provider_b event
 * (docs/conversations.md). Phones are E.164. The edge checked the signature and found the
 * application; the consumer stores it once per `provider` + `providerMessageId`.
 */
export const patientMessage = z.object({
  kind: z.literal('mensagem'),
  aplicacaoId: z.number(),
  provider: z.enum(['provider_a', 'provider_b']),
  providerMessageId: z.string().check(z.minLength(1), z.maxLength(128)),
  /** The patient's phone. */
  from: z.string(),
  /** The application's number the patient wrote to; null when the provider did not say. */
  to: z.nullable(z.string()),
  profileName: z.nullable(z.string()),
  tipo: z.enum(['texto', 'botao', 'midia', 'outro']),
  /** The text, a button's title, or a media caption. */
  texto: z.nullable(z.string()),
  /** An interactive or template button the patient pressed. */
  botao: z.optional(z.object({ id: z.string(), titulo: z.string() })),
  /** Media by reference (provider_a's MediaUrlN, provider_b's media id); nothing is downloaded. */
  midias: z.array(z.object({ ref: z.string(), contentType: z.nullable(z.string()) })),
  /** ISO instant: the provider's timestamp when it gives one, else when the edge received it. */
  recebidaEm: z.string(),
});
export type PatientMessage = z.infer<typeof patientMessage>;

/** A generic inbound webhook (`/api/v1/webhooks/inbound/{slug}/{fluxo}`): the edge kept the payload (pattern 32), this points at it. */
export const inboundEventRef = z.object({
  kind: z.literal('evento'),
  aplicacaoId: z.number(),
  eventoId: z.string(),
  recebidoEm: z.string(),
  fluxo: z.string(),
});
export type InboundEventRef = z.infer<typeof inboundEventRef>;

/** provider_b's result of a template review (`message_template_status_update`), for the application whose webhook received it. */
export const templateReview = z.object({
  kind: z.literal('template'),
  aplicacaoId: z.number(),
  providerTemplateId: z.string().check(z.minLength(1), z.maxLength(128)),
  /** The provider's word: APPROVED, REJECTED, PAUSED, DISABLED... */
  evento: z.string().check(z.maxLength(64)),
  motivo: z.nullable(z.string().check(z.maxLength(500))),
});
export type TemplateReview = z.infer<typeof templateReview>;

/** Work of the inbound queue. */
export const inboundMessage = z.discriminatedUnion('kind', [patientMessage, inboundEventRef, templateReview]);
export type InboundMessage = z.infer<typeof inboundMessage>;

/** Work of the appointment-flow queue: look at this appointment now (a create, an approved template, the sweep finding it due). */
export const appointmentFlowWork = z.object({
  kind: z.literal('agendamento'),
  aplicacaoId: z.number(),
  agendamentoId: z.number(),
  /** A template was approved for it: look at a SEM_TEMPLATE appointment now, before its hourly retry is due. */
  templateAprovado: z.optional(z.boolean()),
});
export type AppointmentFlowWork = z.infer<typeof appointmentFlowWork>;

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
   * Our reference of the message (`<aplicacaoId>.<mensagemId>`) as the provider echoed it: settles a
   * QUEUED message whose move to SENT was never written (shared/domain/messages.ts).
   */
  referencia: z.optional(z.string().check(z.maxLength(40))),
  /**
   * A provider_a callback that arrived before its message was known (the send's second write not
   * done yet): the edge could not pick the auth token, so it passes what the consumer needs to check
   * the signature once the message is found. Absent when the edge verified it.
   */
  verificacao: z.optional(
    z.object({
      /** The URLs the provider may have signed (rebuilt from the request, and the configured public one). */
      url: z.union([z.string(), z.array(z.string())]),
      /** The form fields; a repeated name holds every value. */
      params: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      signature: z.nullable(z.string()),
    }),
  ),
});
export type StatusCallback = z.infer<typeof statusCallback>;

/**
 * Work of the outbound-webhooks queue. `evento`: an appointment move's event (pattern 24), committed
 * with the move, to fan out to the provider's webhooks (one delivery each). `entrega`: one delivery's
 * attempt, due at `dueAt` (epoch ms): the consumer re-sends the message with a delay (at most 900 s, SQS's
 * limit) until then (docs/appointments.md).
 */
export const outboundWebhookWork = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('evento'), aplicacaoId: z.number(), eventId: z.string() }),
  z.object({
    kind: z.literal('entrega'),
    aplicacaoId: z.number(),
    webhookId: z.number(),
    eventId: z.string(),
    /** The attempt this message is for (1 for the first): an older message of a delivery is dropped. */
    attempt: z.number(),
    dueAt: z.number(),
  }),
]);
export type OutboundWebhookWork = z.infer<typeof outboundWebhookWork>;
