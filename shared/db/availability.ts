// DynamoDB side of the on-call physician's availability (docs/data-model.md, pattern 39): one item per
// physician and day under the application's partition, its windows in `janelas`, `versao` counting its
// writes. A range of days is one Query; a day's write is conditioned on the `versao` read (or on there
// being no item), so a reservation or replacement committed in between makes it fail instead of being lost.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, conditional, db, errorName, queryAll, tableName } from '#shared/db/client';
import { fieldsOf, listOf, oneOf, openMap, string } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { commitWrites, conditionalWrite } from '#shared/db/unit-of-work';
import { availabilityStates, type AvailabilityDay, type AvailabilityRepository, type DayWrite } from '#shared/domain/availability';

type Item = Record<string, unknown>;

/** The key condition of the days `first`..`last` (inclusive) of one physician, from the day builder's own keys. */
const availabilityRange = (aplicacaoId: number, userId: number, first: string, last: string) => ({
  pk: keys.availabilityDay(aplicacaoId, userId, first).pk,
  from: keys.availabilityDay(aplicacaoId, userId, first).sk,
  to: keys.availabilityDay(aplicacaoId, userId, last).sk,
});

// Kept as stored: a reservation's window may carry more than start, end and state (a day's rewrite keeps it whole).
const window = openMap((f) => ({
  inicio: f.read('inicio', string),
  fim: f.read('fim', string),
  estado: f.read('estado', oneOf(availabilityStates)),
}));

/** The day is the sort key's last part (`DISP#<user>#<YYYY-MM-DD>`). */
const toDay = (item: Item): AvailabilityDay => ({
  dia: String(item.sk).slice(-10),
  janelas: fieldsOf(item).orElse('janelas', listOf(window), []),
  versao: Number(item.versao),
});

/** The day's put, conditioned on the version it was read at (none: still no item). */
const dayPut = (aplicacaoId: number, userId: number, w: DayWrite) => ({
  Item: { ...keys.availabilityDay(aplicacaoId, userId, w.dia), tipo: 'DISPONIBILIDADE', janelas: w.janelas, versao: w.versao },
  ...(w.antes === undefined
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : { ConditionExpression: 'versao = :versao', ExpressionAttributeValues: { ':versao': w.antes } }),
});

/** A single write running into a transaction on the same item lost a race too. */
const isTransactionConflict = (error: unknown) => errorName(error) === 'TransactionConflictException';

export function dynamoAvailabilityRepository(): AvailabilityRepository {
  return {
    async range(aplicacaoId, userId, first, last) {
      const { pk, from, to } = availabilityRange(aplicacaoId, userId, first, last);
      const items = await queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
      });
      return items.map(toDay);
    },

    async days(aplicacaoId, userId, dias) {
      if (dias.length === 0) return [];
      return (await batchGetAll(dias.map((dia) => keys.availabilityDay(aplicacaoId, userId, dia)))).map(toDay);
    },

    async save(aplicacaoId, userId, writes) {
      if (writes.length === 1) {
        // One day: one conditional PutItem, no transaction needed.
        const put = dayPut(aplicacaoId, userId, writes[0]!);
        try {
          return await conditional(() => db().send(new PutCommand({ TableName: tableName(), ...put })));
        } catch (error) {
          if (isTransactionConflict(error)) return false;
          throw error;
        }
      }
      const outcome = await commitWrites(writes.map((w) => conditionalWrite({ Put: dayPut(aplicacaoId, userId, w) })));
      if (outcome.committed) return true;
      if (outcome.raced) return false;
      throw outcome.error;
    },
  };
}
