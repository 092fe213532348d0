// DynamoDB side of delivery statuses (docs/data-model.md; keys in shared/db/keys.ts):
//
//   message (17)            status, statusRank, dataEntrega, dataLeitura, errorCode, errorMessage, lancamentoId
//   provider msg id (17b)   aplicacaoId, mensagemId, provider
//   statement entry (4b)    custoProvider{A,B}{Usd,Brl}, cotacaoUsdBrl, custoCorrigidoEm
//   orphan callback (21)    the callback, registradoEm, expiresAt 7 days
import { GetCommand, NumberValue, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db, tableName } from '#shared/db/client';
import { campaignStatusWrites } from '#shared/db/campaign-counters';
import { fieldsOf, number, oneOf, string } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { appendStep, countWrites, sentWrites, stepValues } from '#shared/db/message-settling';
import { numberText } from '#shared/db/numbers';
import { commitWrites, conditionalWrite } from '#shared/db/unit-of-work';
import { providers } from '#shared/domain/applications/records';
import { messageStatuses } from '#shared/domain/messages/records';
import { localDateTime } from '#shared/domain/time';
import type { DeliveryStatusRepository, MessageState } from '#shared/domain/delivery-status';

type Item = Record<string, unknown>;

const ORPHAN_TTL_SECONDS = 7 * 24 * 3600;

export function dynamoDeliveryStatusRepository(): DeliveryStatusRepository {
  const get = async (Key: Item, ProjectionExpression?: string, names?: Record<string, string>) =>
    (
      await db().send(
        new GetCommand({ TableName: tableName(), Key, ConsistentRead: true, ProjectionExpression, ExpressionAttributeNames: names }),
      )
    ).Item;

  return {
    async findRef(messageSid) {
      const item = await get(keys.providerMessage(messageSid));
      if (!item) return undefined;
      return {
        aplicacaoId: Number(item.aplicacaoId),
        mensagemId: Number(item.mensagemId),
        provider: fieldsOf(item).read('provider', oneOf(providers)),
      };
    },

    async settleQueued(ref, messageSid) {
      const item = await get(keys.message(ref.aplicacaoId, ref.mensagemId), '#s, provider, reconciliarEm, contexto, dataEnvio', {
        '#s': 'status',
      });
      if (item?.status !== 'QUEUED' || item.provider !== ref.provider) return false;
      const reconciliarEm = typeof item.reconciliarEm === 'string' ? item.reconciliarEm : null;
      const contexto = typeof item.contexto === 'string' ? item.contexto : null;
      const outcome = await commitWrites(
        sentWrites(
          {
            aplicacaoId: ref.aplicacaoId,
            id: ref.mensagemId,
            provider: ref.provider,
            reconciliarEm,
            contexto,
            dataEnvio: String(item.dataEnvio),
          },
          messageSid,
        ),
      );
      // Refused: the send's own move to SENT, or the reconciler, got there first.
      return outcome.committed;
    },

    async getMessage(ref) {
      const item = await get(
        keys.message(ref.aplicacaoId, ref.mensagemId),
        '#s, statusRank, dataEnvio, dataEntrega, lancamentoId, contexto, campanhaId, campanhaLinha',
        {
          '#s': 'status',
        },
      );
      if (!item) return undefined;
      const f = fieldsOf(item);
      return {
        status: f.read('status', oneOf(messageStatuses)),
        statusRank: Number(item.statusRank ?? 0),
        dataEnvio: String(item.dataEnvio),
        dataEntrega: f.orElse('dataEntrega', string, null),
        lancamentoId: item.lancamentoId === null || item.lancamentoId === undefined ? null : Number(item.lancamentoId),
        contexto: typeof item.contexto === 'string' ? item.contexto : null,
        campanhaId: f.orElse('campanhaId', number, null),
        campanhaLinha: f.orElse('campanhaLinha', number, null),
      } satisfies MessageState;
    },

    async updateStatus(ref, update) {
      const sets = ['#s = :status', 'statusRank = :rank'];
      const values: Item = { ':status': update.status, ':rank': update.statusRank };
      if (update.dataEntrega !== undefined) {
        sets.push('dataEntrega = :entrega');
        values[':entrega'] = update.dataEntrega;
      }
      if (update.dataLeitura !== undefined) {
        sets.push('dataLeitura = :leitura');
        values[':leitura'] = update.dataLeitura;
      }
      if (update.errorCode !== undefined) {
        sets.push('errorCode = :code', 'errorMessage = :message');
        values[':code'] = update.errorCode;
        values[':message'] = update.errorMessage ?? null;
      }
      sets.push(appendStep);
      Object.assign(
        values,
        stepValues({
          status: update.status,
          // DELIVERED and READ when the provider said; any other move when it was applied.
          em:
            update.status === 'READ'
              ? (update.dataLeitura ?? localDateTime(new Date()))
              : (update.dataEntrega ?? localDateTime(new Date())),
          ...(update.errorCode !== undefined ? { errorCode: update.errorCode, errorMessage: update.errorMessage ?? null } : {}),
        }),
      );
      // From exactly the status read (so the counters move from the right one), and only upwards.
      let condition = '#s = :from AND statusRank < :rank';
      values[':from'] = update.from;
      if (update.requireNoDataEntrega) {
        condition += ' AND (attribute_not_exists(dataEntrega) OR dataEntrega = :null)';
        values[':null'] = null;
      }
      const outcome = await commitWrites([
        conditionalWrite({
          Update: {
            Key: keys.message(ref.aplicacaoId, ref.mensagemId),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: condition,
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: values,
          },
        }),
        ...countWrites(
          {
            aplicacaoId: ref.aplicacaoId,
            id: ref.mensagemId,
            contexto: update.contexto,
            dataEnvio: update.dataEnvio,
          },
          update.from,
          update.status,
        ),
        ...(update.campanhaId === null
          ? []
          : campaignStatusWrites(ref.aplicacaoId, { id: update.campanhaId, linha: update.campanhaLinha }, ref.mensagemId, update)),
      ]);
      if (outcome.committed) return 'applied';
      // The message moved since it was read (another callback): read again. A cancelled transaction for
      // any other reason (throttling) is thrown, so the queue retries the callback.
      if (outcome.raced) return 'moved';
      throw outcome.error;
    },

    async correctCost(aplicacaoId, lancamentoId, correction, currentRate) {
      const key = keys.statementEntry(aplicacaoId, lancamentoId);
      const entry = await get(key, 'cotacaoUsdBrl, custoCorrigidoEm');
      if (!entry || entry.custoCorrigidoEm) return false;
      const entryRate = entry.cotacaoUsdBrl === null || entry.cotacaoUsdBrl === undefined ? null : numberText(entry.cotacaoUsdBrl);
      const rate = entryRate ?? (await currentRate());
      const brl = correction.brlFor(rate);
      const prefix = correction.provider === 'provider_a' ? 'custoProviderA' : 'custoProviderB';
      const sets = [`${prefix}Usd = :usd`, `${prefix}Brl = :brl`, 'custoCorrigidoEm = :agora'];
      const values: Item = {
        ':usd': NumberValue.from(correction.usd),
        ':brl': brl === null ? null : NumberValue.from(brl),
        ':agora': new Date().toISOString(),
      };
      // The entry had no rate: record the one the BRL cost was computed with, so usd × rate = brl holds on it.
      if (correction.tipoConversa) {
        sets.push('tipoConversa = :conversa');
        values[':conversa'] = correction.tipoConversa;
      }
      if (entryRate === null && rate !== null) {
        sets.push('cotacaoUsdBrl = :rate');
        values[':rate'] = NumberValue.from(rate);
      }
      return conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: `SET ${sets.join(', ')}`,
            // Once per entry, however many callbacks carry the cost (marker, not the cost fields: the
            // send may have filled them with an estimate).
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(custoCorrigidoEm)',
            ExpressionAttributeValues: values,
          }),
        ),
      );
    },

    async recordOrphan(orphan) {
      const now = new Date();
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.orphanStatus(orphan.messageSid, orphan.status),
            ...keys.orphanListing(now.toISOString(), orphan.messageSid),
            tipo: 'ORPHAN',
            ...orphan,
            registradoEm: now.toISOString(),
            expiresAt: Math.floor(now.getTime() / 1000) + ORPHAN_TTL_SECONDS,
          },
        }),
      );
    },
  };
}
