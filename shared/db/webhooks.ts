// DynamoDB side of the outbound webhooks (docs/data-model.md, patterns 25 and 26): a provider's
// subscriptions, and the deliveries of events to them. A subscription lives under its application
// (a read by id with another application's principal is a key miss) and names its provider (the
// portal compares it, so another provider's webhook is a 404 too). A delivery is written once per
// event and subscription (`attribute_not_exists`), then only conditioned on the attempts and state
// it was decided from, so two consumers working on the same attempt cannot both record it.
// A subscription's signing key is in the secret store (shared/secrets/webhooks.ts): the item
// keeps only where ({ versao, mascara }), and is never written with a clear value.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { appointmentEvent } from '#shared/db/appointment-events';
import { conditional, db, queryCount, queryIndex, queryPage, queryPrefix, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import * as keys from '#shared/db/keys';
import { fieldsOf, listOf, oneOf } from '#shared/db/item';
import { storedSecret } from '#shared/db/stored-secrets';
import { tableKeys } from '#shared/db/table';
import { appointmentEventTypes } from '#shared/domain/appointments/events';
import { deliveryStates, type WebhookDelivery, type WebhookDeliveryRepository } from '#shared/domain/outbound-webhooks/deliveries';
import type { WebhookSubscription, WebhookSubscriptionRepository } from '#shared/domain/outbound-webhooks/subscriptions';

type Item = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Subscriptions (pattern 25)

const subscriptionItem = (s: WebhookSubscription): Item => {
  if (typeof s.secret === 'string') throw new Error('a webhook keeps its secret in the secret store, never on its item');
  return subscriptionFields(s);
};

const subscriptionFields = (s: WebhookSubscription): Item => ({
  ...keys.webhook(s.aplicacaoId, s.id),
  ...keys.webhookListing(s.aplicacaoId, s.prestadorId, s.id),
  tipo: 'WEBHOOK',
  id: s.id,
  aplicacaoId: s.aplicacaoId,
  prestadorId: s.prestadorId,
  url: s.url,
  secret: s.secret,
  eventos: s.eventos,
  ativo: s.ativo,
  criadoEm: s.criadoEm,
  atualizadoEm: s.atualizadoEm,
});

const eventType = oneOf(appointmentEventTypes);

const toSubscription = (item: Item): WebhookSubscription => {
  const f = fieldsOf(item);
  return {
    id: Number(item.id),
    aplicacaoId: Number(item.aplicacaoId),
    prestadorId: Number(item.prestadorId),
    url: String(item.url),
    secret: f.read('secret', storedSecret),
    eventos: f.read('eventos', listOf(eventType)),
    ativo: item.ativo === true,
    criadoEm: String(item.criadoEm),
    atualizadoEm: String(item.atualizadoEm),
  };
};

export function dynamoWebhookSubscriptionRepository(): WebhookSubscriptionRepository {
  return {
    newId: nextId,

    async create(subscription) {
      await db().send(
        new PutCommand({ TableName: tableName(), Item: subscriptionItem(subscription), ConditionExpression: 'attribute_not_exists(pk)' }),
      );
    },

    async get(aplicacaoId, id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.webhook(aplicacaoId, id), ConsistentRead: true }));
      return out.Item ? toSubscription(out.Item) : undefined;
    },

    async listByProvider(aplicacaoId, prestadorId) {
      return (await queryIndex(keys.webhooks(aplicacaoId, prestadorId).gsi1pk)).map(toSubscription);
    },

    replace: (subscription) =>
      conditional(() =>
        db().send(
          new PutCommand({
            TableName: tableName(),
            Item: subscriptionItem(subscription),
            ConditionExpression: 'attribute_exists(pk) AND prestadorId = :prestadorId',
            ExpressionAttributeValues: { ':prestadorId': subscription.prestadorId },
          }),
        ),
      ),

    async listByApplication(aplicacaoId) {
      return (await queryPrefix(keys.applicationWebhooks(aplicacaoId))).map(toSubscription);
    },

    sealSecret: (aplicacaoId, id, clear, ref) =>
      conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.webhook(aplicacaoId, id),
            UpdateExpression: 'SET secret = :ref',
            ConditionExpression: 'secret = :clear',
            ExpressionAttributeValues: { ':ref': ref, ':clear': clear },
          }),
        ),
      ),

    delete: (aplicacaoId, prestadorId, id) =>
      conditional(() =>
        db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.webhook(aplicacaoId, id),
            ConditionExpression: 'attribute_exists(pk) AND prestadorId = :prestadorId',
            ExpressionAttributeValues: { ':prestadorId': prestadorId },
          }),
        ),
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// Deliveries (pattern 26)

/** The listing's sort key: the creation instant, so the log reads in the order the events came. */
const listedAt = (d: WebhookDelivery) => new Date(d.createdAt).toISOString();

const deliveryItem = (d: WebhookDelivery): Item => ({
  ...keys.delivery(d.aplicacaoId, d.webhookId, d.eventId),
  ...keys.deliveryListing(d.aplicacaoId, d.webhookId, listedAt(d), d.eventId),
  tipo: 'ENTREGA',
  ...d,
});

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const toDelivery = (item: Item): WebhookDelivery => {
  const f = fieldsOf(item);
  return {
    deliveryId: String(item.deliveryId),
    eventId: String(item.eventId),
    webhookId: Number(item.webhookId),
    aplicacaoId: Number(item.aplicacaoId),
    prestadorId: Number(item.prestadorId),
    evento: f.read('evento', eventType),
    payload: f.read('payload', appointmentEvent),
    attempts: Number(item.attempts),
    lastHttpStatus: numberOrNull(item.lastHttpStatus),
    lastError: typeof item.lastError === 'string' ? item.lastError : null,
    // Deliveries recorded before the log kept the answer and the duration have neither.
    lastResponse: typeof item.lastResponse === 'string' ? item.lastResponse : null,
    lastDurationMs: numberOrNull(item.lastDurationMs),
    nextAttemptAt: numberOrNull(item.nextAttemptAt),
    state: f.read('state', oneOf(deliveryStates)),
    createdAt: Number(item.createdAt),
    updatedAt: Number(item.updatedAt),
  };
};

export function dynamoWebhookDeliveryRepository(): WebhookDeliveryRepository {
  return {
    async create(delivery) {
      const created = await conditional(() =>
        db().send(
          new PutCommand({ TableName: tableName(), Item: deliveryItem(delivery), ConditionExpression: 'attribute_not_exists(pk)' }),
        ),
      );
      return created ? 'created' : 'exists';
    },

    async get(aplicacaoId, webhookId, eventId) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.delivery(aplicacaoId, webhookId, eventId), ConsistentRead: true }),
      );
      return out.Item ? toDelivery(out.Item) : undefined;
    },

    save: (delivery, from) =>
      conditional(() =>
        db().send(
          new PutCommand({
            TableName: tableName(),
            Item: deliveryItem(delivery),
            // `state` is a DynamoDB reserved word.
            ConditionExpression: 'attempts = :attempts AND #state = :state',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':attempts': from.attempts, ':state': from.state },
          }),
        ),
      ),

    async list(aplicacaoId, webhookId, page, size) {
      const pk = keys.deliveries(aplicacaoId, webhookId).gsi1pk;
      // The count brings nothing but the count over the wire; the page is read from the newest, and only up to it.
      const query = { IndexName: tableKeys.gsi1.name, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk } };
      const [items, total] = await Promise.all([queryPage({ ...query, ScanIndexForward: false }, page, size), queryCount(query)]);
      return { content: items.map(toDelivery), total };
    },
  };
}
