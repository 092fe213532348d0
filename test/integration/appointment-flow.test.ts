// The appointment communication flow under the local run, end to end: a v2 create reaches the
// patient through provider_b with the procedure's approved template, charged on the ledger; the
// patient's button press confirms it and the provider's webhook receiver gets a signed
// AGENDAMENTO_CONFIRMADO. Also: no template (SEM_TEMPLATE, then ENVIADO once one is approved), no
// reply (AVISO_ENVIADO, then NAO_RESPONDEU), an empty balance, a provider failure, overlapping sweeps,
// and quiet hours (a reminder due outside the application's send window waits for its opening).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowDeps } from '#functions/consumers/appointment-flow';
import { pollTemplateReviews } from '#functions/scheduled/appointment-sweep';
import { advanceAppointment } from '#shared/operations/appointment-flow';
import { dueShards, dynamoAppointmentRepository } from '#shared/db/appointments';
import { MOBILE_FAILURE_RECIPIENTS } from '#infra/local/simulators/index';
import { addDays, instantOfLocal, localDate, localDateTime } from '#shared/domain/time';
import { maskPhone } from '#shared/domain/masking';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { consumerFunctions, scheduledFunctions } from '#infra/functions';
import { asFunction } from '#infra/local/iam-guard';

/** The appointment sweep's code, run as its Lambda (its calls pass that role's grants). */
const sweepFunction = scheduledFunctions.appointmentSweep.id;

const service = useLocalService({
  simulators: { reviewDelayMs: 200, callbackDelayMs: { min: 5, max: 20 } },
  env: { FLOW_REMINDER_LEAD_SECONDS: '2', FLOW_NO_REPLY_SECONDS: '2', FLOW_BALANCE_RETRY_SECONDS: '1' },
});
const api = client(service);

const FLOW_SETTINGS = '/api/admin/whatsapp/fluxo-agendamentos';
const ALL_DAY = { horarioEnvioInicio: '00:00', horarioEnvioFim: '24:00' };
// The reminders below are timed on the real clock (an hour ahead): a window open all day keeps them from waiting
// for the morning when the suite runs at night; the quiet-hours tests set their own. (outra, whose reminders no
// test times, keeps the default window: the settings' test reads it.)
beforeAll(async () => {
  for (const key of ['demo', 'semSaldo'] as const) {
    expect((await api.call('PUT', FLOW_SETTINGS, bearer(service.sandbox.applications[key].tokens.admin), ALL_DAY)).status).toBe(200);
  }
});

const V2 = '/api/external/v2/agendamentos';
const TEMPLATES = '/api/admin/whatsapp/templates-hsm';
const ADMIN_APPOINTMENTS = '/api/admin/agendamentos';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let phones = 0;
/** A fresh Brazilian mobile number per appointment, so replies never mix. */
/** The description of a send's debit to `telefone`, as the statement shows it (the number masked; mobile() varies its last digits). */
const chargedTo = (telefone: string) => `Mensagem enviada para ${maskPhone(telefone)}`;
const mobile = () => `+55119${String(70000000 + (process.pid % 1000) * 1000 + ++phones).padStart(8, '0')}`;

type AppKey = 'demo' | 'semSaldo' | 'outra';
const app = (key: AppKey) => service.sandbox.applications[key];
const admin = (key: AppKey, method: string, url: string, body?: unknown) => api.call(method, url, bearer(app(key).tokens.admin), body);

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

async function approvedTemplate(key: AppKey, procedimentos: string[], nome = `aviso_${Date.now() % 1_000_000}_${++phones}`): Promise<Json> {
  const created = await admin(key, 'POST', TEMPLATES, {
    nome,
    idioma: 'pt_BR',
    categoria: 'UTILITY',
    corpo: 'Olá {{1}}, seu exame {{2}} está pronto para retirada em {{3}}. Confirme pelo botão.',
    variaveis: ['pacienteNome', 'procedimento', 'localRetirada'],
    botoes: ['Confirmar', 'Cancelar'],
    procedimentos,
  });
  expect(created.status).toBe(201);
  const submitted = await admin(key, 'POST', `${TEMPLATES}/${created.body.id}/submeter`);
  expect(submitted.status).toBe(200);
  expect(submitted.body.estado).toBe('EM_ANALISE');
  return until(
    'the approval',
    async () => {
      if (key === 'outra') await asFunction(sweepFunction, () => pollTemplateReviews()); // provider_a sends no event: the sweep asks
      return (await admin(key, 'GET', `${TEMPLATES}/${created.body.id}`)).body;
    },
    (t) => t.estado === 'APROVADO',
  );
}

/** A new paciente user of demo, logged in to the app with the one-time code the local outbox holds. */
async function appPatient(): Promise<{ telefone: string; token: string }> {
  const telefone = mobile();
  const created = await api.admin('POST', '/api/admin/usuarios', {
    nome: 'Paciente do Fluxo',
    email: `fluxo-${Date.now()}-${++phones}@example.com`,
    role: 'paciente',
    telefone,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await api.call('POST', '/api/auth/paciente/codigo', {}, { aplicacao: app('demo').slug, telefone })).status).toBe(202);
  await service.queues.drained();
  let codigo: string | undefined;
  for (const file of (await readdir(outbox())).filter((f) => f.includes('-whatsapp-'))) {
    const text = JSON.parse(await readFile(path.join(outbox(), file), 'utf8')) as { to: string; body: string };
    if (text.to === telefone) codigo = /(\d{6})/.exec(text.body)?.[1];
  }
  const exchanged = await api.call('POST', '/api/auth/paciente/token', {}, { aplicacao: app('demo').slug, telefone, codigo });
  expect(exchanged.status).toBe(200);
  return { telefone, token: String(exchanged.body.access_token) };
}
const outbox = () => path.join(service.dataDir, 'outbox');
/** The pushes the local push service delivered for a device token (shared/adapters/local/push.ts). */
async function pushesTo(token: string): Promise<Json[]> {
  const endpoint = `local:push:android:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
  const files = (await readdir(outbox())).filter((f) => f.includes('-push-'));
  const pushes = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outbox(), f), 'utf8')) as Json));
  return pushes.filter((p) => p.endpoint === endpoint);
}

const tokens = new Map<AppKey, string>();
async function v2(key: AppKey, method: string, url: string, body?: unknown) {
  if (!tokens.has(key)) tokens.set(key, await accessToken(service, app(key).oauth));
  return api.call(method, url, bearer(tokens.get(key)!), body);
}

async function create(key: AppKey, fields: Record<string, unknown>): Promise<Json> {
  const reply = await v2(key, 'POST', V2, {
    pacienteNome: 'Maria Souza',
    localRetirada: 'Unidade Centro',
    prestador: String(app(key).prestador.id),
    ...fields,
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

const read = async (key: AppKey, id: number) => (await v2(key, 'GET', `${V2}/${id}`)).body;
const status = (key: AppKey, id: number, wanted: string) =>
  until(
    `status ${wanted}`,
    () => read(key, id),
    (a) => a.status === wanted,
  );
const statement = async (key: AppKey) =>
  (await api.call('GET', '/api/external/financeiro/extrato?size=100', { 'X-Api-Key': app(key).apiKey, 'X-Api-Secret': app(key).apiSecret }))
    .body.content as Json[];

/**
 * The provider's accepted sends to a phone, once there are `count` of them: ENVIADO is written with
 * the debit, just before the provider is called.
 */
const sentTo = (telefone: string, count: number) =>
  until(
    `${count} sends`,
    async () => service.simulators.providerB.sent().filter((s) => s.to === telefone.slice(1) && s.answeredStatus === 200),
    (sends) => sends.length >= count,
  );

beforeAll(async () => {
  // demo sends through the provider_b simulator (the sandbox gives every application its settings).
  for (const key of ['demo', 'semSaldo'] as const) {
    const changed = await api.admin('PUT', `/api/admin/aplicacoes/${app(key).id}/provider`, { provider: 'provider_b' });
    expect(changed.status).toBe(200);
  }
});

describe('an appointment with an approved template', () => {
  it('is notified and charged, confirmed by the patient`s button, and the provider gets a signed AGENDAMENTO_CONFIRMADO', async () => {
    await approvedTemplate('demo', ['Hemograma completo']);
    const telefone = mobile();

    const created = await create('demo', { pacienteTelefone: telefone, procedimento: 'hemograma  COMPLETO' });
    expect(created.status).toBe('IMPORTADO');

    const sent = await status('demo', created.id, 'ENVIADO');
    expect(sent.historico.map((h: Json) => h.para)).toEqual(['IMPORTADO', 'VALIDADO', 'ENVIADO']);
    const [send] = await sentTo(telefone, 1);
    expect(send?.template).toEqual({
      name: expect.stringMatching(/^aviso_/),
      parameters: ['Maria Souza', 'hemograma COMPLETO', 'Unidade Centro'],
      payloads: [`agendamento:${created.id}:0`, `agendamento:${created.id}:1`],
    });
    const entry = (await statement('demo')).find((e) => e.descricao === chargedTo(telefone));
    expect(entry).toMatchObject({ tipo: 'DEBIT', referenciaTipo: 'MENSAGEM_ENVIADA', tipoConversa: 'UTILITY' });
    const message = await api.external(app('demo')).get(`/api/external/messages/${entry!.referenciaId}`);
    expect(message.body).toMatchObject({ contexto: 'AGENDAMENTO_SAUDE', contextoId: created.id });

    const pressed = await fetch(`${service.sandbox.simulators!.providerB}/simular/mensagem`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ slug: app('demo').slug, from: telefone, botao: { titulo: 'Confirmar' } }),
    });
    expect(pressed.status).toBe(200);

    const confirmed = await status('demo', created.id, 'CONFIRMADO');
    expect(confirmed.historico.at(-1)).toMatchObject({ de: 'ENVIADO', para: 'CONFIRMADO', por: { tipo: 'paciente' } });
    const eventId = `msg_${created.id}_3`;
    const delivery = await until(
      'the webhook delivery',
      async () => (await service.webhookReceiver.received()).find((d) => d.headers['webhook-id'] === eventId),
      Boolean,
    );
    const verified = new Webhook(service.sandbox.webhooks!.secret).verify(JSON.stringify(delivery!.body), delivery!.headers) as Json;
    expect(verified).toMatchObject({ type: 'AGENDAMENTO_CONFIRMADO', data: { agendamento: { id: created.id, status: 'CONFIRMADO' } } });
  });

  it('is pushed to the patient app too, billed APP_PUSH, when the patient has a device and NOTIFICACOES_PUSH granted', async () => {
    // Prepare: a patient logged in to the app, with a device and the push consent
    await approvedTemplate('demo', ['Ultrassom do app']);
    const { telefone, token } = await appPatient();
    const pushToken = `fcm-flow-${Date.now()}`;
    expect((await api.call('PUT', '/api/v4/saude/consentimentos/NOTIFICACOES_PUSH/conceder', bearer(token))).status).toBe(200);
    const device = await api.call('PUT', '/api/v4/saude/dispositivos', bearer(token), { plataforma: 'android', token: pushToken });
    expect(device.status).toBe(201);

    // Act
    const created = await create('demo', { pacienteTelefone: telefone, procedimento: 'Ultrassom do app' });

    // Assess: the WhatsApp notification, and its push (no detail of the appointment on the lock screen), charged
    await status('demo', created.id, 'ENVIADO');
    await sentTo(telefone, 1);
    const push = await until(
      'the push',
      () => pushesTo(pushToken),
      (p) => p.length > 0,
    );
    expect(push).toEqual([expect.objectContaining({ dados: { tipo: 'AGENDAMENTO', agendamentoId: String(created.id) } })]);
    expect(JSON.stringify(push)).not.toContain('Ultrassom');
    const pushed = (await statement('demo')).filter((e) => e.referenciaTipo === 'APP_PUSH' && e.referenciaId === device.body.id);
    expect(pushed).toEqual([expect.objectContaining({ tipo: 'DEBIT', valor: '0.01' })]);
  });

  it('is cancelled by a plain "não" in reply, through the same state machine', async () => {
    await approvedTemplate('demo', ['Ultrassom']);
    const telefone = mobile();
    const created = await create('demo', { pacienteTelefone: telefone, procedimento: 'Ultrassom' });
    await status('demo', created.id, 'ENVIADO');

    await fetch(`${service.sandbox.simulators!.providerB}/simular/mensagem`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ slug: app('demo').slug, from: telefone, texto: 'Não' }),
    });

    const cancelled = await status('demo', created.id, 'CANCELADO');
    expect(cancelled.historico.at(-1)).toMatchObject({ de: 'ENVIADO', para: 'CANCELADO', por: { tipo: 'paciente' } });
  });
});

describe('through provider_a', () => {
  it('sends the approved content template by its sid and takes the patient`s "Confirmar"', async () => {
    await approvedTemplate('outra', ['Mamografia']);
    const telefone = mobile();
    const created = await create('outra', { pacienteTelefone: telefone, procedimento: 'Mamografia' });
    await status('outra', created.id, 'ENVIADO');
    const send = await until(
      'the send',
      async () => service.simulators.providerA.sent().find((s) => s.to === `whatsapp:${telefone}` && s.answeredStatus === 201),
      Boolean,
    );
    expect(send!.content).toEqual({
      sid: expect.stringMatching(/^HX/),
      variables: { 1: 'Maria Souza', 2: 'Mamografia', 3: 'Unidade Centro' },
    });
    expect(send!.body).toBe('Olá Maria Souza, seu exame Mamografia está pronto para retirada em Unidade Centro. Confirme pelo botão.');

    const pressed = await fetch(`${service.sandbox.simulators!.providerA}/simular/mensagem`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: telefone, to: app('outra').numerosWhatsapp[0], botao: { titulo: 'Confirmar' } }),
    });
    expect(pressed.status).toBe(200);
    await status('outra', created.id, 'CONFIRMADO');
  });
});

describe('an appointment the flow cannot notify yet', () => {
  it('waits in SEM_TEMPLATE without a template, and is notified once one is approved', async () => {
    const telefone = mobile();
    const created = await create('demo', { pacienteTelefone: telefone, procedimento: 'Raio X de tórax' });
    const waiting = await status('demo', created.id, 'SEM_TEMPLATE');
    expect(waiting.pendencia).toMatch(/no APROVADO template serves the procedure/);
    expect(service.simulators.providerB.sent().some((s) => s.to === telefone.slice(1))).toBe(false);

    await approvedTemplate('demo', ['Raio X de Torax']);

    const sent = await status('demo', created.id, 'ENVIADO');
    expect(sent.pendencia).toBeNull();
    expect(await sentTo(telefone, 1)).toHaveLength(1);
  });

  it('stays VALIDADO with the reason while the balance is empty, and goes out once credited', async () => {
    await approvedTemplate('semSaldo', ['Glicemia']);
    const telefone = mobile();
    const created = await create('semSaldo', { pacienteTelefone: telefone, procedimento: 'Glicemia' });

    const waiting = await until(
      'the balance reason',
      () => read('semSaldo', created.id),
      (a) => Boolean(a.pendencia),
    );
    expect(waiting.status).toBe('VALIDADO');
    expect(waiting.pendencia).toMatch(/insufficient balance/);
    expect(await statement('semSaldo')).toEqual([]);

    const credited = await api.admin('POST', `/api/admin/aplicacoes/${app('semSaldo').id}/creditos`, { valor: '10.00' });
    expect(credited.status).toBe(201);
    await workersAt('semSaldo', created.id, await dueOf('semSaldo', created.id), 1); // the balance retry's time

    await status('semSaldo', created.id, 'ENVIADO');
    expect((await statement('semSaldo')).filter((e) => e.referenciaTipo === 'MENSAGEM_ENVIADA')).toHaveLength(1);
  });

  it('is ERRO with the provider`s words when the provider refuses the message, with nothing charged', async () => {
    await approvedTemplate('demo', ['Eletrocardiograma']);
    const before = await statement('demo');
    const created = await create('demo', { pacienteTelefone: MOBILE_FAILURE_RECIPIENTS.rejected, procedimento: 'Eletrocardiograma' });

    const failed = await status('demo', created.id, 'ERRO');
    expect(failed.historico.at(-1).observacao).toMatch(/the provider did not take the notification.*Invalid parameter/);
    const entries = (await statement('demo')).slice(0, (await statement('demo')).length - before.length);
    expect(entries.map((e) => e.tipo).sort()).toEqual(['CREDIT', 'DEBIT']);
    expect(entries.find((e) => e.tipo === 'CREDIT')).toMatchObject({ referenciaTipo: 'ESTORNO_FALHA_ENVIO' });
  });

  it('does not write to a patient who opted out: ERRO, saying why, nothing sent or charged', async () => {
    await approvedTemplate('demo', ['Audiometria']);
    const telefone = mobile();
    const said = await fetch(`${service.sandbox.simulators!.providerB}/simular/mensagem`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ slug: app('demo').slug, from: telefone, texto: 'Parar' }),
    });
    expect(said.status).toBe(200);
    await service.queues.drained();

    const created = await create('demo', { pacienteTelefone: telefone, procedimento: 'Audiometria' });

    const refused = await status('demo', created.id, 'ERRO');
    expect(refused.pendencia).toMatch(/opt-out/);
    expect(service.simulators.providerB.sent().some((s) => s.to === telefone.slice(1))).toBe(false);
    expect((await statement('demo')).some((e) => e.descricao === chargedTo(telefone))).toBe(false);
  });

  it('is processed again from ERRO by the admin panel: IMPORTADO by the operator, then the flow runs it again', async () => {
    // Prepare: an appointment in ERRO (a landline).
    const failed = await create('demo', { pacienteTelefone: '+551133334445', procedimento: 'Hemograma completo' });
    await status('demo', failed.id, 'ERRO');

    // Act
    const again = await admin('demo', 'POST', `${ADMIN_APPOINTMENTS}/${failed.id}/reprocessar`);
    const foreign = await admin('outra', 'POST', `${ADMIN_APPOINTMENTS}/${failed.id}/reprocessar`);
    const failedAgain = await until(
      'the second pass',
      () => read('demo', failed.id),
      (a) => a.historico.length === 4,
    );
    const notInError = await admin(
      'demo',
      'POST',
      `${ADMIN_APPOINTMENTS}/${(await create('demo', { pacienteTelefone: mobile(), procedimento: 'Sem modelo' })).id}/reprocessar`,
    );

    // Assess: IMPORTADO by the operator (the flow's step, the admin as actor), then validated again by the
    // flow (the phone is still a landline: ERRO again); another application's is 404, a non-ERRO one 409.
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: failed.id, status: 'IMPORTADO', pendencia: null });
    expect(again.body.historico.at(-1)).toMatchObject({ de: 'ERRO', para: 'IMPORTADO', por: { tipo: 'fluxo', id: expect.anything() } });
    expect(failedAgain.historico.map((h: Json) => h.para)).toEqual(['IMPORTADO', 'ERRO', 'IMPORTADO', 'ERRO']);
    expect(foreign.status).toBe(404);
    expect(notInError.status).toBe(409);
  });

  it('is ERRO at validation when the phone cannot receive WhatsApp, with nothing sent', async () => {
    const created = await create('demo', { pacienteTelefone: '+551133334444', procedimento: 'Hemograma completo' });
    const failed = await status('demo', created.id, 'ERRO');
    expect(failed.historico.map((h: Json) => h.para)).toEqual(['IMPORTADO', 'ERRO']);
    expect(failed.pendencia).toMatch(/not a mobile number/);
  });
});

/** When the appointment's next step is due, as the flow stored it (the due index's time). */
async function dueOf(key: AppKey, id: number): Promise<number> {
  const stored = await asFunction(consumerFunctions.appointmentFlow.id, () => flowDeps().appointments.get(app(key).id, id));
  expect(stored?.vencimento, `appointment ${id} has a due step`).toBeDefined();
  return Date.parse(stored!.vencimento!);
}

/** `workers` flow workers looking at the appointment together, on a clock that reads `at`. */
const workersAt = (key: AppKey, id: number, at: number, workers: number) =>
  asFunction(consumerFunctions.appointmentFlow.id, () =>
    Promise.all(Array.from({ length: workers }, () => advanceAppointment({ ...flowDeps(), now: () => new Date(at) }, app(key).id, id))),
  );

/** What the sweep queues at `at`: whether the due index has the appointment, in any shard, up to that time. */
const dueAt = (key: AppKey, id: number, at: number) =>
  asFunction(sweepFunction, async () => {
    const appointments = dynamoAppointmentRepository();
    const due = await Promise.all(dueShards.map((shard) => appointments.due(shard, new Date(at), 10_000)));
    return due.flat().some((d) => d.aplicacaoId === app(key).id && d.agendamentoId === id);
  });

/**
 * A demo appointment of `procedimento` (its template approved) for a new mobile, notified (ENVIADO),
 * its deadline an hour away to the second, as the API takes it.
 */
async function notifiedAnHourAhead(procedimento: string): Promise<{ telefone: string; deadline: number; created: Json }> {
  await approvedTemplate('demo', [procedimento]);
  const telefone = mobile();
  const deadline = Math.ceil((Date.now() + 3_600_000) / 1000) * 1000;
  const created = await create('demo', { pacienteTelefone: telefone, procedimento, dataLimiteRetirada: localDateTime(new Date(deadline)) });
  await status('demo', created.id, 'ENVIADO');
  return { telefone, deadline, created };
}

// The flow's clock is injected: the appointment's deadline is an hour away, and the workers look at it
// at the due time the flow stored, so no step depends on how fast the machine creates and sends.
describe('the timed moves', () => {
  it('sends the reminder once at lead time before the deadline, then gives up as NAO_RESPONDEU, each once under two overlapping workers', async () => {
    // Prepare: an appointment notified (ENVIADO), its deadline in an hour (to the second, as the API takes it).
    const { telefone, deadline, created } = await notifiedAnHourAhead('Tomografia');
    const reminderDue = await dueOf('demo', created.id);

    // Act: two workers just before the reminder is due, then two at the time.
    const early = await workersAt('demo', created.id, reminderDue - 1, 2);
    const reminded = await workersAt('demo', created.id, reminderDue, 2);
    await status('demo', created.id, 'AVISO_ENVIADO');
    const noReplyDue = await dueOf('demo', created.id);
    const gaveUpOutcomes = await workersAt('demo', created.id, noReplyDue, 2);
    const gaveUp = await status('demo', created.id, 'NAO_RESPONDEU');

    // Assess: the reminder is due the lead time (2 s here) before the deadline, the give-up the no-reply
    // time (2 s) after the reminder; each step was taken once, nothing before its time.
    expect(reminderDue).toBe(deadline - 2_000);
    expect(noReplyDue).toBe(reminderDue + 2_000);
    expect(early).toEqual(['cedo', 'cedo']);
    expect(
      reminded.filter((o) => o === 'aviso_enviado'),
      JSON.stringify(reminded),
    ).toHaveLength(1);
    expect(
      gaveUpOutcomes.filter((o) => o === 'sem_resposta'),
      JSON.stringify(gaveUpOutcomes),
    ).toHaveLength(1);
    expect(gaveUp.historico.map((h: Json) => h.para)).toEqual(['IMPORTADO', 'VALIDADO', 'ENVIADO', 'AVISO_ENVIADO', 'NAO_RESPONDEU']);
    expect(await sentTo(telefone, 2)).toHaveLength(2);
    const charged = (await statement('demo')).filter((e) => e.descricao === chargedTo(telefone));
    expect(charged).toHaveLength(2);
  });

  it('holds the flow of a deactivated application, sending nothing, and resumes it once the application is active again', async () => {
    // Prepare: an appointment notified, its reminder due; then the application is deactivated.
    const { telefone, created } = await notifiedAnHourAhead('Ecocardiograma');
    const reminderDue = await dueOf('demo', created.id);
    const setActive = async (ativo: boolean) =>
      expect((await api.admin('PUT', `/api/admin/aplicacoes/${app('demo').id}/ativo`, { ativo })).status).toBe(200);
    await setActive(false);
    try {
      // Act: a worker at the reminder's time, while inactive.
      const held = await workersAt('demo', created.id, reminderDue, 1);
      const retryDue = await dueOf('demo', created.id);
      await setActive(true);
      const resumed = await workersAt('demo', created.id, retryDue, 1);

      // Assess: held (nothing sent, retried after FLOW_BALANCE_RETRY_SECONDS), then the reminder went out once.
      expect(held).toEqual(['aplicacao_inativa']);
      expect(retryDue).toBe(reminderDue + 1_000);
      expect(resumed).toEqual(['aviso_enviado']);
      expect((await read('demo', created.id)).historico.map((h: Json) => h.para)).toEqual([
        'IMPORTADO',
        'VALIDADO',
        'ENVIADO',
        'AVISO_ENVIADO',
      ]);
      expect(await sentTo(telefone, 2)).toHaveLength(2);
    } finally {
      await setActive(true);
    }
  });

  it('holds a reminder due outside the send window and sends it by itself when the window opens (quiet hours)', async () => {
    // Prepare: an appointment notified, its reminder due; the window 08:00-20:00; the flow's clock at the first
    // 22:00 (São Paulo) after the reminder is due.
    const { telefone, created } = await notifiedAnHourAhead('Mamografia');
    const reminderDue = await dueOf('demo', created.id);
    const window = await admin('demo', 'PUT', FLOW_SETTINGS, { horarioEnvioInicio: '08:00', horarioEnvioFim: '20:00' });
    const nightDay = localDateTime(new Date(reminderDue)).slice(0, 10);
    let night = instantOfLocal(`${nightDay}T22:00:00`)!.getTime();
    if (night <= reminderDue) night = instantOfLocal(`${addDays(nightDay, 1)}T22:00:00`)!.getTime();
    try {
      // Act
      const held = await workersAt('demo', created.id, night, 1);
      const opens = await dueOf('demo', created.id);
      const waiting = (await read('demo', created.id)).pendencia;
      const before = await workersAt('demo', created.id, opens - 1, 1);
      const sent = await workersAt('demo', created.id, opens, 1);

      // Assess: nothing at night; due at the next 08:00; sent then, once.
      expect(window.status).toBe(200);
      expect(held).toEqual(['fora_da_janela']);
      expect(localDateTime(new Date(opens))).toBe(`${addDays(localDateTime(new Date(night)).slice(0, 10), 1)}T08:00:00`);
      expect(waiting).toMatch(/send window opens at 08:00/);
      expect(before).toEqual(['cedo']);
      expect(sent).toEqual(['aviso_enviado']);
      expect(await sentTo(telefone, 2)).toHaveLength(2);
    } finally {
      await admin('demo', 'PUT', FLOW_SETTINGS, ALL_DAY);
    }
  });

  it('the sweep finds an appointment once its step is due, not before', async () => {
    // Prepare: an appointment notified, its reminder due in about an hour.
    const { created } = await notifiedAnHourAhead('Cintilografia');
    const reminderDue = await dueOf('demo', created.id);

    // Act / Assess
    expect(await dueAt('demo', created.id, reminderDue - 1)).toBe(false);
    expect(await dueAt('demo', created.id, reminderDue)).toBe(true);
  });
});

describe('exactly once', () => {
  it('sends and charges one reminder when eight workers take the due appointment at the same moment', async () => {
    const { telefone, created } = await notifiedAnHourAhead('Densitometria');

    const outcomes = await workersAt('demo', created.id, await dueOf('demo', created.id), 8);

    expect(
      outcomes.filter((o) => o === 'aviso_enviado'),
      JSON.stringify(outcomes),
    ).toHaveLength(1);
    const after = await read('demo', created.id);
    expect(after.historico.filter((h: Json) => h.para === 'AVISO_ENVIADO')).toHaveLength(1);
    expect(await sentTo(telefone, 2)).toHaveLength(2);
    expect((await statement('demo')).filter((e) => e.descricao === chargedTo(telefone))).toHaveLength(2);
  });
});

describe('the send window in the flow settings', () => {
  it('shows the default 08:00-20:00, changes it, and refuses a bad time or an empty window naming the field, changing nothing', async () => {
    // Prepare / Act: the settings as they are, a change, then bad changes.
    const before = await admin('outra', 'GET', FLOW_SETTINGS);
    const changed = await admin('outra', 'PUT', FLOW_SETTINGS, { horarioEnvioInicio: '07:30', horarioEnvioFim: '22:15' });
    const afterChange = await admin('outra', 'GET', FLOW_SETTINGS);
    const refused = [
      await admin('outra', 'PUT', FLOW_SETTINGS, { horarioEnvioInicio: '25:00' }),
      await admin('outra', 'PUT', FLOW_SETTINGS, { horarioEnvioFim: '7:00', semRespostaSegundos: 60 }),
      await admin('outra', 'PUT', FLOW_SETTINGS, { horarioEnvioInicio: '22:15', semRespostaSegundos: 60 }), // not before the end
      await admin('outra', 'PUT', FLOW_SETTINGS, { horarioEnvioFim: '06:00' }), // before the start
    ];
    const afterRefusals = await admin('outra', 'GET', FLOW_SETTINGS);

    // Assess
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ horarioEnvioInicio: '08:00', horarioEnvioFim: '20:00' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...before.body, horarioEnvioInicio: '07:30', horarioEnvioFim: '22:15' });
    expect(afterChange.body).toEqual(changed.body);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(refused.map((r) => r.body.error)).toEqual(['validation_error', 'validation_error', 'validation_error', 'validation_error']);
    expect(refused.map((r) => /^horarioEnvio(Inicio|Fim)\b/.exec(r.body.message)?.[0])).toEqual([
      'horarioEnvioInicio',
      'horarioEnvioFim',
      'horarioEnvioInicio',
      'horarioEnvioFim',
    ]);
    expect(afterRefusals.body).toEqual(changed.body);
  });
});

// Quiet hours on the flow's injected clock: the appointments' deadlines are tomorrow (São Paulo) at a
// chosen time, the reminder the lead time (2 s) before; the workers look at them at the times the flow stored.
// demo has the default window, 08:00-20:00, meanwhile.
describe('quiet hours', () => {
  const setWindow = async (window: { horarioEnvioInicio: string; horarioEnvioFim: string }) =>
    expect((await admin('demo', 'PUT', FLOW_SETTINGS, window)).status).toBe(200);
  beforeAll(() => setWindow({ horarioEnvioInicio: '08:00', horarioEnvioFim: '20:00' }));
  afterAll(() => setWindow(ALL_DAY));

  const tomorrow = () => addDays(localDate(new Date()), 1);
  /** The instant of a São Paulo local date-time. */
  const local = (text: string) => instantOfLocal(text)!.getTime();
  /** A demo appointment notified (ENVIADO) whose reminder is due tomorrow at `hhmm` São Paulo time. */
  async function reminderTomorrowAt(procedimento: string, hhmm: string) {
    const telefone = mobile();
    const created = await create('demo', { pacienteTelefone: telefone, procedimento, dataLimiteRetirada: `${tomorrow()}T${hhmm}:02` });
    await status('demo', created.id, 'ENVIADO'); // the first message is never held
    await sentTo(telefone, 1);
    const reminderDue = await dueOf('demo', created.id);
    expect(reminderDue).toBe(local(`${tomorrow()}T${hhmm}:00`));
    return { telefone, created, reminderDue };
  }
  const sendsTo = (telefone: string) =>
    service.simulators.providerB.sent().filter((s) => s.to === telefone.slice(1) && s.answeredStatus === 200);

  it('holds a reminder due at 22:00 until the next 08:00, when it goes out by itself (the due index has it then)', async () => {
    // Prepare
    await approvedTemplate('demo', ['Endoscopia']);
    const { telefone, created, reminderDue } = await reminderTomorrowAt('Endoscopia', '22:00');

    // Act: a worker at 22:00, then at the opening the flow stored (a millisecond before it, then at it).
    const atNight = await workersAt('demo', created.id, reminderDue, 1);
    const held = await read('demo', created.id);
    const opening = await dueOf('demo', created.id);
    const inIndex = [await dueAt('demo', created.id, opening - 1), await dueAt('demo', created.id, opening)];
    const sendsWhileHeld = sendsTo(telefone).length;
    const early = await workersAt('demo', created.id, opening - 1, 1);
    const atOpening = await workersAt('demo', created.id, opening, 1);
    const reminded = await status('demo', created.id, 'AVISO_ENVIADO');

    // Assess: nothing sent at 22:00 (still ENVIADO, saying why); due the next day at 08:00 São Paulo time, then sent once.
    const dayAfter = addDays(tomorrow(), 1);
    expect(atNight).toEqual(['fora_da_janela']);
    expect(held.status).toBe('ENVIADO');
    expect(held.pendencia).toBe(`the send window opens at 08:00: the reminder waits until ${dayAfter}T08:00:00`);
    expect(opening).toBe(local(`${dayAfter}T08:00:00`));
    expect(inIndex).toEqual([false, true]);
    expect(sendsWhileHeld).toBe(1);
    expect(early).toEqual(['cedo']);
    expect(atOpening).toEqual(['aviso_enviado']);
    expect(reminded.pendencia).toBeNull();
    expect(reminded.historico.map((h: Json) => h.para)).toEqual(['IMPORTADO', 'VALIDADO', 'ENVIADO', 'AVISO_ENVIADO']);
    expect(await sentTo(telefone, 2)).toHaveLength(2);
    expect((await statement('demo')).filter((e) => e.descricao === chargedTo(telefone))).toHaveLength(2);
  });

  it('sends a reminder due inside the window at its time, as before', async () => {
    await approvedTemplate('demo', ['Colonoscopia']);
    const { telefone, created, reminderDue } = await reminderTomorrowAt('Colonoscopia', '10:00');

    const outcomes = await workersAt('demo', created.id, reminderDue, 1);

    expect(outcomes).toEqual(['aviso_enviado']);
    await status('demo', created.id, 'AVISO_ENVIADO');
    expect(await sentTo(telefone, 2)).toHaveLength(2);
  });

  it('follows the application`s own window once the settings change it', async () => {
    // Prepare: the window 09:30-21:00; a reminder due at 20:30 (outside the default window, inside this one)
    // and one due at 22:00.
    await approvedTemplate('demo', ['Ressonancia']);
    await setWindow({ horarioEnvioInicio: '09:30', horarioEnvioFim: '21:00' });
    try {
      const evening = await reminderTomorrowAt('Ressonancia', '20:30');
      const night = await reminderTomorrowAt('Ressonancia', '22:00');

      // Act
      const eveningOutcome = await workersAt('demo', evening.created.id, evening.reminderDue, 1);
      const nightOutcome = await workersAt('demo', night.created.id, night.reminderDue, 1);
      const opening = await dueOf('demo', night.created.id);
      const atEight = await workersAt('demo', night.created.id, local(`${addDays(tomorrow(), 1)}T08:00:00`), 1);
      const atOpening = await workersAt('demo', night.created.id, opening, 1);

      // Assess: the 20:30 reminder went out at once; the 22:00 one waited for 09:30, not 08:00.
      expect(eveningOutcome).toEqual(['aviso_enviado']);
      expect(nightOutcome).toEqual(['fora_da_janela']);
      expect(opening).toBe(local(`${addDays(tomorrow(), 1)}T09:30:00`));
      expect(atEight).toEqual(['cedo']);
      expect(atOpening).toEqual(['aviso_enviado']);
      expect(await sentTo(evening.telefone, 2)).toHaveLength(2);
      expect(await sentTo(night.telefone, 2)).toHaveLength(2);
    } finally {
      await setWindow({ horarioEnvioInicio: '08:00', horarioEnvioFim: '20:00' });
    }
  });
});
