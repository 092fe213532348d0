// The writes that move a message out of QUEUED, shared by the send (shared/db/messages.ts) and the
// status consumer (a callback that names the message by our reference): the move to SENT with the
// provider id lookup (17b), the delete of the reconciler's entry (35), the message counts (17d, and
// 17e per send day) every status move keeps, and the step each move appends to the message's timeline.
// A scheduled send's (#35) move out of SCHEDULED into its send's commit is here too (its due index, 35a).
// Small on purpose: the status consumer imports it without the send path.
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import * as keys from '#shared/db/keys';
import { conditionalWrite } from '#shared/db/unit-of-work';
import { alreadySettled } from '#shared/domain/messages/repository';
import {
  statusRanks,
  type DueSend,
  type Message,
  type MessageStatus,
  type PendingSend,
  type TimelineStep,
} from '#shared/domain/messages/records';
import { notScheduled } from '#shared/domain/messages/schedule';
import { instantOfLocal, localDateTime } from '#shared/domain/time';
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

/** The scheduled sends' due index (35a) is spread over as many partitions. */
export const dueShards = [0, 1, 2, 3] as const;

export const dueKey = (d: DueSend) => keys.scheduledSend(d.mensagemId % dueShards.length, d.dueAt, d.aplicacaoId, d.mensagemId);

/** A scheduled message's due entry: its `agendadoPara` (service local time) as the instant it names. */
export function dueOf(m: Pick<Message, 'aplicacaoId' | 'id' | 'agendadoPara'>): DueSend {
  const at = m.agendadoPara === null ? undefined : instantOfLocal(m.agendadoPara);
  if (!at) throw new Error(`message ${m.id} has no valid agendadoPara`);
  return { aplicacaoId: m.aplicacaoId, mensagemId: m.id, dueAt: at.toISOString() };
}

/**
 * A scheduled message (SCHEDULED, `dataEnvio` its `agendadoPara`) becoming the message of its send, in the send's debit
 * commit: its item takes the send's fields (status QUEUED, or SENT for a link, the debit, the provider and number of
 * the application now, `dataEnvio` the send's time) and the step, refused with `notScheduled` unless still SCHEDULED;
 * its due entry leaves, the reconciler's is put (while QUEUED), its counts move (17d; 17e from its time's day to the
 * send's).
 */
export function scheduledSentWrites(m: Message, pendingEntry: ConditionalWrite[]): ConditionalWrite[] {
  const listing = keys.messageListing(m.aplicacaoId, m.dataEnvio, m.id);
  const values: Record<string, unknown> = {
    ':s': m.status,
    ':rank': statusRanks[m.status],
    ':scheduled': 'SCHEDULED',
    ':provider': m.provider,
    ':sid': m.messageSid,
    ':from': m.fromNumber,
    ':dataEnvio': m.dataEnvio,
    ':gsi1sk': listing.gsi1sk,
    ':lancamento': m.lancamentoId,
    ':tarifa': m.tarifaCobrada === null ? null : NumberValue.from(m.tarifaCobrada),
    ...stepValues({ status: m.status, em: m.dataEnvio }),
  };
  const set = [
    '#s = :s',
    'statusRank = :rank',
    'provider = :provider',
    'messageSid = :sid',
    'fromNumber = :from',
    'dataEnvio = :dataEnvio',
    'gsi1sk = :gsi1sk',
    'lancamentoId = :lancamento',
    'tarifaCobrada = :tarifa',
    appendStep,
  ];
  if (m.reconciliarEm !== null) {
    set.push('reconciliarEm = :reconcile');
    values[':reconcile'] = m.reconciliarEm;
  }
  return [
    conditionalWrite(
      {
        Update: {
          Key: keys.message(m.aplicacaoId, m.id),
          UpdateExpression: `SET ${set.join(', ')} REMOVE statusCallbackUrl`,
          ConditionExpression: '#s = :scheduled',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: values,
        },
      },
      notScheduled,
    ),
    conditionalWrite({ Delete: { Key: dueKey(dueOf(m)) } }),
    ...pendingEntry,
    ...countWrites(m, 'SCHEDULED', m.status, m.agendadoPara ?? m.dataEnvio),
  ];
}

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
 * send day's shard (17e), in the move's transaction. `fromDataEnvio`: its send time before the move, when the
 * move changes it (a scheduled message sent: -1 on its time's day, +1 on the send's day).
 */
export function countWrites(
  m: Pick<Message, 'aplicacaoId' | 'id' | 'dataEnvio'> & Counted,
  from: MessageStatus | null,
  to: MessageStatus,
  fromDataEnvio: string = m.dataEnvio,
): ConditionalWrite[] {
  const shard = m.id % COUNTER_SHARDS;
  const add = (Key: Record<string, string>, counts: [MessageStatus, number][]) =>
    conditionalWrite({
      Update: {
        Key,
        UpdateExpression: `ADD ${counts.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(counts.map(([status], i) => [`#c${i}`, counterName(status, m.contexto)])),
        ExpressionAttributeValues: Object.fromEntries(counts.map(([, n], i) => [`:c${i}`, n])),
      },
    });
  const moved: [MessageStatus, number][] = from
    ? [
        [to, 1],
        [from, -1],
      ]
    : [[to, 1]];
  const [day, dayBefore] = [sendDay(m), sendDay({ dataEnvio: fromDataEnvio })];
  const days =
    from && day !== dayBefore
      ? [
          add(keys.messageDayCounters(m.aplicacaoId, dayBefore, shard), [[from, -1]]),
          add(keys.messageDayCounters(m.aplicacaoId, day, shard), [[to, 1]]),
        ]
      : [add(keys.messageDayCounters(m.aplicacaoId, day, shard), moved)];
  return [add(keys.messageCounters(m.aplicacaoId, shard), moved), ...days];
}

/** The `SET` clause that appends a step to the timeline (`:step` is the one-element list). */
export const appendStep = 'historico = list_append(if_not_exists(historico, :noSteps), :step)';
export const stepValues = (step: TimelineStep) => ({ ':noSteps': [], ':step': [step] });
