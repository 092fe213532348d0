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

/**
 * What a campaign message's status move adds to its campaign: a message delivered (or read without a delivered
 * callback first) counts as delivered once, a read one as read once. Nothing for any other move.
 */
export function campaignStatusWrites(
  aplicacaoId: number,
  campanhaId: number,
  mensagemId: number,
  from: MessageStatus,
  to: MessageStatus,
): ConditionalWrite<never>[] {
  const add: Partial<Record<Counter, number>> = {};
  if (reached(to, 'DELIVERED') && !reached(from, 'DELIVERED')) add.entregues = 1;
  if (reached(to, 'READ') && !reached(from, 'READ')) add.lidas = 1;
  return Object.keys(add).length > 0 ? [counterWrite(aplicacaoId, campanhaId, mensagemId % COUNTER_SHARDS, add)] : [];
}
