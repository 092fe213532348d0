// The writes that move a message out of QUEUED, shared by the send (shared/db/messages.ts) and the
// status consumer (a callback that names the message by our reference): the move to SENT with the
// provider id lookup (17b), the delete of the reconciler's entry (35), the message counts (17d, and
// 17e per send day) every status move keeps, and the step each move appends to the message's timeline.
// Small on purpose: the status consumer imports it without the send path.
import * as keys from '#shared/db/keys';
import { conditionalWrite } from '#shared/db/unit-of-work';
import { alreadySettled } from '#shared/domain/messages/repository';
import { statusRanks, type Message, type MessageStatus, type PendingSend, type TimelineStep } from '#shared/domain/messages/records';
import { localDateTime } from '#shared/domain/time';
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
  m: Pick<Message, 'aplicacaoId' | 'id' | 'provider' | 'reconciliarEm' | 'dataEnvio'> & Counted,
  messageSid: string,
  now = new Date(),
): ConditionalWrite[] {
  return [
    conditionalWrite(
      {
        Update: {
          Key: keys.message(m.aplicacaoId, m.id),
          UpdateExpression: `SET #s = :s, statusRank = :rank, messageSid = :sid, ${appendStep} REMOVE reconciliarEm`,
          ConditionExpression: 'statusRank < :rank',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':s': 'SENT',
            ':rank': statusRanks.SENT,
            ':sid': messageSid,
            ...stepValues({ status: 'SENT', em: localDateTime(now) }),
          },
        },
      },
      alreadySettled,
    ),
    providerLookupWrite(m, messageSid),
    ...pendingDelete(m),
    ...countWrites(m, 'QUEUED', 'SENT'),
  ];
}

export const providerLookupWrite = (m: Pick<Message, 'aplicacaoId' | 'id' | 'provider'>, messageSid: string) =>
  conditionalWrite({
    Put: {
      Item: { ...keys.providerMessage(messageSid), tipo: 'PMSG', aplicacaoId: m.aplicacaoId, mensagemId: m.id, provider: m.provider },
    },
  });

/** What names a message's counter besides its status: its context as stored (any text; none counts as `SEM`). */
interface Counted {
  contexto: string | null;
}

/** Counter shards per application: concurrent moves of one tenant's messages spread over them. */
export const COUNTER_SHARDS = 4;

/** The counter of one status and context (`n_READ_AGENDAMENTO_SAUDE`, `n_QUEUED_SEM` for no context). */
export const counterName = (status: MessageStatus, contexto: string | null): string => `n_${status}_${contexto ?? 'SEM'}`;

/** The send day a message counts on (pattern 17e): the local date of its `dataEnvio`. */
export const sendDay = (m: Pick<Message, 'dataEnvio'>): string => m.dataEnvio.slice(0, 10);

/**
 * A message's move from `from` (null: it is new) to `to`: -1 and +1 on its counter shard (17d) and on its
 * send day's shard (17e), in the move's transaction.
 */
export function countWrites(
  m: Pick<Message, 'aplicacaoId' | 'id' | 'dataEnvio'> & Counted,
  from: MessageStatus | null,
  to: MessageStatus,
): ConditionalWrite[] {
  const names: Record<string, string> = { '#to': counterName(to, m.contexto) };
  const values: Record<string, number> = { ':plus': 1 };
  let update = 'ADD #to :plus';
  if (from) {
    names['#from'] = counterName(from, m.contexto);
    values[':minus'] = -1;
    update += ', #from :minus';
  }
  const shard = m.id % COUNTER_SHARDS;
  const add = (Key: Record<string, string>) =>
    conditionalWrite({ Update: { Key, UpdateExpression: update, ExpressionAttributeNames: names, ExpressionAttributeValues: values } });
  return [add(keys.messageCounters(m.aplicacaoId, shard)), add(keys.messageDayCounters(m.aplicacaoId, sendDay(m), shard))];
}

/** The `SET` clause that appends a step to the timeline (`:step` is the one-element list). */
export const appendStep = 'historico = list_append(if_not_exists(historico, :noSteps), :step)';
export const stepValues = (step: TimelineStep) => ({ ':noSteps': [], ':step': [step] });
