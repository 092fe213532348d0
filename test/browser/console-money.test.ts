// Início, Mensagens and Extrato in a real browser against the local service, as outra's tenant admin:
// the figures equal the API's, a message sent through the API shows up and reaches DELIVERED in the log
// without a reload, a scheduled message is listed with its time and canceled, the statement's CSV export of
// a period sums to that period's change in balance.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { localDateTime } from '#shared/domain/time';
import { client, useLocalService } from '../support/local-service.ts';
import { expectAccessible, openArea, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();
const api = client(service);

const money = (value: string | number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value)).replace(/\u00a0/g, ' ');
const cents = (value: string) => Math.round(Number(value) * 100);

describe('Início', () => {
  it('shows the balance and the spend the API reports, and the 30 days of messages', async () => {
    const outra = service.sandbox.applications.outra;
    expect((await api.external(outra).send({ telefone: '+5511955581001', mensagem: 'Bom dia' })).status).toBe(200);
    const page = await browser.loggedIn(service, 'outra');
    const saldo = (await api.external(outra).get('/api/external/financeiro/saldo')).body.saldo as string;
    await expect.poll(() => page.getByTestId('saldo').textContent()).toBe(money(saldo));
    expect(await page.getByTestId('gasto-hoje').textContent()).not.toBe(money(0));
    await page.getByRole('img', { name: /Mensagens nos últimos 30 dias/ }).waitFor();
    await page.getByText('Ver os números por dia').click();
    expect(await page.locator('details table tbody tr').count()).toBe(30);
    await expectAccessible(page, 'Início');
    await page.getByText('Ver os números por dia').click();
    await page.screenshot({ path: 'docs/console-inicio.png' });
  });
});

describe('Mensagens', () => {
  it('shows a message sent after the page opened reach DELIVERED without a reload, with its timeline and charge', async () => {
    const outra = service.sandbox.applications.outra;
    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Mensagens');
    await page.evaluate('window.sameDocument = true');
    const sent = await api.external(outra).send({ telefone: '+5511955581002', mensagem: 'Sua consulta é amanhã às 9h' });
    expect(sent.status).toBe(200);
    const row = page.locator(`tr[data-message-id="${sent.body.mensagemId}"]`);
    await expect.poll(() => row.locator('.badge').textContent(), { timeout: 20_000 }).toMatch(/Entregue|Lida/);
    expect(await page.evaluate('window.sameDocument')).toBe(true);
    await expectAccessible(page, 'Mensagens');

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: `Mensagem ${sent.body.mensagemId}` }).waitFor();
    const timeline = page.getByRole('region', { name: 'Histórico de status' });
    await expect.poll(() => timeline.textContent()).toContain('Entregue');
    const detail = (
      await api.call('GET', `/api/admin/mensagens/${sent.body.mensagemId}`, { Authorization: `Bearer ${outra.tokens.admin}` })
    ).body;
    const charge = page.getByRole('region', { name: 'Lançamento no extrato' });
    expect(await charge.textContent()).toContain(money(detail.lancamento.valor));
    expect(await charge.textContent()).toContain(money(detail.lancamento.saldoPosterior));
    await expectAccessible(page, 'a message');
  });

  it('filters by status', async () => {
    const outra = service.sandbox.applications.outra;
    await api.external(outra).send({ telefone: '+5500000000400', mensagem: 'Recusada' }); // the simulator refuses it: FAILED
    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Mensagens');
    await page.getByLabel('Status').selectOption('FAILED');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(async () => [...new Set(await page.locator('tbody .badge').allTextContents())]).toEqual(['Falhou']);
  });
});

describe('Mensagens: a scheduled send', () => {
  it('is listed as Agendada with its time, and canceled from its page: CANCELED, nothing charged', async () => {
    // Prepare: a send scheduled through the API, half an hour ahead.
    const outra = service.sandbox.applications.outra;
    const agendarPara = localDateTime(new Date(Date.now() + 30 * 60_000));
    const scheduled = await api.external(outra).send({ telefone: '+5511955581004', mensagem: 'Lembrete agendado', agendarPara });
    expect(scheduled.status).toBe(202);
    const id = scheduled.body.mensagemId as number;
    const saldo = (await api.external(outra).get('/api/external/financeiro/saldo')).body.saldo as string;

    // Act: the log, filtered by Agendada; the message; its cancel, confirmed.
    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Mensagens');
    await page.getByLabel('Status').selectOption('SCHEDULED');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const row = page.locator(`tr[data-message-id="${id}"]`);
    await expect.poll(() => row.locator('.badge').textContent()).toBe('Agendada');
    expect(await row.getByRole('link').textContent()).toMatch(/^Agendada para /);
    await expectAccessible(page, 'Mensagens, Agendada');
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: `Mensagem ${id}` }).waitFor();
    // dd/mm/aaaa and HH:mm of São Paulo's wall clock, as the console writes every time.
    const [, y, mo, d, h, mi] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(agendarPara)!;
    const time = await page.getByTestId('agendada-para').textContent();
    expect(time).toContain(`${d}/${mo}/${y}`);
    expect(time).toContain(`${h}:${mi}`);
    await page.getByRole('button', { name: 'Cancelar envio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar o envio agendado?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the cancel dialog');
    await dialog.getByRole('button', { name: 'Sim, cancelar o envio' }).click();

    // Assess: the page says so, the message is CANCELED, the balance untouched
    await expect.poll(() => page.getByTestId('status').textContent()).toContain('Cancelada');
    await page.getByRole('status').filter({ hasText: 'Envio cancelado' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancelar envio' }).count()).toBe(0);
    expect((await api.external(outra).get(`/api/external/messages/${id}`)).body).toMatchObject({
      status: 'CANCELED',
      agendadoPara: agendarPara,
    });
    expect((await api.external(outra).get('/api/external/financeiro/saldo')).body.saldo).toBe(saldo);
  });
});

describe('Extrato', () => {
  it('exports the filtered period as CSV whose valor column sums to the change in balance over it', async () => {
    const outra = service.sandbox.applications.outra;
    await api.external(outra).send({ telefone: '+5511955581003', mensagem: 'Lembrete' });
    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Extrato');
    await page.locator('tbody tr').first().waitFor();
    await expectAccessible(page, 'Extrato');

    const statement = (await api.call('GET', '/api/admin/extrato?size=100', { Authorization: `Bearer ${outra.tokens.admin}` })).body;
    const today = String(statement.content[0].criadoEm).slice(0, 10);
    const inPeriod = (statement.content as { criadoEm: string; saldoAnterior: string; saldoPosterior: string }[]).filter((e) =>
      e.criadoEm.startsWith(today),
    );
    const change = cents(inPeriod[0]!.saldoPosterior) - cents(inPeriod[inPeriod.length - 1]!.saldoAnterior);

    await page.getByLabel('De', { exact: true }).fill(today);
    await page.getByLabel('Até', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^extrato-.*\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const [header, ...lines] = csv.trim().split('\r\n');
    const valor = header!.split(',').indexOf('valor');
    expect(valor).toBeGreaterThanOrEqual(0);
    expect(lines).toHaveLength(inPeriod.length);
    // Descriptions are masked and never hold a comma here, so a plain split reads the column.
    const sum = lines.reduce((total, line) => total + cents(line.split(',')[valor]!), 0);
    expect(sum).toBe(change);
  });
});
