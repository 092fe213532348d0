// The current USD->BRL rate (docs/data-model.md, pattern 20): tipo COTACAO, valor (exact DynamoDB
// number), obtidaEm (ISO with Z), fonte. Readers treat a missing item as an unknown rate.
import { GetCommand, NumberValue, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { numberText } from '#shared/db/numbers';
import type { ExchangeRate, ExchangeRateRepository } from '#shared/domain/exchange-rate';

/** The rate item's fields, or undefined when it is missing or unreadable (the send reads it in its BatchGet). */
export function itemToExchangeRate(item: Record<string, unknown> | undefined): ExchangeRate | undefined {
  if (!item || item.valor === undefined || item.valor === null) return undefined;
  const valor = numberText(item.valor);
  if (!/^\d+(?:\.\d+)?$/.test(valor)) return undefined;
  return {
    valor,
    obtidaEm: typeof item.obtidaEm === 'string' ? item.obtidaEm : '',
    fonte: typeof item.fonte === 'string' ? item.fonte : '',
  };
}

export function dynamoExchangeRateRepository(): ExchangeRateRepository {
  return {
    async get() {
      return itemToExchangeRate((await db().send(new GetCommand({ TableName: tableName(), Key: keys.exchangeRate() }))).Item);
    },
    async put(rate) {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.exchangeRate(),
            tipo: 'COTACAO',
            valor: NumberValue.from(rate.valor),
            obtidaEm: rate.obtidaEm,
            fonte: rate.fonte,
          },
        }),
      );
    },
  };
}
