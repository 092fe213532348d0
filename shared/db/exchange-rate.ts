// The current USD->BRL rate: pk COTACAO#USD-BRL, sk ATUAL -> tipo COTACAO, valor (exact DynamoDB
// number), obtidaEm (ISO with Z), fonte. Readers treat a missing item as an unknown rate.
import { GetCommand, NumberValue, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import type { ExchangeRate, ExchangeRateRepository } from '#shared/domain/exchange-rate';

export const exchangeRateKey = { pk: 'COTACAO#USD-BRL', sk: 'ATUAL' };

export function dynamoExchangeRateRepository(): ExchangeRateRepository {
  return {
    async get() {
      const item = (await db().send(new GetCommand({ TableName: tableName(), Key: exchangeRateKey }))).Item;
      if (!item) return undefined;
      const valor = item.valor instanceof NumberValue ? item.valor.toString() : String(item.valor);
      return { valor, obtidaEm: String(item.obtidaEm), fonte: String(item.fonte) } satisfies ExchangeRate;
    },
    async put(rate) {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...exchangeRateKey, tipo: 'COTACAO', valor: NumberValue.from(rate.valor), obtidaEm: rate.obtidaEm, fonte: rate.fonte },
        }),
      );
    },
  };
}

/** The current rate's exact text, or null when none is stored. */
export async function currentUsdBrl(): Promise<string | null> {
  return (await dynamoExchangeRateRepository().get())?.valor ?? null;
}
