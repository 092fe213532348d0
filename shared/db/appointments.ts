// DynamoDB appointments (docs/data-model.md, patterns 22-22e; keys in shared/db/keys.ts).
//
// A creation and every move is one unit of work: the appointment (a move conditioned on the status
// it was decided from, its history entry appended in the same update), the status counters of
// pattern 22b (one of four shards, so concurrent moves of one application seldom touch one item),
// the order-number reservation of pattern 22c, and whatever the caller commits with the move (its
// outbound event, an idempotency record).
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { claim, db, queryCount, queryIndex, queryPage, tableName } from '#shared/db/client';
import { appointmentStatus as status, historyEntry } from '#shared/db/appointment-events';
import { fieldsOf, listOf, nullable, number, oneOf, string, wordsOf, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { tableKeys } from '#shared/db/table';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { boardDay } from '#shared/domain/appointments/moves';
import { isClosed, type AppointmentStatus } from '#shared/domain/appointments/state-machine';
import type { Appointment, FlowDue, HistoryEntry } from '#shared/domain/appointments/records';
import { STATUS_CHANGED, type AppointmentRepository } from '#shared/domain/appointments/repository';
import { conflict } from '#shared/domain/errors';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

const COUNTER_SHARDS = 4;

const toItem = (a: Appointment): Item => ({
  ...keys.appointment(a.aplicacaoId, a.id),
  ...keys.appointmentStatusListing(a.aplicacaoId, a.status, a.id),
  tipo: 'AGEND',
  ...a,
});

const DUE_SHARDS = 4;
/** The due-index shard of an appointment (pattern 34): fixed by its id, so its entries are found again. */
const dueShard = (id: number) => id % DUE_SHARDS;
export const dueShards = Array.from({ length: DUE_SHARDS }, (_, i) => i);
const dueKey = (a: Pick<Appointment, 'aplicacaoId' | 'id'>, vencimento: string) =>
  keys.flowDue(dueShard(a.id), vencimento, a.aplicacaoId, a.id);

/** The appointment's entries on its day's boards: the application's (pattern 22d) and, when it has one, its provider's (22e). */
function dayEntries(a: Appointment): { key: { pk: string; sk: string }; tipo: string }[] {
  const dia = boardDay(a);
  return [
    { key: keys.appointmentDay(a.aplicacaoId, dia, a.status, a.id), tipo: 'AGENDDIA' },
    ...(a.prestadorId === null
      ? []
      : [{ key: keys.providerAppointmentDay(a.aplicacaoId, a.prestadorId, dia, a.status, a.id), tipo: 'AGENDDIAPREST' }]),
  ];
}

/** The board entry writes of a change from `before` (none for a new appointment) to `after`: only the entries whose key changed. */
function dayWrites(before: Appointment | undefined, after: Appointment): ConditionalWrite<never>[] {
  const same = (x: { pk: string; sk: string }, y: { pk: string; sk: string }) => x.pk === y.pk && x.sk === y.sk;
  const from = before ? dayEntries(before) : [];
  const to = dayEntries(after);
  return [
    ...from.filter((f) => !to.some((t) => same(f.key, t.key))).map((f) => conditionalWrite({ Delete: { Key: f.key } })),
    ...to
      .filter((t) => !from.some((f) => same(f.key, t.key)))
      .map((t) => conditionalWrite({ Put: { Item: { ...t.key, tipo: t.tipo, agendamentoId: after.id } } })),
  ];
}

/** The statuses in which a patient's reply is about the appointment (pattern 34a points at it). */
const awaitsReply = (status: AppointmentStatus) => ['ENVIADO', 'AVISO_ENVIADO', 'NAO_RESPONDEU', 'CONFIRMADO'].includes(status);

/** The due-index entry and reply pointer writes of a change from `before` to `after`. */
function flowIndexWrites(before: Appointment | undefined, after: Appointment): ConditionalWrite<never>[] {
  const writes: ConditionalWrite<never>[] = [];
  if (before?.vencimento && before.vencimento !== after.vencimento) {
    writes.push(conditionalWrite({ Delete: { Key: dueKey(before, before.vencimento) } }));
  }
  if (after.vencimento && after.vencimento !== before?.vencimento) {
    writes.push(
      conditionalWrite({
        Put: { Item: { ...dueKey(after, after.vencimento), tipo: 'FLUXO', aplicacaoId: after.aplicacaoId, agendamentoId: after.id } },
      }),
    );
  }
  const pointer = keys.awaitingReply(after.aplicacaoId, after.pacienteTelefone);
  if (awaitsReply(after.status) && !(before && awaitsReply(before.status))) {
    // The latest appointment notified wins the patient's plain-text replies; a button names its own.
    writes.push(conditionalWrite({ Put: { Item: { ...pointer, tipo: 'AGUARDA', agendamentoId: after.id } } }));
  } else if (before && awaitsReply(before.status) && !awaitsReply(after.status)) {
    writes.push(
      conditionalWrite({
        Delete: {
          Key: pointer,
          ConditionExpression: 'attribute_not_exists(pk) OR agendamentoId = :id',
          ExpressionAttributeValues: { ':id': after.id },
        },
      }),
    );
  }
  return writes;
}

const flowDues = wordsOf<FlowDue>()(['processar', 'lembrete', 'sem_resposta']);

function toAppointment(item: Item): Appointment {
  const f = fieldsOf(item);
  const text = (name: string) => f.read(name, nullable(string));
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    prestadorId: f.orElse('prestadorId', number, null),
    pacienteTelefone: f.read('pacienteTelefone', string),
    procedimento: f.read('procedimento', string),
    pacienteNome: text('pacienteNome'),
    pacienteCpf: text('pacienteCpf'),
    prestador: text('prestador'),
    numeroPedido: text('numeroPedido'),
    dataLimiteRetirada: text('dataLimiteRetirada'),
    localRetirada: text('localRetirada'),
    observacoes: text('observacoes'),
    medicoSolicitante: text('medicoSolicitante'),
    status: f.read('status', status),
    criadoEm: f.read('criadoEm', string),
    atualizadoEm: f.read('atualizadoEm', string),
    historico: f.read('historico', listOf(historyEntry)),
    // Absent reads as null, as it always did: nothing timed, no step, nothing awaited.
    vencimento: f.orElse('vencimento', string, null),
    passo: f.orElse('passo', oneOf(flowDues), null),
    pendencia: f.orElse('pendencia', string, null),
  };
}

/** The keys of an item read with `ProjectionExpression: 'pk, sk'`. */
const tableKey = (item: Item) => {
  const f = fieldsOf(item);
  return { pk: f.read('pk', string), sk: f.read('sk', string) };
};

/** `ADD` of the status counters on a random shard: `by` for each status named. */
function counterWrite(aplicacaoId: number, changes: Partial<Record<AppointmentStatus | 'total', number>>): ConditionalWrite<never> {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const adds = Object.entries(changes).map(([name, by], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = by;
    return `#c${i} :c${i}`;
  });
  return conditionalWrite({
    Update: {
      Key: keys.appointmentCounter(aplicacaoId, Math.floor(Math.random() * COUNTER_SHARDS)),
      UpdateExpression: `SET tipo = :tipo ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':tipo': 'AGENDCONT' },
    },
  });
}

/** A move's writes: the appointment conditioned on `before`'s status, its counters, the order number it closes, the flow's index entries. */
/** The history entry of the move to `after`: its last one (a move always appends one). */
function moveEntry(after: Appointment): HistoryEntry {
  const entry = after.historico.at(-1);
  if (!entry) throw new Error(`appointment ${after.id}: a move without its history entry`);
  return entry;
}

function moveWrites<R>(after: Appointment, before: Appointment, refusal: R): ConditionalWrite<R>[] {
  const entry = moveEntry(after);
  const from = before.status;
  // The order number it closes (pattern 22c), when it moves into a closed status.
  const closedOrder =
    isClosed(after.status) && after.prestadorId !== null && after.numeroPedido
      ? keys.orderNumber(after.aplicacaoId, after.prestadorId, after.numeroPedido)
      : undefined;
  return [
    conditionalWrite(
      {
        Update: {
          Key: keys.appointment(after.aplicacaoId, after.id),
          UpdateExpression:
            'SET #s = :to, atualizadoEm = :em, gsi1pk = :g1, historico = list_append(historico, :entry), vencimento = :v, passo = :p, pendencia = :pend REMOVE envioEm',
          ConditionExpression: '#s = :from',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':to': after.status,
            ':from': from,
            ':em': after.atualizadoEm,
            ':g1': keys.appointmentStatusListing(after.aplicacaoId, after.status, after.id).gsi1pk,
            ':entry': [entry],
            ':v': after.vencimento,
            ':p': after.passo,
            ':pend': after.pendencia,
          },
        },
      },
      refusal,
    ),
    counterWrite(after.aplicacaoId, { [from]: -1, [after.status]: 1 }),
    ...(closedOrder
      ? [
          conditionalWrite({
            Update: {
              Key: closedOrder,
              UpdateExpression: 'SET aberto = :closed',
              ExpressionAttributeValues: { ':closed': false },
            },
          }),
        ]
      : []),
    ...flowIndexWrites(before, after),
    ...dayWrites(before, after),
  ];
}

export function dynamoAppointmentRepository(): AppointmentRepository {
  const get = async (aplicacaoId: number, id: number) => {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.appointment(aplicacaoId, id), ConsistentRead: true }));
    return out.Item ? toAppointment(out.Item) : undefined;
  };

  return {
    get,

    async findByOrderNumber(aplicacaoId, prestadorId, numeroPedido) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.orderNumber(aplicacaoId, prestadorId, numeroPedido), ConsistentRead: true }),
      );
      return out.Item ? get(aplicacaoId, Number(out.Item.agendamentoId)) : undefined;
    },

    async create(appointment) {
      const { aplicacaoId, prestadorId, numeroPedido } = appointment;
      const reservation =
        prestadorId !== null && numeroPedido
          ? [
              conditionalWrite(
                {
                  Put: {
                    Item: {
                      ...keys.orderNumber(aplicacaoId, prestadorId, numeroPedido),
                      tipo: 'PEDIDO',
                      agendamentoId: appointment.id,
                      aberto: true,
                    },
                    ConditionExpression: 'attribute_not_exists(pk) OR aberto = :closed',
                    ExpressionAttributeValues: { ':closed': false },
                  },
                },
                conflict(`numeroPedido ${numeroPedido} already has an open appointment of this provider`),
              ),
            ]
          : [];
      const outcome = await commitWrites([
        putNew(toItem(appointment)),
        counterWrite(aplicacaoId, { total: 1, [appointment.status]: 1 }),
        ...reservation,
        ...flowIndexWrites(undefined, appointment),
        ...dayWrites(undefined, appointment),
      ]);
      if (outcome.committed) return;
      const [refusal] = outcome.refusals;
      if (refusal) throw refusal;
      throw outcome.error;
    },

    moveWrites,

    move: <R>(after: Appointment, before: Appointment, extras: readonly ConditionalWrite<R>[]) =>
      commitWrites<R | typeof STATUS_CHANGED>([...moveWrites<R | typeof STATUS_CHANGED>(after, before, STATUS_CHANGED), ...extras]),

    claimSend: (a, now, staleBefore) =>
      claim({
        key: keys.appointment(a.aplicacaoId, a.id),
        status: a.status,
        field: 'envioEm',
        now,
        staleBefore,
        // The step as read: its due time too.
        also: a.vencimento
          ? { condition: 'vencimento = :old', values: { ':old': a.vencimento } }
          : { condition: '(attribute_not_exists(vencimento) OR attribute_type(vencimento, :null))', values: { ':null': 'NULL' } },
      }),

    async postpone(before, due, pendencia) {
      const after = { ...before, ...due, pendencia };
      const outcome = await commitWrites<'changed'>([
        conditionalWrite(
          {
            Update: {
              Key: keys.appointment(before.aplicacaoId, before.id),
              UpdateExpression: 'SET vencimento = :v, passo = :p, pendencia = :pend REMOVE envioEm',
              ConditionExpression: before.vencimento
                ? '#s = :s AND vencimento = :old'
                : '#s = :s AND (attribute_not_exists(vencimento) OR attribute_type(vencimento, :null))',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: {
                ':v': due.vencimento,
                ':p': due.passo,
                ':pend': pendencia,
                ':s': before.status,
                ...(before.vencimento ? { ':old': before.vencimento } : { ':null': 'NULL' }),
              },
            },
          },
          'changed',
        ),
        ...flowIndexWrites(before, after),
      ]);
      if (outcome.committed) return true;
      if (outcome.refusals.length > 0 || outcome.raced) return false;
      throw outcome.error;
    },

    async due(shard, now, limit) {
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk <= :now',
          ExpressionAttributeValues: { ':pk': keys.flowDueShard(shard).pk, ':now': `${now.toISOString()}#~` },
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map((i) => ({ aplicacaoId: Number(i.aplicacaoId), agendamentoId: Number(i.agendamentoId) }));
    },

    async awaitingReply(aplicacaoId, telefone) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.awaitingReply(aplicacaoId, telefone), ConsistentRead: true }),
      );
      return out.Item ? Number(out.Item.agendamentoId) : undefined;
    },

    async allInStatus(aplicacaoId, status) {
      return (await queryIndex(keys.appointmentsInStatus(aplicacaoId, status).gsi1pk)).map(toAppointment);
    },

    async page(aplicacaoId, status, page, size) {
      // DynamoDB has no offset: the keys before the page are read (keys only), then the page's items in one BatchGet.
      const wanted = (page + 1) * size;
      const found: { pk: string; sk: string }[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db().send(
          new QueryCommand({
            TableName: tableName(),
            ...(status
              ? {
                  IndexName: tableKeys.gsi1.name,
                  KeyConditionExpression: 'gsi1pk = :pk',
                  ExpressionAttributeValues: { ':pk': keys.appointmentsInStatus(aplicacaoId, status).gsi1pk },
                }
              : {
                  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
                  ExpressionAttributeValues: {
                    ':pk': keys.appointments(aplicacaoId).pk,
                    ':prefix': keys.appointments(aplicacaoId).skPrefix,
                  },
                }),
            ProjectionExpression: 'pk, sk',
            ScanIndexForward: false,
            Limit: wanted - found.length,
            ExclusiveStartKey: start,
          }),
        );
        found.push(...(out.Items ?? []).map(tableKey));
        start = out.LastEvaluatedKey;
      } while (start && found.length < wanted);
      const pageKeys = found.slice(page * size);
      if (pageKeys.length === 0) return [];
      const out = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pageKeys, ConsistentRead: true } } }));
      const items = (out.Responses?.[tableName()] ?? []).map(toAppointment);
      // A page of at most 100 keys is well under BatchGet's limits; the answer's order is not the query's.
      return items.sort((a, b) => b.id - a.id);
    },

    async dayPage(aplicacaoId, dia, status, page, size, prestadorId) {
      const { pk, skPrefix } =
        prestadorId === undefined
          ? keys.appointmentsOfDay(aplicacaoId, dia, status)
          : keys.providerAppointmentsOfDay(aplicacaoId, prestadorId, dia, status);
      const query = {
        KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':prefix': skPrefix } : {}) },
        ConsistentRead: true,
      };
      const total = await queryCount(query);
      const entries = await queryPage({ ...query, ProjectionExpression: 'agendamentoId' }, page, size, total);
      if (entries.length === 0) return { content: [], total };
      const ids = entries.map((e) => Number(e.agendamentoId));
      const out = await db().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: ids.map((id) => keys.appointment(aplicacaoId, id)), ConsistentRead: true } },
        }),
      );
      // At most 100 small keys; the answer's order is not the board's.
      const byId = new Map((out.Responses?.[tableName()] ?? []).map((item) => [Number(item.id), toAppointment(item)]));
      return { content: ids.flatMap((id) => byId.get(id) ?? []), total };
    },

    async count(aplicacaoId, status) {
      const Keys = Array.from({ length: COUNTER_SHARDS }, (_, shard) => keys.appointmentCounter(aplicacaoId, shard));
      const out = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys, ConsistentRead: true } } }));
      const field = status ?? 'total';
      return (out.Responses?.[tableName()] ?? []).reduce((sum, item) => sum + Number(item[field] ?? 0), 0);
    },
  };
}

/** The writes that store a new appointment without a provider (an import): for the caller's own transaction (with its lookup item). */
export function newAppointmentWrites(appointment: Appointment): ConditionalWrite<never>[] {
  if (appointment.prestadorId !== null) throw new Error('newAppointmentWrites is for appointments without a provider');
  return [
    putNew(toItem(appointment)),
    counterWrite(appointment.aplicacaoId, { total: 1, [appointment.status]: 1 }),
    ...flowIndexWrites(undefined, appointment),
    ...dayWrites(undefined, appointment),
  ];
}

/**
 * The writes of an imported appointment's change decided on `before` (shared/domain/agent-import/appointments.ts):
 * its own `fields` and, when `moved`, the move to `after`'s status with its history entry, in ONE
 * update of the item (a transaction may touch an item once), conditioned on `before`'s status (else
 * `refusal`); a move also brings its counters and the flow's index entries. For the caller's own
 * transaction (the import commits its map item with it).
 */
export function appointmentImportChangeWrites<R>(
  before: Appointment,
  after: Appointment,
  fields: Readonly<Record<string, unknown>>,
  moved: boolean,
  refusal: R,
): ConditionalWrite<R>[] {
  const names: Record<string, string> = { '#s': 'status' };
  const values: Record<string, unknown> = { ':from': before.status, ':em': after.atualizadoEm };
  const sets = ['atualizadoEm = :em'];
  Object.keys(fields).forEach((name, i) => {
    names[`#f${i}`] = name;
    values[`:f${i}`] = fields[name] ?? null;
    sets.push(`#f${i} = :f${i}`);
  });
  if (moved) {
    sets.push(
      '#s = :to',
      'gsi1pk = :g1',
      'historico = list_append(historico, :entry)',
      'vencimento = :v',
      'passo = :p',
      'pendencia = :pend',
    );
    Object.assign(values, {
      ':to': after.status,
      ':g1': keys.appointmentStatusListing(after.aplicacaoId, after.status, after.id).gsi1pk,
      ':entry': [moveEntry(after)],
      ':v': after.vencimento,
      ':p': after.passo,
      ':pend': after.pendencia,
    });
  }
  return [
    conditionalWrite(
      {
        Update: {
          Key: keys.appointment(after.aplicacaoId, after.id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: '#s = :from',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      refusal,
    ),
    ...(moved ? [counterWrite(after.aplicacaoId, { [before.status]: -1, [after.status]: 1 })] : []),
    ...(moved ? flowIndexWrites(before, after) : []),
    ...dayWrites(before, after),
  ];
}
