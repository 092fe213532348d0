// The admin console's Início, Mensagens and Extrato (#26): GET /api/admin/resumo, /api/admin/mensagens(/{id}),
// /api/admin/extrato and /api/admin/extrato/csv, for the token's application, through the real local service.
// Each test that counts works on a fresh application with an admin of its own; the provider_a loop (callbacks)
// runs on the sandbox's `outra`, whose tenant admin must never see demo's data.
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '#shared/db/client';
import { backfillStatementDays } from '#shared/db/ledger';
import { backfillMessageDayCounters } from '#shared/db/messages';
import { fromCents, toCents } from '#shared/domain/money';
import { bearer, client, useLocalService, type Json, type Reply } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);

const sandbox = () => service.sandbox.applications;
const get = (token: string, url: string) => api.call('GET', url, bearer(token));

/** A fresh link application, credited, with an admin user of its own (logged in). */
async function tenant(credit: string) {
  const app = await api.newApplication('link', credit);
  return { ...app, token: await api.adminOf(app.id) };
}

async function until(what: string, read: () => Promise<Reply>, ok: (reply: Reply) => boolean, ms = 20_000): Promise<Reply> {
  const deadline = Date.now() + ms;
  for (;;) {
    const reply = await read();
    if (ok(reply)) return reply;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(reply.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cents = (value: string) => toCents(value);
const sumOf = (values: string[]) => fromCents(values.reduce((sum, v) => sum + cents(v), 0n));

/** A CSV's rows as arrays of cells (RFC 4180: quoted fields, doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

async function csv(token: string, query = '') {
  const response = await fetch(`${service.baseUrl}/api/admin/extrato/csv${query}`, { headers: bearer(token) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('GET /api/admin/resumo', () => {
  it('shows the balance, today’s spend (debits minus refunds), messages by status, the low-balance flag and the provider', async () => {
    const low = await tenant('1.00');
    const rich = await tenant('1000.00');
    for (const telefone of ['+5511955580001', '+5511955580002', '+5511955580003']) {
      expect((await api.external(rich).send({ telefone, mensagem: 'Lembrete' })).status).toBe(200);
    }
    const debit = (await api.external(rich).get('/api/external/financeiro/extrato?size=100')).body.content.find(
      (e: Json) => e.referenciaTipo === 'MENSAGEM_ENVIADA',
    );
    expect((await api.admin('POST', `/api/admin/aplicacoes/${rich.id}/estornos`, { lancamentoId: debit.id })).status).toBe(201);

    await api.followed(); // the statement's days follow the balance's change stream
    const resumo = (await get(rich.token, '/api/admin/resumo')).body;
    const lowResumo = (await get(low.token, '/api/admin/resumo')).body;

    const entries = (await api.external(rich).get('/api/external/financeiro/extrato?size=100')).body.content as Json[];
    const messages = (await api.external(rich).get('/api/external/messages?size=100')).body.content as Json[];
    const today = (e: Json, field: string) => String(e[field]).startsWith(resumo.data);
    const debits = entries.filter((e) => today(e, 'criadoEm') && e.tipo === 'DEBIT').map((e) => e.valor);
    const refunds = entries.filter((e) => today(e, 'criadoEm') && e.referenciaTipo === 'ESTORNO').map((e) => e.valor);
    const tarifa = (await api.external(rich).get('/api/external/financeiro/tarifas')).body.find(
      (t: Json) => t.categoria === 'MENSAGENS' && t.subtipo === 'ENVIADA',
    ).valor as string;
    expect(resumo.saldo).toBe((await api.external(rich).get('/api/external/financeiro/saldo')).body.saldo);
    expect(resumo.gastoHoje).toBe(fromCents(cents(sumOf(debits)) - cents(sumOf(refunds))));
    expect(resumo.gastoHoje).toBe(fromCents(2n * cents(tarifa)));
    expect(resumo.gastoMes).toBe(resumo.gastoHoje); // a new application: all of its month is today
    expect(resumo.mensagensHoje).toEqual({
      QUEUED: 0,
      SENT: messages.filter((m) => today(m, 'dataEnvio')).length,
      DELIVERED: 0,
      READ: 0,
      FAILED: 0,
      UNDELIVERED: 0,
      total: messages.filter((m) => today(m, 'dataEnvio')).length,
    });
    expect(resumo.dias).toHaveLength(30);
    expect(resumo.dias.at(-1)).toEqual({ data: resumo.data, mensagens: resumo.mensagensHoje, gasto: resumo.gastoHoje });
    expect(resumo.dias.slice(0, -1).every((d: Json) => d.mensagens.total === 0 && d.gasto === '0.00')).toBe(true);
    expect(resumo).toMatchObject({ fusoHorario: 'America/Sao_Paulo', moeda: 'BRL', provider: 'link', numerosWhatsapp: [] });
    expect(resumo.tarifaMensagem).toBe(tarifa);
    expect(resumo.limiteSaldoBaixo).toBe(fromCents(100n * cents(tarifa)));
    expect(resumo.saldoBaixo).toBe(false);
    expect(lowResumo).toMatchObject({ saldo: '1.00', saldoBaixo: true, gastoHoje: '0.00', gastoMes: '0.00' });
    expect(lowResumo.mensagensHoje.total).toBe(0);
  });

  it('counts each day’s messages by their status after the provider’s callbacks, for the token’s application only', async () => {
    const outra = sandbox().outra;
    await api.external(outra).send({ telefone: '+5511955580101', mensagem: 'Lembrete' });
    await api.external(outra).send({ telefone: '+5500000000400', mensagem: 'Recusada' }); // the simulator refuses it: FAILED
    await service.simulators.providerA.idle();
    await service.queues.drained(20_000);

    await api.followed();
    const resumo = (await get(outra.tokens.admin, '/api/admin/resumo')).body;
    const listed = (await get(outra.tokens.admin, `/api/admin/mensagens?size=100&de=${resumo.data}&ate=${resumo.data}`)).body;
    const demo = (await get(sandbox().demo.tokens.admin, '/api/admin/resumo')).body;

    const byStatus = (status: string) => listed.content.filter((m: Json) => m.status === status).length;
    for (const status of ['QUEUED', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'UNDELIVERED']) {
      expect(resumo.mensagensHoje[status], status).toBe(byStatus(status));
    }
    expect(resumo.mensagensHoje.total).toBe(listed.totalElements);
    expect(resumo.mensagensHoje.FAILED).toBeGreaterThanOrEqual(1);
    expect(resumo.provider).toBe('provider_a');
    expect(resumo.numerosWhatsapp).toEqual(outra.numerosWhatsapp);
    expect(resumo.saldo).toBe((await api.external(outra).get('/api/external/financeiro/saldo')).body.saldo);
    expect(demo.saldo).toBe((await api.external(sandbox().demo).get('/api/external/financeiro/saldo')).body.saldo);
  });
});

describe('data from before the day counters', () => {
  it('is counted once by the seed’s and bootstrap’s backfill, never twice', async () => {
    const app = await tenant('30.00');
    await api.external(app).send({ telefone: '+5511955580701', mensagem: 'Oi', contexto: 'TESTE' });
    await api.external(app).send({ telefone: '+5511955580702', mensagem: 'Oi' });
    const resumo = async () => (await get(app.token, '/api/admin/resumo')).body;
    await api.followed(); // the statement's days follow the balance's change stream
    const before = await resumo();
    const day = before.data as string;
    const messagesThatDay = async () =>
      (await get(app.token, `/api/admin/mensagens?contexto=TESTE&de=${day}&ate=${day}`)).body.totalElements as number;
    const extrato = async () => (await get(app.token, `/api/admin/extrato?de=${day}&ate=${day}`)).body.totalElements as number;
    const [messagesBefore, entriesBefore] = [await messagesThatDay(), await extrato()];
    // Older data: the same messages and entries without their day items.
    const { Items: partition = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `APP#${app.id}` },
      }),
    );
    const Items = partition.filter((i) => /^(MSGDIA|EXTDIA)#/.test(String(i.sk)));
    await db().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: Items.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })) } }),
    );
    const emptied = await resumo();

    const first = [await backfillMessageDayCounters(app.id), await backfillStatementDays(app.id)];
    const second = [await backfillMessageDayCounters(app.id), await backfillStatementDays(app.id)];

    expect([messagesBefore, entriesBefore]).toEqual([1, 3]);
    expect(emptied).toMatchObject({ gastoHoje: '0.00', mensagensHoje: { total: 0 } });
    expect(first).toEqual([true, true]);
    expect(second).toEqual([false, false]);
    expect(await resumo()).toEqual(before);
    expect([await messagesThatDay(), await extrato()]).toEqual([messagesBefore, entriesBefore]);
  });
});

describe('GET /api/admin/mensagens', () => {
  it('lists the application’s messages newest first, filtered by status, contexto, phone and send days', async () => {
    const app = await tenant('100.00');
    const send = (telefone: string, contexto: string) => api.external(app).send({ telefone, mensagem: 'Olá', contexto });
    await send('+5511955580201', 'LEMBRETE');
    await send('+5511955580202', 'CAMPANHA');
    await send('+5511955580201', 'CAMPANHA');
    const list = async (query: string) => (await get(app.token, `/api/admin/mensagens?size=100${query}`)).body;

    const all = await list('');
    const day = String(all.content[0].dataEnvio).slice(0, 10);
    const byPhone = await list('&telefone=%2B5511955580201');
    const byContext = await list('&contexto=CAMPANHA');
    const byStatus = await list('&status=SENT');
    const none = await list('&status=READ');
    const thatDay = await list(`&de=${day}&ate=${day}`);
    const later = await list(`&de=2999-01-01`);
    const paged = (await get(app.token, '/api/admin/mensagens?size=1&page=1&contexto=CAMPANHA')).body;

    expect(all.totalElements).toBe(3);
    expect(all.content.map((m: Json) => m.id)).toEqual([...all.content.map((m: Json) => m.id)].sort((a, b) => b - a));
    expect(byPhone.content.map((m: Json) => m.toNumber)).toEqual(['+5511955580201', '+5511955580201']);
    expect(byPhone.totalElements).toBe(2);
    expect(byContext.totalElements).toBe(2);
    expect(byContext.content.every((m: Json) => m.contexto === 'CAMPANHA')).toBe(true);
    expect(byStatus.totalElements).toBe(3);
    expect(none).toMatchObject({ content: [], totalElements: 0 });
    expect(thatDay.totalElements).toBe(3);
    expect(thatDay.content).toEqual(all.content);
    expect(later).toMatchObject({ content: [], totalElements: 0 });
    expect(paged).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, size: 1 });
    expect(paged.content[0].id).toBe(byContext.content[1].id);
  });

  it('refuses a bad filter with 400 naming it', async () => {
    const token = sandbox().outra.tokens.admin;
    for (const [query, field] of [
      ['status=ENTREGUE', 'status'],
      ['contexto=QUALQUER', 'contexto'],
      ['telefone=abc', 'telefone'],
      ['de=2026-02-30', 'de'],
      ['de=26-01-01', 'de'],
      ['de=2026-03-02&ate=2026-03-01', 'ate'],
      ['size=0', 'size'],
    ]) {
      const reply = await get(token, `/api/admin/mensagens?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body, query).toMatchObject({ error: 'validation_error', field });
    }
  });

  it('shows one message with its status timeline, its cost and its statement entry; another application’s is 404', async () => {
    const outra = sandbox().outra;
    const sent = await api.external(outra).send({ telefone: '+5511955580301', mensagem: 'Sua consulta é amanhã' });
    const refused = await api.external(outra).send({ telefone: '+5500000000400', mensagem: 'Recusada' });
    const sentId = sent.body.mensagemId as number;
    const refusedId = refused.body.mensagemId as number;
    const one = (id: number, token = outra.tokens.admin) => get(token, `/api/admin/mensagens/${id}`);

    const read = await until(
      'READ',
      () => one(sentId),
      (r) => r.body.status === 'READ',
    );
    const failed = (await one(refusedId)).body;
    const foreign = await one(sentId, sandbox().demo.tokens.admin); // demo's platform admin: its own application here
    const unknown = await one(9_999_999_999);
    const entry = (await api.external(outra).get('/api/external/financeiro/extrato?size=100')).body.content.find(
      (e: Json) => e.id === read.body.lancamento.id,
    );

    const steps = read.body.historico as Json[];
    expect(steps.map((s) => s.status)).toEqual(['QUEUED', 'SENT', 'DELIVERED', 'READ']);
    expect(steps.every((s) => typeof s.em === 'string' && s.errorCode === null)).toBe(true);
    expect(steps[0]!.em).toBe(read.body.dataEnvio);
    expect(steps[3]!.em).toBe(read.body.dataLeitura);
    expect(read.body.toNumber).toBe('+5511955580301');
    expect(read.body.lancamento).toEqual({
      id: entry.id,
      tipo: 'DEBIT',
      valor: read.body.tarifaCobrada,
      descricao: entry.descricao,
      criadoEm: entry.criadoEm,
      saldoPosterior: entry.saldoPosterior,
    });
    expect(entry.referenciaTipo).toBe('MENSAGEM_ENVIADA');
    expect(failed.status).toBe('FAILED');
    expect(failed.historico.map((s: Json) => s.status)).toEqual(['QUEUED', 'FAILED']);
    expect(failed.historico[1]).toMatchObject({ errorCode: failed.errorCode, errorMessage: failed.errorMessage });
    expect(failed.errorCode).not.toBeNull();
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
  });

  it('never shows a tenant admin another application’s messages', async () => {
    const demo = sandbox().demo;
    const mine = await api.external(demo).send({ telefone: '+5511955580401', mensagem: 'Só da demo' });
    expect(mine.status).toBe(200);

    const outraList = (await get(sandbox().outra.tokens.admin, '/api/admin/mensagens?size=100')).body;
    const outraOwn = (await api.external(sandbox().outra).get('/api/external/messages?size=100')).body;
    const demoList = (await get(demo.tokens.admin, '/api/admin/mensagens?size=100')).body;

    expect(outraList.content.map((m: Json) => m.id)).toEqual(outraOwn.content.map((m: Json) => m.id));
    expect(outraList.content.some((m: Json) => m.id === mine.body.mensagemId)).toBe(false);
    expect(demoList.content.some((m: Json) => m.id === mine.body.mensagemId)).toBe(true);
  });
});

describe('GET /api/admin/extrato and /csv', () => {
  it('pages the statement newest first with its running balance, filtered by period and referenciaTipo', async () => {
    const app = await tenant('50.00');
    for (const telefone of ['+5511955580501', '+5511955580502', '+5511955580503'])
      await api.external(app).send({ telefone, mensagem: 'Oi' });
    const list = async (query: string) => (await get(app.token, `/api/admin/extrato?size=100${query}`)).body;
    const all = await list('');
    const debit = all.content.find((e: Json) => e.referenciaTipo === 'MENSAGEM_ENVIADA');
    expect((await api.admin('POST', `/api/admin/aplicacoes/${app.id}/estornos`, { lancamentoId: debit.id })).status).toBe(201);

    await api.followed(); // the statement's days follow the balance's change stream
    const whole = await list('');
    const day = String(whole.content[0].criadoEm).slice(0, 10);
    const sends = await list('&referenciaTipo=MENSAGEM_ENVIADA');
    const refunds = await list(`&referenciaTipo=ESTORNO&de=${day}&ate=${day}`);
    const thatDay = await list(`&de=${day}&ate=${day}`);
    const before = await list('&ate=2000-01-01');
    const secondSend = (await get(app.token, '/api/admin/extrato?size=1&page=1&referenciaTipo=MENSAGEM_ENVIADA')).body;

    expect(whole.totalElements).toBe(5); // the credit, three sends, the refund
    expect(whole.content.map((e: Json) => e.id)).toEqual([5, 4, 3, 2, 1]);
    for (let i = 0; i + 1 < whole.content.length; i++) expect(whole.content[i].saldoAnterior).toBe(whole.content[i + 1].saldoPosterior);
    expect(whole.content[0].saldoPosterior).toBe((await api.external(app).get('/api/external/financeiro/saldo')).body.saldo);
    expect(sends.totalElements).toBe(3);
    expect(sends.content.map((e: Json) => e.id)).toEqual([4, 3, 2]);
    expect(refunds.content.map((e: Json) => [e.referenciaTipo, e.referenciaId])).toEqual([['ESTORNO', debit.id]]);
    expect(thatDay).toEqual(whole);
    expect(before).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
    expect(secondSend).toMatchObject({ totalElements: 3, totalPages: 3, number: 1, size: 1 });
    expect(secondSend.content.map((e: Json) => e.id)).toEqual([3]);
  });

  it('exports the filtered period as CSV whose valor column sums to the change in balance, with formulas defused', async () => {
    const app = await tenant('20.00');
    const credit = (descricao: string) => api.admin('POST', `/api/admin/aplicacoes/${app.id}/creditos`, { valor: '1.50', descricao });
    expect((await credit('=HYPERLINK("http://evil.example","clique")')).status).toBe(201);
    expect((await credit('@SUM(1+1), "aspas" e vírgula')).status).toBe(201);
    expect((await credit('-2+3')).status).toBe(201);
    await api.external(app).send({ telefone: '+5511955580601', mensagem: 'Oi' });
    const whole = (await get(app.token, '/api/admin/extrato?size=100')).body.content as Json[];
    const day = String(whole[0]!.criadoEm).slice(0, 10);

    await api.followed();
    const period = await csv(app.token, `?de=${day}&ate=${day}`);
    const sends = await csv(app.token, '?referenciaTipo=MENSAGEM_ENVIADA');
    const everything = await csv(app.token);

    expect(period.status).toBe(200);
    expect(period.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(period.headers.get('content-disposition')).toBe(`attachment; filename="extrato-${day}-${day}.csv"`);
    const rows = parseCsv(period.text);
    const [header, ...lines] = rows;
    expect(header).toEqual([
      'id',
      'criadoEm',
      'tipo',
      'referenciaTipo',
      'referenciaId',
      'descricao',
      'valor',
      'saldoAnterior',
      'saldoPosterior',
    ]);
    expect(lines.map((l) => Number(l[0]))).toEqual(whole.map((e) => e.id).reverse()); // oldest first
    const valor = header!.indexOf('valor');
    const first = whole.at(-1)!;
    const last = whole[0]!;
    expect(sumOf(lines.map((l) => l[valor]!))).toBe(fromCents(cents(last.saldoPosterior) - cents(first.saldoAnterior)));
    expect(lines.find((l) => l[2] === 'DEBIT')![valor]).toMatch(/^-\d+\.\d{2}$/); // a debit's valor stays a number
    const descricoes = lines.map((l) => l[header!.indexOf('descricao')]);
    expect(descricoes).toContain(`'=HYPERLINK("http://evil.example","clique")`);
    expect(descricoes).toContain(`'@SUM(1+1), "aspas" e vírgula`);
    expect(descricoes).toContain(`'-2+3`);
    expect(
      parseCsv(sends.text)
        .slice(1)
        .map((l) => l[3]),
    ).toEqual(['MENSAGEM_ENVIADA']);
    expect(everything.headers.get('content-disposition')).toMatch(/^attachment; filename="extrato-inicio-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(parseCsv(everything.text)).toEqual(rows);
  });

  it('keeps each tenant admin to its own statement, and refuses bad filters with 400', async () => {
    const outra = sandbox().outra;
    const outraList = (await get(outra.tokens.admin, '/api/admin/extrato?size=100')).body;
    const outraOwn = (await api.external(outra).get('/api/external/financeiro/extrato?size=100')).body;
    await api.followed();
    const outraCsv = parseCsv((await csv(outra.tokens.admin)).text);

    expect(outraList.totalElements).toBe(outraOwn.totalElements);
    expect(outraList.content.map((e: Json) => e.id)).toEqual(outraOwn.content.map((e: Json) => e.id));
    expect(outraCsv.length - 1).toBe(outraOwn.totalElements);
    for (const [query, field] of [
      ['de=2026-13-01', 'de'],
      ['ate=ontem', 'ate'],
      ['de=2026-03-02&ate=2026-03-01', 'ate'],
      ['referenciaTipo=mensagem', 'referenciaTipo'],
      ['page=-1', 'page'],
    ]) {
      const reply = await get(outra.tokens.admin, `/api/admin/extrato?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body, query).toMatchObject({ error: 'validation_error', field });
    }
    const badCsv = await csv(outra.tokens.admin, '?de=2026-02-30');
    expect(badCsv.status).toBe(400);
    expect(JSON.parse(badCsv.text)).toMatchObject({ error: 'validation_error', field: 'de' });
  });
});
