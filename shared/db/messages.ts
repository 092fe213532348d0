// DynamoDB messages (docs/data-model.md, patterns 17 and 17a; keys in shared/db/keys.ts), the
// provider id lookup (17b: aplicacaoId, mensagemId, provider), written with the move to SENT, and the
// reconciler's index of QUEUED messages (35), deleted by the move out of QUEUED.
// A message's status only moves to a higher statusRank (condition `statusRank < :rank`).
import { BatchGetCommand, DeleteCommand, GetCommand, NumberValue, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { toApplication } from '#shared/db/application-item';
import { batchGetAll, claim, db, queryAll, queryCount, queryIndex, queryPage, tableName } from '#shared/db/client';
import { itemToExchangeRate } from '#shared/db/exchange-rate';
import { nextId } from '#shared/db/ids';
import { fieldsOf, listOf, map, number, oneOf, string } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { refundMarkerWrite } from '#shared/db/ledger';
import { storedAmount } from '#shared/db/numbers';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import {
  COUNTER_SHARDS,
  counterName,
  appendStep,
  countWrites,
  pendingDelete,
  pendingKey,
  pendingShards,
  providerLookupWrite,
  scheduledSentWrites,
  sentWrites,
  stepValues,
} from '#shared/db/message-settling';
import { tableKeys } from '#shared/db/table';
import { versionedTariffCatalogue } from '#shared/db/tariffs';
import { localDateTime } from '#shared/domain/time';
import { alreadySettled, type MessageRepository } from '#shared/domain/messages/repository';
import { providers } from '#shared/domain/applications/records';
import {
  contextos,
  counterMatches,
  messageStatuses,
  statusRanks,
  type Message,
  type MessageFilters,
  type TimelineStep,
} from '#shared/domain/messages/records';
import { log } from '#shared/log';

type Item = Record<string, unknown>;

/** A new message's item (a scheduled one's `agendadoPara` and callback URL only when it has them). */
export function messageToItem({ agendadoPara, ...m }: Message): Item {
  return {
    ...keys.message(m.aplicacaoId, m.id),
    ...keys.messageListing(m.aplicacaoId, m.dataEnvio, m.id),
    tipo: 'MSG',
    ...m,
    ...(agendadoPara === null ? {} : { agendadoPara }),
    tarifaCobrada: m.tarifaCobrada === null ? null : NumberValue.from(m.tarifaCobrada),
    historico: [{ status: m.status, em: m.dataEnvio } satisfies TimelineStep],
  };
}

const nullable = <T>(value: unknown, as: (v: unknown) => T): T | null => (value === null || value === undefined ? null : as(value));

const messageStatus = oneOf(messageStatuses);

/** One step of the status timeline (`historico`). */
const timelineStep = map((f): TimelineStep => ({
  status: f.read('status', messageStatus),
  em: f.read('em', string),
  ...(f.has('errorCode') ? { errorCode: f.orElse('errorCode', string, null), errorMessage: f.orElse('errorMessage', string, null) } : {}),
}));

export function itemToMessage(item: Item): Message {
  const f = fieldsOf(item);
  return {
    id: Number(item.id),
    aplicacaoId: Number(item.aplicacaoId),
    provider: f.read('provider', oneOf(providers)),
    messageSid: nullable(item.messageSid, String),
    toNumber: String(item.toNumber),
    fromNumber: nullable(item.fromNumber, String),
    body: String(item.body),
    status: f.read('status', messageStatus),
    statusRank: Number(item.statusRank),
    contexto: f.orElse('contexto', oneOf(contextos), null),
    contextoId: nullable(item.contextoId, Number),
    usuarioId: nullable(item.usuarioId, Number),
    dataEnvio: String(item.dataEnvio),
    dataEntrega: nullable(item.dataEntrega, String),
    dataLeitura: nullable(item.dataLeitura, String),
    errorCode: nullable(item.errorCode, String),
    errorMessage: nullable(item.errorMessage, String),
    lancamentoId: nullable(item.lancamentoId, Number),
    tarifaCobrada: nullable(item.tarifaCobrada, storedAmount),
    reconciliarEm: nullable(item.reconciliarEm, String),
    agendadoPara: f.orElse('agendadoPara', string, null),
    ...f.ifPresent('statusCallbackUrl', string),
    ...f.ifPresent('historico', listOf(timelineStep)),
    ...f.ifPresent('campanhaId', number),
    ...f.ifPresent('campanhaLinha', number),
  };
}

export function dynamoMessageRepository(): MessageRepository {
  const catalogue = versionedTariffCatalogue();
  return {
    newId: () => nextId(),

    async loadSendContext(aplicacaoId) {
      const balanceKey = keys.balance(aplicacaoId);
      const rateKey = keys.exchangeRate();
      const batch = await db().send(
        new BatchGetCommand({
          // Consistent: the provider is the one set now, the balance the latest, the catalogue's version current.
          RequestItems: {
            [tableName()]: { Keys: [keys.application(aplicacaoId), balanceKey, rateKey, catalogue.versionKey], ConsistentRead: true },
          },
        }),
      );
      const items = batch.Responses?.[tableName()] ?? [];
      const find = (key: { pk: string; sk: string }) => items.find((i) => i.pk === key.pk && i.sk === key.sk);
      // Four small keys never exceed BatchGet's limits; an unprocessed key (throttling) is read again.
      const missing = batch.UnprocessedKeys?.[tableName()]?.Keys ?? [];
      for (const key of missing) {
        const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
        if (out.Item) items.push(out.Item);
      }
      const appItem = find(keys.application(aplicacaoId));
      const balance = find(balanceKey);
      return {
        application: appItem && toApplication(appItem),
        saldo: balance ? storedAmount(balance.saldo) : undefined,
        cotacaoUsdBrl: itemToExchangeRate(find(rateKey))?.valor ?? null,
        // The container's copy while the version holds: no Query of the catalogue's one partition per send.
        tariffs: await catalogue.at(find(catalogue.versionKey)),
      };
    },

    queuedWrites: (message, idempotencyKey) => {
      const pending = message.reconciliarEm
        ? [
            putNew({
              ...pendingKey({ aplicacaoId: message.aplicacaoId, mensagemId: message.id, reconciliarEm: message.reconciliarEm }),
              tipo: 'ENVIO',
              aplicacaoId: message.aplicacaoId,
              mensagemId: message.id,
              ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
            }),
          ]
        : [];
      // A scheduled send at its time: its SCHEDULED item becomes the message (#35).
      if (message.agendadoPara !== null) return scheduledSentWrites(message, pending);
      return [putNew(messageToItem(message)), ...countWrites(message, null, message.status), ...pending];
    },

    failedWrites: (message, errorCode, errorMessage) => [
      conditionalWrite(
        {
          Update: {
            Key: keys.message(message.aplicacaoId, message.id),
            UpdateExpression: `SET #s = :s, statusRank = :rank, errorCode = :code, errorMessage = :msg, ${appendStep} REMOVE reconciliarEm`,
            // Only from QUEUED: a message the provider accepted (SENT, or a callback's later status) is never failed.
            ConditionExpression: '#s = :queued',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':s': 'FAILED',
              ':rank': statusRanks.FAILED,
              ':code': errorCode,
              ':msg': errorMessage,
              ':queued': 'QUEUED',
              ...stepValues({ status: 'FAILED', em: localDateTime(new Date()), errorCode, errorMessage }),
            },
          },
        },
        alreadySettled,
      ),
      ...pendingDelete(message),
      ...countWrites(message, 'QUEUED', 'FAILED'),
    ],

    refundMarkerWrite: (aplicacaoId, lancamentoId) => refundMarkerWrite(aplicacaoId, lancamentoId),

    claimForReconciler: (message, now, staleBefore) =>
      claim({ key: keys.message(message.aplicacaoId, message.id), status: 'QUEUED', field: 'reconciliadoEm', now, staleBefore }),

    async markSent(message, messageSid) {
      const sent = await commitWrites(sentWrites(message, messageSid));
      if (sent.committed) return;
      // A race on the counter shard (not a refusal): the caller retries the whole move.
      if (!sent.refusals.includes(alreadySettled)) throw sent.error;
      // Already past QUEUED (a status callback carrying our reference settled it first): keep the status, record the id.
      log.warn('message already past SENT when the provider answered', { mensagemId: message.id });
      const recorded = await commitWrites([
        conditionalWrite({
          Update: {
            Key: keys.message(message.aplicacaoId, message.id),
            UpdateExpression: 'SET messageSid = :sid',
            ExpressionAttributeValues: { ':sid': messageSid },
          },
        }),
        providerLookupWrite(message, messageSid),
        ...pendingDelete(message),
      ]);
      if (!recorded.committed) throw recorded.error;
    },

    async pendingSends(now, limit) {
      const pages = await Promise.all(
        pendingShards.map((shard) =>
          db().send(
            new QueryCommand({
              TableName: tableName(),
              KeyConditionExpression: 'pk = :pk AND sk <= :now',
              ExpressionAttributeValues: { ':pk': keys.pendingSendShard(shard).pk, ':now': `${now.toISOString()}#~` },
              Limit: limit,
            }),
          ),
        ),
      );
      return pages.flatMap((page) =>
        (page.Items ?? []).map((i) => ({
          aplicacaoId: Number(i.aplicacaoId),
          mensagemId: Number(i.mensagemId),
          reconciliarEm: String(i.sk).split('#')[0]!,
          ...(typeof i.idempotencyKey === 'string' ? { idempotencyKey: i.idempotencyKey } : {}),
        })),
      );
    },

    async dropPending(pending) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: pendingKey(pending) }));
    },

    async get(aplicacaoId, id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.message(aplicacaoId, id) }));
      return out.Item ? itemToMessage(out.Item) : undefined;
    },

    // The total comes from the counters (one BatchGet; a period: one Query of its day counters, 17e); the
    // page from the index, newest first, read only as far as the page: page 0 of a tenant with a million
    // messages is two requests. A filter is applied to the index pages, so a rare status or context reads
    // further back (see docs/data-model.md, 17d). A phone has no counter: its total is a count of the
    // period's index entries (the whole history without a period).
    async list(aplicacaoId, filters: MessageFilters, page, size) {
      const conditions: string[] = [];
      const names: Record<string, string> = {};
      const values: Item = { ':pk': keys.messages(aplicacaoId).gsi1pk };
      if (filters.status) {
        conditions.push('#s = :status');
        names['#s'] = 'status';
        values[':status'] = filters.status;
      }
      if (filters.contexto) {
        conditions.push('contexto = :contexto');
        values[':contexto'] = filters.contexto;
      }
      if (filters.telefone) {
        conditions.push('toNumber = :telefone');
        values[':telefone'] = filters.telefone;
      }
      const period = filters.de !== undefined || filters.ate !== undefined;
      if (period) {
        // gsi1sk is `<dataEnvio>#<id>`: from the first day's start to past the last day's end.
        values[':de'] = filters.de ?? '0000-00-00';
        values[':ate'] = `${filters.ate ?? '9999-12-31'}~`;
      }
      const query = {
        IndexName: tableKeys.gsi1.name,
        KeyConditionExpression: period ? 'gsi1pk = :pk AND gsi1sk BETWEEN :de AND :ate' : 'gsi1pk = :pk',
        ExpressionAttributeValues: values,
        ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
        ...(filters.status ? { ExpressionAttributeNames: names } : {}),
      };
      const total = filters.telefone
        ? await queryCount(query)
        : period
          ? sumCounters(await dayCounters(aplicacaoId, filters.de ?? '0000-00-00', filters.ate ?? '9999-12-31'), filters)
          : await countMessages(aplicacaoId, filters);
      const items = await queryPage({ ...query, ScanIndexForward: false }, page, size, total);
      return { content: items.map(itemToMessage), total };
    },
  };
}

/** The counts of the application's messages per send day from `de` to `ate` (pattern 17e): one Query, the shards summed. */
export async function dayCounters(aplicacaoId: number, de: string, ate: string): Promise<Map<string, Record<string, number>>> {
  const first = keys.messageDayCounters(aplicacaoId, de, 0);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :de AND :ate',
    ExpressionAttributeValues: { ':pk': first.pk, ':de': `MSGDIA#${de}#`, ':ate': `MSGDIA#${ate}#~` },
  });
  const days = new Map<string, Record<string, number>>();
  for (const item of items) {
    const dia = String(item.sk).split('#')[1]!;
    const day = days.get(dia) ?? {};
    for (const [name, value] of Object.entries(item)) if (name.startsWith('n_')) day[name] = (day[name] ?? 0) + Number(value);
    days.set(dia, day);
  }
  return days;
}

const sumCounters = (days: Map<string, Record<string, number>>, filters: MessageFilters): number => {
  let total = 0;
  for (const day of days.values()) for (const [name, n] of Object.entries(day)) if (counterMatches(name, filters)) total += n;
  return total;
};

/** How many messages match the filters: the sum of the matching counters over the application's shards (pattern 17d). */
export async function countMessages(aplicacaoId: number, filters: MessageFilters): Promise<number> {
  const shards = await counterShards(aplicacaoId);
  let total = 0;
  for (const shard of shards) {
    for (const [name, value] of Object.entries(shard)) if (counterMatches(name, filters)) total += Number(value);
  }
  return total;
}

async function counterShards(aplicacaoId: number): Promise<Item[]> {
  const Keys = Array.from({ length: COUNTER_SHARDS }, (_, shard) => keys.messageCounters(aplicacaoId, shard));
  const out = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys, ConsistentRead: true } } }));
  const items = [...(out.Responses?.[tableName()] ?? [])];
  for (const key of out.UnprocessedKeys?.[tableName()]?.Keys ?? []) {
    const again = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    if (again.Item) items.push(again.Item);
  }
  return items;
}

/** The counter a message counts on, from its item's status and context (projected: id, status, contexto...). */
const counterOf = (m: Item): string => {
  const f = fieldsOf(m);
  return counterName(f.read('status', messageStatus), f.orElse('contexto', string, null));
};

/**
 * Messages sent before the counters existed: counts them once from the index and writes the shards,
 * only when the application has none yet (each put is conditioned on that). Run by the local seed and
 * `npm run bootstrap`; a send that lands while it runs may be counted twice or not at all, so run it
 * before traffic (docs/decisions.md).
 */
export async function backfillMessageCounters(aplicacaoId: number): Promise<boolean> {
  if ((await counterShards(aplicacaoId)).length > 0) return false;
  const messages = await queryIndex(keys.messages(aplicacaoId).gsi1pk, {
    ProjectionExpression: 'id, #s, contexto',
    ExpressionAttributeNames: { '#s': 'status' },
  });
  if (messages.length === 0) return false;
  const shards: Record<string, number>[] = Array.from({ length: COUNTER_SHARDS }, () => ({}));
  for (const m of messages) {
    const shard = shards[Number(m.id) % COUNTER_SHARDS]!;
    const name = counterOf(m);
    shard[name] = (shard[name] ?? 0) + 1;
  }
  await commitWrites(shards.map((counts, shard) => putNew({ ...keys.messageCounters(aplicacaoId, shard), tipo: 'MSGCONT', ...counts })));
  return true;
}

/**
 * The per-send-day counts (pattern 17e) of messages sent before they existed: counted once from the index
 * and written only when the application has none yet (each put conditioned on that). Run by the local seed
 * and `npm run bootstrap` with backfillMessageCounters, under the same caveat (before traffic).
 */
export async function backfillMessageDayCounters(aplicacaoId: number): Promise<boolean> {
  const { pk } = keys.messageDayCounters(aplicacaoId, '0000-00-00', 0);
  const existing = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'MSGDIA#' },
      Limit: 1,
    }),
  );
  if ((existing.Items ?? []).length > 0) return false;
  const messages = await queryIndex(keys.messages(aplicacaoId).gsi1pk, {
    ProjectionExpression: 'id, #s, contexto, dataEnvio',
    ExpressionAttributeNames: { '#s': 'status' },
  });
  if (messages.length === 0) return false;
  const items = new Map<string, Item>();
  for (const m of messages) {
    const key = keys.messageDayCounters(aplicacaoId, String(m.dataEnvio).slice(0, 10), Number(m.id) % COUNTER_SHARDS);
    const item = items.get(key.sk) ?? { ...key, tipo: 'MSGDIA' };
    const name = counterOf(m);
    item[name] = Number(item[name] ?? 0) + 1;
    items.set(key.sk, item);
  }
  await putAllNew([...items.values()]);
  return true;
}

/** Puts items that must not exist yet, 100 to a transaction. */
export async function putAllNew(items: Item[]): Promise<void> {
  for (let from = 0; from < items.length; from += 100) {
    const outcome = await commitWrites(items.slice(from, from + 100).map((item) => putNew(item)));
    if (!outcome.committed) throw new Error('backfill: an item already exists', { cause: outcome.error });
  }
}

/**
 * Messages of an application by id, in one BatchGet per 100 (an appointment's flow messages, an attendance's
 * answers): those found, by id. Keys DynamoDB leaves unprocessed (throttling) are asked again, a few times.
 */
export async function messagesByIds(aplicacaoId: number, ids: readonly number[]): Promise<Map<number, Message>> {
  const items = await batchGetAll([...new Set(ids)].map((id) => keys.message(aplicacaoId, id)));
  return new Map(items.map((item) => [Number(item.id), itemToMessage(item)]));
}
