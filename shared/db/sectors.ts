// DynamoDB sectors (docs/data-model.md, patterns 29-29a, and the `setorId` of the number lookups of 27).
//
// A creation or an update is one transaction: the sector (an update conditioned on the `atualizadoEm`
// read), its code reservation (moved on a code change, `attribute_not_exists` so a code used by another
// sector of the application refuses the whole change) and the `setorId` of each number it claims or
// gives up (a number of another sector refuses it too).
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPrefix, tableName } from '#shared/db/client';
import { boolean, fieldsOf, listOf, number, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { conflict } from '#shared/domain/errors';
import { defaultSector, type Sector } from '#shared/domain/sectors';
import type { SectorRepository } from '#shared/domain/sectors';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

type Refusal = { codigo: string } | { numero: string } | 'changed';

const sectorItem = (s: Sector): Item => ({ ...keys.sector(s.aplicacaoId, s.id), tipo: 'SETOR', ...s });
const codeItem = (s: Sector): Item => ({ ...keys.sectorCode(s.aplicacaoId, s.codigo), tipo: 'SETORCOD', setorId: s.id });

function toSector(item: Item): Sector {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    codigo: f.read('codigo', string),
    nome: f.read('nome', string),
    numeros: f.orElse('numeros', listOf(string), []),
    atendentes: f.orElse('atendentes', listOf(number), []),
    padrao: f.orElse('padrao', boolean, false),
    // Kept by the attendance transactions (`ADD`): absent until the first one.
    atendimentosAbertos: f.orElse('atendimentosAbertos', number, 0),
    criadoEm: f.read('criadoEm', string),
    atualizadoEm: f.read('atualizadoEm', string),
  };
}

/** The writes that create the application's default sector (with the application, or when missing). */
export const defaultSectorWrites = <R>(aplicacaoId: number, at: string, refusal?: R): ConditionalWrite<R>[] => {
  const sector = defaultSector(aplicacaoId, at);
  return [putNew(sectorItem(sector), refusal), putNew(codeItem(sector), refusal)];
};

/** Creates the default sector when it does not exist yet (a concurrent creation is fine). */
export async function ensureDefaultSector(aplicacaoId: number): Promise<void> {
  await commitWrites(defaultSectorWrites(aplicacaoId, new Date().toISOString(), 'exists'));
}

/** The number's `setorId` moved to `to` (null: back to the default sector), if it is the application's and free or `from`'s. */
const claimNumber = (aplicacaoId: number, numero: string, from: number | null, to: number | null): ConditionalWrite<Refusal> =>
  conditionalWrite(
    {
      Update: {
        Key: keys.whatsappNumber(numero),
        UpdateExpression: 'SET setorId = :to',
        ConditionExpression:
          from === null
            ? 'aplicacaoId = :app AND (attribute_not_exists(setorId) OR attribute_type(setorId, :nul))'
            : 'aplicacaoId = :app AND setorId = :from',
        ExpressionAttributeValues: { ':to': to, ':app': aplicacaoId, ...(from === null ? { ':nul': 'NULL' } : { ':from': from }) },
      },
    },
    { numero },
  );

function refused(outcome: { refusals: readonly Refusal[]; raced: boolean; error: unknown }): never {
  for (const refusal of outcome.refusals) {
    if (refusal === 'changed') throw conflict('The sector changed meanwhile; read it again');
    if ('codigo' in refusal) throw conflict(`codigo ${refusal.codigo} is used by another sector of the application`);
    throw conflict(`${refusal.numero} belongs to another sector`);
  }
  if (outcome.raced) throw conflict('The sector changed meanwhile; read it again');
  throw outcome.error;
}

export function dynamoSectorRepository(): SectorRepository {
  return {
    async get(aplicacaoId, id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.sector(aplicacaoId, id), ConsistentRead: true }));
      return out.Item ? toSector(out.Item) : undefined;
    },

    async list(aplicacaoId) {
      const items = await queryPrefix(keys.sectors(aplicacaoId));
      return items.map(toSector);
    },

    async create(sector) {
      const outcome = await commitWrites<Refusal>([
        putNew(sectorItem(sector), 'changed'),
        putNew(codeItem(sector), { codigo: sector.codigo }),
        ...sector.numeros.map((n) => claimNumber(sector.aplicacaoId, n, null, sector.id)),
      ]);
      if (!outcome.committed) refused(outcome);
    },

    async update(before, after) {
      const { aplicacaoId, id } = after;
      const added = after.numeros.filter((n) => !before.numeros.includes(n));
      const removed = before.numeros.filter((n) => !after.numeros.includes(n));
      const codeChanged = before.codigo !== after.codigo;
      const outcome = await commitWrites<Refusal>([
        conditionalWrite(
          {
            Update: {
              Key: keys.sector(aplicacaoId, id),
              UpdateExpression: 'SET codigo = :codigo, nome = :nome, numeros = :numeros, atendentes = :atendentes, atualizadoEm = :agora',
              ConditionExpression: 'atualizadoEm = :antes',
              ExpressionAttributeValues: {
                ':codigo': after.codigo,
                ':nome': after.nome,
                ':numeros': after.numeros,
                ':atendentes': after.atendentes,
                ':agora': after.atualizadoEm,
                ':antes': before.atualizadoEm,
              },
            },
          },
          'changed',
        ),
        ...(codeChanged
          ? [
              putNew<Refusal>(codeItem(after), { codigo: after.codigo }),
              conditionalWrite<Refusal>({
                Delete: {
                  Key: keys.sectorCode(aplicacaoId, before.codigo),
                  ConditionExpression: 'setorId = :id',
                  ExpressionAttributeValues: { ':id': id },
                },
              }),
            ]
          : []),
        ...added.map((n) => claimNumber(aplicacaoId, n, null, id)),
        ...removed.map((n) => claimNumber(aplicacaoId, n, id, null)),
      ]);
      if (!outcome.committed) refused(outcome);
    },

    async existingUsers(aplicacaoId, ids) {
      const unique = [...new Set(ids)];
      const found = new Set<number>();
      if (unique.length === 0) return found;
      const out = await db().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: unique.map((id) => keys.portalUser(aplicacaoId, id)), ProjectionExpression: 'id' } },
        }),
      );
      for (const item of out.Responses?.[tableName()] ?? []) found.add(Number(item.id));
      return found;
    },
  };
}
