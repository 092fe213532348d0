// Scheduled sends (#35) through the local gateway and DynamoDB Local: `agendarPara` on both send routes answers
// 202 AGENDADO and charges nothing; the message reads SCHEDULED until the every-minute schedule (run here as its
// Lambda, with a clock past the time) sends it as an ordinary send with the same id (debit, statement entry, provider
// call), once even when two runs overlap; a balance short then fails it with nothing charged; a cancel
// (DELETE /api/external/messages/{id}) wins or loses against the send; Idempotency-Key holds.
import { describe, expect, it } from 'vitest';
import { sendDueMessages } from '#functions/scheduled/scheduled-sends';
import { scheduledFunctions } from '#infra/functions';
import { FAILURE_RECIPIENTS } from '#infra/local/simulators/common';
import { asFunction } from '#infra/local/iam-guard';
import { localDateTime } from '#shared/domain/time';
import { accessToken, apiKeyHeaders, bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const { admin, call, external, newApplication } = client(service);

type App = { id: number; apiKey: string; apiSecret: string };

/** The scheduled sends' schedule, run as its Lambda (its calls pass that role's grants) with the clock at `now`. */
const runSchedule = (now: Date) => asFunction(scheduledFunctions.scheduledSends.id, () => sendDueMessages(now));

/** The local date-time (America/Sao_Paulo, no zone) `ms` from now, and the moment just past it. */
const ahead = (ms: number) => {
  const at = new Date(Date.now() + ms);
  return { agendarPara: localDateTime(at), past: new Date(at.getTime() + 1_000) };
};
const MINUTES = 60_000;

const balance = async (app: App) => (await external(app).get('/api/external/financeiro/saldo')).body.saldo as string;
const statement = async (app: App) => (await external(app).get('/api/external/financeiro/extrato?size=100')).body.content as Json[];
const message = async (app: App, id: number) => external(app).get(`/api/external/messages/${id}`);
const cancel = (app: App, id: number) => call('DELETE', `/api/external/messages/${id}`, apiKeyHeaders(app));
const schedule = (app: App, body: Json, key?: string) =>
  call('POST', '/api/external/messages/send', { ...apiKeyHeaders(app), ...(key ? { 'Idempotency-Key': key } : {}) }, body);

let phones = 0;
const phone = () => `+55119${String(Date.now() % 10_000_000).padStart(7, '0')}${++phones % 10}`;

describe('agendarPara refused', () => {
  it.each([
    ['in the past', () => '2020-01-01T10:00:00'],
    ['less than a minute ahead', () => ahead(30_000).agendarPara],
    ['more than 35 days ahead', () => ahead(36 * 24 * 60 * MINUTES).agendarPara],
    ['with a zone', () => `${ahead(10 * MINUTES).agendarPara}Z`],
    ['without seconds', () => ahead(10 * MINUTES).agendarPara.slice(0, 16)],
    ['with a space', () => ahead(10 * MINUTES).agendarPara.replace('T', ' ')],
    ['a day that does not exist', () => '2027-02-30T10:00:00'],
    ['words', () => 'amanhã às 10h'],
    ['a number', () => Date.now() + 10 * MINUTES],
  ])('answers agendarPara %s with 400 naming the field, and writes nothing', async (_, when) => {
    // Prepare
    const app = await newApplication('link', '1.00');

    // Act
    const reply = await schedule(app, { telefone: phone(), mensagem: 'Lembrete', agendarPara: when() });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: 'validation_error', field: 'agendarPara' });
    expect((await external(app).get('/api/external/messages')).body.totalElements).toBe(0);
    expect(await balance(app)).toBe('1.00');
    expect(await statement(app)).toHaveLength(1);
  });
});

describe('a scheduled send', () => {
  it('answers 202 AGENDADO, reads SCHEDULED with its time, lists, and charges nothing', async () => {
    // Prepare
    const app = await newApplication('link', '1.00');
    const { agendarPara } = ahead(30 * MINUTES);
    const telefone = phone();

    // Act
    const reply = await schedule(app, { telefone, mensagem: 'Sua consulta é amanhã', contexto: 'LEMBRETE', agendarPara });

    // Assess: the answer
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ status: 'AGENDADO', mensagemId: expect.any(Number), agendadoPara: agendarPara });
    const id = reply.body.mensagemId as number;
    // the message
    const read = await message(app, id);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id,
      status: 'SCHEDULED',
      statusDescricao: 'Agendada',
      agendadoPara: agendarPara,
      dataEnvio: agendarPara,
      toNumber: telefone,
      body: 'Sua consulta é amanhã',
      contexto: 'LEMBRETE',
      messageSid: null,
      tarifaCobrada: null,
    });
    // listed, counted, and filtered by its status
    const listed = await external(app).get('/api/external/messages?status=SCHEDULED');
    expect(listed.body).toMatchObject({ totalElements: 1, content: [expect.objectContaining({ id, status: 'SCHEDULED' })] });
    expect((await external(app).get('/api/external/messages?status=SENT')).body.totalElements).toBe(0);
    // nothing charged
    expect(await balance(app)).toBe('1.00');
    expect((await statement(app)).map((e) => e.referenciaTipo)).toEqual(['CREDITO']);
  });

  it('is sent by the schedule once its time is past, once, with the same id, and not before', async () => {
    // Prepare
    const app = await newApplication('link', '1.00');
    const { agendarPara, past } = ahead(2 * MINUTES);
    const id = (await schedule(app, { telefone: phone(), mensagem: 'Exame às 8h', agendarPara })).body.mensagemId as number;

    // Act: a run before its time, then two runs at once past it, then one more.
    await runSchedule(new Date());
    const early = await message(app, id);
    const [first, second] = await Promise.all([runSchedule(past), runSchedule(past)]);
    const third = await runSchedule(past);

    // Assess: still scheduled before its time
    expect(early.body.status).toBe('SCHEDULED');
    // sent once: link sends are SENT with the debit
    expect(first.sent + second.sent).toBe(1);
    expect(third.sent).toBe(0);
    const sent = (await message(app, id)).body;
    expect(sent).toMatchObject({
      id,
      status: 'SENT',
      agendadoPara: agendarPara,
      tarifaCobrada: '0.10',
      messageSid: expect.stringMatching(/^link-/),
    });
    expect(sent.dataEnvio).not.toBe(agendarPara);
    expect(await balance(app)).toBe('0.90');
    const debits = (await statement(app)).filter((e) => e.tipo === 'DEBIT');
    expect(debits).toEqual([expect.objectContaining({ referenciaTipo: 'MENSAGEM_ENVIADA', referenciaId: id, valor: '0.10' })]);
    // no longer counted as scheduled, counted as sent
    expect((await external(app).get('/api/external/messages?status=SCHEDULED')).body.totalElements).toBe(0);
    expect((await external(app).get('/api/external/messages?status=SENT')).body.totalElements).toBe(1);
    expect((await external(app).get('/api/external/messages')).body.totalElements).toBe(1);
  });

  it('goes through the provider (provider_a) and its status callbacks, as any send', async () => {
    // Prepare
    const outra = service.sandbox.applications.outra;
    const before = await balance(outra);
    const { agendarPara, past } = ahead(2 * MINUTES);
    const id = (await schedule(outra, { telefone: phone(), mensagem: 'Confirmado', agendarPara })).body.mensagemId as number;

    // Act
    await runSchedule(past);

    // Assess: charged once, accepted by the provider, then delivered through its callbacks
    expect(Math.round((Number(before) - Number(await balance(outra))) * 100)).toBe(10);
    const sent = (await message(outra, id)).body;
    expect(['SENT', 'DELIVERED', 'READ']).toContain(sent.status);
    expect(sent.messageSid).toMatch(/^SM/);
  });

  it('fails as any send when the provider refuses it at its time: the charge given back', async () => {
    // Prepare
    const outra = service.sandbox.applications.outra;
    const before = await balance(outra);
    const { agendarPara, past } = ahead(2 * MINUTES);
    const id = (await schedule(outra, { telefone: FAILURE_RECIPIENTS.rejected, mensagem: 'Oi', agendarPara })).body.mensagemId as number;

    // Act
    const counts = await runSchedule(past);

    // Assess
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect(await balance(outra)).toBe(before);
    expect((await message(outra, id)).body).toMatchObject({ status: 'FAILED', errorCode: expect.any(String) });
    const entries = (await statement(outra)).filter((e) => e.referenciaId === id || e.referenciaTipo === 'ESTORNO_FALHA_ENVIO');
    const debit = entries.find((e) => e.referenciaTipo === 'MENSAGEM_ENVIADA' && e.referenciaId === id);
    expect(debit).toBeDefined();
    expect(entries.some((e) => e.referenciaTipo === 'ESTORNO_FALHA_ENVIO' && e.referenciaId === debit?.id)).toBe(true);
  });

  it('fails with SALDO_INSUFICIENTE, nothing charged, when the balance no longer covers it at its time', async () => {
    // Prepare: the balance covers it when scheduled, then an immediate send spends it.
    const app = await newApplication('link', '0.10');
    const { agendarPara, past } = ahead(2 * MINUTES);
    const id = (await schedule(app, { telefone: phone(), mensagem: 'Lembrete', agendarPara })).body.mensagemId as number;
    expect((await external(app).send({ telefone: phone(), mensagem: 'Agora' })).status).toBe(200);
    const entriesBefore = await statement(app);

    // Act: its time comes, twice.
    const first = await runSchedule(past);
    const second = await runSchedule(past);

    // Assess: failed once, visible with its code; the balance and the statement unchanged
    expect(first.refused).toBe(1);
    expect(second.refused).toBe(0);
    const failed = await message(app, id);
    expect(failed.body).toMatchObject({
      id,
      status: 'FAILED',
      errorCode: 'SALDO_INSUFICIENTE',
      errorMessage: expect.stringContaining('Saldo insuficiente'),
      tarifaCobrada: null,
      messageSid: null,
    });
    expect(await balance(app)).toBe('0.00');
    expect(await statement(app)).toEqual(entriesBefore);
    // and it can no longer be canceled
    expect((await cancel(app, id)).status).toBe(409);
  });
});

describe('DELETE /api/external/messages/{id}', () => {
  it('cancels a scheduled message (204, again 204): CANCELED, never sent, nothing charged', async () => {
    // Prepare
    const app = await newApplication('link', '1.00');
    const { agendarPara, past } = ahead(2 * MINUTES);
    const id = (await schedule(app, { telefone: phone(), mensagem: 'Lembrete', agendarPara })).body.mensagemId as number;

    // Act
    const canceled = await cancel(app, id);
    const again = await cancel(app, id);
    await runSchedule(past);

    // Assess
    expect([canceled.status, again.status]).toEqual([204, 204]);
    expect((await message(app, id)).body).toMatchObject({ status: 'CANCELED', statusDescricao: 'Cancelada', agendadoPara: agendarPara });
    expect(await balance(app)).toBe('1.00');
    expect(await statement(app)).toHaveLength(1);
    expect((await external(app).get('/api/external/messages?status=CANCELED')).body.totalElements).toBe(1);
    expect((await external(app).get('/api/external/messages?status=SCHEDULED')).body.totalElements).toBe(0);
  });

  it('answers 409 once the message was sent, and for a message sent at once', async () => {
    // Prepare
    const app = await newApplication('link', '1.00');
    const { agendarPara, past } = ahead(2 * MINUTES);
    const id = (await schedule(app, { telefone: phone(), mensagem: 'Lembrete', agendarPara })).body.mensagemId as number;
    await runSchedule(past);
    const now = (await external(app).send({ telefone: phone(), mensagem: 'Agora' })).body.mensagemId as number;

    // Act
    const late = await cancel(app, id);
    const immediate = await cancel(app, now);

    // Assess
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'conflict' });
    expect(immediate.status).toBe(409);
    expect((await message(app, id)).body.status).toBe('SENT');
  });

  it("answers 404 for another application's message and for an unknown id, and changes nothing", async () => {
    // Prepare
    const app = await newApplication('link', '1.00');
    const other = await newApplication('link', '1.00');
    const { agendarPara } = ahead(30 * MINUTES);
    const id = (await schedule(app, { telefone: phone(), mensagem: 'Lembrete', agendarPara })).body.mensagemId as number;

    // Act
    const foreign = await cancel(other, id);
    const unknown = await cancel(app, 9_999_999_999);

    // Assess
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect((await message(app, id)).body.status).toBe('SCHEDULED');
  });

  it('either wins against the schedule (nothing charged) or loses (409, charged once)', async () => {
    // Prepare
    const app = await newApplication('link', '1.00');
    const { agendarPara, past } = ahead(2 * MINUTES);
    const id = (await schedule(app, { telefone: phone(), mensagem: 'Lembrete', agendarPara })).body.mensagemId as number;

    // Act: the cancel and the send at the same moment.
    const [canceled] = await Promise.all([cancel(app, id), runSchedule(past)]);

    // Assess
    const status = (await message(app, id)).body.status as string;
    if (canceled.status === 204) {
      expect(status).toBe('CANCELED');
      expect(await balance(app)).toBe('1.00');
      expect((await statement(app)).map((e) => e.referenciaTipo)).toEqual(['CREDITO']);
    } else {
      // The schedule's claim came first: the cancel waits it out (409), and the statement has the one debit, no pair.
      expect(canceled.status).toBe(409);
      expect(status).toBe('SENT');
      expect(await balance(app)).toBe('0.90');
      expect((await statement(app)).map((e) => e.referenciaTipo)).toEqual(['MENSAGEM_ENVIADA', 'CREDITO']);
    }
  });
});

describe('Idempotency-Key on a scheduled send', () => {
  it('answers a repeat with the same 202 and schedules one message; another body under the key is 422', async () => {
    // Prepare
    const app = await newApplication('link', '1.00');
    const { agendarPara } = ahead(30 * MINUTES);
    const body = { telefone: phone(), mensagem: 'Lembrete', agendarPara };

    // Act
    const first = await schedule(app, body, 'agendado-1');
    const again = await schedule(app, body, 'agendado-1');
    const otherTime = await schedule(app, { ...body, agendarPara: ahead(40 * MINUTES).agendarPara }, 'agendado-1');
    const now = await schedule(app, { telefone: body.telefone, mensagem: body.mensagem }, 'agendado-1');

    // Assess
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.body).toEqual(first.body);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(otherTime.status).toBe(422);
    expect(otherTime.body).toMatchObject({ field: 'Idempotency-Key' });
    expect(now.status).toBe(422);
    expect((await external(app).get('/api/external/messages')).body.totalElements).toBe(1);
    expect(await balance(app)).toBe('1.00');
  });

  it("refuses (422) a scheduled body under an immediate send's key", async () => {
    // Prepare
    const app = await newApplication('link', '1.00');
    const body = { telefone: phone(), mensagem: 'Lembrete' };
    expect((await schedule(app, body, 'agora-1')).status).toBe(200);

    // Act
    const later = await schedule(app, { ...body, agendarPara: ahead(30 * MINUTES).agendarPara }, 'agora-1');

    // Assess
    expect(later.status).toBe(422);
    expect((await external(app).get('/api/external/messages')).body.totalElements).toBe(1);
  });
});

describe('POST /api/external/v2/mensagens with agendarPara', () => {
  it('schedules as the API-key route does', async () => {
    // Prepare
    const demo = service.sandbox.applications.demo;
    const token = await accessToken(service, demo.oauth, 'mensagens:enviar');
    const { agendarPara } = ahead(30 * MINUTES);

    // Act
    const reply = await call('POST', '/api/external/v2/mensagens', bearer(token), { telefone: phone(), mensagem: 'v2', agendarPara });
    const refused = await call('POST', '/api/external/v2/mensagens', bearer(token), {
      telefone: phone(),
      mensagem: 'v2',
      agendarPara: '2020-01-01T00:00:00',
    });

    // Assess
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({ status: 'AGENDADO', agendadoPara: agendarPara });
    expect((await message(demo, reply.body.mensagemId as number)).body.status).toBe('SCHEDULED');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'agendarPara' });
  });
});

describe('the console’s admin routes', () => {
  it('list a scheduled message and cancel it (POST /api/admin/mensagens/{id}/cancelar)', async () => {
    // Prepare: demo's admin token is demo's own.
    const demo = service.sandbox.applications.demo;
    const { agendarPara } = ahead(30 * MINUTES);
    const id = (await schedule(demo, { telefone: phone(), mensagem: 'Pelo painel', agendarPara })).body.mensagemId as number;

    // Act
    const listed = await admin('GET', '/api/admin/mensagens?status=SCHEDULED&size=100');
    const canceled = await admin('POST', `/api/admin/mensagens/${id}/cancelar`);
    const again = await admin('POST', `/api/admin/mensagens/${id}/cancelar`);

    // Assess
    expect((listed.body.content as Json[]).map((m) => m.id)).toContain(id);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id, status: 'CANCELED', agendadoPara: agendarPara, lancamento: null });
    expect((canceled.body.historico as Json[]).map((h) => h.status)).toEqual(['SCHEDULED', 'CANCELED']);
    expect(again.status).toBe(200);
    expect((await admin('POST', '/api/admin/mensagens/9999999999/cancelar')).status).toBe(404);
  });
});
