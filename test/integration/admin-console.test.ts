// The admin routes behind the console's Agendamentos, Atendimentos and Configurações screens (#26),
// under the local run: each for the token's own application (another application's record is the
// same 404 as an unknown one; outra's tenant admin never sees demo's data), each refusing a bad query
// or body with a 400 and nothing written.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PatientMessage } from '#events/inbound-queue';
import { TEST_TEXT } from '#functions/admin-whatsapp/provider-test';
import { adapter } from '#shared/adapters/index';
import { localDateTime } from '#shared/domain/time';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);

type AppKey = 'demo' | 'outra' | 'semSaldo';
const app = (key: AppKey) => service.sandbox.applications[key];
const admin = (key: AppKey, method: string, url: string, body?: unknown) => api.call(method, url, bearer(app(key).tokens.admin), body);

let phones = 0;
const mobile = () => `+55119${String(60000000 + (process.pid % 1000) * 1000 + ++phones).padStart(8, '0')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(50);
    value = await read();
  }
  return value;
}

/** The portal user a token names (its `sub`). */
const subjectOf = (token: string) => Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);

const statement = async (key: AppKey) =>
  (await api.call('GET', '/api/external/financeiro/extrato?size=100', { 'X-Api-Key': app(key).apiKey, 'X-Api-Secret': app(key).apiSecret }))
    .body.content as Json[];

describe('Configurações: GET /api/admin/usuarios', () => {
  it('pages the application’s own portal users, never a password, and outra’s admin sees only outra’s', async () => {
    // Prepare: one more admin in demo
    const email = `secretaria-${process.pid}-${Date.now()}@demo.example`;
    const created = await admin('demo', 'POST', '/api/admin/usuarios', {
      nome: 'Secretária',
      email,
      role: 'admin',
      senha: 'uma senha longa 123',
    });
    expect(created.status).toBe(201);

    // Act
    const all = await admin('demo', 'GET', '/api/admin/usuarios?size=100');
    const firstPage = await admin('demo', 'GET', '/api/admin/usuarios?size=2');
    const secondPage = await admin('demo', 'GET', '/api/admin/usuarios?size=2&page=1');
    const foreign = await admin('outra', 'GET', '/api/admin/usuarios?size=100');

    // Assess
    expect(all.status).toBe(200);
    const users = all.body.content as Json[];
    expect(users.map((u) => u.email)).toContain(email);
    expect(users.every((u) => u.aplicacaoId === app('demo').id)).toBe(true);
    expect(new Set(users.map((u) => u.role))).toEqual(new Set(['admin', 'prestador', 'plantonista', 'paciente']));
    expect(JSON.stringify(all.body)).not.toMatch(/senha|hash|scrypt/i);
    expect(all.body).toMatchObject({ totalElements: users.length, number: 0, size: 100, totalPages: 1 });
    expect(firstPage.body).toMatchObject({ totalElements: users.length, totalPages: Math.ceil(users.length / 2), number: 0, size: 2 });
    expect([...firstPage.body.content, ...secondPage.body.content]).toEqual(users.slice(0, 4));
    expect(foreign.status).toBe(200);
    expect((foreign.body.content as Json[]).length).toBeGreaterThan(0);
    expect((foreign.body.content as Json[]).every((u) => u.aplicacaoId === app('outra').id)).toBe(true);
    expect((foreign.body.content as Json[]).map((u) => u.email)).not.toContain(email);
  });

  it('refuses a bad page or size with a 400', async () => {
    const badSize = await admin('demo', 'GET', '/api/admin/usuarios?size=101');
    const badPage = await admin('demo', 'GET', '/api/admin/usuarios?page=-1');
    expect(badSize.status).toBe(400);
    expect(badSize.body).toMatchObject({ error: 'validation_error' });
    expect(badPage.status).toBe(400);
  });
});

describe('Configurações: POST /api/admin/whatsapp/teste', () => {
  it('sends the test text through the application’s provider (provider_a for outra), charged as a TESTE send', async () => {
    // Prepare
    const telefone = mobile();
    const before = await statement('outra');

    // Act
    const sent = await admin('outra', 'POST', '/api/admin/whatsapp/teste', { telefone });

    // Assess: the provider got the text; the statement has its debit; the message log shows it as TESTE
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'ENVIADO', mensagemId: expect.any(Number), messageSid: expect.any(String) });
    const delivered = service.simulators.providerA.sent().filter((s) => s.to === `whatsapp:${telefone}`);
    expect(delivered.map((s) => s.body)).toEqual([TEST_TEXT]);
    const after = await statement('outra');
    expect(after.length).toBe(before.length + 1);
    expect(after[0]).toMatchObject({ tipo: 'DEBIT', referenciaTipo: 'MENSAGEM_ENVIADA', referenciaId: sent.body.mensagemId });
    const message = await api.call('GET', `/api/external/messages/${sent.body.mensagemId}`, {
      'X-Api-Key': app('outra').apiKey,
      'X-Api-Secret': app('outra').apiSecret,
    });
    expect(message.body).toMatchObject({ toNumber: telefone, body: TEST_TEXT });
  });

  it('is 402 with the balance when the application cannot pay for it, with nothing sent or charged', async () => {
    const telefone = mobile();
    const sentBefore = service.simulators.providerB.sent().length;

    const refused = await admin('semSaldo', 'POST', '/api/admin/whatsapp/teste', { telefone });

    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'insufficient_balance', saldo: '0.00' });
    expect(service.simulators.providerB.sent().length).toBe(sentBefore);
    expect(await statement('semSaldo')).toEqual([]);
  });

  it('refuses a number that is not a phone, or a missing one, with a 400 and nothing charged', async () => {
    const before = await statement('outra');

    const notAPhone = await admin('outra', 'POST', '/api/admin/whatsapp/teste', { telefone: 'abc' });
    const missing = await admin('outra', 'POST', '/api/admin/whatsapp/teste', {});
    const tooLong = await admin('outra', 'POST', '/api/admin/whatsapp/teste', { telefone: '+55'.padEnd(40, '1') });

    for (const reply of [notAPhone, missing, tooLong]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: 'validation_error', field: 'telefone' });
    }
    expect((await statement('outra')).map((e) => e.id)).toEqual(before.map((e) => e.id));
  });
});

// ---------------------------------------------------------------------------------------------
// Agendamentos

const V2 = '/api/external/v2/agendamentos';
const BOARD = '/api/admin/agendamentos';
const tokens = new Map<AppKey, string>();
async function v2(key: AppKey, method: string, url: string, body?: unknown) {
  if (!tokens.has(key)) tokens.set(key, await accessToken(service, app(key).oauth));
  return api.call(method, url, bearer(tokens.get(key)!), body);
}
async function createAppointment(key: AppKey, fields: Record<string, unknown>): Promise<Json> {
  const reply = await v2(key, 'POST', V2, {
    pacienteNome: 'Maria Souza',
    localRetirada: 'Unidade Centro',
    prestador: String(app(key).prestador.id),
    pacienteTelefone: mobile(),
    ...fields,
  });
  expect(reply.status).toBe(201);
  return reply.body;
}
const detail = async (key: AppKey, id: number) => (await admin(key, 'GET', `${BOARD}/${id}`)).body;
/** Waits until the flow has left the appointment in `wanted` (it moves on its own after the create). */
const settled = (key: AppKey, id: number, wanted: string) =>
  until(
    `appointment ${id} ${wanted}`,
    () => detail(key, id),
    (a) => a.status === wanted,
  );
const ids = (page: Json) => (page.content as Json[]).map((a) => a.id as number);

describe('Agendamentos: the board by day', () => {
  it('lists one day’s appointments by status, follows each move, and never another application’s', async () => {
    // Prepare: three of demo's on 2031-05-17 (two date forms the flow reads), one on the next day, one of outra's
    // on the same day; no template serves the procedure, so the flow leaves them in SEM_TEMPLATE.
    const a = await createAppointment('demo', { procedimento: 'Quadro A', dataLimiteRetirada: '2031-05-17T09:00' });
    const b = await createAppointment('demo', { procedimento: 'Quadro A', dataLimiteRetirada: '17/05/2031 15:30' });
    const c = await createAppointment('demo', { procedimento: 'Quadro A', dataLimiteRetirada: '2031-05-17' });
    const other = await createAppointment('demo', { procedimento: 'Quadro A', dataLimiteRetirada: '2031-05-18T09:00' });
    const foreign = await createAppointment('outra', { procedimento: 'Quadro A', dataLimiteRetirada: '2031-05-17T09:00' });
    for (const x of [a, b, c, other]) await settled('demo', x.id, 'SEM_TEMPLATE');
    await settled('outra', foreign.id, 'SEM_TEMPLATE');

    // Act: an operator cancels one; then the board is read, whole, by status and in pages
    const cancelled = await admin('demo', 'POST', `${BOARD}/${b.id}/cancelar`, { motivo: 'Paciente ligou desmarcando' });
    const day = await admin('demo', 'GET', `${BOARD}?data=2031-05-17&size=100`);
    const waiting = await admin('demo', 'GET', `${BOARD}?data=2031-05-17&status=SEM_TEMPLATE`);
    const gone = await admin('demo', 'GET', `${BOARD}?data=2031-05-17&status=CANCELADO`);
    const page0 = await admin('demo', 'GET', `${BOARD}?data=2031-05-17&size=2`);
    const page1 = await admin('demo', 'GET', `${BOARD}?data=2031-05-17&size=2&page=1`);
    const outras = await admin('outra', 'GET', `${BOARD}?data=2031-05-17&size=100`);

    // Assess: by status (CANCELADO before SEM_TEMPLATE), then id; the next day's and outra's are not on it
    expect(cancelled.status).toBe(200);
    expect(day.status).toBe(200);
    expect(ids(day.body)).toEqual([b.id, a.id, c.id]);
    expect(day.body).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 100 });
    expect((day.body.content as Json[]).map((x) => x.status)).toEqual(['CANCELADO', 'SEM_TEMPLATE', 'SEM_TEMPLATE']);
    expect(ids(waiting.body)).toEqual([a.id, c.id]);
    expect(waiting.body.totalElements).toBe(2);
    expect(ids(gone.body)).toEqual([b.id]);
    expect([...ids(page0.body), ...ids(page1.body)]).toEqual([b.id, a.id, c.id]);
    expect(page0.body).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(ids(outras.body)).toEqual([foreign.id]);
  });

  it('refuses a day that is not a real date, a missing day or an unknown status with a 400', async () => {
    for (const query of ['data=2031-02-30', 'data=17/05/2031', '', 'data=2031-05-17&status=PERDIDO', 'data=2031-05-17&size=0']) {
      const reply = await admin('demo', 'GET', `${BOARD}?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error).toBe('validation_error');
    }
  });
});

describe('Agendamentos: one appointment, and the operator’s moves', () => {
  it('shows every move with who made it, and the flow’s notification with its status', async () => {
    // Prepare: an approved template (the link provider approves at once), an appointment the flow notifies
    const template = await admin('demo', 'POST', '/api/admin/whatsapp/templates-hsm', {
      nome: `quadro_${Date.now() % 1_000_000}`,
      idioma: 'pt_BR',
      categoria: 'UTILITY',
      corpo: 'Olá {{1}}, seu exame {{2}} está pronto. Confirme pelo botão.',
      variaveis: ['pacienteNome', 'procedimento'],
      botoes: ['Confirmar', 'Cancelar'],
      procedimentos: ['Exame do quadro'],
    });
    expect(template.status).toBe(201);
    expect((await admin('demo', 'POST', `/api/admin/whatsapp/templates-hsm/${template.body.id}/submeter`)).body.estado).toBe('APROVADO');
    const created = await createAppointment('demo', { procedimento: 'Exame do quadro' });
    await settled('demo', created.id, 'ENVIADO');
    const operador = subjectOf(app('demo').tokens.admin);
    const nome = ((await admin('demo', 'GET', '/api/admin/usuarios?size=100')).body.content as Json[]).find((u) => u.id === operador)!.nome;

    // Act: the operator confirms it (the patient said so on the phone)
    const confirmed = await admin('demo', 'POST', `${BOARD}/${created.id}/confirmar`, { motivo: 'Confirmou por telefone' });
    const shown = await detail('demo', created.id);

    // Assess
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: created.id, status: 'CONFIRMADO' });
    expect(shown.historico).toEqual([
      expect.objectContaining({
        de: null,
        para: 'IMPORTADO',
        por: { tipo: 'cliente', id: app('demo').oauth.clientId, nome: null },
        mensagemId: null,
      }),
      expect.objectContaining({ de: 'IMPORTADO', para: 'VALIDADO', por: { tipo: 'fluxo', id: null, nome: null }, mensagemId: null }),
      expect.objectContaining({
        de: 'VALIDADO',
        para: 'ENVIADO',
        por: { tipo: 'fluxo', id: null, nome: null },
        mensagemId: expect.any(Number),
      }),
      expect.objectContaining({
        de: 'ENVIADO',
        para: 'CONFIRMADO',
        por: { tipo: 'operador', id: operador, nome },
        observacao: 'Confirmou por telefone',
        mensagemId: null,
      }),
    ]);
    const [notification] = shown.mensagens as Json[];
    expect(shown.mensagens).toHaveLength(1);
    expect(notification).toMatchObject({
      id: shown.historico[2].mensagemId,
      passo: 'notificacao',
      body: 'Olá Maria Souza, seu exame Exame do quadro está pronto. Confirme pelo botão.',
      status: 'SENT',
    });
    // The provider hears of it as of a PATCH: AGENDAMENTO_CONFIRMADO on its webhook.
    const delivery = await until(
      'the webhook delivery',
      async () => (await service.webhookReceiver.received()).find((d) => d.headers['webhook-id'] === `msg_${created.id}_3`),
      Boolean,
    );
    expect(delivery!.body).toMatchObject({
      type: 'AGENDAMENTO_CONFIRMADO',
      data: { agendamento: { id: created.id, status: 'CONFIRMADO' } },
    });
  });

  it('cancels with a reason, repeats as a no-op, refuses what the state machine refuses, and is 404 for another application', async () => {
    // Prepare
    const created = await createAppointment('demo', { procedimento: 'Sem modelo do quadro' });
    await settled('demo', created.id, 'SEM_TEMPLATE');

    // Act
    const noReason = await admin('demo', 'POST', `${BOARD}/${created.id}/cancelar`, {});
    const blankReason = await admin('demo', 'POST', `${BOARD}/${created.id}/cancelar`, { motivo: '   ' });
    const longReason = await admin('demo', 'POST', `${BOARD}/${created.id}/cancelar`, { motivo: 'x'.repeat(1001) });
    const afterRefusals = await detail('demo', created.id);
    const foreignCancel = await admin('outra', 'POST', `${BOARD}/${created.id}/cancelar`, { motivo: 'Não é meu' });
    const foreignRead = await admin('outra', 'GET', `${BOARD}/${created.id}`);
    const cancelled = await admin('demo', 'POST', `${BOARD}/${created.id}/cancelar`, { motivo: ' Exame suspenso ' });
    const again = await admin('demo', 'POST', `${BOARD}/${created.id}/cancelar`, { motivo: 'De novo' });
    const confirmClosed = await admin('demo', 'POST', `${BOARD}/${created.id}/confirmar`);
    const unknown = await admin('demo', 'POST', `${BOARD}/999999999999/confirmar`);

    // Assess: nothing written by a refusal; one CANCELADO entry with the trimmed reason; a closed one is 409
    for (const reply of [noReason, blankReason, longReason]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: 'validation_error', field: 'motivo' });
    }
    expect(afterRefusals.status).toBe('SEM_TEMPLATE');
    expect(foreignCancel.status).toBe(404);
    expect(foreignRead.status).toBe(404);
    expect(cancelled.status).toBe(200);
    expect(again.status).toBe(200);
    expect(confirmClosed.status).toBe(409);
    expect(unknown.status).toBe(404);
    const shown = await detail('demo', created.id);
    expect(shown.historico.filter((h: Json) => h.para === 'CANCELADO')).toEqual([
      expect.objectContaining({ de: 'SEM_TEMPLATE', por: expect.objectContaining({ tipo: 'operador' }), observacao: 'Exame suspenso' }),
    ]);
    expect(shown.mensagens).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Atendimentos

const INBOX = '/api/admin/atendimentos';
const patientMessage = (key: AppKey, from: string, texto: string, recebidaEm: Date): PatientMessage => ({
  kind: 'mensagem',
  aplicacaoId: app(key).id,
  provider: 'provider_a',
  providerMessageId: `SM${randomBytes(16).toString('hex')}`,
  from,
  to: null,
  profileName: 'Joana Paciente',
  tipo: 'texto',
  texto,
  midias: [],
  recebidaEm: recebidaEm.toISOString(),
});
/** Queues a patient's message as the webhook edge does and waits for the consumer. */
async function deliver(m: PatientMessage) {
  await (await adapter('queue')).send('inbound', m, { dedupeId: `${m.provider}:${m.providerMessageId}` });
  await service.queues.drained(15_000);
}
const attendanceOf = async (key: AppKey, telefone: string) => {
  const reply = await admin(key, 'GET', `/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(telefone)}&size=1`);
  return (reply.body.content as Json[])[0]!.atendimentoId as number;
};
const DAY_MS = 24 * 60 * 60 * 1000;

describe('Atendimentos: the inbox and the conversation', () => {
  it('lists the queue and the attendances in progress by sector, never another application’s', async () => {
    // Prepare: a patient asks for a human (FILA, in demo's default sector, whose id is the application's)
    const telefone = mobile();
    await deliver(patientMessage('demo', telefone, 'Quero falar com um atendente', new Date()));
    const id = await attendanceOf('demo', telefone);

    // Act
    const queue = await admin('demo', 'GET', `${INBOX}?size=100`);
    const inSector = await admin('demo', 'GET', `${INBOX}?status=FILA&setorId=${app('demo').id}&size=100`);
    const otherSector = await admin('demo', 'GET', `${INBOX}?status=FILA&setorId=999999999&size=100`);
    const taken = await admin('demo', 'POST', `${INBOX}/${id}/assumir`);
    const queueAfter = await admin('demo', 'GET', `${INBOX}?status=FILA&size=100`);
    const inProgress = await admin('demo', 'GET', `${INBOX}?status=EM_ANDAMENTO&setorId=${app('demo').id}&size=100`);
    const foreignInbox = await admin('outra', 'GET', `${INBOX}?status=EM_ANDAMENTO&size=100`);
    const foreignRead = await admin('outra', 'GET', `${INBOX}/${id}`);

    // Assess
    expect(queue.status).toBe(200);
    expect(ids(queue.body)).toContain(id);
    expect((queue.body.content as Json[]).find((a) => a.id === id)).toMatchObject({
      status: 'FILA',
      paciente: { telefone, nome: 'Joana Paciente' },
      setor: { id: app('demo').id },
    });
    expect(queue.body).toMatchObject({ number: 0, size: 100, totalElements: expect.any(Number), totalPages: expect.any(Number) });
    expect(ids(inSector.body)).toContain(id);
    expect(otherSector.body).toMatchObject({ content: [], totalElements: 0 });
    expect(taken.status).toBe(200);
    expect(ids(queueAfter.body)).not.toContain(id);
    expect(ids(inProgress.body)).toContain(id);
    expect(ids(foreignInbox.body)).not.toContain(id);
    expect(foreignRead.status).toBe(404);
  });

  it('refuses a closed or unknown status and a sector id that is not one with a 400', async () => {
    for (const query of ['status=ENCERRADO', 'status=fila', 'setorId=abc', 'setorId=0', 'setorId=12345678901234567', 'size=101']) {
      const reply = await admin('demo', 'GET', `${INBOX}?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error).toBe('validation_error');
    }
  });

  it('gives the whole conversation in order, with each answer’s status, and when the patient’s 24-hour window closes', async () => {
    // Prepare: the patient writes twice, an attendant takes it and answers, the patient writes again
    const telefone = mobile();
    const start = Date.now();
    await deliver(patientMessage('demo', telefone, 'Olá', new Date(start - 120_000)));
    await deliver(patientMessage('demo', telefone, 'Quero um atendente', new Date(start - 60_000)));
    const id = await attendanceOf('demo', telefone);
    expect((await admin('demo', 'POST', `${INBOX}/${id}/assumir`)).status).toBe(200);
    const answered = await admin('demo', 'POST', `${INBOX}/${id}/responder`, { mensagem: 'Bom dia! Como posso ajudar?' });
    expect(answered.status).toBe(200);
    const last = patientMessage('demo', telefone, 'Obrigada', new Date(Date.now() + 1000));
    await deliver(last);

    // Act
    const shown = await admin('demo', 'GET', `${INBOX}/${id}`);

    // Assess
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id, status: 'EM_ANDAMENTO', mensagens: 3 });
    expect((shown.body.conversa as Json[]).map((m) => [m.direcao, m.texto])).toEqual([
      ['ENTRADA', 'Olá'],
      ['ENTRADA', 'Quero um atendente'],
      ['SAIDA', 'Bom dia! Como posso ajudar?'],
      ['ENTRADA', 'Obrigada'],
    ]);
    expect(shown.body.conversa[0]).toMatchObject({ em: localDateTime(new Date(start - 120_000)), status: null, usuarioId: null });
    expect(shown.body.conversa[2]).toMatchObject({
      id: answered.body.mensagemId,
      status: 'SENT',
      statusDescricao: expect.any(String),
      usuarioId: subjectOf(app('demo').tokens.admin),
    });
    expect(shown.body.janelaAtendimentoFechaEm).toBe(localDateTime(new Date(Date.parse(last.recebidaEm) + DAY_MS)));
  });

  it('measures a closed attendance’s window from the patient’s latest message, also in the attendance it opened since', async () => {
    // Prepare: an attendance closed, then the patient writes again (a new attendance)
    const telefone = mobile();
    const first = patientMessage('demo', telefone, 'Oi', new Date(Date.now() - 3_600_000));
    await deliver(first);
    const closedId = await attendanceOf('demo', telefone);
    expect((await admin('demo', 'POST', `${INBOX}/${closedId}/encerrar`)).status).toBe(200);
    const closedBefore = await admin('demo', 'GET', `${INBOX}/${closedId}`);
    const again = patientMessage('demo', telefone, 'Voltei', new Date());
    await deliver(again);

    // Act
    const closed = await admin('demo', 'GET', `${INBOX}/${closedId}`);

    // Assess: its conversation is its own; the window follows the patient's newest message
    expect(closedBefore.body.janelaAtendimentoFechaEm).toBe(localDateTime(new Date(Date.parse(first.recebidaEm) + DAY_MS)));
    expect(closed.body.status).toBe('ENCERRADO');
    expect((closed.body.conversa as Json[]).map((m) => m.texto)).toEqual(['Oi']);
    expect(closed.body.janelaAtendimentoFechaEm).toBe(localDateTime(new Date(Date.parse(again.recebidaEm) + DAY_MS)));
  });
});
