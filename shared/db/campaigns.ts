// DynamoDB campaigns (#36; docs/data-model.md, patterns 46-46f): the campaign item (its status, its worker's hold
// and its turn with the schedule on gsi1), its recipients staged in blocks by the creation, one item per recipient
// once a worker expanded them (listed by status on gsi1), the counters in 4 shards (recipients by line, status
// callbacks by message id), and the pace's one counter per second.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, batchWriteAll, conditional, db, isConditionFailure, queryAll, tableName } from '#shared/db/client';
import { inParallel } from '#shared/parallel';
import { nextId } from '#shared/db/ids';
import { fieldsOf, listOf, map, nullable, number, oneOf, string, stringMap, type Fields, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { numberText, storedAmount } from '#shared/db/numbers';
import { COUNTER_SHARDS, counterAttribute, counters, counterWrite } from '#shared/db/campaign-counters';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import {
  campaignStatuses,
  pauseReasons,
  recipientStatuses,
  type Campaign,
  type CampaignCounts,
  type Recipient,
  type RecipientStatus,
} from '#shared/domain/campaigns/records';
import type { CampaignRepository, PaceRepository } from '#shared/domain/campaigns/repository';
import { contextos } from '#shared/domain/messages/records';
import { addAmounts, fromCents, toCents } from '#shared/domain/money';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

const shards = Array.from({ length: COUNTER_SHARDS }, (_, i) => i);

const toCampaign = (item: Item): Campaign => {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    nome: f.read('nome', string),
    mensagem: f.read('mensagem', nullable(string)),
    templateId: f.read('templateId', nullable(number)),
    variaveis: f.read('variaveis', stringMap),
    contexto: f.read('contexto', oneOf(contextos)),
    status: f.read('status', oneOf(campaignStatuses)),
    motivo: f.read('motivo', nullable(oneOf(pauseReasons))),
    agendarPara: f.read('agendarPara', nullable(string)),
    criadaEm: f.read('criadaEm', string),
    iniciadaEm: f.read('iniciadaEm', nullable(string)),
    concluidaEm: f.read('concluidaEm', nullable(string)),
    destinatarios: f.read('destinatarios', number),
    usuarioId: f.read('usuarioId', nullable(number)),
    cursor: f.read('cursor', number),
  };
};

const campaignItem = (c: Campaign): Item => ({
  ...keys.campaign(c.aplicacaoId, c.id),
  tipo: 'CAMPANHA',
  ...c,
  // On the schedule's index while it has a turn: at its time, or (started now) at once.
  ...(c.status === 'AGENDADA' || c.status === 'EM_ANDAMENTO'
    ? keys.campaignTurn(c.agendarPara && c.status === 'AGENDADA' ? c.agendarPara : c.criadaEm, c.aplicacaoId, c.id)
    : {}),
});

const recipientFields = (f: Fields): Recipient => {
  return {
    campanhaId: f.read('campanhaId', number),
    linha: f.read('linha', number),
    telefone: f.read('telefone', string),
    nome: f.read('nome', nullable(string)),
    variaveis: f.read('variaveis', stringMap),
    status: f.read('status', oneOf(recipientStatuses)),
    motivo: f.read('motivo', nullable(string)),
    mensagemId: f.read('mensagemId', nullable(number)),
    atualizadoEm: f.read('atualizadoEm', string),
  };
};

const toRecipient = (item: Item): Recipient => recipientFields(fieldsOf(item));

const recipientItem = (aplicacaoId: number, r: Recipient): Item => ({
  ...keys.recipient(aplicacaoId, r.campanhaId, r.linha),
  ...keys.recipientListing(aplicacaoId, r.campanhaId, r.status, r.linha),
  tipo: 'CDEST',
  ...r,
});

/** A staged block's recipients: its transaction's 100 writes are 99 recipients and the block's removal. */
const BLOCK_RECIPIENTS = 99;
/** Blocks a worker expands at once. */
const BLOCKS_IN_FLIGHT = 8;
/** And under DynamoDB's 400 KB an item: a recipient has at most 50 variables of 1,000 characters. */
const BLOCK_BYTES = 300_000;

/** The recipients in blocks of at most BLOCK_RECIPIENTS and about BLOCK_BYTES, in list order. */
function stagedBlocks(recipients: readonly Recipient[]): Recipient[][] {
  const blocks: Recipient[][] = [];
  let bytes = 0;
  for (const r of recipients) {
    const size = Buffer.byteLength(JSON.stringify(r));
    const last = blocks.at(-1);
    if (last && last.length < BLOCK_RECIPIENTS && bytes + size <= BLOCK_BYTES) {
      last.push(r);
      bytes += size;
    } else {
      blocks.push([r]);
      bytes = size;
    }
  }
  return blocks;
}

const emptyCounts = (): CampaignCounts => ({ enviadas: 0, entregues: 0, lidas: 0, falhas: 0, ignoradas: 0, custoTotal: '0.00' });

/** The sum of a campaign's counter shards. */
function addCounts(into: CampaignCounts, item: Item): void {
  for (const counter of counters) into[counter] += Number(numberText(item[counterAttribute(counter)] ?? 0));
  if (item.custo !== undefined) into.custoTotal = addAmounts(into.custoTotal, storedAmount(item.custo));
}

/** A recipient's move out of `from`, with its counters, in one transaction; refused with `refusal`. */
function recipientMove<R>(
  aplicacaoId: number,
  r: Recipient,
  from: RecipientStatus,
  to: RecipientStatus,
  set: { motivo?: string; mensagemId?: number },
  now: Date,
  refusal: R,
): ConditionalWrite<R> {
  const listing = keys.recipientListing(aplicacaoId, r.campanhaId, to, r.linha);
  return conditionalWrite(
    {
      Update: {
        Key: keys.recipient(aplicacaoId, r.campanhaId, r.linha),
        UpdateExpression: `SET #s = :to, gsi1pk = :g, atualizadoEm = :em${set.motivo !== undefined ? ', motivo = :motivo' : ''}${
          set.mensagemId !== undefined ? ', mensagemId = :m' : ''
        }`,
        ConditionExpression: '#s = :from',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': from,
          ':g': listing.gsi1pk,
          ':em': now.toISOString(),
          ...(set.motivo !== undefined ? { ':motivo': set.motivo } : {}),
          ...(set.mensagemId !== undefined ? { ':m': set.mensagemId } : {}),
        },
      },
    },
    refusal,
  );
}

const shardOf = (linha: number) => linha % COUNTER_SHARDS;
const negate = (valor: string) => fromCents(-toCents(valor));

export function dynamoCampaignRepository(): CampaignRepository {
  const update = (input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>) =>
    db().send(new UpdateCommand({ TableName: tableName(), ...input }));

  return {
    newId: () => nextId(),

    async create(campaign, recipients) {
      // The recipients in a few staged blocks, the campaign last: the request writes tens of items, not thousands
      // (a worker expands the blocks before sending, expandNext).
      const blocks = stagedBlocks(recipients);
      await batchWriteAll(
        blocks.map((block, i) => ({
          PutRequest: { Item: { ...keys.recipientBlock(campaign.aplicacaoId, campaign.id, i), tipo: 'CLOTE', destinatarios: block } },
        })),
      );
      const ignored = new Map<number, number>();
      for (const r of recipients) if (r.status === 'IGNORADA') ignored.set(shardOf(r.linha), (ignored.get(shardOf(r.linha)) ?? 0) + 1);
      const outcome = await commitWrites([
        putNew(campaignItem(campaign)),
        ...[...ignored].map(([shard, n]) => counterWrite(campaign.aplicacaoId, campaign.id, shard, { ignoradas: n })),
      ]);
      if (!outcome.committed) throw outcome.error;
    },

    async expandNext(aplicacaoId, id) {
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: (({ pk, skPrefix }) => ({ ':pk': pk, ':prefix': skPrefix }))(keys.recipientBlocks(aplicacaoId, id)),
          ConsistentRead: true,
          Limit: BLOCKS_IN_FLIGHT,
        }),
      );
      const blocks = out.Items ?? [];
      // Each block's recipients and its removal in one transaction: a block is expanded once, and a worker that lost
      // the race (the block gone) writes nothing, so no recipient already sent is ever written back PENDENTE.
      await inParallel(blocks, BLOCKS_IN_FLIGHT, async (block) => {
        const f = fieldsOf(block);
        await commitWrites([
          ...f
            .read('destinatarios', listOf(map(recipientFields)))
            .map((r) => conditionalWrite({ Put: { Item: recipientItem(aplicacaoId, r) } })),
          conditionalWrite({
            Delete: { Key: { pk: f.read('pk', string), sk: f.read('sk', string) }, ConditionExpression: 'attribute_exists(pk)' },
          }),
        ]);
      });
      return blocks.length > 0;
    },

    async get(aplicacaoId, id) {
      const items = await batchGetAll([keys.campaign(aplicacaoId, id), ...shards.map((s) => keys.campaignCounter(aplicacaoId, id, s))]);
      const item = items.find((i) => String(i.sk).startsWith('CAMP#'));
      if (!item) return undefined;
      const counts = emptyCounts();
      for (const i of items) if (i !== item) addCounts(counts, i);
      return { campaign: toCampaign(item), counts };
    },

    async list(aplicacaoId) {
      const { pk, skPrefix } = keys.campaigns(aplicacaoId);
      const items = await queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ScanIndexForward: false,
      });
      return items.map(toCampaign);
    },

    async counts(campaigns) {
      const items = await batchGetAll(campaigns.flatMap((c) => shards.map((s) => keys.campaignCounter(c.aplicacaoId, c.id, s))));
      const byId = new Map(campaigns.map((c) => [c.id, emptyCounts()]));
      for (const item of items) {
        const id = Number(String(item.sk).split('#')[1]);
        const counts = byId.get(id);
        if (counts) addCounts(counts, item);
      }
      return byId;
    },

    async recipients(campaign, status, { page, size }) {
      // The page's recipients are read from the first one: a campaign has at most 10,000.
      const wanted = (page + 1) * size;
      const items: Item[] = [];
      let start: Item | undefined;
      do {
        const out = await db().send(
          new QueryCommand(
            status
              ? {
                  TableName: tableName(),
                  IndexName: 'gsi1',
                  KeyConditionExpression: 'gsi1pk = :g',
                  ExpressionAttributeValues: { ':g': keys.recipientsInStatus(campaign.aplicacaoId, campaign.id, status).gsi1pk },
                  Limit: wanted - items.length,
                  ExclusiveStartKey: start,
                }
              : {
                  TableName: tableName(),
                  KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
                  ExpressionAttributeValues: (({ pk, from, to }) => ({ ':pk': pk, ':from': from, ':to': to }))(
                    keys.recipientsFrom(campaign.aplicacaoId, campaign.id, 0),
                  ),
                  Limit: wanted - items.length,
                  ExclusiveStartKey: start,
                },
          ),
        );
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start && items.length < wanted);
      return items.slice(page * size, wanted).map(toRecipient);
    },

    async move(campaign, to, now, motivo = null) {
      const ending = to === 'CANCELADA' || to === 'PAUSADA';
      const values: Item = { ':to': to, ':from': campaign.status, ':motivo': motivo };
      let expression = 'SET #s = :to, motivo = :motivo';
      if (to === 'EM_ANDAMENTO') {
        // Started or resumed: its turn is now, and whoever held it before lets go.
        const turn = keys.campaignTurn(now.toISOString(), campaign.aplicacaoId, campaign.id);
        // Started now (a scheduled one, or one paused before its time), or resumed: it keeps its first start.
        expression += ', gsi1pk = :gpk, gsi1sk = :gsk, iniciadaEm = :inicio REMOVE trabalhoToken, trabalhoAte';
        Object.assign(values, { ':gpk': turn.gsi1pk, ':gsk': turn.gsi1sk, ':inicio': campaign.iniciadaEm ?? now.toISOString() });
      } else if (ending) {
        expression += `${to === 'CANCELADA' ? ', concluidaEm = :agora' : ''} REMOVE gsi1pk, gsi1sk, trabalhoToken, trabalhoAte`;
        if (to === 'CANCELADA') values[':agora'] = now.toISOString();
      }
      return conditional(() =>
        update({
          Key: keys.campaign(campaign.aplicacaoId, campaign.id),
          UpdateExpression: expression,
          ConditionExpression: '#s = :from',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: values,
        }),
      );
    },

    async take(aplicacaoId, id, token, now, until) {
      const turn = keys.campaignTurn(until.toISOString(), aplicacaoId, id);
      try {
        const out = await update({
          Key: keys.campaign(aplicacaoId, id),
          UpdateExpression: 'SET trabalhoToken = :t, trabalhoAte = :ate, gsi1pk = :gpk, gsi1sk = :gsk',
          ConditionExpression: '#s = :em AND (attribute_not_exists(trabalhoAte) OR trabalhoAte <= :agora)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':t': token,
            ':ate': until.toISOString(),
            ':agora': now.toISOString(),
            ':em': 'EM_ANDAMENTO',
            ':gpk': turn.gsi1pk,
            ':gsk': turn.gsi1sk,
          },
          ReturnValues: 'ALL_NEW',
        });
        return out.Attributes ? toCampaign(out.Attributes) : undefined;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    renew: (campaign, token, until, cursor) => held(campaign, token, until, until, cursor),

    async release(campaign, token, nextTurn, cursor) {
      // Free at once (a worker that takes the queued slice goes on), on the schedule's index from `nextTurn`.
      await held(campaign, token, new Date(0), nextTurn, cursor);
    },

    stop: (campaign, token, to, now, motivo) =>
      conditional(() =>
        update({
          Key: keys.campaign(campaign.aplicacaoId, campaign.id),
          UpdateExpression: `SET #s = :to, motivo = :motivo${to === 'CONCLUIDA' ? ', concluidaEm = :agora' : ''} REMOVE gsi1pk, gsi1sk, trabalhoToken, trabalhoAte`,
          ConditionExpression: '#s = :em AND trabalhoToken = :t',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':to': to,
            ':em': 'EM_ANDAMENTO',
            ':t': token,
            ':motivo': motivo ?? null,
            ...(to === 'CONCLUIDA' ? { ':agora': now.toISOString() } : {}),
          },
        }),
      ),

    async pending(campaign, cursor, limit) {
      const { pk, from, to } = keys.recipientsFrom(campaign.aplicacaoId, campaign.id, cursor);
      const found: Item[] = [];
      let start: Item | undefined;
      do {
        const out = await db().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            FilterExpression: '#s = :pendente',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to, ':pendente': 'PENDENTE' },
            // Consistent: a recipient a slice just moved is never read as PENDENTE again.
            ConsistentRead: true,
            Limit: limit * 2,
            ExclusiveStartKey: start,
          }),
        );
        found.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start && found.length < limit);
      return found.slice(0, limit).map(toRecipient);
    },

    async optedOut(aplicacaoId, telefones) {
      const unique = [...new Set(telefones)];
      const items = await batchGetAll(unique.map((t) => keys.optOut(aplicacaoId, t)));
      return new Set(items.map((i) => String(i.sk).slice('OPTOUT#'.length)));
    },

    sentWrites: (r, aplicacaoId, mensagemId, valor, now, refusal) => [
      recipientMove(aplicacaoId, r, 'PENDENTE', 'ENVIADA', { mensagemId }, now, refusal),
      counterWrite(aplicacaoId, r.campanhaId, shardOf(r.linha), { enviadas: 1 }, valor),
    ],

    async failSent(r, aplicacaoId, motivo, valor, now) {
      await commitWrites([
        recipientMove(aplicacaoId, r, 'ENVIADA', 'FALHA', { motivo }, now, 'moved'),
        counterWrite(aplicacaoId, r.campanhaId, shardOf(r.linha), { enviadas: -1, falhas: 1 }, negate(valor)),
      ]);
    },

    async ignore(r, aplicacaoId, motivo, now) {
      const outcome = await commitWrites([
        recipientMove(aplicacaoId, r, 'PENDENTE', 'IGNORADA', { motivo }, now, 'moved'),
        counterWrite(aplicacaoId, r.campanhaId, shardOf(r.linha), { ignoradas: 1 }),
      ]);
      return outcome.committed;
    },

    async due(now, limit) {
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :g AND gsi1sk <= :agora',
          ExpressionAttributeValues: { ':g': keys.campaignTurns().gsi1pk, ':agora': `${now.toISOString()}#~` },
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map((i) => ({ aplicacaoId: Number(i.aplicacaoId), id: Number(i.id) }));
    },
  };

  /** The holder's write: its hold until `until`, its turn at `turn`, its place; false when it no longer holds it. */
  function held(campaign: Campaign, token: string, until: Date, turn: Date, cursor: number): Promise<boolean> {
    const t = keys.campaignTurn(turn.toISOString(), campaign.aplicacaoId, campaign.id);
    return conditional(() =>
      update({
        Key: keys.campaign(campaign.aplicacaoId, campaign.id),
        UpdateExpression: 'SET trabalhoAte = :ate, gsi1sk = :gsk, #c = :c',
        ConditionExpression: '#s = :em AND trabalhoToken = :t',
        ExpressionAttributeNames: { '#s': 'status', '#c': 'cursor' },
        ExpressionAttributeValues: { ':ate': until.toISOString(), ':gsk': t.gsi1sk, ':c': cursor, ':em': 'EM_ANDAMENTO', ':t': token },
      }),
    );
  }
}

/** The pace's counter of one second: taken with a conditional ADD, so no second ever passes its rate. */
export function dynamoPaceRepository(): PaceRepository {
  return {
    async take(aplicacaoId, second, want, rate) {
      let ask = Math.min(want, rate);
      while (ask > 0) {
        try {
          await db().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: keys.paceSecond(aplicacaoId, second),
              UpdateExpression: 'ADD n :k SET expiresAt = :exp',
              ConditionExpression: 'attribute_not_exists(n) OR n <= :max',
              ExpressionAttributeValues: { ':k': ask, ':max': rate - ask, ':exp': second + 120 },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            }),
          );
          return ask;
        } catch (error) {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
          // What is left of the second, if anything, asked for again (ALL_OLD comes back not unmarshalled).
          const taken = Number(error.Item?.n?.N ?? rate);
          ask = Math.min(ask - 1, rate - taken);
        }
      }
      return 0;
    },
  };
}
