// The DynamoDB side of a unit of work (shared/domain/unit-of-work.ts): each conditional write is one
// element of a TransactWriteItems, and a cancelled transaction's CancellationReasons (one per
// element, in order) are mapped back to the write that caused each, so a refusal is the write's own
// and never a position the caller has to know.
//
//   const outcome = await commitWrites([
//     conditionalWrite({ Update: { Key, UpdateExpression, ConditionExpression: '#s = :from', ... } }, 'status-changed'),
//     putNew(historyItem),
//     putNew(idempotencyItem, 'replay'),
//   ]);
//   if (!outcome.committed && outcome.refusals.includes('replay')) ...
//
// One TransactWriteItems request per commit, whatever the outcome.
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, errorName, tableName } from '#shared/db/client';
import type { CommitOutcome, ConditionalWrite, PreparedWrite, UnitOfWork } from '#shared/domain/unit-of-work';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Op<K extends keyof TransactItem> = { [P in K]: Omit<NonNullable<TransactItem[P]>, 'TableName'> };

/** One element of a TransactWriteItems without its TableName (the commit names the table). */
export type WriteOp = Op<'Put'> | Op<'Update'> | Op<'Delete'> | Op<'ConditionCheck'>;

/**
 * A write of a unit of work; `refusal` is what its own condition failing means. Without one, a failed
 * condition is a lost race, and the write fits a unit of work of any refusal type.
 */
export function conditionalWrite<R = never>(op: WriteOp, refusal?: R): ConditionalWrite<R> {
  // The domain sees an opaque PreparedWrite; this store alone looks inside (transactItem).
  // eslint-disable-next-line no-restricted-syntax -- PreparedWrite is a brand (a declared symbol, no value): only an assertion makes one
  const write: PreparedWrite = op as WriteOp & PreparedWrite;
  return refusal === undefined ? { write } : { write, refusal };
}

/** The put of an item that must not exist yet (`attribute_not_exists(pk)`). */
export const putNew = <R = never>(item: Record<string, unknown>, refusal?: R): ConditionalWrite<R> =>
  conditionalWrite({ Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } }, refusal);

const writeKinds = ['Put', 'Update', 'Delete', 'ConditionCheck'];

/** A write this store prepared (conditionalWrite): one element of a TransactWriteItems, of one kind. */
const isWriteOp = (write: object): write is WriteOp => {
  const kinds = Object.keys(write);
  return kinds.length === 1 && writeKinds.includes(kinds[0] ?? '');
};

function transactItem(write: PreparedWrite, TableName: string): TransactItem {
  if (!isWriteOp(write)) throw new Error('a unit of work was given a write another store prepared');
  if ('Put' in write) return { Put: { TableName, ...write.Put } };
  if ('Update' in write) return { Update: { TableName, ...write.Update } };
  if ('Delete' in write) return { Delete: { TableName, ...write.Delete } };
  return { ConditionCheck: { TableName, ...write.ConditionCheck } };
}

/** Cancellation codes of a write that a retry on fresh reads may get through. */
const lostRace = new Set(['ConditionalCheckFailed', 'TransactionConflict']);

/** A cancelled transaction's CancellationReasons' codes, one per write in order (undefined: no reason given for it). */
function cancellationCodes(error: unknown): (string | undefined)[] {
  const reasons: unknown =
    typeof error === 'object' && error !== null && 'CancellationReasons' in error ? error.CancellationReasons : undefined;
  if (!Array.isArray(reasons)) return [];
  return reasons.map((reason: unknown) =>
    typeof reason === 'object' && reason !== null && 'Code' in reason && typeof reason.Code === 'string' ? reason.Code : undefined,
  );
}

/** Commits the writes in one TransactWriteItems; a cancelled transaction is an outcome, any other failure throws. */
export async function commitWrites<R>(writes: readonly ConditionalWrite<R>[]): Promise<CommitOutcome<R>> {
  const TableName = tableName();
  try {
    await db().send(new TransactWriteCommand({ TransactItems: writes.map((w) => transactItem(w.write, TableName)) }));
    return { committed: true };
  } catch (error) {
    if (errorName(error) !== 'TransactionCanceledException') throw error;
    const refusals: R[] = [];
    let raced = false;
    cancellationCodes(error).forEach((code, i) => {
      const refusal = writes[i]?.refusal;
      if (code === 'ConditionalCheckFailed' && refusal !== undefined) refusals.push(refusal);
      else if (lostRace.has(code ?? '')) raced = true;
    });
    return { committed: false, refusals, raced, error };
  }
}

export const dynamoUnitOfWork = (): UnitOfWork => ({ commit: commitWrites });
