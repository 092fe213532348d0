// The generic inbound webhook's events, kept for audit (pattern 32): written by the edge before it
// queues their reference, marked handled by the inbound consumer, read by the admin. Its own module, so
// the webhook edge's bundle carries none of the conversation code.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InboundEventRef } from '#events/inbound-queue';
import { conditional, db, queryPage, tableName } from '#shared/db/client';
import { fieldsOf, jsonText } from '#shared/db/item';
import * as keys from '#shared/db/keys';

const EVENT_TTL_SECONDS = 90 * 24 * 60 * 60;

/** Keeps a generic inbound webhook's payload for audit (pattern 32), before the edge queues its reference. */
export async function keepInboundEvent(ref: InboundEventRef, body: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.inboundEvent(ref.aplicacaoId, ref.recebidoEm, ref.eventoId),
        tipo: 'ENTRADA',
        aplicacaoId: ref.aplicacaoId,
        eventoId: ref.eventoId,
        fluxo: ref.fluxo,
        recebidoEm: ref.recebidoEm,
        // The exact text received: any JSON (numbers of any size included), as it was signed.
        corpo: body,
        expiresAt: Math.floor(Date.parse(ref.recebidoEm) / 1000) + EVENT_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The generic inbound event the edge kept (pattern 32), marked as handled; false when there is no such event. */
export async function markInboundEventProcessed(aplicacaoId: number, recebidoEm: string, eventoId: string, at: string): Promise<boolean> {
  return conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.inboundEvent(aplicacaoId, recebidoEm, eventoId),
        UpdateExpression: 'SET processadoEm = if_not_exists(processadoEm, :at)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}

export interface InboundEventRecord {
  eventoId: string;
  fluxo: string;
  recebidoEm: string;
  processadoEm: string | null;
  payload: unknown;
}

/** A page of an application's generic inbound events, newest first (pattern 32). */
export async function inboundEventPage(aplicacaoId: number, page: number, size: number): Promise<InboundEventRecord[]> {
  const { pk, skPrefix } = keys.inboundEvents(aplicacaoId);
  const items = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ScanIndexForward: false,
    },
    page,
    size,
  );
  return items.map((item) => ({
    eventoId: String(item.eventoId),
    fluxo: String(item.fluxo),
    recebidoEm: String(item.recebidoEm),
    processadoEm: typeof item.processadoEm === 'string' ? item.processadoEm : null,
    payload: fieldsOf(item).orElse('corpo', jsonText, null),
  }));
}
