// /api/prestador/webhooks/**: the provider's outbound webhook subscriptions, their delivery log, their signing
// secret revealed on demand and a test event (docs/appointments.md, "Outbound webhooks"). The application and the provider come from the
// portal token; a webhook of another provider or application is 404. The URL is checked on save
// (https, public addresses: SSRF; loopback too under the local run). The secret appears only in the
// answer that created or replaced it, and is kept in the secret store (shared/secrets/webhooks.ts),
// the item naming where.
import type { OutboundWebhookWork } from '#events/outbound-webhook-queue';
import { adapter } from '#shared/adapters/index';
import { resolveHost, webhookTargetPolicy } from '#shared/adapters/webhook-http';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoWebhookDeliveryRepository, dynamoWebhookSubscriptionRepository } from '#shared/db/webhooks';
import { randomSecret } from '#shared/auth/secrets';
import { testAppointmentEvent } from '#shared/domain/appointments/events';
import { conflict, invalid, notFound } from '#shared/domain/errors';
import { deliveriesFor, hopDelaySeconds, type WebhookDelivery } from '#shared/domain/outbound-webhooks/deliveries';
import {
  newSubscription,
  parseSubscriptionCreate,
  parseSubscriptionUpdate,
  sealedSubscription,
  updatedSubscription,
  type SubscriptionDeps,
  type WebhookSubscription,
} from '#shared/domain/outbound-webhooks/subscriptions';
import type { ProviderScope } from '#shared/domain/provider-credentials';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { readPaging } from '#shared/http/paging';
import { log } from '#shared/log';
import { retrySchedule } from '#shared/operations/outbound-delivery';
import { outboundWebhookSecrets, webhookSigningSecret } from '#shared/secrets/webhooks';
import { validate } from '#shared/http/validation';
import { testEventBody } from './requests.ts';
import { scopeOf } from './scope.ts';
import { deliveryView, subscriptionView, subscriptionWithSecretView } from './views.ts';
import { pageOf } from '#shared/domain/paging';
import type { providerPortalContract } from './contract.ts';

const subscriptions = dynamoWebhookSubscriptionRepository();
const deliveries = dynamoWebhookDeliveryRepository();
const applications = dynamoApplicationRepository();

const deps = (): SubscriptionDeps => ({ resolve: resolveHost, policy: webhookTargetPolicy() });

/** The webhook of `{id}` when it belongs to the caller's provider; otherwise 404, as for an unknown id. */
async function ownWebhook(request: TenantRequest, scope: ProviderScope): Promise<WebhookSubscription> {
  const id = pathId(request, 'webhook');
  const subscription = await subscriptions.get(scope.aplicacaoId, id);
  if (!subscription || subscription.prestadorId !== scope.prestadorId) throw notFound('webhook');
  return subscription;
}

/** Shown once: the answer carrying a secret must not be stored by caches on the way. */
const noStore = { 'Cache-Control': 'no-store' };

/** `{entregaId}` is a delivery's `id` in the log, `<eventId>.<webhookId>`, of this webhook. */
function deliveryEventId(request: TenantRequest, webhookId: number): string {
  const raw = request.pathParameters.entregaId ?? '';
  const suffix = `.${webhookId}`;
  const eventId = raw.endsWith(suffix) ? raw.slice(0, -suffix.length) : '';
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(eventId)) throw notFound('delivery');
  return eventId;
}

export const webhookOperations: Operations<'provider-portal', typeof providerPortalContract> = {
  'POST /api/prestador/webhooks': async (request) => {
    const scope = scopeOf(request);
    const input = parseSubscriptionCreate(request.body);
    const prestador = await applications.getPrestador(scope.aplicacaoId, scope.prestadorId);
    if (!prestador) throw notFound('prestador');
    if (!prestador.ativo) throw conflict('the prestador is inactive');
    // The id is drawn once the input (URL included) passed its checks: a refused request writes nothing.
    const { subscription, secret } = await newSubscription(input, { id: 0, ...scope, at: new Date() }, deps());
    // The secret goes to the secret store first (under the webhook's id); the item, written last, names its version.
    const created = await sealedSubscription({ ...subscription, id: await subscriptions.newId() }, outboundWebhookSecrets());
    await subscriptions.create(created);
    log.info('webhook created', { webhookId: created.id, prestadorId: scope.prestadorId, eventos: created.eventos });
    return json(201, subscriptionWithSecretView(created, secret), noStore);
  },

  'GET /api/prestador/webhooks': async (request) => {
    const { aplicacaoId, prestadorId } = scopeOf(request);
    const list = await subscriptions.listByProvider(aplicacaoId, prestadorId);
    return json(
      200,
      list.map((s) => subscriptionView(s)),
    );
  },

  'GET /api/prestador/webhooks/{id}': async (request) => json(200, subscriptionView(await ownWebhook(request, scopeOf(request)))),

  'PUT /api/prestador/webhooks/{id}': async (request) => {
    const scope = scopeOf(request);
    pathId(request, 'webhook');
    const input = parseSubscriptionUpdate(request.body);
    const current = await ownWebhook(request, scope);
    // A new secret becomes the current version of the webhook's secret before the item names it (an item from
    // before, still holding its secret in clear, has it moved here too).
    const updated = await sealedSubscription(await updatedSubscription(current, input, new Date(), deps()), outboundWebhookSecrets());
    if (!(await subscriptions.replace(updated))) throw notFound('webhook');
    // A blank secret keeps the current one, which is then not shown again.
    return input.secret === null
      ? json(200, subscriptionView(updated))
      : json(200, subscriptionWithSecretView(updated, input.secret), noStore);
  },

  'DELETE /api/prestador/webhooks/{id}': async (request) => {
    const scope = scopeOf(request);
    // Its pending deliveries give up at their next attempt; the log stays in the table.
    if (!(await subscriptions.delete(scope.aplicacaoId, scope.prestadorId, pathId(request, 'webhook')))) throw notFound('webhook');
    return { statusCode: 204 };
  },

  'GET /api/prestador/webhooks/{id}/entregas': async (request) => {
    const scope = scopeOf(request);
    const paging = readPaging(request.query);
    const subscription = await ownWebhook(request, scope);
    const { content, total } = await deliveries.list(scope.aplicacaoId, subscription.id, paging.page, paging.size);
    return json(200, pageOf(content.map(deliveryView), total, paging));
  },

  'GET /api/prestador/webhooks/{id}/segredo': async (request) => {
    const subscription = await ownWebhook(request, scopeOf(request));
    // The key the consumer signs with (the version the item names), read as it reads it.
    const secret = await webhookSigningSecret(subscription);
    log.info('webhook secret revealed', { webhookId: subscription.id, prestadorId: subscription.prestadorId });
    return json(200, { secret }, noStore);
  },

  'POST /api/prestador/webhooks/{id}/teste': async (request) => {
    const scope = scopeOf(request);
    const { evento } = validate(testEventBody, request.body ?? {});
    const subscription = await ownWebhook(request, scope);
    const type = evento ?? subscription.eventos[0]!;
    if (!subscription.eventos.includes(type)) throw invalid(`the webhook does not subscribe to ${type}`, 'evento');
    if (!subscription.ativo) throw conflict('the webhook is inactive: activate it before sending a test event');
    // A delivery of an example event to this webhook alone, as the fan-out makes one for each subscription of a real
    // event; then its first attempt is queued, as the fan-out queues it. The id is the test's own, never an appointment's.
    const now = new Date();
    const eventId = `msg_teste_${randomSecret(12)}`;
    const [created] = deliveriesFor([subscription], testAppointmentEvent(type, now), eventId, now, retrySchedule());
    if (!created || (await deliveries.create(created)) !== 'created') throw conflict('the test event could not be recorded; try again');
    const dueAt = created.nextAttemptAt ?? now.getTime();
    const message: OutboundWebhookWork = {
      kind: 'entrega',
      aplicacaoId: scope.aplicacaoId,
      webhookId: subscription.id,
      eventId,
      attempt: 1,
      dueAt,
    };
    await (await adapter('queue')).send('outboundWebhooks', message, { delaySeconds: hopDelaySeconds(dueAt, now) });
    log.info('webhook test event queued', { deliveryId: created.deliveryId, evento: type });
    return json(202, deliveryView(created));
  },

  'POST /api/prestador/webhooks/{id}/entregas/{entregaId}/reenviar': async (request) => {
    const scope = scopeOf(request);
    const subscription = await ownWebhook(request, scope);
    const eventId = deliveryEventId(request, subscription.id);
    const delivery = await deliveries.get(scope.aplicacaoId, subscription.id, eventId);
    if (!delivery) throw notFound('delivery');
    if (!subscription.ativo) throw conflict('the webhook is inactive: activate it before resending');
    // A fresh attempt now, counted after the ones made: a failed delivery that fails again is failed
    // again at once; one that had succeeded gets the rest of the schedule.
    const now = Date.now();
    const replayed: WebhookDelivery = { ...delivery, state: 'pending', nextAttemptAt: now, updatedAt: now };
    if (!(await deliveries.save(replayed, { attempts: delivery.attempts, state: delivery.state }))) {
      throw conflict('the delivery changed while it was being resent; try again');
    }
    const message: OutboundWebhookWork = {
      kind: 'entrega',
      aplicacaoId: scope.aplicacaoId,
      webhookId: subscription.id,
      eventId,
      attempt: delivery.attempts + 1,
      dueAt: now,
    };
    await (await adapter('queue')).send('outboundWebhooks', message);
    log.info('webhook delivery resent', { deliveryId: delivery.deliveryId, attempt: delivery.attempts + 1 });
    return json(202, deliveryView(replayed));
  },
};
