// Contract of the outbound-webhooks queue's messages. One file per queue: a consumer builds only its own schemas at cold start.
import * as z from 'zod/mini';

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
