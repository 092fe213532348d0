// DynamoDB implementation of the ledger (see docs/data-model.md):
//
//   balance          pk APP#<id>   sk SALDO                              saldo (number), ultimoLancamentoId (number)
//   statement entry  pk APP#<id>   sk EXTRATO#<entry id, 16 digits>      every field of the spec's statement entry
//
// One TransactWriteItems per entry: the balance update conditioned on the balance and last entry
// id read just before, and the entry put with attribute_not_exists. Amounts are DynamoDB numbers
// (exact decimals), written from and read back to decimal strings, never floats.
import { GetCommand, NumberValue, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import type { LedgerRepository, LedgerState, StatementEntry } from '#shared/domain/ledger';
import { fromCents, toCents } from '#shared/domain/money';

type Item = Record<string, unknown>;

export const ledgerKeys = {
  balance: (aplicacaoId: number) => ({ pk: `APP#${aplicacaoId}`, sk: 'SALDO' }),
  entry: (aplicacaoId: number, id: number) => ({ pk: `APP#${aplicacaoId}`, sk: `EXTRATO#${String(id).padStart(16, '0')}` }),
  entryPrefix: 'EXTRATO#',
};

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

/** A stored DynamoDB number (a plain number only when integral) as a decimal string with two places. */
export const storedAmount = (value: unknown): string =>
  fromCents(toCents(value instanceof NumberValue ? value.toString() : String(value)));

// The exchange rate keeps its own precision (it is not money); every other amount is cents.
const toNumber = (field: (typeof amountFields)[number], value: string | null) =>
  value === null ? null : NumberValue.from(field === 'cotacaoUsdBrl' ? value : fromCents(toCents(value)));

export function entryToItem(aplicacaoId: number, entry: StatementEntry): Item {
  // `tipo` names the item's kind on every item (docs/data-model.md), so the entry's own tipo is stored as tipoLancamento.
  const { tipo, ...fields } = entry;
  const item: Item = { ...ledgerKeys.entry(aplicacaoId, entry.id), tipo: 'EXTRATO', aplicacaoId, ...fields, tipoLancamento: tipo };
  for (const field of amountFields) item[field] = toNumber(field, entry[field]);
  return item;
}

export function itemToEntry(item: Item): StatementEntry {
  const amount = (field: (typeof amountFields)[number]) => {
    const value = item[field];
    if (value === null || value === undefined) return null;
    return field === 'cotacaoUsdBrl' ? (value instanceof NumberValue ? value.toString() : String(value)) : storedAmount(value);
  };
  return {
    id: Number(item.id),
    tipo: item.tipoLancamento as StatementEntry['tipo'],
    valor: amount('valor') as string,
    saldoAnterior: amount('saldoAnterior') as string,
    saldoPosterior: amount('saldoPosterior') as string,
    descricao: String(item.descricao),
    referenciaTipo: String(item.referenciaTipo),
    referenciaId: item.referenciaId === null || item.referenciaId === undefined ? null : Number(item.referenciaId),
    tarifaCobrada: amount('tarifaCobrada'),
    custoProviderAUsd: amount('custoProviderAUsd'),
    custoProviderABrl: amount('custoProviderABrl'),
    custoProviderBUsd: amount('custoProviderBUsd'),
    custoProviderBBrl: amount('custoProviderBBrl'),
    cotacaoUsdBrl: amount('cotacaoUsdBrl'),
    tipoConversa: (item.tipoConversa ?? null) as StatementEntry['tipoConversa'],
    criadoEm: String(item.criadoEm),
  };
}

/** Cancellation reasons that mean "someone else committed first": re-read and retry. */
const lostRace = new Set(['ConditionalCheckFailed', 'TransactionConflict']);

export function dynamoLedgerRepository(): LedgerRepository {
  return {
    async readBalance(aplicacaoId) {
      const out = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: ledgerKeys.balance(aplicacaoId),
          ConsistentRead: true,
          ProjectionExpression: 'saldo, ultimoLancamentoId',
        }),
      );
      if (!out.Item) return undefined;
      return { saldo: storedAmount(out.Item.saldo), ultimoLancamentoId: Number(out.Item.ultimoLancamentoId ?? 0) } satisfies LedgerState;
    },

    async commit(aplicacaoId, before, entry) {
      // A balance with no entry yet has no ultimoLancamentoId (read as 0).
      const lastIdCondition =
        before.ultimoLancamentoId === 0 ? '(attribute_not_exists(ultimoLancamentoId) OR ultimoLancamentoId = :ultimo)' : 'ultimoLancamentoId = :ultimo';
      const values: Item = {
        ':anterior': NumberValue.from(before.saldo),
        ':posterior': NumberValue.from(entry.saldoPosterior),
        ':id': entry.id,
        ':ultimo': before.ultimoLancamentoId,
        ':agora': new Date().toISOString(),
      };
      const input: TransactWriteCommandInput = {
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: ledgerKeys.balance(aplicacaoId),
              UpdateExpression: 'SET saldo = :posterior, ultimoLancamentoId = :id, atualizadoEm = :agora',
              ConditionExpression: `saldo = :anterior AND ${lastIdCondition}`,
              ExpressionAttributeValues: values,
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: entryToItem(aplicacaoId, entry),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      };
      try {
        await db().send(new TransactWriteCommand(input));
        return true;
      } catch (error) {
        const reasons = (error as { name?: string; CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if ((error as Error).name === 'TransactionCanceledException' && reasons.some((r) => lostRace.has(r.Code ?? ''))) return false;
        throw error;
      }
    },
  };
}
