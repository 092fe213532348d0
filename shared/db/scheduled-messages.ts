// DynamoDB scheduled sends (#35; docs/data-model.md, patterns 17 and 35a): the SCHEDULED message put with its due
// entry and its counts, its moves to CANCELED and to FAILED (each deleting its due entry, conditioned on SCHEDULED),
// and the due entries read by the minute. Its move into the send is the send's own commit (shared/db/messages.ts,
// queuedWrites, with shared/db/message-settling.ts's scheduledSentWrites).
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { claim, db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { appendStep, countWrites, dueKey, dueOf, dueShards, stepValues } from '#shared/db/message-settling';
import { messageToItem } from '#shared/db/messages';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import type { Message, MessageStatus } from '#shared/domain/messages/records';
import { statusRanks } from '#shared/domain/messages/records';
import type { ScheduledMessageRepository } from '#shared/domain/messages/repository';
import { notScheduled, SEND_CLAIM_MS } from '#shared/domain/messages/schedule';
import { localDateTime } from '#shared/domain/time';
import type { CommitOutcome, ConditionalWrite } from '#shared/domain/unit-of-work';

/** Throws what a commit that did not go through means: the refusal of a write refused, else the store's error. */
function settled(outcome: CommitOutcome): void {
  if (outcome.committed) return;
  throw outcome.refusals[0] ?? outcome.error;
}

/** SCHEDULED -> `to` at `now` (with the error of a failure), its due entry deleted; refused with `notScheduled`. */
function moveWrites(m: Message, to: Extract<MessageStatus, 'CANCELED' | 'FAILED'>, now: Date, error?: [string, string]) {
  const em = localDateTime(now);
  // A cancel waits out a scheduler run's claim (it is being sent); the run's own failure does not.
  const claimFree = to === 'CANCELED' ? ' AND (attribute_not_exists(envioEm) OR envioEm < :stale)' : '';
  const values: Record<string, unknown> = {
    ':s': to,
    ':rank': statusRanks[to],
    ':scheduled': 'SCHEDULED',
    ...(claimFree ? { ':stale': new Date(now.getTime() - SEND_CLAIM_MS).toISOString() } : {}),
    ...stepValues(error ? { status: to, em, errorCode: error[0], errorMessage: error[1] } : { status: to, em }),
  };
  let set = `#s = :s, statusRank = :rank, ${appendStep}`;
  if (error) {
    set += ', errorCode = :code, errorMessage = :msg';
    [values[':code'], values[':msg']] = error;
  }
  return [
    conditionalWrite(
      {
        Update: {
          Key: keys.message(m.aplicacaoId, m.id),
          UpdateExpression: `SET ${set} REMOVE statusCallbackUrl`,
          ConditionExpression: `#s = :scheduled${claimFree}`,
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: values,
        },
      },
      notScheduled,
    ),
    conditionalWrite({ Delete: { Key: dueKey(dueOf(m)) } }),
    ...countWrites(m, 'SCHEDULED', to),
  ];
}

export function dynamoScheduledMessageRepository(): ScheduledMessageRepository {
  return {
    async saveScheduled(message, writes) {
      const due = dueOf(message);
      const all: ConditionalWrite[] = [
        putNew(messageToItem(message)),
        putNew({ ...dueKey(due), tipo: 'AGENDADO', aplicacaoId: due.aplicacaoId, mensagemId: due.mensagemId }),
        ...countWrites(message, null, 'SCHEDULED'),
        ...writes,
      ];
      settled(await commitWrites(all));
    },

    async cancel(message, now) {
      settled(await commitWrites(moveWrites(message, 'CANCELED', now)));
    },

    claimSend: (message, now) =>
      claim({
        key: keys.message(message.aplicacaoId, message.id),
        status: 'SCHEDULED',
        field: 'envioEm',
        now,
        staleBefore: new Date(now.getTime() - SEND_CLAIM_MS),
      }),

    async fail(message, errorCode, errorMessage, now) {
      settled(await commitWrites(moveWrites(message, 'FAILED', now, [errorCode, errorMessage])));
    },

    async due(now, limit) {
      const pages = await Promise.all(
        dueShards.map((shard) =>
          db().send(
            new QueryCommand({
              TableName: tableName(),
              KeyConditionExpression: 'pk = :pk AND sk <= :now',
              ExpressionAttributeValues: { ':pk': keys.scheduledSendShard(shard).pk, ':now': `${now.toISOString()}#~` },
              Limit: limit,
            }),
          ),
        ),
      );
      return pages.flatMap((page) =>
        (page.Items ?? []).map((i) => ({
          aplicacaoId: Number(i.aplicacaoId),
          mensagemId: Number(i.mensagemId),
          dueAt: String(i.sk).split('#')[0]!,
        })),
      );
    },

    async dropDue(due) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: dueKey(due) }));
    },
  };
}
