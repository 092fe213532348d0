// DynamoDB templates (docs/data-model.md, patterns 33-33b).
//
// Every write is one transaction: the template conditioned on the `versao` read, and the procedure
// claims of pattern 33a when the write moves the template into or out of the states that hold them
// (EM_ANALISE, APROVADO): a procedure another template holds refuses the whole submission.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, queryPrefix, tableName } from '#shared/db/client';
import { fieldsOf, listOf, nullable, number, oneOf, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { conflict } from '#shared/domain/errors';
import {
  claimsProcedures,
  procedureKey,
  templateCategories,
  templateFields,
  templateStates,
  type Template,
} from '#shared/domain/templates';
import type { TemplateRepository } from '#shared/domain/templates';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

type Refusal = 'changed' | { procedimento: string };

const templateItem = (t: Template): Item => ({ ...keys.template(t.aplicacaoId, t.id), tipo: 'TEMPLATE', ...t });

/** A new template's put (a RASCUNHO claims no procedure): refused with 'changed' when its id is taken. */
export const templateCreateWrite = (template: Template): ConditionalWrite<Refusal> => putNew(templateItem(template), 'changed');

function toTemplate(item: Item): Template {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    nome: f.read('nome', string),
    idioma: f.read('idioma', string),
    categoria: f.read('categoria', oneOf(templateCategories)),
    corpo: f.read('corpo', string),
    variaveis: f.read('variaveis', listOf(oneOf(templateFields))),
    botoes: f.read('botoes', listOf(string)),
    procedimentos: f.read('procedimentos', listOf(string)),
    estado: f.read('estado', oneOf(templateStates)),
    motivoRejeicao: f.read('motivoRejeicao', nullable(string)),
    providerTemplateId: f.read('providerTemplateId', nullable(string)),
    criadoEm: f.read('criadoEm', string),
    atualizadoEm: f.read('atualizadoEm', string),
    versao: f.read('versao', number),
  };
}

const claim = (t: Template, procedimento: string): ConditionalWrite<Refusal> =>
  conditionalWrite(
    {
      Put: {
        Item: { ...keys.templateProcedure(t.aplicacaoId, procedureKey(procedimento)), tipo: 'TPLPROC', templateId: t.id },
        ConditionExpression: 'attribute_not_exists(pk) OR templateId = :self',
        ExpressionAttributeValues: { ':self': t.id },
      },
    },
    { procedimento },
  );

const release = (t: Template, procedimento: string): ConditionalWrite<Refusal> =>
  conditionalWrite({
    Delete: {
      Key: keys.templateProcedure(t.aplicacaoId, procedureKey(procedimento)),
      ConditionExpression: 'attribute_not_exists(pk) OR templateId = :self',
      ExpressionAttributeValues: { ':self': t.id },
    },
  });

/** The claims a move from `before` to `after` (undefined: deleted) takes and gives up. */
function claimWrites(before: Template | undefined, after: Template | undefined): ConditionalWrite<Refusal>[] {
  const held = before && claimsProcedures(before.estado);
  const holds = after && claimsProcedures(after.estado);
  if (holds && !held) return after.procedimentos.map((p) => claim(after, p));
  if (held && !holds) return before.procedimentos.map((p) => release(before, p));
  return [];
}

async function commit(writes: ConditionalWrite<Refusal>[]): Promise<void> {
  const outcome = await commitWrites(writes);
  if (outcome.committed) return;
  for (const refusal of outcome.refusals) {
    if (refusal !== 'changed') throw conflict(`procedimento ${refusal.procedimento} is served by another template of the application`);
  }
  if (outcome.refusals.length > 0 || outcome.raced) throw conflict('The template changed meanwhile; read it again');
  throw outcome.error;
}

export function dynamoTemplateRepository(): TemplateRepository {
  const getItem = async (Key: Record<string, string>) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;
  const get = async (aplicacaoId: number, id: number) => {
    const item = await getItem(keys.template(aplicacaoId, id));
    return item ? toTemplate(item) : undefined;
  };
  const pointed = async (aplicacaoId: number, item: Item | undefined) => (item ? get(aplicacaoId, Number(item.templateId)) : undefined);
  const providerIdWrite = (t: Template): ConditionalWrite<Refusal>[] =>
    t.providerTemplateId
      ? [
          conditionalWrite({
            Put: { Item: { ...keys.templateByProviderId(t.aplicacaoId, t.providerTemplateId), tipo: 'TPLPROV', templateId: t.id } },
          }),
        ]
      : [];

  return {
    get,

    async list(aplicacaoId) {
      const items = await queryPrefix(keys.templates(aplicacaoId), { ConsistentRead: true });
      return items.map(toTemplate);
    },

    create: (template) => commit([templateCreateWrite(template)]),

    async save(before, after) {
      const providerIdChanged = after.providerTemplateId !== before.providerTemplateId;
      const awaiting = (t: Template) => t.estado === 'EM_ANALISE' && t.providerTemplateId !== null;
      const review = keys.pendingReview(after.aplicacaoId, after.id);
      await commit([
        ...(awaiting(after) && !awaiting(before)
          ? [
              conditionalWrite<Refusal>({
                Put: { Item: { ...review, tipo: 'TPLREVISAO', aplicacaoId: after.aplicacaoId, templateId: after.id } },
              }),
            ]
          : []),
        ...(awaiting(before) && !awaiting(after) ? [conditionalWrite<Refusal>({ Delete: { Key: review } })] : []),
        conditionalWrite(
          { Put: { Item: templateItem(after), ConditionExpression: 'versao = :v', ExpressionAttributeValues: { ':v': before.versao } } },
          'changed',
        ),
        ...claimWrites(before, after),
        ...(providerIdChanged ? providerIdWrite(after) : []),
      ]);
    },

    async remove(template) {
      await commit([
        conditionalWrite({ Delete: { Key: keys.pendingReview(template.aplicacaoId, template.id) } }),
        conditionalWrite(
          {
            Delete: {
              Key: keys.template(template.aplicacaoId, template.id),
              ConditionExpression: 'versao = :v',
              ExpressionAttributeValues: { ':v': template.versao },
            },
          },
          'changed',
        ),
        ...claimWrites(template, undefined),
      ]);
    },

    forProcedure: async (aplicacaoId, procedimento) =>
      pointed(aplicacaoId, await getItem(keys.templateProcedure(aplicacaoId, procedureKey(procedimento)))),

    byProviderId: async (aplicacaoId, providerTemplateId) =>
      pointed(aplicacaoId, await getItem(keys.templateByProviderId(aplicacaoId, providerTemplateId))),

    async pendingReviews() {
      const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.pendingReviews().pk } });
      return items.map((i) => ({ aplicacaoId: Number(i.aplicacaoId), templateId: Number(i.templateId) }));
    },
  };
}
