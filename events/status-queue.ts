// Contract of the status queue's messages. One file per queue: a consumer builds only its own schemas at cold start.
import * as z from 'zod/mini';
import { callbackStatuses } from '#shared/domain/delivery-status';

/** One delivery-status update, normalised from provider_a or provider_b. */
export const statusCallback = z.object({
  provider: z.enum(['provider_a', 'provider_b']),
  messageSid: z.string().check(z.minLength(1)),
  status: z.enum(callbackStatuses),
  occurredAt: z.string(),
  errorCode: z.optional(z.string()),
  errorMessage: z.optional(z.string()),
  /** Actual provider cost in USD (absolute value), when the callback carries it. */
  priceUsd: z.optional(z.string()),
  /** provider_b's pricing.category in upper case, one of the domain's conversationTypes (shared/domain/ledger.ts). */
  tipoConversa: z.optional(z.string()),
  /** The application whose signature the edge checked: the consumer drops a callback for another application's message. */
  aplicacaoId: z.optional(z.number()),
  /**
   * Our reference of the message (`<aplicacaoId>.<mensagemId>`) as the provider echoed it: settles a
   * QUEUED message whose move to SENT was never written (shared/operations/send-message.ts).
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
