// The balance item's moves as its change stream carries them, and what follows them (docs/data-model.md, 4c
// and 4d): the statement days, kept in chain order, each entry counted once however often a record comes
// back; the moves whose entry no function wrote (a function that died between its two writes), put in the
// reconciler's index with their details, so it can write the entry from them once the move is old enough.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, NumberValue, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, batchWriteAll, conditional, db, tableName } from '#shared/db/client';
import { decimal, fieldsOf, map, number, oneOf, string } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { entryDay, movedDetailsField } from '#shared/db/ledger';
import { storedAmount } from '#shared/db/numbers';
import {
  conversationTypes,
  entryTypes,
  movedEntry,
  orphanPolicies,
  refundReferences,
  type BalanceMove,
  type LedgerGap,
  type MoveFollower,
  type MoveDetails,
  type StatementEntry,
} from '#shared/domain/ledger';
import { fromCents, toCents } from '#shared/domain/money';

type Item = Record<string, unknown>;

/** The shards of the reconciler's index of moves without their entry. */
const gapShards = [0, 1, 2, 3] as const;

/** The details a move left on the balance item (`ult`). */
const moveDetails = map((f): MoveDetails => {
  const amount = (name: string) => f.orElse(name, string, null);
  return {
    tipo: f.read('tipo', oneOf(entryTypes)),
    valor: f.read('valor', string),
    descricao: f.read('descricao', string),
    referenciaTipo: f.read('referenciaTipo', string),
    referenciaId: f.orElse('referenciaId', number, null),
    tarifaCobrada: amount('tarifaCobrada'),
    custoProviderAUsd: amount('custoProviderAUsd'),
    custoProviderABrl: amount('custoProviderABrl'),
    custoProviderBUsd: amount('custoProviderBUsd'),
    custoProviderBBrl: amount('custoProviderBBrl'),
    cotacaoUsdBrl: amount('cotacaoUsdBrl'),
    tipoConversa: f.orElse('tipoConversa', oneOf(conversationTypes), null),
    criadoEm: f.read('criadoEm', string),
    seOrfao: f.orElse('seOrfao', oneOf(orphanPolicies), 'MANTER'),
  };
});

/** A balance item's image (the stream's NewImage, or a gap's item) as the move it records; undefined for an item no move wrote. */
function moveOf(image: Item): BalanceMove | undefined {
  const f = fieldsOf(image);
  if (!f.has(movedDetailsField) || !f.has('aplicacaoId')) return undefined;
  const details = f.read(movedDetailsField, moveDetails);
  const moved = { id: f.read('ultimoLancamentoId', number), saldo: storedAmount(f.read('saldo', decimal)) };
  return { aplicacaoId: f.read('aplicacaoId', number), entry: movedEntry(moved, details), seOrfao: details.seOrfao };
}

/** The new images of the stream's records (DynamoDB JSON), in order, as the moves they record; other items are skipped. */
export function movesOfImages(images: readonly Record<string, AttributeValue>[]): BalanceMove[] {
  // Numbers kept exact (NumberValue), as the document client reads them.
  return images.flatMap((image) => {
    // Only the balance item's records (the event source's filter on AWS; the local run's poller reads them all).
    if (image.sk?.S !== keys.balance(0).sk) return [];
    const move = moveOf(unmarshall(image, { wrapNumbers: true }));
    return move ? [move] : [];
  });
}

const daySum = (entry: StatementEntry) =>
  entry.tipo === 'DEBIT' ? 'debitos' : refundReferences.has(entry.referenciaTipo) ? 'estornos' : 'creditos';

/**
 * Adds one day's entries (in chain order) to its item: only those after the day's `ultimoLancamentoId`, conditioned on
 * the value read, so a record the stream delivers again is counted once. False when another writer moved it meanwhile.
 */
async function addToDay(aplicacaoId: number, dia: string, entries: readonly StatementEntry[]): Promise<boolean> {
  const key = keys.statementDay(aplicacaoId, dia);
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true, ProjectionExpression: 'ultimoLancamentoId' }),
  );
  const seen = out.Item?.ultimoLancamentoId === undefined ? undefined : Number(out.Item.ultimoLancamentoId);
  const fresh = entries.filter((e) => seen === undefined || e.id > seen);
  if (fresh.length === 0) return true;
  const sums: Record<string, bigint> = {};
  const counts: Record<string, number> = {};
  for (const entry of fresh) {
    sums[daySum(entry)] = (sums[daySum(entry)] ?? 0n) + toCents(entry.valor);
    counts[entry.referenciaTipo] = (counts[entry.referenciaTipo] ?? 0) + 1;
  }
  const names: Record<string, string> = {};
  const values: Item = { ':tipo': 'EXTDIA', ':dia': dia, ':primeiro': fresh[0]!.id, ':ultimo': fresh.at(-1)!.id };
  const adds: string[] = [];
  Object.entries(sums).forEach(([sum, cents], i) => {
    names[`#s${i}`] = sum;
    values[`:s${i}`] = NumberValue.from(fromCents(cents));
    adds.push(`#s${i} :s${i}`);
  });
  Object.entries(counts).forEach(([ref, n], i) => {
    names[`#n${i}`] = `n_${ref}`;
    values[`:n${i}`] = n;
    adds.push(`#n${i} :n${i}`);
  });
  if (seen !== undefined) values[':seen'] = seen;
  return conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET tipo = :tipo, dia = :dia, primeiroLancamentoId = if_not_exists(primeiroLancamentoId, :primeiro), ultimoLancamentoId = :ultimo ADD ${adds.join(', ')}`,
        ConditionExpression: seen === undefined ? 'attribute_not_exists(ultimoLancamentoId)' : 'ultimoLancamentoId = :seen',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

const gapKey = (gap: Pick<LedgerGap, 'aplicacaoId' | 'entry' | 'dueAt'>) =>
  keys.ledgerGap(gap.entry.id % gapShards.length, gap.dueAt, gap.aplicacaoId, gap.entry.id);

/** The stream's follower and the reconciler's side of moves without their entry. */
export function dynamoMoveFollower(): MoveFollower {
  return {
    async addToDays(aplicacaoId, entries) {
      const byDay = new Map<string, StatementEntry[]>();
      for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
        const day = entryDay(entry);
        const ofDay = byDay.get(day) ?? [];
        if (ofDay.length === 0) byDay.set(day, ofDay);
        ofDay.push(entry);
      }
      for (const [dia, ofDay] of byDay) {
        // One follower per stream shard: a refusal is a retried batch racing itself, read again once.
        if (!(await addToDay(aplicacaoId, dia, ofDay)) && !(await addToDay(aplicacaoId, dia, ofDay))) {
          throw new Error(`statement day ${dia} of application ${aplicacaoId} keeps changing`);
        }
      }
    },

    async withoutEntry(moves) {
      const found = await batchGetAll(moves.map((m) => keys.statementEntry(m.aplicacaoId, m.entry.id)));
      const present = new Set(found.map((item) => `${String(item.pk)}|${String(item.sk)}`));
      return moves.filter((m) => {
        const key = keys.statementEntry(m.aplicacaoId, m.entry.id);
        return !present.has(`${key.pk}|${key.sk}`);
      });
    },

    async addGaps(moves, dueAt) {
      const due = dueAt.toISOString();
      await batchWriteAll(
        moves.map(({ aplicacaoId, entry, seOrfao }) => {
          const { id, saldoAnterior: _, saldoPosterior, ...details } = entry;
          return {
            PutRequest: {
              Item: {
                ...gapKey({ aplicacaoId, entry, dueAt: due }),
                tipo: 'LACUNA',
                aplicacaoId,
                // What the balance item held after the move: the gap reads as the move it records.
                saldo: NumberValue.from(saldoPosterior),
                ultimoLancamentoId: id,
                [movedDetailsField]: { ...details, seOrfao },
              },
            },
          };
        }),
      );
    },

    async dueGaps(now, limit) {
      const pages = await Promise.all(
        gapShards.map((shard) =>
          db().send(
            new QueryCommand({
              TableName: tableName(),
              KeyConditionExpression: 'pk = :pk AND sk <= :now',
              ExpressionAttributeValues: { ':pk': keys.ledgerGapShard(shard).pk, ':now': `${now.toISOString()}#~` },
              Limit: limit,
            }),
          ),
        ),
      );
      return pages.flatMap((page) =>
        (page.Items ?? []).flatMap((item) => {
          const move = moveOf(item);
          return move ? [{ ...move, dueAt: String(item.sk).split('#')[0]! }] : [];
        }),
      );
    },

    async dropGap(gap) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: gapKey(gap) }));
    },

    async writtenAsOrphan(aplicacaoId, id) {
      const out = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.statementEntry(aplicacaoId, id),
          ProjectionExpression: 'orfao',
          ConsistentRead: true,
        }),
      );
      return out.Item?.orfao === true;
    },
  };
}
