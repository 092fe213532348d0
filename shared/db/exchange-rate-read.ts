// The current USD->BRL rate (written by functions/scheduled/exchange-rate.ts):
//   pk COTACAO#USD-BRL   sk ATUAL   valor (DynamoDB number, exact), obtidaEm (ISO with Z), fonte
// A missing rate is unknown: callers store cotacaoUsdBrl null rather than guess.
import { GetCommand, NumberValue } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';

export const exchangeRateKey = { pk: 'COTACAO#USD-BRL', sk: 'ATUAL' } as const;

export interface ExchangeRate {
  /** Exact decimal string, e.g. "5.4321". */
  valor: string;
  obtidaEm: string;
  fonte: string;
}

/** The rate item's fields, or undefined when it is missing or unreadable. */
export function itemToExchangeRate(item: Record<string, unknown> | undefined): ExchangeRate | undefined {
  if (!item || item.valor === undefined || item.valor === null) return undefined;
  const valor = item.valor instanceof NumberValue ? item.valor.toString() : String(item.valor);
  if (!/^\d+(?:\.\d+)?$/.test(valor)) return undefined;
  return { valor, obtidaEm: String(item.obtidaEm ?? ''), fonte: String(item.fonte ?? '') };
}

export async function readExchangeRate(): Promise<ExchangeRate | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: exchangeRateKey }));
  return itemToExchangeRate(out.Item);
}
