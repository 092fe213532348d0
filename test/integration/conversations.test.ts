// Patients' messages as the inbound consumer receives them from the queue (the webhook edge's own
// tests cover how they get there): stored once, linked to the patient (created when unknown) and to
// the patient's open attendance, which moves BOT -> FILA -> EM_ANDAMENTO -> ENCERRADO through the v2
// API and the admin panel; the next message after the close opens a new one.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PatientMessage } from '#events/inbound-queue';
import { processInbound } from '#functions/consumers/inbound';
import { adapter } from '#shared/adapters/index';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { consumerFunctions } from '#infra/functions';
import { asFunction } from '#infra/local/iam-guard';

const service = useLocalService();
const api = client(service);

let phones = 0;
const newPhone = () => `+55119${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(5, '0')}`;

const message = (aplicacaoId: number, from: string, texto: string, extra: Partial<PatientMessage> = {}): PatientMessage => ({
  kind: 'mensagem',
  aplicacaoId,
  provider: 'provider_a',
  providerMessageId: `SM${randomBytes(16).toString('hex')}`,
  from,
  to: null,
  profileName: 'Maria Paciente',
  tipo: 'texto',
  texto,
  midias: [],
  recebidaEm: new Date().toISOString(),
  ...extra,
});

/** Queues messages as the edge does (dedupe id: the provider's message id) and waits for the consumer. */
async function deliver(...messages: PatientMessage[]) {
  const queue = await adapter('queue');
  for (const m of messages) await queue.send('inbound', m, { dedupeId: `${m.provider}:${m.providerMessageId}` });
  await service.queues.drained(15_000);
}

const demo = () => service.sandbox.applications.demo;
const adminOf = (key: 'demo' | 'outra') => bearer(service.sandbox.applications[key].tokens.admin);

async function received(telefone: string, key: 'demo' | 'outra' = 'demo'): Promise<Json[]> {
  const reply = await api.call('GET', `/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(telefone)}&size=100`, adminOf(key));
  expect(reply.status).toBe(200);
  return reply.body.content as Json[];
}

/** demo's statement, newest first. */
const statement = async () =>
  (await api.call('GET', '/api/external/financeiro/extrato?size=100', { 'X-Api-Key': demo().apiKey, 'X-Api-Secret': demo().apiSecret }))
    .body.content as Json[];

async function v2(method: string, url: string, key: 'demo' | 'outra' = 'demo') {
  const token = await accessToken(service, service.sandbox.applications[key].oauth);
  return api.call(method, url, bearer(token));
}

describe('a patient writes', () => {
  it('stores the message once under duplicate deliveries, with a new patient and a BOT attendance', async () => {
    // Prepare
    const phone = newPhone();
    const first = message(demo().id, phone, 'Bom dia, quero remarcar meu exame', {
      midias: [{ ref: 'https://media.example/ME1', contentType: 'image/jpeg' }],
    });

    // Act: the provider delivers the same message three times
    await deliver(first, first, first);

    // Assess
    const messages = await received(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      provider: 'provider_a',
      providerMessageId: first.providerMessageId,
      telefone: phone,
      texto: 'Bom dia, quero remarcar meu exame',
      midias: [{ ref: 'https://media.example/ME1', contentType: 'image/jpeg' }],
      pacienteId: expect.any(Number),
      atendimentoId: expect.any(Number),
    });
    const attendance = await api.call('GET', `/api/admin/atendimentos/${messages[0]!.atendimentoId}`, adminOf('demo'));
    expect(attendance.status).toBe(200);
    expect(attendance.body).toMatchObject({
      status: 'BOT',
      mensagens: 1,
      paciente: { id: messages[0]!.pacienteId, nome: 'Maria Paciente', telefone: phone },
    });
  });

  it('keeps one patient and one attendance when the same patient writes several messages at once', async () => {
    // Prepare
    const phone = newPhone();
    const burst = Array.from({ length: 6 }, (_, i) => message(demo().id, phone, `mensagem ${i}`));

    // Act: handled side by side, as concurrent consumers would
    await asFunction(consumerFunctions.inbound.id, () => Promise.all(burst.map((m) => processInbound(m))));

    // Assess
    const messages = await received(phone);
    expect(messages).toHaveLength(6);
    expect(new Set(messages.map((m) => m.pacienteId)).size).toBe(1);
    expect(new Set(messages.map((m) => m.atendimentoId)).size).toBe(1);
    const attendance = await api.call('GET', `/api/admin/atendimentos/${messages[0]!.atendimentoId}`, adminOf('demo'));
    expect(attendance.body).toMatchObject({ status: 'BOT', mensagens: 6 });
  });

  it('moves an attendance BOT -> FILA (asking for a human) -> EM_ANDAMENTO -> ENCERRADO, and reopens on the next message', async () => {
    // Prepare: a conversation in BOT
    const phone = newPhone();
    await deliver(message(demo().id, phone, 'Olá'));
    const [hello] = await received(phone);
    const id = hello!.atendimentoId as number;

    // Act + assess: the patient asks for a human -> in the sector's queue
    await deliver(message(demo().id, phone, 'Quero falar com um ATENDENTE, por favor'));
    const queue = await v2('GET', '/api/external/v2/atendimentos/fila?size=100');
    expect(queue.status).toBe(200);
    expect(queue.body).toMatchObject({ page: 0, size: 100, total: expect.any(Number), totalPages: expect.any(Number) });
    const queued = (queue.body.content as Json[]).find((a) => a.id === id);
    expect(queued).toMatchObject({
      status: 'FILA',
      paciente: { telefone: phone },
      esperaSegundos: expect.any(Number),
      mensagens: 2,
      canal: 'WHATSAPP',
    });

    // an attendant takes it
    const taken = await api.call('POST', `/api/admin/atendimentos/${id}/assumir`, adminOf('demo'));
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ status: 'EM_ANDAMENTO', atendenteId: expect.any(Number) });
    const inProgress = await v2('GET', '/api/external/v2/atendimentos/em-andamento?size=100');
    expect((inProgress.body.content as Json[]).some((a) => a.id === id)).toBe(true);
    expect(((await v2('GET', '/api/external/v2/atendimentos/fila?size=100')).body.content as Json[]).some((a) => a.id === id)).toBe(false);

    // answers through the send path (charged, contexto SUPORTE)
    const answer = await api.call('POST', `/api/admin/atendimentos/${id}/responder`, adminOf('demo'), {
      mensagem: 'Olá! Como posso ajudar?',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ENVIADO', mensagemId: expect.any(Number) });
    const sent = await api.external(demo()).get(`/api/external/messages/${answer.body.mensagemId}`);
    expect(sent.body).toMatchObject({ toNumber: phone, contexto: 'SUPORTE', contextoId: id, usuarioId: expect.any(Number) });

    // and closes it
    const closed = await api.call('POST', `/api/admin/atendimentos/${id}/encerrar`, adminOf('demo'));
    expect(closed.body).toMatchObject({ status: 'ENCERRADO', encerradoEm: expect.any(String) });
    expect((await v2('POST', `/api/external/v2/atendimentos/${id}/escalar`)).status).toBe(409);
    expect((await api.call('POST', `/api/admin/atendimentos/${id}/responder`, adminOf('demo'), { mensagem: 'oi' })).status).toBe(409);

    // the patient's next message opens a new attendance for the same patient
    await deliver(message(demo().id, phone, 'Esqueci de perguntar uma coisa'));
    const after = await received(phone);
    expect(after[0]).toMatchObject({ pacienteId: hello!.pacienteId });
    expect(after[0]!.atendimentoId).not.toBe(id);
  });

  it('answers an attendance only while EM_ANDAMENTO: in BOT and in FILA a reply is 409, nothing sent or charged', async () => {
    // Prepare: a conversation in BOT, and demo's statement before any answer.
    const phone = newPhone();
    await deliver(message(demo().id, phone, 'Olá'));
    const id = (await received(phone))[0]!.atendimentoId as number;
    const mensagem = `Resposta ${randomBytes(4).toString('hex')}`;
    const reply = () => api.call('POST', `/api/admin/atendimentos/${id}/responder`, adminOf('demo'), { mensagem });
    const before = new Set((await statement()).map((e) => e.id as number));

    // Act: a reply in BOT, one in FILA, one once an attendant took it.
    const inBot = await reply();
    await v2('POST', `/api/external/v2/atendimentos/${id}/escalar`);
    const inQueue = await reply();
    await api.call('POST', `/api/admin/atendimentos/${id}/assumir`, adminOf('demo'));
    const inProgress = await reply();

    // Assess: only the last became a message, and only it was debited (a reply is a paid send).
    expect([inBot.status, inQueue.status, inProgress.status]).toEqual([409, 409, 200]);
    for (const refused of [inBot, inQueue]) expect(refused.body).toEqual({ error: 'conflict', message: expect.any(String) });
    const debits = (await statement()).filter((e) => !before.has(e.id as number) && e.tipo === 'DEBIT');
    expect(debits.map((e) => e.referenciaId)).toEqual([inProgress.body.mensagemId]);
  });

  it("escalates through the v2 API, idempotently, and hides another application's attendances (404)", async () => {
    // Prepare
    const phone = newPhone();
    await deliver(message(demo().id, phone, 'Oi'));
    const id = (await received(phone))[0]!.atendimentoId as number;

    // Act
    const once = await v2('POST', `/api/external/v2/atendimentos/${id}/escalar`);
    const twice = await v2('POST', `/api/external/v2/atendimentos/${id}/escalar`);
    const foreign = await v2('POST', `/api/external/v2/atendimentos/${id}/escalar`, 'outra');

    // Assess
    expect(once.status).toBe(200);
    expect(once.body).toMatchObject({ id, status: 'FILA' });
    expect(twice.status).toBe(200);
    expect(twice.body.filaDesde).toBe(once.body.filaDesde);
    expect(foreign.status).toBe(404);
    expect((await api.call('GET', `/api/admin/atendimentos/${id}`, adminOf('outra'))).status).toBe(404);
    expect(await received(phone, 'outra')).toHaveLength(0);
    expect((await v2('POST', '/api/external/v2/atendimentos/999999999/escalar')).status).toBe(404);
  });

  it('answers 400 naming the field for a bad answer or filter, and 401/403 without the right credentials', async () => {
    expect((await api.call('POST', '/api/admin/atendimentos/1/responder', adminOf('demo'), {})).body).toMatchObject({
      error: 'validation_error',
      field: 'mensagem',
    });
    expect((await api.call('GET', '/api/admin/mensagens-recebidas?telefone=abc', adminOf('demo'))).body).toMatchObject({
      field: 'telefone',
    });
    expect((await api.call('GET', '/api/external/v2/atendimentos/fila', {})).status).toBe(401);
    const limited = await accessToken(service, demo().oauthLimited);
    expect((await api.call('GET', '/api/external/v2/atendimentos/fila', bearer(limited))).status).toBe(403);
  });
});
