// The console's Agendamentos and Atendimentos pages in Chromium against the local service, as outra's
// tenant admin: appointments created through the v2 API on the day's board, confirmed and cancelled
// (with its reason) through the page and checked through the API; a patient's message played through
// the provider_a simulator in the queue, taken and answered through the page, the answer at the
// simulator and in the open conversation without a reload; axe in each state; the README's screenshot.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { expectAccessible, openArea, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();
const api = client(service);

const outra = () => service.sandbox.applications.outra;
const admin = (method: string, url: string, body?: unknown) => api.call(method, url, bearer(outra().tokens.admin), body);

let phones = 0;
/** A fresh mobile number per patient, so conversations never mix between tests or runs. */
const mobile = () =>
  `+55219${String((process.pid % 1000) * 1000 + (Date.now() % 1000)).padStart(6, '0')}${String(++phones).padStart(2, '0')}`;

let token: string | undefined;
async function createAppointment(fields: Record<string, unknown>): Promise<Json> {
  token ??= await accessToken(service, outra().oauth);
  const reply = await api.call('POST', '/api/external/v2/agendamentos', bearer(token), {
    pacienteTelefone: mobile(),
    localRetirada: 'Unidade Centro',
    prestador: String(outra().prestador.id),
    ...fields,
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

const appointment = async (id: number) => (await admin('GET', `/api/admin/agendamentos/${id}`)).body;

async function openAppointment(page: Page, nome: string, id: number): Promise<void> {
  await page.getByRole('link', { name: nome }).click();
  await page.getByRole('heading', { level: 1, name: `Agendamento nº ${id}` }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Histórico' }).waitFor();
}

describe('Agendamentos', () => {
  it('shows an appointment created through the v2 API on today’s board, and confirms it through the page', async () => {
    // Prepare: no date the flow reads, so it is on the board of the day it was created
    const nome = `Joana Quadro ${process.pid}`;
    const created = await createAppointment({ pacienteNome: nome, pacienteCpf: '12345678909', procedimento: 'Hemograma do console' });
    const page = await browser.loggedIn(service, 'outra');

    // Act: the board, then the appointment
    await openArea(page, 'Agendamentos');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: nome }) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Hemograma do console');
    expect(await page.getByLabel('Dia').inputValue()).toBe(await page.evaluate<string>('new Date().toLocaleDateString("sv")'));
    await expect.poll(() => page.getByRole('region', { name: 'Por status' }).textContent()).toContain('Contagem do dia inteiro');
    await expectAccessible(page, 'the day’s board');
    await openAppointment(page, nome, created.id);
    // the CPF is masked until asked for
    expect(await page.getByTestId('cpf').textContent()).toBe('***.***.***-09');
    await page.getByRole('button', { name: 'Mostrar CPF' }).click();
    expect(await page.getByTestId('cpf').textContent()).toBe('123.456.789-09');
    await expectAccessible(page, 'an appointment');
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await page.getByLabel('Observação (opcional)').fill('Confirmou por telefone');
    await expectAccessible(page, 'the confirmation form');
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click();

    // Assess: the API has the operator's move with the observation, and the page shows it without a reload
    await page.getByText('Agendamento confirmado.').waitFor();
    const shown = await appointment(created.id);
    expect(shown.status).toBe('CONFIRMADO');
    expect(shown.historico.at(-1)).toMatchObject({
      para: 'CONFIRMADO',
      por: { tipo: 'operador', id: expect.any(Number), nome: expect.stringMatching(/^Secretaria/) },
      observacao: 'Confirmou por telefone',
    });
    await page.getByRole('list').filter({ hasText: 'Confirmou por telefone' }).waitFor();
    expect(await page.getByRole('region', { name: 'Histórico' }).textContent()).toMatch(/→\s*Confirmado por Secretaria/);
    // a confirmed appointment is not offered Confirmar again, but may still be cancelled
    expect(await page.getByRole('button', { name: 'Confirmar agendamento' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancelar agendamento' }).count()).toBe(1);
  });

  it('finds another day’s appointment with the day picker and cancels it with the reason the operator gives', async () => {
    // Prepare: an appointment for 10/03/2032 (the day of its dataLimiteRetirada)
    const nome = `Pedro Cancela ${process.pid}`;
    const created = await createAppointment({
      pacienteNome: nome,
      procedimento: 'Raio X do console',
      dataLimiteRetirada: '2032-03-10T09:00',
    });
    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Agendamentos');

    // Act: the day picker, next and previous day
    await page.getByLabel('Dia').fill('2032-03-10');
    await page.getByRole('link', { name: nome }).waitFor();
    await page.getByRole('button', { name: 'Próximo dia →' }).click();
    await page.getByText('Agendamentos de 11/03/2032').waitFor();
    expect(await page.getByRole('link', { name: nome }).count()).toBe(0);
    await page.getByRole('button', { name: '← Dia anterior' }).click();
    await openAppointment(page, nome, created.id);
    // a reason is required: asked for beside the field, nothing sent
    await page.getByRole('button', { name: 'Cancelar agendamento' }).click();
    await page.getByRole('button', { name: 'Cancelar agendamento' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Diga o motivo do cancelamento');
    expect(await page.getByLabel('Motivo do cancelamento').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'the cancellation form with its error');
    expect((await appointment(created.id)).status).not.toBe('CANCELADO');
    await page.getByLabel('Motivo do cancelamento').fill('Paciente ligou desmarcando');
    await page.getByRole('button', { name: 'Cancelar agendamento' }).click();

    // Assess
    await page.getByText('Agendamento cancelado.').waitFor();
    const shown = await appointment(created.id);
    expect(shown.status).toBe('CANCELADO');
    expect(shown.historico.at(-1)).toMatchObject({
      para: 'CANCELADO',
      por: { tipo: 'operador' },
      observacao: 'Paciente ligou desmarcando',
    });
    await page.getByText('“Paciente ligou desmarcando”').waitFor();
    expect(await page.getByRole('region', { name: 'Ações' }).getByRole('button').count()).toBe(0);
    // back to the same day's board, where it is now Cancelado
    await page.getByRole('link', { name: '← Voltar ao quadro do dia' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: nome }) });
    await expect.poll(() => row.textContent()).toContain('Cancelado');
  });

  it('says so in words when the API refuses a move (409), keeping what the operator typed', async () => {
    // Prepare: the page open on an appointment's confirmation form
    const nome = `Ana Conflito ${process.pid}`;
    const created = await createAppointment({ pacienteNome: nome, procedimento: 'Ultrassom do console' });
    const page = await browser.loggedIn(service, 'outra');
    await page.goto(`${service.baseUrl}/console/agendamentos/${created.id}`);
    await page.getByRole('heading', { level: 1, name: `Agendamento nº ${created.id}` }).waitFor();
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await page.getByLabel('Observação (opcional)').fill('Ligou confirmando');

    // Act: someone else cancels it meanwhile; then the operator confirms
    expect((await admin('POST', `/api/admin/agendamentos/${created.id}/cancelar`, { motivo: 'Cancelado pela recepção' })).status).toBe(200);
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click();

    // Assess
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('409');
    expect(await page.getByRole('alert').textContent()).toContain('não permite mais esta ação');
    expect(await page.getByLabel('Observação (opcional)').inputValue()).toBe('Ligou confirmando');
    await expect.poll(() => page.getByRole('region', { name: nome }).textContent()).toContain('Cancelado');
    await expectAccessible(page, 'a refused move');
    expect((await appointment(created.id)).status).toBe('CANCELADO');
  });
});
