// The number of the latest CRL published (pattern 45c). The publisher raises it after each put of a CRL
// it signed (shared/ca/crl-publisher.ts); the agent authorizer reads it when it loads the CRL (once per
// cache period, shared/ca/crl-check.ts) and refuses a CRL below it. So a CRL rolled back in the bucket is
// refused by every container, also one that never saw the newer CRL (a cold start, another instance).
// Its own module: the authorizer imports it on its first CRL load, and nothing else of the table's code.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';

/** The number of the latest CRL published; 0 before the first publication that records it. */
export async function publishedCrlNumber(): Promise<bigint> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.crlPublished(), ProjectionExpression: 'numero', ConsistentRead: true }),
  );
  return BigInt(String(out.Item?.numero ?? 0));
}

/** Raises the published number to `numero` (never lowers it: a slower publisher of a lower number changes nothing). */
export async function recordPublishedCrlNumber(numero: bigint, at = new Date()): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.crlPublished(),
        UpdateExpression: 'SET numero = :n, publicadoEm = :at, tipo = :tipo',
        ConditionExpression: 'attribute_not_exists(numero) OR numero < :n',
        ExpressionAttributeValues: { ':n': Number(numero), ':at': at.toISOString(), ':tipo': 'CRLPUBLICADO' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
