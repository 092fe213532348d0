// DynamoDB implementation of the ledger (docs/data-model.md; keys in shared/db/keys.ts):
//
//   balance (4)           saldo (number), ultimoLancamentoId (number), totalMensagens (17c)
//   statement entry (4b)  every field of the spec's statement entry
//   refund marker (19)    the entry was refunded (at most once)
//
// One unit of work per entry (shared/db/unit-of-work.ts, one TransactWriteItems): the balance update
// conditioned on the balance and last entry id read just before, the entry put with
// attribute_not_exists, and the caller's extra writes. Amounts are DynamoDB numbers
// (exact decimals), written from and read back to decimal strings, never floats.
import { GetCommand, NumberValue, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, queryPage, tableName } from '#shared/db/client';
import { decimal, fieldsOf, oneOf } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { numberText, storedAmount, storedDecimal } from '#shared/db/numbers';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { conflict } from '#shared/domain/errors';
import {
  conversationTypes,
  entryTypes,
  shownDescription,
  type EntryRange,
  type LedgerRepository,
  type LedgerState,
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

function entryToItem(aplicacaoId: number, entry: StatementEntry): Item {
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

/** Credits that give back what a debit took: spend is the day's debits minus these (docs/data-model.md, 4c). */
export const refundReferences: ReadonlySet<string> = new Set(['ESTORNO', 'ESTORNO_FALHA_ENVIO']);

/** The day an entry belongs to (pattern 4c): the date of its `criadoEm`, in the service's time zone. */
export const entryDay = (entry: Pick<StatementEntry, 'criadoEm'>): string => entry.criadoEm.slice(0, 10);

/**
 * The entry's day (4c), in the entry's own commit: its id range (the first id stays, the last moves on;
 * commits of one application are serial, so the last written is the highest), its sum by kind and its
 * count by referenciaTipo.
 */
function statementDayWrite(aplicacaoId: number, entry: StatementEntry): ConditionalWrite {
  const sum = entry.tipo === 'DEBIT' ? 'debitos' : refundReferences.has(entry.referenciaTipo) ? 'estornos' : 'creditos';
  return conditionalWrite({
    Update: {
      Key: keys.statementDay(aplicacaoId, entryDay(entry)),
      UpdateExpression:
        'SET tipo = :tipo, dia = :dia, primeiroLancamentoId = if_not_exists(primeiroLancamentoId, :id), ultimoLancamentoId = :id ADD #soma :valor, #n :um',
      ExpressionAttributeNames: { '#soma': sum, '#n': `n_${entry.referenciaTipo}` },
      ExpressionAttributeValues: {
        ':tipo': 'EXTDIA',
        ':dia': entryDay(entry),
        ':id': entry.id,
        ':valor': NumberValue.from(entry.valor),
        ':um': 1,
      },
    },
  });
}

/** A refund's once-only marker: put with the refund's entry; a second refund of the same entry is refused. */
export const refundMarkerWrite = (aplicacaoId: number, lancamentoId: number, estornoId?: number): ConditionalWrite =>
  putNew(
    { ...keys.refundMarker(aplicacaoId, lancamentoId), tipo: 'ESTORNO', aplicacaoId, lancamentoId, estornoId: estornoId ?? null },
    conflict(`entry ${lancamentoId} has already been refunded`),
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

/** The ledger's commits, and what a refund reads and writes with them. */
export function dynamoLedgerRepository(): LedgerRepository & RefundStore {
  return {
    async getEntry(aplicacaoId, id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.statementEntry(aplicacaoId, id) }));
      return out.Item ? itemToEntry(out.Item) : undefined;
    },

    markerWrite: (aplicacaoId, lancamentoId) => refundMarkerWrite(aplicacaoId, lancamentoId),

    async readBalance(aplicacaoId) {
      const out = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.balance(aplicacaoId),
          ConsistentRead: true,
          ProjectionExpression: 'saldo, ultimoLancamentoId',
        }),
      );
      if (!out.Item) return undefined;
      return { saldo: storedAmount(out.Item.saldo), ultimoLancamentoId: Number(out.Item.ultimoLancamentoId ?? 0) } satisfies LedgerState;
    },

    async commit(aplicacaoId, before, entry, extras = {}) {
      // A balance with no entry yet has no ultimoLancamentoId (read as 0).
      const lastIdCondition =
        before.ultimoLancamentoId === 0
          ? '(attribute_not_exists(ultimoLancamentoId) OR ultimoLancamentoId = :ultimo)'
          : 'ultimoLancamentoId = :ultimo';
      const values: Item = {
        ':anterior': NumberValue.from(before.saldo),
        ':posterior': NumberValue.from(entry.saldoPosterior),
        ':id': entry.id,
        ':ultimo': before.ultimoLancamentoId,
        ':agora': new Date().toISOString(),
      };
      const names: Record<string, string> = {};
      const adds: string[] = [];
      Object.entries(extras.increment ?? {}).forEach(([counter, by], i) => {
        names[`#c${i}`] = counter;
        values[`:c${i}`] = by;
        adds.push(`#c${i} :c${i}`);
      });
      const counters = adds.length ? ` ADD ${adds.join(', ')}` : '';
      const outcome = await commitWrites([
        conditionalWrite({
          Update: {
            Key: keys.balance(aplicacaoId),
            UpdateExpression: `SET saldo = :posterior, ultimoLancamentoId = :id, atualizadoEm = :agora${counters}`,
            ConditionExpression: `saldo = :anterior AND ${lastIdCondition}`,
            ExpressionAttributeValues: values,
            ...(adds.length ? { ExpressionAttributeNames: names } : {}),
          },
        }),
        putNew(entryToItem(aplicacaoId, entry)),
        ...(extras.writes ?? []),
        statementDayWrite(aplicacaoId, entry),
      ]);
      if (outcome.committed) return true;
      // An extra write refused by its own condition is an answer, not a race (e.g. a second refund).
      const [refusal] = outcome.refusals;
      if (refusal) throw refusal;
      if (outcome.raced) return false;
      throw outcome.error;
    },
  };
}

/**
 * The statement days (pattern 4c) of entries posted before they existed: computed once from the entries and
 * written only when the application has none yet (each put conditioned on that). Run by the local seed and
 * `npm run bootstrap`; an entry posted while it runs may be missed, so run it before traffic.
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
    if (!outcome.committed) throw new Error('backfill: a statement day already exists', { cause: outcome.error });
  }
  return true;
}
