// The patient app's chat and push notifications under the local service (docs/app-chat.md), with real patient tokens
// (one-time code read from the local outbox): a message typed in the app lands in the patient's attendance with canal
// APP and is charged APP_CHAT; the operator's answer goes back to the app (not to WhatsApp) and is pushed only while
// NOTIFICACOES_PUSH is granted, each push APP_PUSH; a disabled endpoint is removed; an attendance whose patient wrote
// on WhatsApp still answers on WhatsApp; another patient's or application's chat and devices are invisible.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toCents } from '#shared/domain/money';
import { bearer, client, outraPatients, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);
const demo = () => service.sandbox.applications.demo;
const outra = () => service.sandbox.applications.outra;
const demoAdmin = () => bearer(demo().tokens.admin);
const outraAdmin = () => bearer(outra().tokens.admin);

/** A new paciente user of demo, logged in with a one-time code: its phone and token. */
async function newPatient(): Promise<{ telefone: string; token: string }> {
  const telefone = `+55478${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
  const created = await api.admin('POST', '/api/admin/usuarios', {
    nome: 'Paciente do App',
    email: `app-${randomUUID().slice(0, 8)}@example.com`,
    role: 'paciente',
    telefone,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await api.call('POST', '/api/auth/paciente/codigo', {}, { aplicacao: demo().slug, telefone })).status).toBe(202);
  await service.queues.drained();
  let code: string | undefined;
  for (const file of (await outboxFiles()).filter((f) => f.includes('-whatsapp-'))) {
    const text = JSON.parse(await readFile(path.join(outbox(), file), 'utf8')) as { to: string; body: string };
    if (text.to === telefone) code = /(\d{6})/.exec(text.body)?.[1];
  }
  const exchanged = await api.call('POST', '/api/auth/paciente/token', {}, { aplicacao: demo().slug, telefone, codigo: code });
  expect(exchanged.status).toBe(200);
  return { telefone, token: String(exchanged.body.access_token) };
}

const outbox = () => path.join(service.dataDir, 'outbox');
const outboxFiles = async () => (await readdir(outbox()).catch(() => [] as string[])).sort();
/** The pushes the local push service delivered to a token's endpoint (shared/adapters/local/push.ts). */
async function pushesTo(plataforma: string, token: string): Promise<Json[]> {
  const endpoint = `local:push:${plataforma}:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
  const found: Json[] = [];
  for (const file of (await outboxFiles()).filter((f) => f.includes('-push-'))) {
    const push = JSON.parse(await readFile(path.join(outbox(), file), 'utf8')) as Json;
    if (push.endpoint === endpoint) found.push(push);
  }
  return found;
}

async function get(url: string, auth: Record<string, string>): Promise<Json> {
  const reply = await api.call('GET', url, auth);
  expect(reply.status, url).toBe(200);
  return reply.body;
}
/** demo's statement, newest first. */
const statement = async () => (await get('/api/admin/extrato?size=100', demoAdmin())).content as Json[];
const entriesOf = async (referenciaTipo: string) => (await statement()).filter((e) => e.referenciaTipo === referenciaTipo);
const newerThan = (entries: Json[], id: number) => entries.filter((e) => Number(e.id) > id);
const lastEntryId = async () => Number((await statement())[0]?.id ?? 0);
/** A debit's arithmetic, exact: saldoPosterior = saldoAnterior - valor. */
const checkDebit = (e: Json, valor: string) => {
  expect(e).toMatchObject({ tipo: 'DEBIT', valor });
  expect(toCents(String(e.saldoAnterior)) - toCents(valor)).toBe(toCents(String(e.saldoPosterior)));
};

const chat = (token: string) => get('/api/v4/saude/chat?size=100', bearer(token));
const write = (token: string, texto: unknown) => api.call('POST', '/api/v4/saude/chat', bearer(token), { texto });
const consent = (token: string, acao: 'conceder' | 'revogar') =>
  api.call('PUT', `/api/v4/saude/consentimentos/NOTIFICACOES_PUSH/${acao}`, bearer(token), acao === 'revogar' ? {} : undefined);
const register = (token: string, plataforma: string, push: string) =>
  api.call('PUT', '/api/v4/saude/dispositivos', bearer(token), { plataforma, token: push });
const answer = (id: number, mensagem: string, auth = demoAdmin()) =>
  api.call('POST', `/api/admin/atendimentos/${id}/responder`, auth, { mensagem });

/** The attendance the patient's app message landed in (its inbound message names it), as the console opens it. */
async function attendanceOf(telefone: string): Promise<Json> {
  const [received] = (await get(`/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(telefone)}&size=1`, demoAdmin()))
    .content as Json[];
  expect(received, `a message of ${telefone}`).toBeDefined();
  return get(`/api/admin/atendimentos/${received!.atendimentoId}`, demoAdmin());
}

describe('POST /api/v4/saude/chat', () => {
  it('lands the patient’s message in its attendance with canal APP, charged APP_CHAT with exact arithmetic', async () => {
    // Prepare
    const patient = await newPatient();
    const before = await lastEntryId();

    // Act
    const sent = await write(patient.token, 'Olá, gostaria de remarcar minha consulta');

    // Assess: kept and charged, shown to the patient, and in the console's attendance as an app message
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ direcao: 'ENTRADA', texto: 'Olá, gostaria de remarcar minha consulta', valor: '0.02' });
    const [charge, ...more] = newerThan(await entriesOf('APP_CHAT'), before);
    expect(more).toHaveLength(0);
    checkDebit(charge!, '0.02');
    expect(charge!.referenciaId).toBe(sent.body.id);
    expect((await chat(patient.token)).content).toEqual([sent.body]);
    const [received] = (await get(`/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(patient.telefone)}`, demoAdmin()))
      .content as Json[];
    expect(received).toMatchObject({ provider: 'app', canal: 'APP', texto: 'Olá, gostaria de remarcar minha consulta' });
    const attendance = await attendanceOf(patient.telefone);
    expect(attendance).toMatchObject({ status: 'BOT', canal: 'APP', mensagens: 1, paciente: { telefone: patient.telefone } });
    expect(attendance.conversa).toEqual([
      expect.objectContaining({ direcao: 'ENTRADA', canal: 'APP', texto: 'Olá, gostaria de remarcar minha consulta' }),
    ]);
  });

  it('refuses a blank or missing text with 400 naming the field, writing nothing', async () => {
    // Prepare
    const patient = await newPatient();
    const before = await lastEntryId();

    // Act
    const blank = await write(patient.token, '   ');
    const missing = await api.call('POST', '/api/v4/saude/chat', bearer(patient.token), {});

    // Assess
    for (const reply of [blank, missing]) {
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body)).toContain('texto');
    }
    expect((await chat(patient.token)).content).toEqual([]);
    expect(await lastEntryId()).toBe(before);
  });
});

describe('POST /api/v4/saude/chat with an Idempotency-Key', () => {
  const keyed = (token: string, key: string, texto: string) =>
    api.call('POST', '/api/v4/saude/chat', { ...bearer(token), 'Idempotency-Key': key }, { texto });

  it('keeps and charges a retried message once, however many retries arrive together; another text under the key is 422', async () => {
    // Prepare: two patients, one key
    const [patient, other] = [await newPatient(), await newPatient()];
    const before = await lastEntryId();
    const key = `msg-${randomUUID()}`;

    // Act: the app retries the same message five times at once; the other patient uses the same key
    const tries = await Promise.all(Array.from({ length: 5 }, () => keyed(patient.token, key, 'Cheguei à recepção')));
    const changed = await keyed(patient.token, key, 'Outra coisa');
    const others = await keyed(other.token, key, 'Cheguei à recepção');

    const later = await keyed(patient.token, key, 'Cheguei à recepção');

    // Assess: one message, one charge; each try is it, or 409 while the first is being charged; the key is the patient's own
    const kept = tries.find((t) => t.status === 201)!;
    for (const reply of tries) {
      if (reply.status === 201) expect(reply.body.id).toBe(kept.body.id);
      else expect([reply.status, reply.body.mensagemId]).toEqual([409, kept.body.id]);
    }
    expect(later.status).toBe(201);
    expect(later.body).toEqual({ ...kept.body, valor: '0.02' });
    expect((await chat(patient.token)).content).toEqual([later.body]);
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ field: 'Idempotency-Key' });
    expect(others.status).toBe(201);
    expect(others.body.id).not.toBe(kept.body.id);
    const charges = newerThan(await entriesOf('APP_CHAT'), before);
    expect(charges.map((c) => c.referenciaId).sort()).toEqual([kept.body.id, others.body.id].sort());
  });
});

describe('the operator’s answer to an app message', () => {
  it('goes back to the app, not WhatsApp; pushed and billed APP_PUSH only while NOTIFICACOES_PUSH is granted', async () => {
    // Prepare: a patient with a device, its consent revoked, whose app message an operator took
    const patient = await newPatient();
    const pushToken = `fcm-${randomUUID()}`;
    const device = await register(patient.token, 'android', pushToken);
    expect(device.status).toBe(201);
    expect((await register(patient.token, 'android', pushToken)).body).toEqual(device.body); // the same device again
    expect((await consent(patient.token, 'revogar')).status).toBe(200);
    await write(patient.token, 'Preciso de ajuda');
    const { id } = await attendanceOf(patient.telefone);
    expect((await api.call('POST', `/api/admin/atendimentos/${id}/assumir`, demoAdmin())).status).toBe(200);
    const before = await lastEntryId();

    // Act 1: revoked -> no push, nothing billed for a push
    const revoked = await answer(id, 'Olá! Em que posso ajudar?');

    // Assess 1
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(201);
    expect(revoked.body).toMatchObject({ canal: 'APP', valor: '0.02', pushesEnviados: 0, pushMotivo: 'SEM_CONSENTIMENTO' });
    expect(await pushesTo('android', pushToken)).toHaveLength(0);
    expect(newerThan(await entriesOf('APP_PUSH'), before)).toHaveLength(0);
    checkDebit(newerThan(await entriesOf('APP_CHAT'), before)[0]!, '0.02');

    // Act 2: granted -> pushed and billed
    expect((await consent(patient.token, 'conceder')).status).toBe(200);
    const granted = await answer(id, 'Pode me dizer o seu horário preferido?');

    // Assess 2
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ canal: 'APP', pushesEnviados: 1, pushMotivo: null });
    const pushes = await pushesTo('android', pushToken);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ titulo: expect.any(String), dados: { tipo: 'CHAT', mensagemId: String(granted.body.mensagemId) } });
    expect(JSON.stringify(pushes[0])).not.toContain('horário preferido'); // nothing of the conversation on the lock screen
    const [push, ...morePushes] = newerThan(await entriesOf('APP_PUSH'), before);
    expect(morePushes).toHaveLength(0);
    checkDebit(push!, '0.01');
    expect(newerThan(await entriesOf('APP_CHAT'), before)).toHaveLength(2);

    // Assess: nothing went to WhatsApp; the patient reads both answers, newest last; the console shows where they went
    expect((await get(`/api/admin/mensagens?telefone=${encodeURIComponent(patient.telefone)}&size=100`, demoAdmin())).content).toEqual([]);
    const conversation = ((await chat(patient.token)).content as Json[]).map((m) => [m.direcao, m.texto]);
    expect(conversation).toEqual([
      ['ENTRADA', 'Preciso de ajuda'],
      ['SAIDA', 'Olá! Em que posso ajudar?'],
      ['SAIDA', 'Pode me dizer o seu horário preferido?'],
    ]);
    const inProgress = await get('/api/admin/atendimentos?status=EM_ANDAMENTO&size=100', demoAdmin());
    expect((inProgress.content as Json[]).find((a) => a.id === id)).toMatchObject({ canal: 'APP' });
    const detail = await get(`/api/admin/atendimentos/${id}`, demoAdmin());
    expect((detail.conversa as Json[]).map((m) => [m.direcao, m.canal, m.texto])).toEqual([
      ['ENTRADA', 'APP', 'Preciso de ajuda'],
      ['SAIDA', 'APP', 'Olá! Em que posso ajudar?'],
      ['SAIDA', 'APP', 'Pode me dizer o seu horário preferido?'],
    ]);
  });

  it('removes a device whose endpoint the push service reports disabled, billing only the push sent', async () => {
    // Prepare: two devices, one of them disabled (a DESATIVADO token, the local push service's stand-in)
    const patient = await newPatient();
    expect((await consent(patient.token, 'conceder')).status).toBe(200);
    const live = `apns-${randomUUID()}`;
    const gone = await register(patient.token, 'ios', `DESATIVADO-${randomUUID()}`);
    expect((await register(patient.token, 'ios', live)).status).toBe(201);
    await write(patient.token, 'Oi');
    const { id } = await attendanceOf(patient.telefone);
    await api.call('POST', `/api/admin/atendimentos/${id}/assumir`, demoAdmin());
    const before = await lastEntryId();

    // Act
    const reply = await answer(id, 'Olá!');

    // Assess: one push sent and billed; the disabled device is gone (its delete is a 404 now)
    expect(reply.body).toMatchObject({ pushesEnviados: 1 });
    expect(await pushesTo('ios', live)).toHaveLength(1);
    expect(newerThan(await entriesOf('APP_PUSH'), before)).toHaveLength(1);
    expect((await api.call('DELETE', `/api/v4/saude/dispositivos/${gone.body.id}`, bearer(patient.token))).status).toBe(404);
    const again = await answer(id, 'Mais alguma coisa?');
    expect(again.body).toMatchObject({ pushesEnviados: 1, pushMotivo: null });
  });

  it('keeps and charges an answer once under its Idempotency-Key, however many repeats arrive together', async () => {
    // Prepare: a patient's app message, taken
    const patient = await newPatient();
    await write(patient.token, 'Preciso remarcar');
    const { id } = await attendanceOf(patient.telefone);
    expect((await api.call('POST', `/api/admin/atendimentos/${id}/assumir`, demoAdmin())).status).toBe(200);
    const before = await lastEntryId();
    const keyed = (mensagem: string) =>
      api.call('POST', `/api/admin/atendimentos/${id}/responder`, { ...demoAdmin(), 'Idempotency-Key': `resp-${id}` }, { mensagem });

    // Act: the console sends the answer three times at once, then once more; then the key with another text
    const together = await Promise.all([1, 2, 3].map(() => keyed('Claro, qual dia?')));
    const later = await keyed('Claro, qual dia?');
    const other = await keyed('Outra resposta');

    // Assess: one message and one APP_CHAT entry; each repeat is that answer (replayed) or 409 while it was pushed
    const first = together.find((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null)!;
    expect(first, JSON.stringify(together.map((r) => [r.status, r.body]))).toBeDefined();
    for (const reply of together) if (reply !== first) expect([201, 409]).toContain(reply.status);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.body).toEqual(first.body);
    expect(other.status).toBe(422);
    const answers = ((await chat(patient.token)).content as Json[]).filter((m) => m.direcao === 'SAIDA');
    expect(answers.map((m) => m.id)).toEqual([first.body.mensagemId]);
    const charged = newerThan(await entriesOf('APP_CHAT'), before);
    expect(charged.filter((e) => e.tipo === 'DEBIT').map((e) => e.referenciaId)).toContain(first.body.mensagemId);
    const net = newerThan(await statement(), before).reduce(
      (sum, e) => sum + (e.tipo === 'DEBIT' ? -1n : 1n) * toCents(String(e.valor)),
      0n,
    );
    expect(net).toBe(-toCents('0.02')); // one answer charged: a racing repeat's debit, if any, was given back
  });

  it('still answers on WhatsApp an attendance whose patient last wrote on WhatsApp', async () => {
    // Prepare: a patient of outra writing on WhatsApp, taken by outra's operator
    const telefone = `+55413${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
    const { patientWrites, attendanceOf: outraAttendance } = outraPatients(service);
    await patientWrites(telefone, 'Quero falar com um atendente', 'Paciente WhatsApp');
    const attendance = await outraAttendance(telefone, 'FILA');
    expect(attendance.canal).toBe('WHATSAPP');
    expect((await api.call('POST', `/api/admin/atendimentos/${attendance.id}/assumir`, outraAdmin())).status).toBe(200);

    // Act
    const reply = await answer(Number(attendance.id), 'Olá! Sou a atendente.', outraAdmin());

    // Assess: the WhatsApp send's answer, and the message sent to the phone
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ status: 'ENVIADO', mensagemId: expect.any(Number) });
    const sent = (await get(`/api/admin/mensagens?telefone=${encodeURIComponent(telefone)}`, outraAdmin())).content as Json[];
    expect(sent.map((m) => m.body)).toEqual(['Olá! Sou a atendente.']);
  });
});

describe('isolation', () => {
  it('hides a patient’s chat and devices from another patient, and its attendance from another application', async () => {
    // Prepare
    const owner = await newPatient();
    const other = await newPatient();
    const device = await register(owner.token, 'android', `fcm-${randomUUID()}`);
    await write(owner.token, 'Mensagem privada');
    const { id } = await attendanceOf(owner.telefone);

    // Act + assess
    expect((await api.call('DELETE', `/api/v4/saude/dispositivos/${device.body.id}`, bearer(other.token))).status).toBe(404);
    expect((await chat(other.token)).content).toEqual([]);
    expect((await api.call('GET', `/api/admin/atendimentos/${id}`, outraAdmin())).status).toBe(404);
    expect((await api.call('POST', `/api/admin/atendimentos/${id}/responder`, outraAdmin(), { mensagem: 'x' })).status).toBe(404);
    // the owner's own delete works once
    expect((await api.call('DELETE', `/api/v4/saude/dispositivos/${device.body.id}`, bearer(owner.token))).status).toBe(204);
    expect((await api.call('DELETE', `/api/v4/saude/dispositivos/${device.body.id}`, bearer(owner.token))).status).toBe(404);
  });

  it('answers 401 without a token and 403 for another portal role', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/v4/saude/chat', undefined],
      ['POST', '/api/v4/saude/chat', { texto: 'oi' }],
      ['PUT', '/api/v4/saude/dispositivos', { plataforma: 'android', token: 'x' }],
      ['DELETE', '/api/v4/saude/dispositivos/1', undefined],
    ] as const) {
      expect((await api.call(method, url, {}, body)).status, `${method} ${url}`).toBe(401);
      expect((await api.call(method, url, bearer(demo().tokens.plantonista), body)).status, `${method} ${url}`).toBe(403);
    }
  });
});
