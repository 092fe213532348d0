// Contract of the inbound queue's messages. One file per queue: a consumer builds only its own schemas at cold start.
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
