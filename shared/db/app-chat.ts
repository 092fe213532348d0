// DynamoDB side of the patient app's chat (pattern 50) and devices (50a), docs/app-chat.md. A chat message is put
// in the commit that records it (the patient's, with its inbound message and attendance) or charges it (an
// operator's answer, with its APP_CHAT entry); a patient's message is charged afterwards, once (`lancamentoId` set
// under attribute_not_exists). A device is one item per endpoint, in its patient's range of the application's partition.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, conditional, db, queryCount, queryPage, queryPrefix, tableName } from '#shared/db/client';
import { fieldsOf, nullable, number, oneOf, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { platforms, type ChatMessage, type ChatStore, type Device, type DeviceStore } from '#shared/domain/app-chat';
import { conflict } from '#shared/domain/errors';

const alreadyCharged = conflict('This chat message was already charged');

function toChatMessage(item: Item): ChatMessage {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    pacienteId: f.read('pacienteId', number),
    direcao: f.read('direcao', oneOf(['ENTRADA', 'SAIDA'] as const)),
    texto: f.read('texto', string),
    em: f.read('em', string),
    atendimentoId: f.read('atendimentoId', number),
    usuarioId: f.read('usuarioId', nullable(number)),
    lancamentoId: f.orElse('lancamentoId', number, null),
    valor: f.orElse('valor', string, '0.00'),
  };
}

function toDevice(item: Item): Device {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    pacienteId: f.read('pacienteId', number),
    plataforma: f.read('plataforma', oneOf(platforms)),
    endpoint: f.read('endpoint', string),
    tokenHash: f.read('tokenHash', string),
    criadoEm: f.read('criadoEm', string),
  };
}

/** The messages of one patient's chat by id (an attendance's conversation reads its answers that went to the app). */
export async function chatMessagesByIds(
  aplicacaoId: number,
  pacienteId: number,
  ids: readonly number[],
): Promise<Map<number, ChatMessage>> {
  const items = await batchGetAll(ids.map((id) => keys.chatMessage(aplicacaoId, pacienteId, id)));
  return new Map(items.map((item) => [Number(item.id), toChatMessage(item)]));
}

export function dynamoChatStore(): ChatStore {
  return {
    write: (m) => {
      const { lancamentoId, ...fields } = m;
      // A message not charged yet has no lancamentoId: its charge sets it once.
      return putNew({
        ...keys.chatMessage(m.aplicacaoId, m.pacienteId, m.id),
        tipo: 'CHAT',
        ...fields,
        ...(lancamentoId === null ? {} : { lancamentoId }),
      });
    },
    chargeWrite: (m, lancamentoId, valor) =>
      conditionalWrite(
        {
          Update: {
            Key: keys.chatMessage(m.aplicacaoId, m.pacienteId, m.id),
            UpdateExpression: 'SET lancamentoId = :l, valor = :v',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(lancamentoId)',
            ExpressionAttributeValues: { ':l': lancamentoId, ':v': valor },
          },
        },
        alreadyCharged,
      ),
    async page(aplicacaoId, pacienteId, page, size) {
      const { pk, skPrefix } = keys.chatOf(aplicacaoId, pacienteId);
      const input = {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ConsistentRead: true,
      };
      const total = await queryCount(input);
      // Newest first to find the page, then shown oldest first: page 0 is the latest, as a chat opens.
      const items = await queryPage({ ...input, ScanIndexForward: false }, page, size, total);
      return { content: items.map(toChatMessage).reverse(), total };
    },
    byIds: chatMessagesByIds,
  };
}

export function dynamoDeviceStore(): DeviceStore {
  return {
    async list(aplicacaoId, pacienteId) {
      return (await queryPrefix(keys.devicesOf(aplicacaoId, pacienteId), { ConsistentRead: true })).map(toDevice);
    },
    async get(aplicacaoId, pacienteId, id) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.device(aplicacaoId, pacienteId, id), ConsistentRead: true }),
      );
      return out.Item ? toDevice(out.Item) : undefined;
    },
    put: (d) =>
      conditional(() =>
        db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...keys.device(d.aplicacaoId, d.pacienteId, d.id), tipo: 'DISPOSITIVO', ...d },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      ),
    remove: (aplicacaoId, pacienteId, id) =>
      conditional(() =>
        db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.device(aplicacaoId, pacienteId, id),
            ConditionExpression: 'attribute_exists(pk)',
          }),
        ),
      ),
  };
}
