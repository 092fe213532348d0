// The payment gateway's webhook secret: Stripe's endpoint signing secret (`whsec_...`), which verifies the
// Stripe-Signature of POST /api/webhooks/pagamentos/stripe. One secret in the secret store (Secrets Manager in AWS,
// put there by the operator from Stripe's dashboard; generated under `npm start` and written to sandbox.json as
// `pagamentos.stripe.webhookSecret`): `<WEBHOOK_SECRET_PREFIX>/pagamentos/entrada-stripe`, among the inbound webhooks'
// verification keys the webhook edge may read (infra/permissions.ts, `inboundWebhookSecrets: 'read'`). Never logged.
import { adapter } from '#shared/adapters/index';
import { expiringCache } from '#shared/cache';
import { config } from '#shared/config';

export const stripeWebhookSecretId = (): string => `${config().webhookSecretPrefix}/pagamentos/entrada-stripe`;

// A rotation is seen within a minute (Stripe signs with both secrets meanwhile).
const cache = expiringCache<string>(60_000, 1);

/** The endpoint secret. Throws when the store cannot be read (or holds none). */
export const stripeWebhookSecret = (): Promise<string> =>
  cache.get(stripeWebhookSecretId(), async () => (await (await adapter('secrets')).get(stripeWebhookSecretId())).trim());
