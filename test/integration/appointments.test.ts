// Appointments through the local gateway: v2 create / read / list / PATCH with the sandbox's OAuth
// clients, and /execucao with the sandbox provider's nbwp_ credential, its Idempotency-Key, the
// outbound event committed with each move, isolation between applications and providers, and races.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { db } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import * as keys from '#shared/db/keys';
import { registerPrestador } from '#shared/domain/applications/registration';
import { createProviderCredential } from '#shared/domain/provider-credentials';
import { dynamoProviderCredentialRepository } from '#shared/db/provider-credentials';
import { appointmentStatuses, decideTransition, type Trigger } from '#shared/domain/appointments/state-machine';
import { newAppointment } from '#shared/domain/appointments/moves';
import { parseAppointmentCreate } from '#shared/domain/appointments/inputs';
import { accessToken, bearer, client, consumersWithoutFlow, useLocalService, type Json, type Reply } from '../support/local-service.ts';

const service = useLocalService({ queues: { consumer: consumersWithoutFlow } });
const { call } = client(service);

const V2 = '/api/external/v2/agendamentos';
const EXECUCAO = '/api/external/prestador/v1/execucao';

let demoToken: string;
let outraToken: string;
let readOnlyToken: string;
let otherProvider: { id: number; apiKey: string; apiSecret: string };

const demo = () => service.sandbox.applications.demo;
const provider = (p: { apiKey: string; apiSecret: string } = demo().prestador) => ({ 'X-Api-Key': p.apiKey, 'X-Api-Secret': p.apiSecret });

beforeAll(async () => {
  demoToken = await accessToken(service, demo().oauth);
  outraToken = await accessToken(service, service.sandbox.applications.outra.oauth);
  readOnlyToken = await accessToken(service, demo().oauthLimited); // agendamentos:read only
  // A second provider of demo, with its own credential.
  const repo = dynamoApplicationRepository();
  const prestador = await registerPrestador(repo, demo().id, { nome: `Laboratório ${Date.now()}` }, new Date());
  const scope = { aplicacaoId: demo().id, prestadorId: prestador.id };
  const { credential, apiSecret } = await createProviderCredential(
    dynamoProviderCredentialRepository(),
    scope,
    { nome: 'test' },
    new Date(),
  );
  otherProvider = { id: prestador.id, apiKey: credential.apiKey, apiSecret };
});

let orders = 0;
const newOrder = () => `PED-${process.pid}-${++orders}-${Date.now() % 100000}`;

const create = (body: Json, token = demoToken) => call('POST', V2, bearer(token), body);
const patch = (id: number | string, body: Json, token = demoToken) => call('PATCH', `${V2}/${id}`, bearer(token), body);
const execucao = (body: Json, headers: Record<string, string> = {}, who = provider()) =>
  call('POST', EXECUCAO, { ...who, ...headers }, body);

/** An appointment of demo's sandbox provider, IMPORTADO. */
async function appointment(fields: Json = {}): Promise<Json> {
  const created = await create({
    pacienteTelefone: '+55 11 98765-4321',
    procedimento: 'Hemograma',
    prestador: String(demo().prestador.id),
    numeroPedido: newOrder(),
    ...fields,
  });
  expect(created.status).toBe(201);
  return created.body;
}

const outboundEvents = async (agendamentoId: number) => {
  const out = await db().send(
    new QueryCommand({
      TableName: service.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `APP#${demo().id}`, ':prefix': `EVENTO#msg_${agendamentoId}_` },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
};

const expectError = (reply: Reply, status: number, field?: string) => {
  expect(reply.status).toBe(status);
  if (field) expect(reply.body.field).toBe(field);
};

describe('POST /api/external/v2/agendamentos', () => {
  it('answers 201 with the whole appointment, IMPORTADO, the phone normalised and its creation in the history', async () => {
    const created = await create({
      pacienteTelefone: '+55 (11) 98765-4321',
      procedimento: 'Raio-X de tórax',
      pacienteNome: 'Maria Souza',
      pacienteCpf: '123.456.789-09',
      prestador: 'Clínica Sandbox',
      numeroPedido: newOrder(),
      dataLimiteRetirada: '2026-12-01',
      localRetirada: 'Unidade Centro',
      observacoes: 'Jejum de 8 horas',
      medicoSolicitante: 'Dr. João',
    });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      pacienteTelefone: '+5511987654321',
      procedimento: 'Raio-X de tórax',
      pacienteNome: 'Maria Souza',
      prestador: 'Clínica Sandbox',
      status: 'IMPORTADO',
      criadoEm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      historico: [{ de: null, para: 'IMPORTADO', por: { tipo: 'cliente', id: demo().oauth.clientId }, observacao: null }],
    });
    expect(created.body.id).toBeLessThan(2 ** 53);
    expect(created.body.atualizadoEm).toBe(created.body.criadoEm);
  });

  it.each([
    [{ procedimento: 'X' }, 'pacienteTelefone'],
    [{ pacienteTelefone: '+5511987654321' }, 'procedimento'],
    [{ pacienteTelefone: '+5511987654321', procedimento: '   ' }, 'procedimento'],
    [{ pacienteTelefone: 'não é telefone', procedimento: 'X' }, 'pacienteTelefone'],
    [{ pacienteTelefone: '+5511987654321', procedimento: 42 }, 'procedimento'],
    [{ pacienteTelefone: '+5511987654321', procedimento: 'X', pacienteNome: 'n'.repeat(201) }, 'pacienteNome'],
  ])('refuses %j with 400 naming %s, writing nothing', async (body, field) => {
    const before = (await call('GET', `${V2}?size=1`, bearer(demoToken))).body.total as number;
    expectError(await create(body), 400, field);
    expect((await call('GET', `${V2}?size=1`, bearer(demoToken))).body.total).toBe(before);
  });

  it('refuses a second open appointment with the same numeroPedido of one provider (409), not of another provider', async () => {
    const first = await appointment();
    const again = await create({
      pacienteTelefone: '+5511987654321',
      procedimento: 'X',
      prestador: String(demo().prestador.id),
      numeroPedido: first.numeroPedido,
    });
    const otherProviders = await create({
      pacienteTelefone: '+5511987654321',
      procedimento: 'X',
      prestador: String(otherProvider.id),
      numeroPedido: first.numeroPedido,
    });

    expectError(again, 409);
    expect(otherProviders.status).toBe(201);
  });

  it('needs agendamentos:write (403 insufficient_scope) and a token (401)', async () => {
    expectError(await create({ pacienteTelefone: '+5511987654321', procedimento: 'X' }, readOnlyToken), 403);
    expect((await call('POST', V2, {}, { pacienteTelefone: '+5511987654321', procedimento: 'X' })).status).toBe(401);
  });
});

describe('GET /api/external/v2/agendamentos', () => {
  it('reads one appointment; unknown, malformed and another application`s ids are the same 404', async () => {
    const mine = await appointment();

    const read = await call('GET', `${V2}/${mine.id}`, bearer(readOnlyToken));
    const unknown = await call('GET', `${V2}/999999999999`, bearer(demoToken));
    const malformed = await call('GET', `${V2}/abc`, bearer(demoToken));
    const othersView = await call('GET', `${V2}/${mine.id}`, bearer(outraToken));

    expect(read).toMatchObject({ status: 200, body: mine });
    expect(unknown.status).toBe(404);
    expect(malformed.body).toEqual(unknown.body);
    expect(othersView).toMatchObject({ status: 404, body: unknown.body });
  });

  it('lists newest first with exact totals, filters by status, pages, and refuses an unknown status', async () => {
    const created = [await appointment(), await appointment(), await appointment()];
    await patch(created[0]!.id, { status: 'CANCELADO' });

    const page0 = await call('GET', `${V2}?size=2`, bearer(demoToken));
    const page1 = await call('GET', `${V2}?size=2&page=1`, bearer(demoToken));
    const cancelled = await call('GET', `${V2}?status=CANCELADO&size=100`, bearer(demoToken));
    const bad = await call('GET', `${V2}?status=PERDIDO`, bearer(demoToken));
    const tooBig = await call('GET', `${V2}?size=101`, bearer(demoToken));
    const outras = await call('GET', `${V2}?size=100`, bearer(outraToken));

    expect(page0.status).toBe(200);
    expect(page0.body).toMatchObject({ page: 0, size: 2, totalPages: Math.ceil((page0.body.total as number) / 2) });
    expect(page0.body.content.map((a: Json) => a.id)).toEqual([created[2]!.id, created[1]!.id]);
    expect(page1.body.content[0].id).toBe(created[0]!.id);
    expect(cancelled.body.content.map((a: Json) => a.id)).toContain(created[0]!.id);
    expect(cancelled.body.content.every((a: Json) => a.status === 'CANCELADO')).toBe(true);
    expect(cancelled.body.total).toBe(cancelled.body.content.length);
    expectError(bad, 400, 'status');
    expectError(tooBig, 400, 'size');
    expect(outras.body.content.map((a: Json) => a.id)).not.toContain(created[0]!.id);
  });
});

describe('PATCH /api/external/v2/agendamentos/{id}', () => {
  it('confirms, records who and why, and commits the AGENDAMENTO_CONFIRMADO event for the provider', async () => {
    const mine = await appointment();

    const confirmed = await patch(mine.id, { status: 'CONFIRMADO', observacao: 'Paciente ligou' });

    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('CONFIRMADO');
    expect(confirmed.body.historico[1]).toMatchObject({
      de: 'IMPORTADO',
      para: 'CONFIRMADO',
      por: { tipo: 'cliente', id: demo().oauth.clientId },
      observacao: 'Paciente ligou',
    });
    const events = await outboundEvents(mine.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventId: `msg_${mine.id}_1`,
      prestadorId: demo().prestador.id,
      payload: { type: 'AGENDAMENTO_CONFIRMADO' },
    });
  });

  it('answers 422 for any other status, 409 for a move the state machine forbids, 200 without a second event for a repeat', async () => {
    const mine = await appointment();
    await patch(mine.id, { status: 'CANCELADO' });

    expectError(await patch(mine.id, { status: 'ENVIADO' }), 422);
    expectError(await patch(mine.id, { status: 'QUALQUER' }), 422);
    expectError(await patch(mine.id, { status: 'CONFIRMADO' }), 409);
    expectError(await patch(mine.id, {}), 400, 'status');
    const repeat = await patch(mine.id, { status: 'CANCELADO' });
    expect(repeat).toMatchObject({ status: 200, body: { status: 'CANCELADO' } });
    expect(repeat.body.historico).toHaveLength(2);
    expect(await outboundEvents(mine.id)).toHaveLength(1);
  });

  it('is 404 for another application and for an unknown id', async () => {
    const mine = await appointment();
    expectError(await patch(mine.id, { status: 'CONFIRMADO' }, outraToken), 404);
    expectError(await patch(999999999999, { status: 'CONFIRMADO' }), 404);
    expect((await call('GET', `${V2}/${mine.id}`, bearer(demoToken))).body.status).toBe('IMPORTADO');
  });

  it('lets exactly one of 10 racing cancellations decide against 10 confirmations, with a consistent history', async () => {
    // Prepare
    const mine = await appointment();

    // Act: 10 CANCELADO and 10 CONFIRMADO at once.
    const asked = Array.from({ length: 20 }, (_, i) => (i % 2 ? 'CONFIRMADO' : 'CANCELADO'));
    const replies = await Promise.all(asked.map((status) => patch(mine.id, { status })));

    // Assess: a cancellation is allowed from any open state and repeats as a no-op, so all ten are 200 and
    // the appointment ends CANCELADO, moved there exactly once; a confirmation is 200 before it and 409
    // after it, and at most one of them moved it. Each move is one event; the history is a chain.
    const final = (await call('GET', `${V2}/${mine.id}`, bearer(demoToken))).body;
    const history = final.historico as Json[];
    const decided = history.map((h) => h.para).filter((to) => to === 'CONFIRMADO' || to === 'CANCELADO');
    const confirmations = replies.filter((_, i) => asked[i] === 'CONFIRMADO').map((r) => r.status);
    expect(final.status).toBe('CANCELADO');
    expect(decided.filter((to) => to === 'CANCELADO')).toHaveLength(1);
    expect([['CANCELADO'], ['CONFIRMADO', 'CANCELADO']]).toContainEqual(decided);
    expect(replies.filter((_, i) => asked[i] === 'CANCELADO').map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(
      confirmations.every((status) => status === 200 || status === 409),
      JSON.stringify(confirmations),
    ).toBe(true);
    if (decided.length === 1) expect(confirmations).toEqual(Array(10).fill(409));
    else expect(confirmations).toContain(200);
    history.slice(1).forEach((entry, i) => expect(entry.de).toBe(history[i]!.para));
    expect(await outboundEvents(mine.id)).toHaveLength(history.length - 1);
  });
});

describe('POST /api/external/prestador/v1/execucao', () => {
  it('closes an appointment of the provider by agendamentoId or numeroPedido, with its event', async () => {
    const byId = await appointment();
    const byOrder = await appointment();

    const done = await execucao({ agendamentoId: byId.id, resultado: 'REALIZADO', observacao: 'ok' });
    const missed = await execucao({ numeroPedido: byOrder.numeroPedido, resultado: 'FALTOU' });

    expect(done).toMatchObject({ status: 200, body: { status: 'ok', agendamentoId: byId.id, resultado: 'REALIZADO' } });
    expect(missed).toMatchObject({ status: 200, body: { status: 'ok', agendamentoId: byOrder.id, resultado: 'FALTOU' } });
    const read = (await call('GET', `${V2}/${byId.id}`, bearer(demoToken))).body;
    expect(read.historico[1]).toMatchObject({
      de: 'IMPORTADO',
      para: 'REALIZADO',
      por: { tipo: 'prestador', id: demo().prestador.apiKey },
      observacao: 'ok',
    });
    expect((await outboundEvents(byOrder.id))[0]).toMatchObject({ payload: { type: 'AGENDAMENTO_FALTOU' } });
  });

  it.each([
    [{ agendamentoId: 1 }, 'resultado'],
    [{ agendamentoId: 1, resultado: 'TALVEZ' }, 'resultado'],
    [{ resultado: 'REALIZADO' }, 'agendamentoId'],
    [{ agendamentoId: 'um', resultado: 'REALIZADO' }, 'agendamentoId'],
  ])('answers 400 for %j naming %s', async (body, field) => {
    expectError(await execucao(body), 400, field);
  });

  it('answers 409 for a closed appointment and changes nothing', async () => {
    const mine = await appointment();
    await patch(mine.id, { status: 'CANCELADO' });
    const closed = await appointment();
    await execucao({ agendamentoId: closed.id, resultado: 'REALIZADO' });

    expectError(await execucao({ agendamentoId: mine.id, resultado: 'REALIZADO' }), 409);
    expectError(await execucao({ agendamentoId: closed.id, resultado: 'FALTOU' }), 409);
    expect((await call('GET', `${V2}/${closed.id}`, bearer(demoToken))).body.historico).toHaveLength(2);
  });

  it('is 404 outside the credential`s scope: another provider, another application, an unknown appointment', async () => {
    const mine = await appointment();
    const outras = service.sandbox.applications.outra;

    expectError(await execucao({ agendamentoId: mine.id, resultado: 'REALIZADO' }, {}, provider(otherProvider)), 404);
    expectError(await execucao({ numeroPedido: mine.numeroPedido, resultado: 'REALIZADO' }, {}, provider(otherProvider)), 404);
    expectError(await execucao({ agendamentoId: mine.id, resultado: 'REALIZADO' }, {}, provider(outras.prestador)), 404);
    expectError(await execucao({ agendamentoId: 999999999999, resultado: 'REALIZADO' }), 404);
    expect((await call('GET', `${V2}/${mine.id}`, bearer(demoToken))).body.status).toBe('IMPORTADO');
  });

  it('replays a repeated Idempotency-Key with the original answer and refuses the key with another body (422)', async () => {
    const mine = await appointment();
    const key = `exec-${mine.id}`;

    const first = await execucao({ agendamentoId: mine.id, resultado: 'REALIZADO' }, { 'Idempotency-Key': key });
    const again = await execucao({ agendamentoId: mine.id, resultado: 'REALIZADO' }, { 'Idempotency-Key': key });
    const changed = await execucao({ agendamentoId: mine.id, resultado: 'FALTOU' }, { 'Idempotency-Key': key });
    const badKey = await execucao({ agendamentoId: mine.id, resultado: 'REALIZADO' }, { 'Idempotency-Key': 'x'.repeat(256) });

    expect(first.body).toEqual({ status: 'ok', agendamentoId: mine.id, resultado: 'REALIZADO' });
    expect(again).toMatchObject({ status: 200, body: { status: 'replay', agendamentoId: mine.id, resultado: 'REALIZADO' } });
    expectError(changed, 422, 'Idempotency-Key');
    expectError(badKey, 400, 'Idempotency-Key');
    expect(await outboundEvents(mine.id)).toHaveLength(1);
  });

  it('applies exactly one of 50 simultaneous duplicates with one Idempotency-Key: one move, one history entry, one event, 49 replays', async () => {
    const mine = await appointment();
    const key = `burst-${mine.id}`;

    const replies = await Promise.all(
      Array.from({ length: 50 }, () => execucao({ agendamentoId: mine.id, resultado: 'REALIZADO' }, { 'Idempotency-Key': key })),
    );

    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(replies.filter((r) => r.body.status === 'ok')).toHaveLength(1);
    expect(replies.filter((r) => r.body.status === 'replay')).toHaveLength(49);
    const read = (await call('GET', `${V2}/${mine.id}`, bearer(demoToken))).body;
    expect(read.historico).toHaveLength(2);
    expect(read.status).toBe('REALIZADO');
    expect(await outboundEvents(mine.id)).toHaveLength(1);
  });

  it('keeps the appointment, its history and its event in one item set: the outbox row names the move', async () => {
    const mine = await appointment();
    await execucao({ agendamentoId: mine.id, resultado: 'FALTOU' });
    const [event] = await outboundEvents(mine.id);
    expect(event).toMatchObject({
      ...keys.outboundEvent(demo().id, `msg_${mine.id}_1`),
      payload: { data: { agendamento: { id: mine.id, status: 'FALTOU' } } },
    });
  });
});

describe('the sandbox loop: an /execucao reaches the provider`s webhook, signed', () => {
  it('delivers AGENDAMENTO_REALIZADO to the local receiver, verified there with standardwebhooks', async () => {
    const mine = await appointment();

    await execucao({ agendamentoId: mine.id, resultado: 'REALIZADO' });

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
});

describe('the state machine through the gateway: every status against each PATCH and /execucao trigger', () => {
  // Appointments in every status are stored directly (the flow that reaches ENVIADO, AVISO_ENVIADO...
  // is a later issue); the answers must be the table's (shared/domain/appointments/state-machine.ts).
  const triggers: [string, Trigger, (id: number) => Promise<Reply>][] = [
    ['cliente:CONFIRMADO', { by: 'cliente', status: 'CONFIRMADO' }, (id) => patch(id, { status: 'CONFIRMADO' })],
    ['cliente:CANCELADO', { by: 'cliente', status: 'CANCELADO' }, (id) => patch(id, { status: 'CANCELADO' })],
    ['prestador:REALIZADO', { by: 'prestador', resultado: 'REALIZADO' }, (id) => execucao({ agendamentoId: id, resultado: 'REALIZADO' })],
    ['prestador:FALTOU', { by: 'prestador', resultado: 'FALTOU' }, (id) => execucao({ agendamentoId: id, resultado: 'FALTOU' })],
  ];
  const cases = appointmentStatuses.flatMap((status) => triggers.map(([name, trigger, act]) => [status, name, trigger, act] as const));

  it.each(cases)('%s + %s', async (status, _name, trigger, act) => {
    const id = await nextId();
    const stored = newAppointment(
      { ...parseAppointmentCreate({ pacienteTelefone: '+5511987654321', procedimento: 'Exame' }), prestador: String(demo().prestador.id) },
      { id, aplicacaoId: demo().id, prestadorId: demo().prestador.id, clientId: 'test', at: new Date() },
    );
    await dynamoAppointmentRepository().create({ ...stored, status });

    const reply = await act(id);

    const decision = decideTransition(status, trigger);
    const after = (await call('GET', `${V2}/${id}`, bearer(demoToken))).body;
    if (decision.allowed) {
      expect(reply.status).toBe(200);
      expect(after.status).toBe(decision.to);
      expect(after.historico).toHaveLength(decision.changed ? 2 : 1);
    } else {
      expect(reply.status).toBe(decision.kind === 'conflict' ? 409 : 422);
      expect(after.status).toBe(status);
      expect(after.historico).toHaveLength(1);
    }
  });
});
