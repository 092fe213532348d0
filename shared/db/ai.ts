// DynamoDB side of the AI interactions (docs/ai.md): the settings on the application's item (pattern 1), each
// interaction (47) and the month's totals per application (47a), written in the commit of the interaction's charge.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import { fieldsOf, nullable, number, oneOf, string } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { conditionalWrite, putNew, commitWrites } from '#shared/db/unit-of-work';
import { handoffReasons, type AiSettings, type Interaction, type InteractionStore, type InteractionTotals } from '#shared/domain/ai';
import { conflict } from '#shared/domain/errors';
import { fromCents, toCents } from '#shared/domain/money';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import { localDate } from '#shared/domain/time';

export async function saveAiSettings(aplicacaoId: number, settings: AiSettings): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.application(aplicacaoId),
      UpdateExpression: 'SET ia = :s',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': settings },
    }),
  );
}

const interactionTaken = conflict('This AI interaction was already recorded');

function interactionWrites(interaction: Interaction): ConditionalWrite[] {
  const { aplicacaoId, tipo, ...fields } = interaction;
  // The month of the service's time zone, as the summary shows it.
  const mes = localDate(new Date(interaction.criadoEm)).slice(0, 7);
  return [
    putNew(
      { ...keys.aiInteraction(aplicacaoId, interaction.id), tipo: 'IA', tipoInteracao: tipo, aplicacaoId, ...fields },
      interactionTaken,
    ),
    conditionalWrite({
      Update: {
        Key: keys.aiMonthTotals(mes, aplicacaoId),
        UpdateExpression:
          'SET modelo = :model ADD interacoes :one, cobradas :charged, tokensEntrada :in, tokensSaida :out, centavos :cents',
        ExpressionAttributeValues: {
          ':one': 1,
          ':charged': interaction.lancamentoId === null ? 0 : 1,
          ':in': interaction.tokensEntrada,
          ':out': interaction.tokensSaida,
          ':cents': Number(toCents(interaction.valor)),
          ':model': interaction.modelo,
        },
      },
    }),
  ];
}

export function dynamoInteractionStore(): InteractionStore {
  return {
    writes: interactionWrites,
    async record(interaction, extras = []) {
      for (let attempt = 1; attempt <= 5; attempt++) {
        const outcome = await commitWrites<unknown>([...interactionWrites(interaction), ...extras]);
        if (outcome.committed) return true;
        if (outcome.refusals.length > 0) return false;
        // Another interaction of the month's totals in the same instant: try again.
        if (!outcome.raced) throw outcome.error;
      }
      throw new Error('AI interaction not recorded: its month totals stayed busy');
    },
    async get(aplicacaoId, id) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.aiInteraction(aplicacaoId, id), ConsistentRead: true }),
      );
      if (!out.Item) return undefined;
      const f = fieldsOf(out.Item);
      return {
        resultado: f.read('resultado', oneOf(['RESPONDIDA', 'ENCAMINHADA', 'RECUSADA'] as const)),
        motivo: f.read('motivo', nullable(oneOf(handoffReasons))),
        resposta: f.read('resposta', nullable(string)),
        lancamentoId: f.read('lancamentoId', nullable(number)),
      };
    },
    async monthTotals(mes) {
      const totals = new Map<number, InteractionTotals>();
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const out = await db().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.aiMonth(mes).pk },
            ExclusiveStartKey,
          }),
        );
        for (const item of out.Items ?? []) {
          totals.set(Number(String(item.sk).slice('APP#'.length)), {
            interacoes: Number(item.interacoes ?? 0),
            cobradas: Number(item.cobradas ?? 0),
            tokensEntrada: Number(item.tokensEntrada ?? 0),
            tokensSaida: Number(item.tokensSaida ?? 0),
            cobrado: fromCents(BigInt(Number(item.centavos ?? 0))),
            modelo: typeof item.modelo === 'string' ? item.modelo : null,
          });
        }
        ExclusiveStartKey = out.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return totals;
    },
  };
}
