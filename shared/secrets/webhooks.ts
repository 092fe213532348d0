// The webhooks' secrets: an outbound webhook's Standard Webhooks signing key (the provider portal keeps
// it, the outbound-webhooks consumer signs with it) and an inbound subscription's HMAC key (the admin
// panel keeps it, the webhook edge verifies X-Service-Signature with it). One secret each in the secret
// store (Secrets Manager in AWS): `<WEBHOOK_SECRET_PREFIX>/<aplicacaoId>/saida-<webhookId>` and
// `<WEBHOOK_SECRET_PREFIX>/<aplicacaoId>/entrada-<subscriptionId>`, the item naming the version in force
// (shared/secrets/refs.ts), as the provider secrets do. IAM gives each side exactly its half (write where
// kept, read where signed or verified: infra/permissions.ts). Values are never logged.
import { config } from '#shared/config';
import type { InboundSubscription } from '#shared/domain/applications/records';
import type { SecretRef, StoredSecret, WebhookSecretStore } from '#shared/domain/applications/secrets';
import type { WebhookSubscription } from '#shared/domain/outbound-webhooks/subscriptions';
import { secretAt, storeSecretRef } from '#shared/secrets/refs';

export const outboundWebhookSecretId = (aplicacaoId: number, webhookId: number): string =>
  `${config().webhookSecretPrefix}/${aplicacaoId}/saida-${webhookId}`;

export const inboundWebhookSecretId = (aplicacaoId: number, subscriptionId: number): string =>
  `${config().webhookSecretPrefix}/${aplicacaoId}/entrada-${subscriptionId}`;

/** Where the provider portal keeps its webhooks' signing keys. */
export const outboundWebhookSecrets = (): WebhookSecretStore => ({
  store: (aplicacaoId, id, value) => storeSecretRef(outboundWebhookSecretId(aplicacaoId, id), value),
});

/** Where the admin panel keeps the inbound subscriptions' HMAC keys. */
export const inboundWebhookSecrets = (): WebhookSecretStore => ({
  store: (aplicacaoId, id, value) => storeSecretRef(inboundWebhookSecretId(aplicacaoId, id), value),
});

const valueOf = (id: string, stored: StoredSecret): Promise<string> =>
  typeof stored === 'string' ? Promise.resolve(stored) : secretAt(id, stored);

/** The webhook's signing key in clear (an item from before holds it itself). Throws when the store cannot be read. */
export const webhookSigningSecret = (s: Pick<WebhookSubscription, 'aplicacaoId' | 'id' | 'secret'>): Promise<string> =>
  valueOf(outboundWebhookSecretId(s.aplicacaoId, s.id), s.secret);

/** The HMAC keys of the active subscriptions that have one: any of them signs a valid call. Throws when the store cannot be read. */
export const inboundSecretValues = (subscriptions: readonly InboundSubscription[]): Promise<string[]> =>
  Promise.all(
    subscriptions
      .filter((s) => s.ativo && s.secret)
      .map((s) => valueOf(inboundWebhookSecretId(s.aplicacaoId, s.id), s.secret as StoredSecret)),
  );

export interface WebhookSecretMigration {
  applications: {
    listApplications(): Promise<{ id: number }[]>;
    listInboundSubscriptions(aplicacaoId: number): Promise<InboundSubscription[]>;
    sealInboundSecret: (aplicacaoId: number, id: number, clear: string, ref: SecretRef) => Promise<boolean>;
  };
  webhooks: {
    listByApplication(aplicacaoId: number): Promise<WebhookSubscription[]>;
    sealSecret: (aplicacaoId: number, id: number, clear: string, ref: SecretRef) => Promise<boolean>;
  };
  outbound: WebhookSecretStore;
  inbound: WebhookSecretStore;
}

/**
 * Moves the webhook secrets that items from before the secret store hold in clear into it, and leaves on each item
 * only where it went (`npm run bootstrap` in AWS, every local start). Each item is replaced only if it still holds
 * the value read, so a change made meanwhile is never undone. Answers how many of each kind were moved; a second
 * run moves none. Until an item is moved its readers use the clear value, so no delivery or call is lost.
 */
export async function moveWebhookSecrets(deps: WebhookSecretMigration): Promise<{ saida: number; entrada: number }> {
  const moved = { saida: 0, entrada: 0 };
  for (const app of await deps.applications.listApplications()) {
    for (const webhook of await deps.webhooks.listByApplication(app.id)) {
      if (typeof webhook.secret !== 'string') continue;
      const ref = await deps.outbound.store(app.id, webhook.id, webhook.secret);
      if (await deps.webhooks.sealSecret(app.id, webhook.id, webhook.secret, ref)) moved.saida++;
    }
    for (const subscription of await deps.applications.listInboundSubscriptions(app.id)) {
      if (typeof subscription.secret !== 'string') continue;
      const ref = await deps.inbound.store(app.id, subscription.id, subscription.secret);
      if (await deps.applications.sealInboundSecret(app.id, subscription.id, subscription.secret, ref)) moved.entrada++;
    }
  }
  return moved;
}
