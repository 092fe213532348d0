// DynamoDB attendances (docs/data-model.md, patterns 30-30a; keys in shared/db/keys.ts).
//
// An attendance is one item, listed per status on gsi1 (rewritten by every move, ordered by the
// moment it entered the status). Opening one also puts its patient's open-attendance pointer (30a)
// and counts it on its sector (29); the move that closes it deletes the pointer and uncounts it, in
// the same transaction, so "one open attendance per patient" and the sector's count never drift.
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryCount, queryPage, queryPrefix, tableName } from '#shared/db/client';
import { fieldsOf, listOf, map, nullable, number, oneOf, string, wordsOf, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { tableKeys } from '#shared/db/table';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import {
  attendanceStatuses,
  since,
  STATUS_CHANGED,
  type Attendance,
  type AttendanceRepository,
  type HistoryEntry,
} from '#shared/domain/attendances';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import { channels, type Channel } from '#shared/domain/app-chat';

const listing = (a: Attendance) => keys.attendanceStatusListing(a.aplicacaoId, a.status, since(a), a.id);

const toItem = (a: Attendance): Item => ({ ...keys.attendance(a.aplicacaoId, a.id), ...listing(a), tipo: 'ATEND', ...a });

const status = oneOf(attendanceStatuses);

const historyEntry = map((f): HistoryEntry => ({
  de: f.read('de', nullable(status)),
  para: f.read('para', status),
  em: f.read('em', string),
  por: f.read('por', oneOf(wordsOf<HistoryEntry['por']>()(['paciente', 'api', 'usuario', 'ia']))),
  ...f.ifPresent('usuarioId', number),
  ...f.ifPresent('motivo', string),
}));

export function toAttendance(item: Item): Attendance {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    pacienteId: f.read('pacienteId', number),
    telefone: f.read('telefone', string),
    setorId: f.read('setorId', number),
    status: f.read('status', status),
    criadoEm: f.read('criadoEm', string),
    filaDesde: f.read('filaDesde', nullable(string)),
    assumidoEm: f.read('assumidoEm', nullable(string)),
    encerradoEm: f.read('encerradoEm', nullable(string)),
    ultimaMensagemEm: f.read('ultimaMensagemEm', string),
    atendenteId: f.orElse('atendenteId', number, null),
    mensagens: f.orElse('mensagens', number, 0),
    historico: f.read('historico', listOf(historyEntry)),
    // Opened before the app chat: WhatsApp's.
    canal: f.orElse('canal', oneOf(channels), 'WHATSAPP'),
  };
}

/** `ADD atendimentosAbertos` on a sector that must exist; `refusal` when it does not. */
export const sectorCountWrite = <R>(aplicacaoId: number, setorId: number, by: 1 | -1, refusal?: R): ConditionalWrite<R> =>
  conditionalWrite(
    {
      Update: {
        Key: keys.sector(aplicacaoId, setorId),
        UpdateExpression: 'ADD atendimentosAbertos :by',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':by': by },
      },
    },
    refusal,
  );

/** The writes that open an attendance: the item, its patient's open pointer (refused with `taken` when the patient has one), its sector's count. */
export function openAttendanceWrites<R>(a: Attendance, refusals: { taken: R; noSector: R }): ConditionalWrite<R>[] {
  return [
    putNew(toItem(a)),
    putNew({ ...keys.openAttendance(a.aplicacaoId, a.telefone), tipo: 'ATENDABERTO', atendimentoId: a.id }, refusals.taken),
    sectorCountWrite(a.aplicacaoId, a.setorId, 1, refusals.noSector),
  ];
}

/**
 * A patient's message in an open attendance: counted, its channel kept (where the answers go), and refused with
 * `closed` when the attendance was closed meanwhile.
 */
export const messageInAttendanceWrite = <R>(aplicacaoId: number, id: number, at: string, canal: Channel, closed: R): ConditionalWrite<R> =>
  conditionalWrite(
    {
      Update: {
        Key: keys.attendance(aplicacaoId, id),
        UpdateExpression: 'SET ultimaMensagemEm = :at, canal = :canal ADD mensagens :one',
        ConditionExpression: 'attribute_exists(pk) AND #s <> :closed',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':at': at, ':one': 1, ':closed': 'ENCERRADO', ':canal': canal },
      },
    },
    closed,
  );

/** A message joining an attendance's conversation (pattern 30b): the patient's (its key parts) or an answer (its id). */
export const conversationEntryWrite = <R>(
  aplicacaoId: number,
  atendimentoId: number,
  em: string,
  mensagemId: number,
  ref: { direcao: 'ENTRADA'; provider: string; providerMessageId: string } | { direcao: 'SAIDA'; canal?: 'APP' },
): ConditionalWrite<R> =>
  conditionalWrite({
    Put: { Item: { ...keys.conversationEntry(aplicacaoId, atendimentoId, em, mensagemId), tipo: 'CONVERSA', mensagemId, ...ref } },
  });

/** One stored entry of a conversation, oldest first: where its message is. */
export type ConversationRef =
  | { direcao: 'ENTRADA'; em: string; mensagemId: number; provider: string; providerMessageId: string }
  | { direcao: 'SAIDA'; em: string; mensagemId: number; canal: Channel };

/** The entries of an attendance's conversation (pattern 30b), oldest first: one consistent Query of its partition. */
export async function conversationRefs(aplicacaoId: number, atendimentoId: number): Promise<ConversationRef[]> {
  const items = await queryPrefix(keys.conversation(aplicacaoId, atendimentoId), { ConsistentRead: true });
  return items.map((item) => {
    const em = String(item.sk).split('#')[1]!;
    return item.direcao === 'ENTRADA'
      ? {
          direcao: 'ENTRADA',
          em,
          mensagemId: Number(item.mensagemId),
          provider: String(item.provider),
          providerMessageId: String(item.providerMessageId),
        }
      : { direcao: 'SAIDA', em, mensagemId: Number(item.mensagemId), canal: item.canal === 'APP' ? 'APP' : 'WHATSAPP' };
  });
}

export function dynamoAttendanceRepository(): AttendanceRepository {
  return {
    async get(aplicacaoId, id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.attendance(aplicacaoId, id), ConsistentRead: true }));
      return out.Item ? toAttendance(out.Item) : undefined;
    },

    move(before, after) {
      // The move's own entry: its last one (a move always appends one).
      const entry = after.historico.at(-1);
      if (!entry) throw new Error(`attendance ${after.id}: a move without its history entry`);
      const closes = before.status !== 'ENCERRADO' && after.status === 'ENCERRADO';
      const { gsi1pk, gsi1sk } = listing(after);
      return commitWrites<typeof STATUS_CHANGED>([
        conditionalWrite(
          {
            Update: {
              Key: keys.attendance(after.aplicacaoId, after.id),
              UpdateExpression:
                'SET #s = :to, gsi1pk = :g1, gsi1sk = :g2, filaDesde = :fila, assumidoEm = :assumido, encerradoEm = :encerrado, ' +
                'atendenteId = :atendente, historico = list_append(historico, :entry)',
              ConditionExpression: '#s = :from',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: {
                ':to': after.status,
                ':from': before.status,
                ':g1': gsi1pk,
                ':g2': gsi1sk,
                ':fila': after.filaDesde,
                ':assumido': after.assumidoEm,
                ':encerrado': after.encerradoEm,
                ':atendente': after.atendenteId,
                ':entry': [entry],
              },
            },
          },
          STATUS_CHANGED,
        ),
        ...(closes
          ? [
              conditionalWrite({
                Delete: {
                  Key: keys.openAttendance(after.aplicacaoId, after.telefone),
                  ConditionExpression: 'atendimentoId = :id',
                  ExpressionAttributeValues: { ':id': after.id },
                },
              }),
              sectorCountWrite<typeof STATUS_CHANGED>(after.aplicacaoId, after.setorId, -1),
            ]
          : []),
      ]);
    },

    async page(aplicacaoId, status, page, size, setorId) {
      // The status index projects every attribute: the page comes from it (a queue is short). A sector is a
      // filter on that list: an open status's list holds only the open attendances, so it stays short too.
      const query = {
        IndexName: tableKeys.gsi1.name,
        KeyConditionExpression: 'gsi1pk = :pk',
        ...(setorId === undefined ? {} : { FilterExpression: 'setorId = :setor' }),
        ExpressionAttributeValues: {
          ':pk': keys.attendancesInStatus(aplicacaoId, status).gsi1pk,
          ...(setorId === undefined ? {} : { ':setor': setorId }),
        },
      };
      const [items, total] = await Promise.all([queryPage(query, page, size), queryCount(query)]);
      return { content: items.map(toAttendance), total };
    },
  };
}

/** The names of the patients of a page of attendances, in one BatchGet (at most 100 keys; a key left unprocessed under throttling shows a null name). */
export async function patientNames(aplicacaoId: number, pacienteIds: readonly number[]): Promise<Map<number, string | null>> {
  const ids = [...new Set(pacienteIds)];
  const names = new Map<number, string | null>();
  if (ids.length === 0) return names;
  const out = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: { Keys: ids.map((id) => keys.patient(aplicacaoId, id)), ProjectionExpression: 'id, nome' },
      },
    }),
  );
  for (const item of out.Responses?.[tableName()] ?? []) names.set(Number(item.id), typeof item.nome === 'string' ? item.nome : null);
  return names;
}

/** The open attendance of a patient's phone (pattern 30a), if any. */
export async function openAttendanceId(aplicacaoId: number, telefone: string): Promise<number | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.openAttendance(aplicacaoId, telefone), ConsistentRead: true }),
  );
  return out.Item ? Number(out.Item.atendimentoId) : undefined;
}
