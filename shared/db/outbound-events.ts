// The outbox of appointment moves (docs/data-model.md, pattern 24). A move puts its event in its own
// transaction (`write`), so a committed move always has its event and an event always its move. After
// the commit the event is handed to the outbound-webhooks queue; the consumer fans it out to the
// provider's subscriptions and takes it off the pending index (`markPublished`). An event left pending
// (the function stopped between its commit and the queue) is found by `listPending` and queued again by
// the sweep; the fan-out is idempotent (one delivery per event and subscription).
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { appointmentEvent } from '#shared/db/appointment-events';
import { db, isConditionFailure, tableName } from '#shared/db/client';
import { fieldsOf } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { tableKeys } from '#shared/db/table';
import { putNew } from '#shared/db/unit-of-work';
import type { OutboundEvent } from '#shared/domain/outbound-webhooks/outbox';
import type { OutboundEventRepository } from '#shared/domain/outbound-webhooks/outbox';

const toItem = (event: OutboundEvent) => ({
  ...keys.outboundEvent(event.aplicacaoId, event.eventId),
  ...keys.pendingEventListing(event.criadoEm, event.eventId),
  tipo: 'EVENTO',
  ...event,
});

const toEvent = (item: Record<string, unknown>): OutboundEvent => ({
  eventId: String(item.eventId),
  aplicacaoId: Number(item.aplicacaoId),
  prestadorId: Number(item.prestadorId),
  payload: fieldsOf(item).read('payload', appointmentEvent),
  criadoEm: String(item.criadoEm),
});

export function dynamoOutboundEventRepository(): OutboundEventRepository {
  return {
    write: (event) => putNew(toItem(event)),

    async get(aplicacaoId, eventId) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.outboundEvent(aplicacaoId, eventId), ConsistentRead: true }),
      );
      return out.Item ? toEvent(out.Item) : undefined;
    },

    async markPublished(aplicacaoId, eventId) {
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.outboundEvent(aplicacaoId, eventId),
            UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
            ConditionExpression: 'attribute_exists(pk)',
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async listPending(before, limit) {
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
          ExpressionAttributeValues: { ':pk': keys.pendingEvents().gsi1pk, ':before': before },
          ProjectionExpression: 'aplicacaoId, eventId',
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map((item) => ({ aplicacaoId: Number(item.aplicacaoId), eventId: String(item.eventId) }));
    },
  };
}
