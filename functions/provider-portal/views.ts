// The provider portal's webhook answers: a subscription (its secret only in the answer that created or
// replaced it, or revealed on demand) and one line of its delivery log (the body sent, the last answer and its time), typed from the group's contract (./contract.ts, imported
// as types only: no contract enters the bundle).
import type * as z from 'zod/mini';
import type { WebhookDelivery, DeliveryState } from '#shared/domain/outbound-webhooks/deliveries';
import type { WebhookSubscription } from '#shared/domain/outbound-webhooks/subscriptions';
import { localDateTime } from '#shared/domain/time';
import type { delivery, webhook, webhookWithSecret } from './contract.ts';

export type DeliveryAnswer = z.output<typeof delivery>;

/** The subscription as the portal shows it, never its secret. */
export const subscriptionView = (s: WebhookSubscription): z.output<typeof webhook> => ({
  id: s.id,
  url: s.url,
  eventos: [...s.eventos],
  ativo: s.ativo,
  criadoEm: s.criadoEm,
  atualizadoEm: s.atualizadoEm,
});

/** The subscription with `secret` (the clear value): only the answer that created or replaced it. */
export const subscriptionWithSecretView = (s: WebhookSubscription, secret: string): z.output<typeof webhookWithSecret> => ({
  ...subscriptionView(s),
  secret,
});

const stateViews: Record<DeliveryState, DeliveryAnswer['estado']> = { pending: 'PENDENTE', succeeded: 'ENTREGUE', failed: 'FALHOU' };

/** One line of the delivery log. */
export const deliveryView = (d: WebhookDelivery): DeliveryAnswer => ({
  id: d.deliveryId,
  eventoId: d.eventId,
  webhookId: d.webhookId,
  evento: d.evento,
  tentativas: d.attempts,
  ultimoStatusHttp: d.lastHttpStatus,
  ultimoErro: d.lastError,
  proximaTentativa: d.nextAttemptAt === null ? null : localDateTime(new Date(d.nextAttemptAt)),
  estado: stateViews[d.state],
  criadoEm: localDateTime(new Date(d.createdAt)),
  atualizadoEm: localDateTime(new Date(d.updatedAt)),
  corpo: d.payload,
  ultimaResposta: d.lastResponse,
  ultimaDuracaoMs: d.lastDurationMs,
});
