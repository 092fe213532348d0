// DynamoDB implementation of the ledger (docs/data-model.md; keys in shared/db/keys.ts):
//
//   balance (4)           saldo (number), ultimoLancamentoId (number), totalMensagens (17c)
//   statement entry (4b)  every field of the spec's statement entry
//   refund marker (19)    the entry was refunded (at most once)
//
// A move is one UpdateItem on the balance item (ADD to saldo and ultimoLancamentoId, the details kept in
// `ult`, the new values returned); its entry is one PutItem, or one TransactWriteItems with the caller's
// extra writes (shared/db/unit-of-work.ts). Statement days (4c) follow the balance item's change stream
// (shared/db/ledger-moves.ts). Amounts are DynamoDB numbers (exact decimals), written from and read
// back to decimal strings, never floats.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, NumberValue, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db, queryAll, queryPage, tableName } from '#shared/db/client';
import { decimal, fieldsOf, oneOf } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { numberText, storedAmount, storedDecimal } from '#shared/db/numbers';
import { commitWrites, putNew } from '#shared/db/unit-of-work';
import { type DomainError, insufficientBalance, notFound } from '#shared/domain/errors';
import {
  conversationTypes,
  entryTypes,
  alreadyRefunded,
  refundReferences,
  shownDescription,
  type EntryRange,
  type LedgerRepository,
  type MoveDetails,
  type RefundStore,
  type StatementDay,
  type StatementEntry,
  type StatementRepository,
} from '#shared/domain/ledger';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import { fromCents, toCents } from '#shared/domain/money';

type Item = Record<string, unknown>;

const amountFields = [
  'valor',
  'saldoAnterior',
  'saldoPosterior',
  'tarifaCobrada',
  'custoProviderAUsd',
  'custoProviderABrl',
  'custoProviderBUsd',
  'custoProviderBBrl',
  'cotacaoUsdBrl',
] as const;

// The exchange rate and the provider costs (USD fractions of a cent, their BRL conversions) keep
// their own precision; the charges (valor, saldos, tarifaCobrada) are cents.
const precise = new Set<string>(['cotacaoUsdBrl', 'custoProviderAUsd', 'custoProviderABrl', 'custoProviderBUsd', 'custoProviderBBrl']);
const toNumber = (field: (typeof amountFields)[number], value: string | null) =>
  value === null ? null : NumberValue.from(precise.has(field) ? value : fromCents(toCents(value)));

/** A stored precise number as text: costs with at least 4 places ("0.0050"), the rate as stored. */
const preciseText = (field: string, value: unknown): string => (field === 'cotacaoUsdBrl' ? numberText(value) : storedDecimal(value, 4));

export function entryToItem(aplicacaoId: number, entry: StatementEntry): Item {
  // `tipo` names the item's kind on every item (docs/data-model.md), so the entry's own tipo is stored as tipoLancamento.
  const { tipo, ...fields } = entry;
  const item: Item = { ...keys.statementEntry(aplicacaoId, entry.id), tipo: 'EXTRATO', aplicacaoId, ...fields, tipoLancamento: tipo };
  for (const field of amountFields) item[field] = toNumber(field, entry[field]);
  return item;
}

function itemToEntry(item: Item): StatementEntry {
  const f = fieldsOf(item);
  const text = (field: (typeof amountFields)[number], value: string) =>
    precise.has(field) ? preciseText(field, value) : storedAmount(value);
  /** An amount the entry always has. */
  const amount = (field: (typeof amountFields)[number]) => text(field, f.read(field, decimal));
  /** An amount the entry may have (null when absent). */
  const amountOrNull = (field: (typeof amountFields)[number]) => {
    const value = f.orElse(field, decimal, null);
    return value === null ? null : text(field, value);
  };
  return {
    id: Number(item.id),
    tipo: f.read('tipoLancamento', oneOf(entryTypes)),
    valor: amount('valor'),
    saldoAnterior: amount('saldoAnterior'),
    saldoPosterior: amount('saldoPosterior'),
    descricao: shownDescription(String(item.descricao)),
    referenciaTipo: String(item.referenciaTipo),
    referenciaId: item.referenciaId === null || item.referenciaId === undefined ? null : Number(item.referenciaId),
    tarifaCobrada: amountOrNull('tarifaCobrada'),
    custoProviderAUsd: amountOrNull('custoProviderAUsd'),
    custoProviderABrl: amountOrNull('custoProviderABrl'),
    custoProviderBUsd: amountOrNull('custoProviderBUsd'),
    custoProviderBBrl: amountOrNull('custoProviderBBrl'),
    cotacaoUsdBrl: amountOrNull('cotacaoUsdBrl'),
    tipoConversa: f.orElse('tipoConversa', oneOf(conversationTypes), null),
    criadoEm: String(item.criadoEm),
  };
}

/** The day an entry belongs to (pattern 4c): the date of its `criadoEm`, in the service's time zone. */
export const entryDay = (entry: Pick<StatementEntry, 'criadoEm'>): string => entry.criadoEm.slice(0, 10);

/** A refund's once-only marker: put with the refund's entry; a second refund of the same entry is refused. */
export const refundMarkerWrite = (aplicacaoId: number, lancamentoId: number, estornoId?: number): ConditionalWrite =>
  putNew(
    { ...keys.refundMarker(aplicacaoId, lancamentoId), tipo: 'ESTORNO', aplicacaoId, lancamentoId, estornoId: estornoId ?? null },
    alreadyRefunded(lancamentoId),
  );

/** The key range of entries `from`..`to`, with the referenciaTipo as a filter. */
const rangeQuery = (aplicacaoId: number, range: EntryRange) => ({
  KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
  ExpressionAttributeValues: {
    ':pk': keys.statementEntry(aplicacaoId, range.from).pk,
    ':from': keys.statementEntry(aplicacaoId, range.from).sk,
    ':to': keys.statementEntry(aplicacaoId, range.to).sk,
    ...(range.referenciaTipo ? { ':ref': range.referenciaTipo } : {}),
  },
  ...(range.referenciaTipo ? { FilterExpression: 'referenciaTipo = :ref' } : {}),
});

function itemToDay(item: Item): StatementDay {
  const contagens: Record<string, number> = {};
  for (const [name, value] of Object.entries(item)) if (name.startsWith('n_')) contagens[name.slice(2)] = Number(value);
  const sum = (value: unknown) => (value === undefined || value === null ? '0.00' : storedAmount(value));
  return {
    dia: String(item.dia),
    primeiroLancamentoId: Number(item.primeiroLancamentoId),
    ultimoLancamentoId: Number(item.ultimoLancamentoId),
    debitos: sum(item.debitos),
    estornos: sum(item.estornos),
    creditos: sum(item.creditos),
    contagens,
  };
}

/** The tenant's reads of its ledger (/financeiro, /api/v2/stats): no transaction code, so those bundles stay small. */
export function dynamoStatementRepository(): StatementRepository {
  return {
    async getSaldo(aplicacaoId) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.balance(aplicacaoId), ProjectionExpression: 'saldo', ConsistentRead: true }),
      );
      return out.Item ? storedAmount(out.Item.saldo) : undefined;
    },

    /**
     * Entries are numbered 1..ultimoLancamentoId without gaps (docs/data-model.md), so the total is
     * the balance item's counter and a page is one key range: one GetItem and one Query whatever the
     * statement's length.
     */
    async statementPage(aplicacaoId, page, size) {
      const balance = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.balance(aplicacaoId),
          ProjectionExpression: 'ultimoLancamentoId',
          ConsistentRead: true,
        }),
      );
      const total = Number(balance.Item?.ultimoLancamentoId ?? 0);
      const newest = total - page * size;
      if (newest < 1) return { content: [], total };
      const oldest = Math.max(1, newest - size + 1);
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.statementEntry(aplicacaoId, oldest).pk,
            ':from': keys.statementEntry(aplicacaoId, oldest).sk,
            ':to': keys.statementEntry(aplicacaoId, newest).sk,
          },
          ScanIndexForward: false,
          ConsistentRead: true, // the page must hold the entries the counter above promises
        }),
      );
      return { content: (out.Items ?? []).map(itemToEntry), total };
    },

    async statementDays(aplicacaoId, de, ate) {
      const items = await queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :de AND :ate',
        ExpressionAttributeValues: {
          ':pk': keys.statementDay(aplicacaoId, de).pk,
          ':de': keys.statementDay(aplicacaoId, de).sk,
          ':ate': keys.statementDay(aplicacaoId, ate).sk,
        },
        ConsistentRead: true,
      });
      return items.map(itemToDay);
    },

    async rangePage(aplicacaoId, range, page, size, total) {
      if (!range.referenciaTipo) {
        // Ids run without gaps: the page is its own key range.
        const newest = range.to - page * size;
        const oldest = Math.max(range.from, newest - size + 1);
        if (newest < oldest) return [];
        return this.rangeEntries(aplicacaoId, { from: oldest, to: newest }).then((entries) => entries.reverse());
      }
      const items = await queryPage(
        { ...rangeQuery(aplicacaoId, range), ScanIndexForward: false, ConsistentRead: true },
        page,
        size,
        total,
      );
      return items.map(itemToEntry);
    },

    async rangeEntries(aplicacaoId, range) {
      if (range.to < range.from) return [];
      return (await queryAll({ ...rangeQuery(aplicacaoId, range), ConsistentRead: true })).map(itemToEntry);
    },

    async messageCount(aplicacaoId) {
      // The counter rises in the same commit that writes each message (shared/operations/send-message.ts).
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.balance(aplicacaoId), ProjectionExpression: 'totalMensagens' }),
      );
      return Number(out.Item?.totalMensagens ?? 0);
    },
  };
}

/** The move's details as kept on the balance item (`ult`): the entry's fields, amounts as decimal strings. */
export const movedDetailsField = 'ult';

/** The entry's put: refused (the entry is there) when the reconciler wrote it first. */
const taken = Symbol('entry taken');

/** The balance of a refused move, from the item its ConditionalCheckFailedException returns (ALL_OLD, not unmarshalled). */
function refusedMove(error: ConditionalCheckFailedException): DomainError {
  const saldo = error.Item?.saldo?.N;
  return saldo === undefined ? notFound('application') : insufficientBalance(storedAmount(saldo));
}

/** The ledger's moves and entries, and what a refund reads with them. */
export function dynamoLedgerRepository(): LedgerRepository & RefundStore {
  return {
    async getEntry(aplicacaoId, id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.statementEntry(aplicacaoId, id) }));
      return out.Item ? itemToEntry(out.Item) : undefined;
    },

    async isRefunded(aplicacaoId, lancamentoId) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.refundMarker(aplicacaoId, lancamentoId), ProjectionExpression: 'pk' }),
      );
      return out.Item !== undefined;
    },

    markerWrite: (aplicacaoId, lancamentoId) => refundMarkerWrite(aplicacaoId, lancamentoId),

    async move(aplicacaoId, details: MoveDetails, increment = {}) {
      const debit = details.tipo === 'DEBIT';
      const cents = toCents(details.valor);
      const names: Record<string, string> = { '#ult': movedDetailsField };
      const values: Item = {
        ':delta': NumberValue.from(fromCents(debit ? -cents : cents)),
        ':um': 1,
        ':ult': details,
        ':agora': new Date().toISOString(),
      };
      if (debit) values[':valor'] = NumberValue.from(details.valor);
      const adds = ['saldo :delta', 'ultimoLancamentoId :um'];
      Object.entries(increment).forEach(([counter, by], i) => {
        names[`#c${i}`] = counter;
        values[`:c${i}`] = by;
        adds.push(`#c${i} :c${i}`);
      });
      try {
        const out = await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.balance(aplicacaoId),
            UpdateExpression: `SET #ult = :ult, atualizadoEm = :agora ADD ${adds.join(', ')}`,
            // DynamoDB serializes the writes of one item: the balance each debit sees is the one the one before left.
            ConditionExpression: debit ? 'saldo >= :valor' : 'attribute_exists(saldo)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'UPDATED_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        const moved = fieldsOf(out.Attributes ?? {});
        return { id: Number(moved.read('ultimoLancamentoId', decimal)), saldo: storedAmount(moved.read('saldo', decimal)) };
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw refusedMove(error);
        throw error;
      }
    },

    async record(aplicacaoId, entry, writes = [], orphan = false) {
      const item = { ...entryToItem(aplicacaoId, entry), ...(orphan ? { orfao: true } : {}) };
      if (writes.length === 0) {
        const put = () =>
          db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
        return (await conditional(put)) ? 'recorded' : 'taken';
      }
      const outcome = await commitWrites<unknown>([putNew(item, taken), ...writes]);
      if (outcome.committed) return 'recorded';
      if (outcome.refusals.includes(taken)) return 'taken';
      const [refusal] = outcome.refusals;
      if (refusal !== undefined) return { refused: refusal };
      if (outcome.raced) return 'raced';
      throw outcome.error;
    },
  };
}

/**
 * The statement days (pattern 4c) of entries posted before they existed: computed once from the entries and
 * written only when the application has none yet (each put conditioned on that). Run by the local seed and
 * `npm run bootstrap`; the stream's follower (shared/db/ledger-moves.ts) counts only entries after a day's last, so
 * an entry it follows meanwhile is counted once.
 */
export async function backfillStatementDays(aplicacaoId: number): Promise<boolean> {
  const { pk } = keys.statementDay(aplicacaoId, '0000-00-00');
  const existing = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'EXTDIA#' },
      Limit: 1,
    }),
  );
  if ((existing.Items ?? []).length > 0) return false;
  const entries = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': 'EXTRATO#' },
    ConsistentRead: true,
  });
  if (entries.length === 0) return false;
  const days = new Map<string, { item: Item; sums: Record<string, bigint> }>();
  for (const raw of entries) {
    const entry = itemToEntry(raw);
    const dia = entryDay(entry);
    const day = days.get(dia) ?? {
      item: { ...keys.statementDay(aplicacaoId, dia), tipo: 'EXTDIA', dia, primeiroLancamentoId: entry.id },
      sums: { debitos: 0n, estornos: 0n, creditos: 0n },
    };
    const sum = entry.tipo === 'DEBIT' ? 'debitos' : refundReferences.has(entry.referenciaTipo) ? 'estornos' : 'creditos';
    day.sums[sum]! += toCents(entry.valor);
    day.item.ultimoLancamentoId = entry.id;
    day.item[`n_${entry.referenciaTipo}`] = Number(day.item[`n_${entry.referenciaTipo}`] ?? 0) + 1;
    days.set(dia, day);
  }
  const items = [...days.values()].map(({ item, sums }) => ({
    ...item,
    ...Object.fromEntries(Object.entries(sums).map(([name, cents]) => [name, NumberValue.from(fromCents(cents))])),
  }));
  for (let from = 0; from < items.length; from += 100) {
    const outcome = await commitWrites(items.slice(from, from + 100).map((item) => putNew(item)));
    // The stream's follower wrote a day meanwhile: it follows every entry from there, and these are counted.
    if (!outcome.committed && outcome.raced) return false;
    if (!outcome.committed) throw new Error('backfill: the statement days could not be written', { cause: outcome.error });
  }
  return true;
}
