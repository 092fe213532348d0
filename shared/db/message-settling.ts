// The writes that move a message out of QUEUED, shared by the send (shared/db/messages.ts) and the
// status consumer (a callback that names the message by our reference): the move to SENT with the
// provider id lookup (17b), the delete of the reconciler's entry (35), and the message counts (17d)
// every status move keeps. Small on purpose: the status consumer imports it without the send path.
import * as keys from '#shared/db/keys';
import { conditionalWrite } from '#shared/db/unit-of-work';
import { alreadySettled, statusRanks, type Message, type MessageStatus, type PendingSend } from '#shared/domain/messages';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

/** The reconciler's index is spread over a few partitions, so a burst of sends writes to more than one. */
export const pendingShards = [0, 1, 2, 3] as const;

export const pendingKey = (p: PendingSend) =>
  keys.pendingSend(p.mensagemId % pendingShards.length, p.reconciliarEm, p.aplicacaoId, p.mensagemId);

/** The delete of a message's reconciler entry, for the transaction that moves it out of QUEUED (none for a link send). */
export const pendingDelete = (m: Pick<Message, 'aplicacaoId' | 'id' | 'reconciliarEm'>): ConditionalWrite[] =>
  m.reconciliarEm
    ? [conditionalWrite({ Delete: { Key: pendingKey({ aplicacaoId: m.aplicacaoId, mensagemId: m.id, reconciliarEm: m.reconciliarEm }) } })]
    : [];

/**
 * QUEUED -> SENT with the provider's id (the reconciler's entry leaves with it), and the provider id
 * lookup. Refused with `alreadySettled` when the message is no longer QUEUED; any other cancellation
 * (a concurrent move on the counter shard) is a race to retry.
 */
export function sentWrites(
  m: Pick<Message, 'aplicacaoId' | 'id' | 'provider' | 'reconciliarEm' | 'contexto'>,
  messageSid: string,
): ConditionalWrite[] {
  return [
    conditionalWrite(
      {
        Update: {
          Key: keys.message(m.aplicacaoId, m.id),
          UpdateExpression: 'SET #s = :s, statusRank = :rank, messageSid = :sid REMOVE reconciliarEm',
          ConditionExpression: 'statusRank < :rank',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': 'SENT', ':rank': statusRanks.SENT, ':sid': messageSid },
        },
      },
      alreadySettled,
    ),
    providerLookupWrite(m, messageSid),
    ...pendingDelete(m),
    countWrite(m, 'QUEUED', 'SENT'),
  ];
}

export const providerLookupWrite = (m: Pick<Message, 'aplicacaoId' | 'id' | 'provider'>, messageSid: string) =>
  conditionalWrite({
    Put: {
      Item: { ...keys.providerMessage(messageSid), tipo: 'PMSG', aplicacaoId: m.aplicacaoId, mensagemId: m.id, provider: m.provider },
    },
  });

/** Counter shards per application: concurrent moves of one tenant's messages spread over them. */
export const COUNTER_SHARDS = 4;

/** The counter of one status and context (`n_READ_AGENDAMENTO_SAUDE`, `n_QUEUED_SEM` for no context). */
export const counterName = (status: MessageStatus, contexto: string | null): string => `n_${status}_${contexto ?? 'SEM'}`;

/** A message's move from `from` (null: it is new) to `to`, on its counter shard: -1 and +1 in the move's transaction. */
export function countWrite(
  m: Pick<Message, 'aplicacaoId' | 'id' | 'contexto'>,
  from: MessageStatus | null,
  to: MessageStatus,
): ConditionalWrite {
  const names: Record<string, string> = { '#to': counterName(to, m.contexto) };
  const values: Record<string, number> = { ':plus': 1 };
  let update = 'ADD #to :plus';
  if (from) {
    names['#from'] = counterName(from, m.contexto);
    values[':minus'] = -1;
    update += ', #from :minus';
  }
  return conditionalWrite({
    Update: {
      Key: keys.messageCounters(m.aplicacaoId, m.id % COUNTER_SHARDS),
      UpdateExpression: update,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
}
