// Campaigns (#36) through the local gateway, the campaigns queue and its consumer, on DynamoDB Local: each recipient
// one ordinary send (debit, statement entry, message with contexto CAMPANHA), repeats, invalid phones and opted-out
// patients IGNORADA with their reason, a balance that runs out pausing the campaign and a resume after a credit
// going on where it stopped, the CSV forms, another application's campaign a 404, and the pace's per-second
// counter that no number of workers gets past.
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoFlowStore } from '#shared/db/flow';
import { dynamoPaceRepository } from '#shared/db/campaigns';
import { consumerFunctions } from '#infra/functions';
import { asFunction } from '#infra/local/iam-guard';
import { addAmounts, subtractAmounts } from '#shared/domain/money';
import { MOBILE_FAILURE_RECIPIENTS } from '#infra/local/simulators/common';
import { bearer, client, useLocalService, type Json, type Reply } from '../support/local-service.ts';

// One-second slices: every campaign longer than a second is handed from slice to slice through the queue.
process.env.CAMPAIGN_SLICE_SECONDS = '1';
const service = useLocalService();
const api = client(service);

type AppKey = 'demo' | 'outra' | 'semSaldo';
const app = (key: AppKey) => service.sandbox.applications[key];
const admin = (key: AppKey, method: string, url: string, body?: unknown) => api.call(method, url, bearer(app(key).tokens.admin), body);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let phones = 0;
/** A fresh Brazilian mobile per recipient, so files never share patients. */
const mobile = () => `+55119${String(60000000 + (process.pid % 1000) * 1000 + ++phones).padStart(8, '0')}`;

async function csv(key: AppKey, text: string, query: Record<string, string>): Promise<Reply> {
  const response = await fetch(`${service.baseUrl}/api/admin/campanhas/csv?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    headers: { ...bearer(app(key).tokens.admin), 'Content-Type': 'text/csv; charset=utf-8' },
    body: text,
  });
  const body = await response.text();
  return { status: response.status, body: body ? (JSON.parse(body) as Json) : {}, headers: response.headers };
}

/** The campaign once `ok` holds of it (the worker runs on the queue). */
async function campaignWhen(key: AppKey, id: number, ok: (c: Json) => boolean, ms = 30_000, token = app(key).tokens.admin): Promise<Json> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { body } = await api.call('GET', `/api/admin/campanhas/${id}`, bearer(token));
    if (ok(body)) return body;
    if (Date.now() > deadline) throw new Error(`campaign ${id} never got there: ${JSON.stringify(body)}`);
    await sleep(100);
  }
}

const recipients = async (key: AppKey, id: number, status?: string) =>
  (await admin(key, 'GET', `/api/admin/campanhas/${id}/destinatarios?size=100${status ? `&status=${status}` : ''}`)).body;

const balance = async (key: AppKey) => (await api.external(app(key)).get('/api/external/financeiro/saldo')).body.saldo as string;

// The campaigns below run whatever the hour: the send window is open all day (the quiet hours have their own test).
beforeAll(async () => {
  for (const key of ['demo', 'outra', 'semSaldo'] as const) {
    const window = await admin(key, 'PUT', '/api/admin/whatsapp/fluxo-agendamentos', {
      horarioEnvioInicio: '00:00',
      horarioEnvioFim: '24:00',
    });
    expect(window.status).toBe(200);
  }
});

describe('a campaign from a list', () => {
  it('sends each recipient once, keeps repeats and invalid phones IGNORADA, and its totals and cost match the statement', async () => {
    // Prepare
    const [a, b, c, d] = [mobile(), mobile(), mobile(), mobile()];
    const before = await balance('demo');

    // Act
    const created = await admin('demo', 'POST', '/api/admin/campanhas', {
      nome: 'Vacinação da gripe',
      mensagem: 'Olá {{nome}}, a vacinação da gripe começa {{data}}.',
      variaveis: { data: 'segunda-feira' },
      destinatarios: [
        { telefone: a, nome: 'Ana' },
        { telefone: b, nome: 'Bruno', variaveis: { data: 'amanhã' } },
        { telefone: `0055 ${a.slice(3)}`, nome: 'Ana de novo' },
        { telefone: '11 9999', nome: 'Sem DDI' },
        { telefone: c },
        { telefone: d, nome: 'Dora' },
      ],
    });
    const done = await campaignWhen('demo', created.body.id, (x) => x.status === 'CONCLUIDA');
    const ignored = await recipients('demo', created.body.id, 'IGNORADA');
    const sent = await recipients('demo', created.body.id, 'ENVIADA');
    const after = await balance('demo');
    const message = (await admin('demo', 'GET', `/api/admin/mensagens/${sent.content[1].mensagemId}`)).body;

    // Assess
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'EM_ANDAMENTO', totais: { destinatarios: 6, ignoradas: 3, pendentes: 3, enviadas: 0 } });
    expect(done).toMatchObject({ totais: { destinatarios: 6, enviadas: 3, falhas: 0, ignoradas: 3, pendentes: 0 }, custoTotal: '0.30' });
    expect(done.concluidaEm).toEqual(expect.any(String));
    // The third and fourth: a repeat of the first (written otherwise) and no country code; the fifth has no {{nome}}.
    expect(ignored.content.map((r: Json) => [r.linha, r.motivo])).toEqual([
      [3, 'DUPLICADO'],
      [4, 'TELEFONE_INVALIDO'],
      [5, 'VARIAVEL_AUSENTE'],
    ]);
    expect(ignored.content[0].telefone).toBe(a);
    expect(sent.totalElements).toBe(3);
    expect(sent.content.map((r: Json) => r.telefone)).toEqual([a, b, d]);
    expect(new Set(sent.content.map((r: Json) => r.mensagemId)).size).toBe(3);
    expect(message).toMatchObject({
      contexto: 'CAMPANHA',
      contextoId: created.body.id,
      body: 'Olá Bruno, a vacinação da gripe começa amanhã.',
    });
    expect(after).toBe(subtractAmounts(before, '0.30'));
  });

  it('never sends to a patient who opted out: IGNORADA with OPT_OUT, nothing charged for them', async () => {
    // Prepare: the patient wrote an opt-out word (as the inbound consumer records it).
    const [stays, leaves] = [mobile(), mobile()];
    await asFunction(consumerFunctions.inbound.id, () =>
      dynamoFlowStore().optOut(app('demo').id, leaves, 'sair', new Date().toISOString()),
    );
    const before = await balance('demo');

    // Act
    const created = await admin('demo', 'POST', '/api/admin/campanhas', {
      nome: 'Mudança de endereço',
      mensagem: 'A clínica mudou de endereço.',
      destinatarios: [{ telefone: stays }, { telefone: leaves }],
    });
    const done = await campaignWhen('demo', created.body.id, (x) => x.status === 'CONCLUIDA');
    const all = await recipients('demo', created.body.id);

    // Assess
    expect(done.totais).toMatchObject({ enviadas: 1, ignoradas: 1, pendentes: 0 });
    expect(all.content.map((r: Json) => [r.telefone, r.status, r.motivo])).toEqual([
      [stays, 'ENVIADA', null],
      [leaves, 'IGNORADA', 'OPT_OUT'],
    ]);
    expect(await balance('demo')).toBe(subtractAmounts(before, '0.10'));
  });

  it('pauses when the balance runs out (SALDO_INSUFICIENTE) and, resumed after a credit, goes on where it stopped', async () => {
    // Prepare: semSaldo (provider_b) with enough for two of four messages.
    const credit = (valor: string) => api.admin('POST', `/api/admin/aplicacoes/${app('semSaldo').id}/creditos`, { valor });
    const opening = await balance('semSaldo');
    expect((await credit('0.20')).status).toBe(201);
    const list = [mobile(), mobile(), mobile(), mobile()];

    // Act
    const created = await admin('semSaldo', 'POST', '/api/admin/campanhas', {
      nome: 'Aviso de férias',
      mensagem: 'Dr. Silva estará de férias em dezembro.',
      destinatarios: list.map((telefone) => ({ telefone })),
    });
    const paused = await campaignWhen('semSaldo', created.body.id, (x) => x.status === 'PAUSADA');
    const refusedResume = await admin('semSaldo', 'POST', `/api/admin/campanhas/${created.body.id}/pausar`);
    expect((await credit('1.00')).status).toBe(201);
    const resumed = await admin('semSaldo', 'POST', `/api/admin/campanhas/${created.body.id}/retomar`);
    const done = await campaignWhen('semSaldo', created.body.id, (x) => x.status === 'CONCLUIDA');
    const sent = await recipients('semSaldo', created.body.id, 'ENVIADA');

    // Assess: two sent, two left PENDENTE; then all four, each once, and the balance exact.
    expect(paused).toMatchObject({ motivo: 'SALDO_INSUFICIENTE', totais: { enviadas: 2, pendentes: 2 }, custoTotal: '0.20' });
    expect(refusedResume.status).toBe(409);
    expect(resumed).toMatchObject({ status: 200, body: { status: 'EM_ANDAMENTO', motivo: null } });
    expect(done).toMatchObject({ totais: { enviadas: 4, pendentes: 0, falhas: 0 }, custoTotal: '0.40' });
    expect(sent.content.map((r: Json) => r.telefone)).toEqual(list);
    expect(await balance('semSaldo')).toBe(subtractAmounts(addAmounts(opening, '1.20'), '0.40'));
  });

  it('counts the messages the provider reports delivered and read, and one it reports undelivered as FALHA', async () => {
    // outra sends through the provider_a simulator, which posts each message's statuses back; it reports the last
    // number undelivered (ErrorCode 30003) after accepting it.
    const created = await admin('outra', 'POST', '/api/admin/campanhas', {
      nome: 'Confirmação de exames',
      mensagem: 'Seus exames estão prontos.',
      destinatarios: [{ telefone: mobile() }, { telefone: mobile() }, { telefone: MOBILE_FAILURE_RECIPIENTS.undelivered }],
    });
    const settled = await campaignWhen(
      'outra',
      created.body.id,
      (x) => x.status === 'CONCLUIDA' && x.totais.entregues === 2 && x.totais.falhas === 1,
    );
    const failed = await recipients('outra', created.body.id, 'FALHA');

    expect(settled.totais).toMatchObject({ destinatarios: 3, enviadas: 2, entregues: 2, falhas: 1, pendentes: 0 });
    expect(settled.totais.lidas).toBeLessThanOrEqual(2);
    expect(settled.custoTotal).toBe('0.30'); // the provider accepted all three: each was charged
    expect(failed).toMatchObject({ totalElements: 1, content: [{ telefone: MOBILE_FAILURE_RECIPIENTS.undelivered, motivo: '30003' }] });
    expect(failed.content[0].mensagemId).toEqual(expect.any(Number));
  });

  it('sends an APROVADO template filled per recipient (nome as pacienteNome), and refuses one not approved (400)', async () => {
    // Prepare: a template approved at once (demo sends through link) and one left a draft.
    const template = (approve: boolean) =>
      admin('demo', 'POST', '/api/admin/whatsapp/templates-hsm', {
        nome: `campanha_${process.pid}_${++phones}`,
        idioma: 'pt_BR',
        categoria: 'UTILITY',
        corpo: 'Olá {{1}}, seu exame {{2}} está pronto.',
        variaveis: ['pacienteNome', 'procedimento'],
        procedimentos: [`Campanha ${phones}`],
      }).then(async (t) =>
        approve ? (await admin('demo', 'POST', `/api/admin/whatsapp/templates-hsm/${t.body.id}/submeter`)).body : t.body,
      );
    const [approved, draft] = await Promise.all([template(true), template(false)]);
    const [ana, bruno] = [mobile(), mobile()];

    // Act
    const created = await admin('demo', 'POST', '/api/admin/campanhas', {
      nome: 'Exames prontos',
      templateId: approved.id,
      variaveis: { procedimento: 'hemograma' },
      destinatarios: [
        { telefone: ana, nome: 'Ana' },
        { telefone: bruno, nome: 'Bruno', variaveis: { procedimento: 'raio-x' } },
      ],
    });
    const refused = await admin('demo', 'POST', '/api/admin/campanhas', {
      nome: 'Rascunho',
      templateId: draft.id,
      destinatarios: [{ telefone: mobile(), nome: 'Caio' }],
    });
    const done = await campaignWhen('demo', created.body.id, (c) => c.status !== 'EM_ANDAMENTO', 20_000);
    expect(done).toMatchObject({ status: 'CONCLUIDA', totais: { enviadas: 2 } });
    const sent = (await recipients('demo', created.body.id, 'ENVIADA')).content as Json[];
    const bodies = await Promise.all(
      sent.map(async (r) => (await api.external(app('demo')).get(`/api/external/messages/${r.mensagemId}`)).body),
    );

    // Assess
    expect(approved.estado).toBe('APROVADO');
    expect(created.status).toBe(201);
    expect(bodies.map((m) => [m.toNumber, m.body, m.contexto])).toEqual([
      [ana, 'Olá Ana, seu exame hemograma está pronto.', 'CAMPANHA'],
      [bruno, 'Olá Bruno, seu exame raio-x está pronto.', 'CAMPANHA'],
    ]);
    expect(refused).toMatchObject({ status: 400, body: { error: 'validation_error', field: 'templateId' } });
  });

  it('is scheduled with agendarPara (AGENDADA, nothing sent) and canceled before its time', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' })
      .format(at)
      .replace(' ', 'T');
    const created = await admin('demo', 'POST', '/api/admin/campanhas', {
      nome: 'Mais tarde',
      mensagem: 'Lembrete.',
      agendarPara: local,
      destinatarios: [{ telefone: mobile() }],
    });
    const canceled = await admin('demo', 'POST', `/api/admin/campanhas/${created.body.id}/cancelar`);
    const again = await admin('demo', 'POST', `/api/admin/campanhas/${created.body.id}/cancelar`);

    expect(created.body).toMatchObject({ status: 'AGENDADA', agendarPara: local, iniciadaEm: null });
    expect(canceled.body).toMatchObject({ status: 'CANCELADA', totais: { enviadas: 0, pendentes: 1 } });
    expect(again.status).toBe(409);
  });

  it('refuses a body with neither or both of mensagem and templateId, or no recipient that can be sent to (400, nothing written)', async () => {
    const listed = (await admin('demo', 'GET', '/api/admin/campanhas?size=100')).body.totalElements as number;
    const neither = await admin('demo', 'POST', '/api/admin/campanhas', { nome: 'x', destinatarios: [{ telefone: mobile() }] });
    const both = await admin('demo', 'POST', '/api/admin/campanhas', {
      nome: 'x',
      mensagem: 'a',
      templateId: 1,
      destinatarios: [{ telefone: mobile() }],
    });
    const nobody = await admin('demo', 'POST', '/api/admin/campanhas', { nome: 'x', mensagem: 'a', destinatarios: [{ telefone: '123' }] });
    const missing = await admin('demo', 'POST', '/api/admin/campanhas', {
      nome: 'x',
      mensagem: 'Olá {{nome}}',
      destinatarios: [{ telefone: mobile() }],
    });

    expect(neither).toMatchObject({ status: 400, body: { field: 'mensagem' } });
    expect(both).toMatchObject({ status: 400, body: { field: 'templateId' } });
    expect(nobody).toMatchObject({ status: 400, body: { field: 'destinatarios' } });
    expect(missing).toMatchObject({ status: 400, body: { field: 'destinatarios' } });
    expect((await admin('demo', 'GET', '/api/admin/campanhas?size=100')).body.totalElements).toBe(listed);
  });
});

describe('a campaign from a CSV file', () => {
  it('reads a spreadsheet export (BOM, `;`, CRLF, quoted cells) and previews it with its cost, writing nothing (simular=true)', async () => {
    const [a, b] = [mobile(), mobile()];
    const file =
      '\uFEFFtelefone;nome;data_consulta\r\n' +
      `${a};"Silva; Maria";12/12/2026\r\n` +
      `${b};João;13/12/2026\r\n` +
      `${b};João de novo;14/12/2026\r\n`;

    const preview = await csv('demo', file, {
      nome: 'Consultas',
      mensagem: 'Olá {{nome}}, sua consulta é {{data_consulta}}.',
      simular: 'true',
    });
    const created = await csv('demo', file, { nome: 'Consultas', mensagem: 'Olá {{nome}}, sua consulta é {{data_consulta}}.' });
    const done = await campaignWhen('demo', created.body.id, (x) => x.status === 'CONCLUIDA');
    const sent = await recipients('demo', created.body.id, 'ENVIADA');
    const first = (await admin('demo', 'GET', `/api/admin/mensagens/${sent.content[0].mensagemId}`)).body;

    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ totais: { destinatarios: 3, pendentes: 2, ignoradas: 1 }, tarifa: '0.10', custoEstimado: '0.20' });
    expect(preview.body.ignorados).toEqual([expect.objectContaining({ linha: 4, motivo: 'DUPLICADO' })]);
    expect(created.status).toBe(201);
    expect(done.totais).toMatchObject({ destinatarios: 3, enviadas: 2, ignoradas: 1 });
    expect(first.body).toBe('Olá Silva; Maria, sua consulta é 12/12/2026.');
  });

  it('reads a comma-separated file, and refuses a malformed one naming its lines (400, nothing written)', async () => {
    const listed = (await admin('demo', 'GET', '/api/admin/campanhas?size=100')).body.totalElements as number;
    const comma = await csv('demo', `telefone,nome\n${mobile()},Carla\n`, { nome: 'Vírgulas', mensagem: 'Olá {{nome}}' });
    const afterComma = (await admin('demo', 'GET', '/api/admin/campanhas?size=100')).body.totalElements as number;
    const tooMany = await csv('demo', `telefone;nome\n${mobile()};Ana;extra\n${mobile()};Bia\n`, { nome: 'x', mensagem: 'a' });
    const unclosed = await csv('demo', `telefone;nome\n${mobile()};Ana\n${mobile()};"Bia\n`, { nome: 'x', mensagem: 'a' });
    const noPhone = await csv('demo', 'nome;email\nAna;ana@example.com\n', { nome: 'x', mensagem: 'a' });
    const notCsv = await admin('demo', 'POST', '/api/admin/campanhas/csv?nome=x&mensagem=a', { telefone: '+5511999998888' });

    expect(comma.status).toBe(201);
    expect(afterComma).toBe(listed + 1);
    expect(tooMany).toMatchObject({ status: 400, body: { field: 'csv' } });
    expect(tooMany.body.erros).toEqual([expect.objectContaining({ linha: 2 })]);
    expect(unclosed).toMatchObject({ status: 400, body: { field: 'csv', erros: [{ linha: 3 }] } });
    expect(noPhone).toMatchObject({ status: 400, body: { field: 'csv', erros: [{ linha: 1, campo: 'telefone' }] } });
    expect(notCsv.status).toBe(415);
    expect((await admin('demo', 'GET', '/api/admin/campanhas?size=100')).body.totalElements).toBe(afterComma);
  });
});

describe('tenancy', () => {
  it('shows a campaign to its own application only: another application’s is 404, to read and to move', async () => {
    const created = await admin('demo', 'POST', '/api/admin/campanhas', {
      nome: 'Só da demo',
      mensagem: 'Oi',
      agendarPara: new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' })
        .format(new Date(Date.now() + 7_200_000))
        .replace(' ', 'T'),
      destinatarios: [{ telefone: mobile() }],
    });

    const read = await admin('outra', 'GET', `/api/admin/campanhas/${created.body.id}`);
    const listedByOutra = (await admin('outra', 'GET', '/api/admin/campanhas?size=100')).body.content as Json[];
    const moved = await admin('outra', 'POST', `/api/admin/campanhas/${created.body.id}/cancelar`);
    const list = await admin('outra', 'GET', `/api/admin/campanhas/${created.body.id}/destinatarios`);

    expect(read.status).toBe(404);
    expect(listedByOutra.some((c) => c.id === created.body.id)).toBe(false);
    expect(moved.status).toBe(404);
    expect(list.status).toBe(404);
    expect((await admin('demo', 'GET', `/api/admin/campanhas/${created.body.id}`)).body.status).toBe('AGENDADA');
    // Its recipients are listed before it starts (a worker expanded what the creation staged).
    await expect.poll(async () => (await recipients('demo', created.body.id)).content).toHaveLength(1);
  });
});

describe('the pace', () => {
  it('is set per application by the platform admin only; a campaign at 2 per second takes its time and holds no other application’s behind it', async () => {
    const clinic = await api.newApplication('link', '10.00');
    const pace = (key: AppKey, body: unknown, id = clinic.id) => admin(key, 'PUT', `/api/admin/aplicacoes/${id}/ritmo`, body);
    const refused = await Promise.all([
      pace('demo', { mensagensPorSegundo: 0 }),
      pace('demo', { mensagensPorSegundo: 1001 }),
      pace('demo', { mensagensPorSegundo: 2.5 }),
      pace('demo', {}),
    ]);
    const byTenant = await pace('outra', { mensagensPorSegundo: 500 }, app('outra').id);
    const unknown = await pace('demo', { mensagensPorSegundo: 5 }, 987654);
    const set = await pace('demo', { mensagensPorSegundo: 2 });

    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(byTenant.status).toBe(403);
    expect(unknown.status).toBe(404);
    expect(set).toMatchObject({ status: 200, body: { id: clinic.id, mensagensPorSegundo: 2 } });
    expect((await admin('outra', 'GET', `/api/admin/aplicacoes/${app('outra').id}`)).body.mensagensPorSegundo).toBe(80);

    // Ten recipients at two per second need five distinct seconds: at least four seconds from start to end. Meanwhile
    // another application's short campaign, created after it, is not held behind it.
    const token = await api.adminOf(clinic.id);
    const allDay = { horarioEnvioInicio: '00:00', horarioEnvioFim: '24:00' };
    expect((await api.call('PUT', '/api/admin/whatsapp/fluxo-agendamentos', bearer(token), allDay)).status).toBe(200);
    const created = await api.call('POST', '/api/admin/campanhas', bearer(token), {
      nome: 'Devagar',
      mensagem: 'Aviso.',
      destinatarios: Array.from({ length: 10 }, () => ({ telefone: mobile() })),
    });
    expect(created.status).toBe(201);
    const other = await admin('demo', 'POST', '/api/admin/campanhas', {
      nome: 'Curta',
      mensagem: 'Aviso.',
      destinatarios: [{ telefone: mobile() }, { telefone: mobile() }],
    });
    await campaignWhen('demo', other.body.id, (c) => c.status === 'CONCLUIDA');
    const slowMeanwhile = (await api.call('GET', `/api/admin/campanhas/${created.body.id}`, bearer(token))).body;
    const done = await campaignWhen('demo', created.body.id, (c) => c.status === 'CONCLUIDA', 30_000, token);

    expect(slowMeanwhile.status).toBe('EM_ANDAMENTO');
    expect(done.totais).toMatchObject({ enviadas: 10, pendentes: 0 });
    expect(Date.parse(done.concluidaEm) - Date.parse(done.iniciadaEm)).toBeGreaterThanOrEqual(4000);
  });

  it('never grants one second more than its rate, however many workers ask at once', async () => {
    const pace = dynamoPaceRepository();
    const second = Math.floor(Date.now() / 1000) + 3600;
    const granted = await asFunction(consumerFunctions.campaigns.id, () =>
      Promise.all(Array.from({ length: 40 }, () => pace.take(app('demo').id, second, 3, 50))),
    );
    expect(granted.reduce((sum, n) => sum + n, 0)).toBe(50);
    expect(await asFunction(consumerFunctions.campaigns.id, () => pace.take(app('demo').id, second, 5, 50))).toBe(0);
  });
});
