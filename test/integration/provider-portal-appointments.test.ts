// The provider portal's appointments through the local gateway (the real portal-JWT authorizer) with the sandbox
// prestador's token: one day of the provider's appointments (pattern 22e: the day in São Paulo, the status filter,
// the portals' paging, nobody else's appointments), and the execution result recorded by hand, which must be
// /execucao's own: the same state, history (but who), outbound event and idempotency, 404 outside the provider's
// scope, 409 with nothing written for a closed appointment. And the role gates, both ways, with the admin routes.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxApp } from '#infra/local/seed';
import { signPortalToken } from '#shared/auth/tokens';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { db } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import * as keys from '#shared/db/keys';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { registerPrestador } from '#shared/domain/applications/registration';
import { parseAppointmentCreate } from '#shared/domain/appointments/inputs';
import { newAppointment } from '#shared/domain/appointments/moves';
import type { Appointment } from '#shared/domain/appointments/records';
import type { AppointmentStatus } from '#shared/domain/appointments/state-machine';
import { appointmentView } from '#shared/domain/appointments/views';
import { apiKeyHeaders, bearer, client, useLocalService, type Json, type Reply } from '../support/local-service.ts';

const service = useLocalService();
const { call } = client(service);

const LIST = '/api/prestador/agendamentos';
const execucaoPath = (id: number | string) => `${LIST}/${id}/execucao`;
const EXECUCAO = '/api/external/prestador/v1/execucao';

let demo: SandboxApp;
let outra: SandboxApp;
/** A second provider of demo, with its own portal token. */
let vizinho: { id: number; token: string };
/** The portal user of demo's prestador token (the history's `por.id` of a move made from the portal). */
let portalUserId: number;

beforeAll(async () => {
  demo = service.sandbox.applications.demo;
  outra = service.sandbox.applications.outra;
  const other = await registerPrestador(dynamoApplicationRepository(), demo.id, { nome: 'Clínica Vizinha' }, new Date());
  vizinho = {
    id: other.id,
    token: await signPortalToken({ role: 'prestador', aplicacaoId: demo.id, subject: '424242', ttlSeconds: 3600, prestadorId: other.id }),
  };
  portalUserId = Number(decodeJwt(demo.tokens.prestador).sub);
});

const portal = (token = demo.tokens.prestador) => ({
  list: (query: string) => call('GET', `${LIST}?${query}`, bearer(token)),
  execute: (id: number | string, body?: unknown, headers: Record<string, string> = {}) =>
    call('POST', execucaoPath(id), { ...bearer(token), ...headers }, body),
});
const machine = (body: Json, headers: Record<string, string> = {}) =>
  call('POST', EXECUCAO, { ...apiKeyHeaders(demo.prestador), ...headers }, body);

const repo = dynamoAppointmentRepository();

/**
 * An appointment stored as the v2 create stores one (its board entries included), in `status`; its day is the date of
 * `dataLimiteRetirada` (boardDay). demo's sandbox provider's unless said otherwise.
 */
async function stored(
  dataLimiteRetirada: string,
  {
    status = 'IMPORTADO',
    aplicacaoId = demo.id,
    prestadorId = demo.prestador.id,
  }: Partial<{ status: AppointmentStatus; aplicacaoId: number; prestadorId: number | null }> = {},
): Promise<Appointment> {
  const input = parseAppointmentCreate({ pacienteTelefone: '+5511987654321', procedimento: 'Hemograma', dataLimiteRetirada });
  const appointment = newAppointment(
    { ...input, prestador: prestadorId === null ? null : String(prestadorId) },
    { id: await nextId(), aplicacaoId, prestadorId, clientId: 'test', at: new Date() },
  );
  await repo.create({ ...appointment, status });
  return (await repo.get(aplicacaoId, appointment.id))!;
}

const read = async (a: Appointment) => (await repo.get(a.aplicacaoId, a.id))!;

/** The outbound events of an appointment's moves (pattern 24). */
const outboundEvents = async (a: Appointment) => {
  const out = await db().send(
    new QueryCommand({
      TableName: service.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `APP#${a.aplicacaoId}`, ':prefix': `EVENTO#msg_${a.id}_` },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
};

/** The stored idempotency record of a provider's execution key (pattern 23), if any. */
const idempotencyRecord = async (key: string, prestadorId = demo.prestador.id) =>
  (
    await db().send(
      new GetCommand({
        TableName: service.tableName,
        Key: keys.idempotencyRecord(`APP#${demo.id}#PRESTADOR#${prestadorId}#execucao`, key),
        ConsistentRead: true,
      }),
    )
  ).Item;

/** An appointment (or its view) without what differs between two appointments moved alike: ids, times, who. */
const alike = (a: Pick<Appointment, 'status' | 'historico'> & Record<string, unknown>) => ({
  ...a,
  id: 'ID',
  criadoEm: 'T',
  atualizadoEm: 'T',
  historico: a.historico.map((h) => ({ ...h, em: 'T', por: { ...h.por, id: 'WHO' } })),
});

const expectError = (reply: Reply, status: number, error: string, field?: string) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toMatchObject({ error, ...(field ? { field } : {}) });
};

/** The order of a day's page: by status (alphabetically), then by id. */
const boardOrder = (list: Appointment[]) =>
  [...list].sort((a, b) => (a.status === b.status ? a.id - b.id : a.status < b.status ? -1 : 1)).map((a) => a.id);

describe('GET /api/prestador/agendamentos', () => {
  const DAY = '2031-03-10';
  let mine: Appointment[];
  let nextDay: Appointment;
  let neighbours: Appointment;
  let elsewhere: Appointment;

  beforeAll(async () => {
    mine = [
      await stored(DAY),
      // 23:30 in São Paulo is the next day in UTC: still this day
      await stored(`${DAY}T23:30`, { status: 'CONFIRMADO' }),
      await stored('10/03/2031 08:00'),
      await stored(`${DAY}T00:00`, { status: 'CONFIRMADO' }),
      await stored(DAY, { status: 'CANCELADO' }),
    ];
    nextDay = await stored('2031-03-11T00:00');
    neighbours = await stored(DAY, { prestadorId: vizinho.id });
    elsewhere = await stored(DAY, { aplicacaoId: outra.id, prestadorId: outra.prestador.id });
  });

  it('pages the day’s appointments of the provider by status then id: {content, total, page, size, totalPages}', async () => {
    // Act
    const pages = [
      await portal().list(`data=${DAY}&size=2`),
      await portal().list(`data=${DAY}&size=2&page=1`),
      await portal().list(`data=${DAY}&size=2&page=2`),
      await portal().list(`data=${DAY}&size=2&page=3`),
    ];

    // Assess
    const order = boardOrder(mine);
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    expect(pages.map((p) => ({ ...p.body, content: p.body.content.map((a: Json) => a.id) }))).toEqual([
      { content: order.slice(0, 2), total: 5, page: 0, size: 2, totalPages: 3 },
      { content: order.slice(2, 4), total: 5, page: 1, size: 2, totalPages: 3 },
      { content: order.slice(4), total: 5, page: 2, size: 2, totalPages: 3 },
      { content: [], total: 5, page: 3, size: 2, totalPages: 3 },
    ]);
    // Each is the appointment's one view, as the v2 API and the outbound events show it.
    const first = mine.find((a) => a.id === order[0])!;
    expect(pages[0]!.body.content[0]).toEqual(appointmentView(first));
  });

  it('filters by status, and pages 20 at a time from page 0 by default', async () => {
    // Act
    const confirmed = await portal().list(`data=${DAY}&status=CONFIRMADO`);
    const realizados = await portal().list(`data=${DAY}&status=REALIZADO`);

    // Assess
    const expected = mine.filter((a) => a.status === 'CONFIRMADO').map((a) => a.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ total: 2, page: 0, size: 20, totalPages: 1 });
    expect(confirmed.body.content.map((a: Json) => a.id)).toEqual(expected.sort((a, b) => a - b));
    expect(realizados.body).toEqual({ content: [], total: 0, page: 0, size: 20, totalPages: 0 });
  });

  it('lists the day in São Paulo: the next day has its own appointments only', async () => {
    const reply = await portal().list('data=2031-03-11');

    expect(reply.body.content.map((a: Json) => a.id)).toEqual([nextDay.id]);
  });

  it('shows no other provider’s and no other application’s appointment, each seeing only its own', async () => {
    // Act
    const mineSeen = (await portal().list(`data=${DAY}&size=100`)).body.content.map((a: Json) => a.id);
    const neighbourSeen = (await portal(vizinho.token).list(`data=${DAY}`)).body.content.map((a: Json) => a.id);
    const elsewhereSeen = (await portal(outra.tokens.prestador).list(`data=${DAY}`)).body.content.map((a: Json) => a.id);

    // Assess
    expect(mineSeen).not.toContain(neighbours.id);
    expect(mineSeen).not.toContain(elsewhere.id);
    expect(neighbourSeen).toEqual([neighbours.id]);
    expect(elsewhereSeen).toEqual([elsewhere.id]);
  });

  it.each([
    ['', 'data'],
    ['data=10/03/2031', 'data'],
    ['data=2031-02-30', 'data'],
    [`data=${DAY}&status=PERDIDO`, 'status'],
    [`data=${DAY}&size=101`, 'size'],
    [`data=${DAY}&page=-1`, 'page'],
  ])('answers %j with a 400 naming %s', async (query, field) => {
    expectError(await portal().list(query), 400, 'validation_error', field);
  });
});

describe('POST /api/prestador/agendamentos/{id}/execucao', () => {
  const DAY = '2031-04-02';

  it.each(['REALIZADO', 'FALTOU'] as const)(
    'records %s as /execucao does: the same answer, state, history (but who), outbound event, and the day view follows',
    async (resultado) => {
      // Prepare: two appointments alike, one for each route
      const viaMachine = await stored(DAY);
      const viaPortal = await stored(DAY);

      // Act
      const machineReply = await machine({ agendamentoId: viaMachine.id, resultado, observacao: 'registrado' });
      const portalReply = await portal().execute(viaPortal.id, { resultado, observacao: 'registrado' });

      // Assess: the answer
      expect(machineReply).toMatchObject({ status: 200, body: { status: 'ok', agendamentoId: viaMachine.id, resultado } });
      expect(portalReply.status).toBe(200);
      expect(portalReply.body).toEqual({ status: 'ok', agendamentoId: viaPortal.id, resultado });
      // the state and the history: the same move, by the portal's user
      const [machineAfter, portalAfter] = [await read(viaMachine), await read(viaPortal)];
      expect(portalAfter.status).toBe(resultado);
      expect(alike(appointmentView(portalAfter))).toEqual(alike(appointmentView(machineAfter)));
      expect(portalAfter.historico).toHaveLength(2);
      expect(portalAfter.historico[1]).toMatchObject({
        de: 'IMPORTADO',
        para: resultado,
        por: { tipo: 'prestador', id: portalUserId },
        observacao: 'registrado',
      });
      // the outbound event: one each, the same type for the same provider, the appointment's view as its payload
      expect(await outboundEvents(viaPortal)).toHaveLength(1);
      const [machineEvent, portalEvent] = await Promise.all([
        dynamoOutboundEventRepository().get(demo.id, `msg_${viaMachine.id}_1`),
        dynamoOutboundEventRepository().get(demo.id, `msg_${viaPortal.id}_1`),
      ]);
      expect(portalEvent).toMatchObject({ aplicacaoId: demo.id, prestadorId: demo.prestador.id });
      expect(portalEvent!.payload).toMatchObject({ type: `AGENDAMENTO_${resultado}`, data: { agendamento: appointmentView(portalAfter) } });
      expect({ ...portalEvent!.payload, timestamp: 'T', data: { agendamento: alike(portalEvent!.payload.data.agendamento) } }).toEqual({
        ...machineEvent!.payload,
        timestamp: 'T',
        data: { agendamento: alike(machineEvent!.payload.data.agendamento) },
      });
      // the day view lists it under its new status
      const moved = await portal().list(`data=${DAY}&status=${resultado}&size=100`);
      expect(moved.body.content.map((a: Json) => a.id)).toContain(viaPortal.id);
      const open = await portal().list(`data=${DAY}&status=IMPORTADO&size=100`);
      expect(open.body.content.map((a: Json) => a.id)).not.toContain(viaPortal.id);
    },
  );

  it('hands the event to the provider’s webhook, signed, as /execucao does', async () => {
    const mine = await stored(DAY);

    await portal().execute(mine.id, { resultado: 'REALIZADO' });

    const eventId = `msg_${mine.id}_1`;
    let delivery: Json | undefined;
    for (let i = 0; i < 100 && !delivery; i++) {
      delivery = (await service.webhookReceiver.received()).find((d) => d.headers['webhook-id'] === eventId);
      if (!delivery) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(delivery).toMatchObject({
      verified: true,
      body: { type: 'AGENDAMENTO_REALIZADO', data: { agendamento: { id: mine.id, status: 'REALIZADO' } } },
    });
  });

  it('replays a repeated Idempotency-Key with the original answer, refuses the key with another body (422), one move, one event', async () => {
    // Prepare
    const mine = await stored(DAY);
    const key = `portal-${mine.id}`;

    // Act
    const first = await portal().execute(mine.id, { resultado: 'REALIZADO' }, { 'Idempotency-Key': key });
    const again = await portal().execute(mine.id, { resultado: 'REALIZADO' }, { 'Idempotency-Key': key });
    const changed = await portal().execute(mine.id, { resultado: 'FALTOU' }, { 'Idempotency-Key': key });
    const badKey = await portal().execute(mine.id, { resultado: 'REALIZADO' }, { 'Idempotency-Key': 'x'.repeat(256) });

    // Assess
    expect(first.body).toEqual({ status: 'ok', agendamentoId: mine.id, resultado: 'REALIZADO' });
    expect(again).toMatchObject({ status: 200, body: { status: 'replay', agendamentoId: mine.id, resultado: 'REALIZADO' } });
    expectError(changed, 422, 'unprocessable_entity', 'Idempotency-Key');
    expectError(badKey, 400, 'validation_error', 'Idempotency-Key');
    expect((await read(mine)).historico).toHaveLength(2);
    expect(await outboundEvents(mine)).toHaveLength(1);
  });

  it('shares the provider’s keys with /execucao: the same key, appointment and result there is a replay here', async () => {
    // Prepare
    const mine = await stored(DAY);
    const key = `shared-${mine.id}`;
    await machine({ agendamentoId: mine.id, resultado: 'FALTOU', observacao: 'não veio' }, { 'Idempotency-Key': key });

    // Act
    const reply = await portal().execute(mine.id, { resultado: 'FALTOU', observacao: 'não veio' }, { 'Idempotency-Key': key });

    // Assess
    expect(reply).toMatchObject({ status: 200, body: { status: 'replay', agendamentoId: mine.id, resultado: 'FALTOU' } });
    expect((await read(mine)).historico).toHaveLength(2);
    expect(await outboundEvents(mine)).toHaveLength(1);
  });

  it('answers 404 for another provider’s or another application’s appointment, one of no provider, an unknown id and a malformed one, touching none', async () => {
    // Prepare
    const neighbours = await stored(DAY, { prestadorId: vizinho.id });
    const elsewhere = await stored(DAY, { aplicacaoId: outra.id, prestadorId: outra.prestador.id });
    const orphan = await stored(DAY, { prestadorId: null });
    const key = `outside-${neighbours.id}`;

    // Act + Assess
    for (const id of [neighbours.id, elsewhere.id, orphan.id, 999_999_999_999, 'abc', '0']) {
      expectError(await portal().execute(id, { resultado: 'REALIZADO' }, { 'Idempotency-Key': key }), 404, 'not_found');
    }
    for (const a of [neighbours, elsewhere, orphan]) {
      expect(await read(a)).toEqual(a);
      expect(await outboundEvents(a)).toEqual([]);
    }
    expect(await idempotencyRecord(key)).toBeUndefined();
    // The other provider can still move its own: the 404 was a matter of scope only.
    expect((await portal(vizinho.token).execute(neighbours.id, { resultado: 'REALIZADO' })).status).toBe(200);
  });

  it('refuses a move the state machine does not allow (a closed appointment) with 409, writing nothing', async () => {
    // Prepare: one cancelled, one already carried out (from the portal)
    const cancelled = await stored(DAY, { status: 'CANCELADO' });
    const done = await stored(DAY);
    await portal().execute(done.id, { resultado: 'REALIZADO' });
    const doneBefore = await read(done);
    const key = `closed-${cancelled.id}`;

    // Act
    const onCancelled = await portal().execute(cancelled.id, { resultado: 'REALIZADO' }, { 'Idempotency-Key': key });
    const onDone = await portal().execute(done.id, { resultado: 'FALTOU' });

    // Assess
    expectError(onCancelled, 409, 'conflict');
    expectError(onDone, 409, 'conflict');
    expect(await read(cancelled)).toEqual(cancelled);
    expect(await read(done)).toEqual(doneBefore);
    expect(await outboundEvents(cancelled)).toEqual([]);
    expect(await outboundEvents(done)).toHaveLength(1);
    expect(await idempotencyRecord(key)).toBeUndefined();
    const board = await portal().list(`data=${DAY}&status=CANCELADO&size=100`);
    expect(board.body.content.map((a: Json) => a.id)).toContain(cancelled.id);
  });

  it.each([
    ['no body', undefined, 'body'],
    ['no resultado', {}, 'resultado'],
    ['resultado TALVEZ', { resultado: 'TALVEZ' }, 'resultado'],
    ['an observacao of 1001 characters', { resultado: 'REALIZADO', observacao: 'x'.repeat(1001) }, 'observacao'],
    ['an observacao that is a number', { resultado: 'REALIZADO', observacao: 7 }, 'observacao'],
  ])('answers %s with a 400 naming the field, writing nothing', async (_, body, field) => {
    const mine = await stored(DAY);

    expectError(await portal().execute(mine.id, body), 400, 'validation_error', field);
    expect(await read(mine)).toEqual(mine);
    expect(await outboundEvents(mine)).toEqual([]);
  });

  it('takes the appointment from the path only: an agendamentoId or numeroPedido in the body is ignored', async () => {
    const mine = await stored(DAY);
    const other = await stored(DAY);

    const reply = await portal().execute(mine.id, { resultado: 'REALIZADO', agendamentoId: other.id, numeroPedido: 'PED-1' });

    expect(reply.body).toEqual({ status: 'ok', agendamentoId: mine.id, resultado: 'REALIZADO' });
    expect((await read(other)).status).toBe('IMPORTADO');
  });
});

describe('role gates', () => {
  const DAY = '2031-05-20';

  it('refuses a plantonista or admin token on the provider portal’s appointment routes (403), and no token (401)', async () => {
    // Prepare
    const mine = await stored(DAY);

    // Act + Assess
    for (const role of ['plantonista', 'admin', 'paciente'] as const) {
      const other = portal(demo.tokens[role]);
      expectError(await other.list(`data=${DAY}`), 403, 'forbidden');
      expectError(await other.execute(mine.id, { resultado: 'REALIZADO' }), 403, 'forbidden');
    }
    expect((await call('GET', `${LIST}?data=${DAY}`, {})).status).toBe(401);
    expect((await call('POST', execucaoPath(mine.id), {}, { resultado: 'REALIZADO' })).status).toBe(401);
    expect(await read(mine)).toEqual(mine);
    expect(await outboundEvents(mine)).toEqual([]);
  });

  it('refuses a prestador or plantonista token on the admin routes (403)', async () => {
    // Prepare
    const mine = await stored(DAY);

    // Act + Assess
    for (const role of ['prestador', 'plantonista'] as const) {
      const headers = bearer(demo.tokens[role]);
      expectError(await call('GET', `/api/admin/agendamentos?data=${DAY}`, headers), 403, 'forbidden');
      expectError(await call('GET', `/api/admin/agendamentos/${mine.id}`, headers), 403, 'forbidden');
      expectError(await call('POST', `/api/admin/agendamentos/${mine.id}/cancelar`, headers, { motivo: 'não' }), 403, 'forbidden');
      expectError(await call('GET', '/api/admin/usuarios', headers), 403, 'forbidden');
    }
    expect(await read(mine)).toEqual(mine);
    // The admin's own token is let through, so the 403s above were the role's.
    expect((await call('GET', `/api/admin/agendamentos?data=${DAY}`, bearer(demo.tokens.admin))).status).toBe(200);
  });
});
