// A campaign's counters (#36; docs/data-model.md, pattern 46d): 4 shards per campaign, ADDed in the transactions that
// move its recipients (shard by line) and its messages' statuses (shard by message id). Its own module: the status
// consumer carries it without the campaigns' repository.
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import * as keys from '#shared/db/keys';
import { conditionalWrite } from '#shared/db/unit-of-work';
import type { MessageStatus } from '#shared/domain/messages/records';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

export const COUNTER_SHARDS = 4;

export const counters = ['enviadas', 'entregues', 'lidas', 'falhas', 'ignoradas'] as const;
export type Counter = (typeof counters)[number];
/** A counter's attribute on a shard item. */
export const counterAttribute = (counter: Counter) => `n_${counter}`;

/** The ADD of counters (and of the cost) on one shard of a campaign's counters: one element of a transaction. */
export function counterWrite(
  aplicacaoId: number,
  campanhaId: number,
  shard: number,
  add: Partial<Record<Counter, number>>,
  custo?: string,
): ConditionalWrite<never> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':tipo': 'CCONT' };
  const parts = counters
    .filter((counter) => add[counter] !== undefined)
    .map((counter, i) => {
      names[`#c${i}`] = counterAttribute(counter);
      values[`:c${i}`] = add[counter];
      return `#c${i} :c${i}`;
    });
  if (custo !== undefined) {
    parts.push('custo :custo');
    values[':custo'] = NumberValue.from(custo);
  }
  return conditionalWrite({
    Update: {
      Key: keys.campaignCounter(aplicacaoId, campanhaId, shard),
      UpdateExpression: `ADD ${parts.join(', ')} SET tipo = :tipo`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
}

const reached = (status: MessageStatus, of: 'DELIVERED' | 'READ') => status === of || (of === 'DELIVERED' && status === 'READ');
const failed = (status: MessageStatus) => status === 'FAILED' || status === 'UNDELIVERED';

/**
 * What a campaign message's status move adds to its campaign: a message delivered (or read without a delivered
 * callback first) counts as delivered once, a read one as read once. A message the provider accepted and then
 * reports failed or undelivered moves its recipient ENVIADA -> FALHA (the provider's error code as its reason) and
 * from `enviadas` to `falhas`; it was charged, so the cost stays. Nothing for any other move.
 */
export function campaignStatusWrites(
  aplicacaoId: number,
  campanha: { id: number; linha: number | null },
  mensagemId: number,
  move: { from: MessageStatus; status: MessageStatus; errorCode?: string | null },
): ConditionalWrite<never>[] {
  const { from, status: to } = move;
  const add: Partial<Record<Counter, number>> = {};
  if (reached(to, 'DELIVERED') && !reached(from, 'DELIVERED')) add.entregues = 1;
  if (reached(to, 'READ') && !reached(from, 'READ')) add.lidas = 1;
  const writes: ConditionalWrite<never>[] = [];
  if (failed(to) && !failed(from) && campanha.linha !== null) {
    add.enviadas = -1;
    add.falhas = 1;
    // No condition on the recipient's status: the message's own move (conditioned on the status read) happens once,
    // and its recipient became ENVIADA in the commit that created the message.
    const listing = keys.recipientListing(aplicacaoId, campanha.id, 'FALHA', campanha.linha);
    writes.push(
      conditionalWrite({
        Update: {
          Key: keys.recipient(aplicacaoId, campanha.id, campanha.linha),
          UpdateExpression: 'SET #s = :falha, gsi1pk = :g, motivo = :motivo',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':falha': 'FALHA', ':g': listing.gsi1pk, ':motivo': move.errorCode ?? to },
        },
      }),
    );
  }
  if (Object.keys(add).length > 0) writes.push(counterWrite(aplicacaoId, campanha.id, mensagemId % COUNTER_SHARDS, add));
  return writes;
}
