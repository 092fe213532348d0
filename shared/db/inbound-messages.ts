// DynamoDB side of what patients and integrations send in: the inbox of the inbound consumer
// (patients' messages, pattern 31, with the patient of 28-28a and the attendance of 30-30a), the
// admin's read of those messages.
import { BatchGetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conversationEntryWrite, messageInAttendanceWrite, openAttendanceWrites } from '#shared/db/attendances';
import { batchGetAll, conditional, db, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import { fieldsOf, listOf, map, nullable, number, oneOf, string, wordsOf, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { newPatientWrites } from '#shared/db/patients';
import { ensureDefaultSector } from '#shared/db/sectors';
import { tableKeys } from '#shared/db/table';
import { commitWrites, putNew } from '#shared/db/unit-of-work';
import type { Inbox, InboxRefusal, InboundMessageRecord } from '#shared/domain/inbound-messages';
import type { PatientMessage } from '#events/inbound-queue';
import { APP_PROVIDER, channels } from '#shared/domain/app-chat';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

const messageItem = (m: InboundMessageRecord): Item => ({
  ...keys.inboundMessage(m.aplicacaoId, m.provider, m.providerMessageId),
  ...keys.inboundMessageListing(m.aplicacaoId, m.recebidaEm, m.id),
  tipo: 'RECEBIDA',
  ...m,
});

// The queue message's own lists are zod schemas (events/inbound-queue.ts): not loaded for a read.
const inboundProviders = wordsOf<InboundMessageRecord['provider']>()(['provider_a', 'provider_b', APP_PROVIDER]);
const messageKinds = wordsOf<PatientMessage['tipo']>()(['texto', 'botao', 'midia', 'outro']);

function toRecord(item: Item): InboundMessageRecord {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    provider: f.read('provider', oneOf(inboundProviders)),
    providerMessageId: f.read('providerMessageId', string),
    telefone: f.read('telefone', string),
    para: f.read('para', nullable(string)),
    profileName: f.read('profileName', nullable(string)),
    tipoMensagem: f.read('tipoMensagem', oneOf(messageKinds)),
    texto: f.read('texto', nullable(string)),
    botao: f.read('botao', nullable(map((b) => ({ id: b.read('id', string), titulo: b.read('titulo', string) })))),
    midias: f.read('midias', listOf(map((m) => ({ ref: m.read('ref', string), contentType: m.read('contentType', nullable(string)) })))),
    recebidaEm: f.read('recebidaEm', string),
    pacienteId: f.read('pacienteId', number),
    atendimentoId: f.read('atendimentoId', number),
    // Stored before the app chat: WhatsApp's.
    canal: f.orElse('canal', oneOf(channels), 'WHATSAPP'),
  };
}

export function dynamoInbox(): Inbox {
  return {
    newId: nextId,

    async lookup(aplicacaoId, telefone, to) {
      const Keys = [keys.patientByPhone(aplicacaoId, telefone), keys.openAttendance(aplicacaoId, telefone)];
      if (to) Keys.push(keys.whatsappNumber(to));
      const out = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys, ConsistentRead: true } } }));
      const items = out.Responses?.[tableName()] ?? [];
      if (Object.keys(out.UnprocessedKeys ?? {}).length > 0) throw new Error('BatchGet left keys unprocessed; the message will be retried');
      const bySk = (sk: string) => items.find((item) => item.sk === sk);
      const patient = bySk(keys.patientByPhone(aplicacaoId, telefone).sk);
      const open = bySk(keys.openAttendance(aplicacaoId, telefone).sk);
      const number = to ? items.find((item) => item.pk === keys.whatsappNumber(to).pk) : undefined;
      return {
        pacienteId: patient ? Number(patient.pacienteId) : null,
        atendimentoId: open ? Number(open.atendimentoId) : null,
        // A number of another application (a misrouted message) says nothing about this one's sectors.
        setorId: number && Number(number.aplicacaoId) === aplicacaoId && number.setorId != null ? Number(number.setorId) : null,
      };
    },

    record({ message, newPatient, newAttendance, openAttendanceId, extras = [] }) {
      const writes: ConditionalWrite<InboxRefusal>[] = [
        putNew<InboxRefusal>(messageItem(message), 'duplicate'),
        conversationEntryWrite(message.aplicacaoId, message.atendimentoId, message.recebidaEm, message.id, {
          direcao: 'ENTRADA',
          provider: message.provider,
          providerMessageId: message.providerMessageId,
        }),
        ...(newPatient ? newPatientWrites<InboxRefusal>(newPatient, 'patient-taken') : []),
        ...(newAttendance ? openAttendanceWrites<InboxRefusal>(newAttendance, { taken: 'open-taken', noSector: 'no-sector' }) : []),
        ...(openAttendanceId !== undefined
          ? [
              messageInAttendanceWrite<InboxRefusal>(
                message.aplicacaoId,
                openAttendanceId,
                message.recebidaEm,
                message.canal,
                'attendance-closed',
              ),
            ]
          : []),
        ...extras,
      ];
      return commitWrites(writes);
    },

    async escalateIfBot(aplicacaoId, atendimentoId, at, motivo) {
      // Its FILA listing is ordered by the moment it joined the queue: now.
      const { gsi1pk, gsi1sk } = keys.attendanceStatusListing(aplicacaoId, 'FILA', at, atendimentoId);
      return conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.attendance(aplicacaoId, atendimentoId),
            UpdateExpression: 'SET #s = :fila, filaDesde = :at, gsi1pk = :g1, gsi1sk = :g2, historico = list_append(historico, :entry)',
            ConditionExpression: '#s = :bot',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':fila': 'FILA',
              ':bot': 'BOT',
              ':at': at,
              ':g1': gsi1pk,
              ':g2': gsi1sk,
              ':entry': [{ de: 'BOT', para: 'FILA', em: at, ...(motivo ? { por: 'ia', motivo } : { por: 'paciente' }) }],
            },
          }),
        ),
      );
    },

    ensureDefaultSector,
  };
}

export interface InboundMessageFilters {
  telefone?: string;
}

/**
 * A page of an application's inbound messages, newest first, and how many match. The phone filter is a
 * FilterExpression on the index (pattern 31), so a filtered page reads the index until it is full.
 */
export async function inboundMessagePage(
  aplicacaoId: number,
  filters: InboundMessageFilters,
  page: number,
  size: number,
): Promise<{ content: InboundMessageRecord[]; total: number }> {
  const base = {
    TableName: tableName(),
    IndexName: tableKeys.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ScanIndexForward: false,
    ...(filters.telefone ? { FilterExpression: 'telefone = :tel' } : {}),
    ExpressionAttributeValues: {
      ':pk': keys.inboundMessages(aplicacaoId).gsi1pk,
      ...(filters.telefone ? { ':tel': filters.telefone } : {}),
    },
  };
  const from = page * size;
  const content: Item[] = [];
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ ...base, ExclusiveStartKey: start }));
    for (const item of out.Items ?? []) {
      if (total >= from && content.length < size) content.push(item);
      total++;
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return { content: content.map(toRecord), total };
}

/** Inbound messages of an application by their keys (an attendance's conversation): those found, by message id. */
export async function inboundMessagesByKeys(
  aplicacaoId: number,
  refs: readonly { provider: string; providerMessageId: string }[],
): Promise<Map<number, InboundMessageRecord>> {
  const items = await batchGetAll(refs.map((r) => keys.inboundMessage(aplicacaoId, r.provider, r.providerMessageId)));
  return new Map(items.map((item) => [Number(item.id), toRecord(item)]));
}
