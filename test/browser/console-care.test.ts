// The console's Agendamentos and Atendimentos pages in Chromium against the local service, as outra's
// tenant admin: appointments created through the v2 API on the day's board, confirmed and cancelled
// (with its reason) through the page and checked through the API; a patient's message played through
// the provider_a simulator in the queue, taken and answered through the page, the answer at the
// simulator and in the open conversation without a reload; axe in each state; the README's screenshot.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessToken, bearer, client, useLocalService, type Json, outraPatients } from '../support/local-service.ts';
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
    // The next day's board answers slowly: until it does, the previous day's rows must not stand under its heading.
    await page.route('**/api/admin/agendamentos?*data=2032-03-11*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
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

// ---------------------------------------------------------------------------------------------
// Atendimentos

const { patientWrites, attendanceOf } = outraPatients(service);

describe('Atendimentos', () => {
  it('shows a patient who asks for a person in the queue; the page takes it, answers it (at the simulator and in the conversation without a reload) and closes it', async () => {
    // Prepare: a patient writes, then asks for a person (the bot escalates to the queue)
    const from = mobile();
    const nome = `Carla Fila ${process.pid}`;
    await patientWrites(from, 'Olá, bom dia', nome);
    await patientWrites(from, 'Quero falar com um atendente, por favor', nome);
    const queued = await attendanceOf(from, 'FILA');
    const page = await browser.loggedIn(service, 'outra');

    // Act: the queue, the conversation
    await openArea(page, 'Atendimentos');
    await page
      .getByRole('region', { name: /^Fila/ })
      .getByRole('link', { name: new RegExp(nome) })
      .click();
    const conversa = page.getByRole('list', { name: 'Conversa' });
    await expect.poll(() => conversa.textContent()).toContain('Quero falar com um atendente, por favor');
    expect(await conversa.locator('.bubble:not(.mine)').count()).toBe(2);
    // 24 hours after the patient's last message, as the API says (tomorrow, so with its day)
    const closes = /^\d{4}-(\d\d)-(\d\d)T(\d\d:\d\d)/.exec(queued.janelaAtendimentoFechaEm as string)!;
    expect(await page.getByTestId('janela').textContent()).toBe(`Janela de atendimento fecha em ${closes[2]}/${closes[1]} às ${closes[3]}`);
    await expectAccessible(page, 'an attendance in the queue');
    // take it
    await page.getByRole('button', { name: 'Assumir' }).click();
    const resposta = page.getByLabel('Resposta');
    await resposta.waitFor();
    await page
      .getByRole('region', { name: /^Em andamento/ })
      .getByRole('link', { name: new RegExp(nome) })
      .waitFor();
    expect(
      await page
        .getByRole('region', { name: /^Fila/ })
        .getByRole('link', { name: new RegExp(nome) })
        .count(),
    ).toBe(0);
    expect((await admin('GET', `/api/admin/atendimentos/${queued.id}`)).body).toMatchObject({
      status: 'EM_ANDAMENTO',
      atendenteId: expect.any(Number),
    });
    // answer: Shift+Enter breaks the line, Enter sends
    await resposta.fill('Olá! Aqui é da clínica.');
    await resposta.press('Shift+Enter');
    await resposta.pressSequentially('Como posso ajudar?');
    await resposta.press('Enter');

    // Assess: the answer reached the provider (the simulator) and shows in the conversation, no reload
    const answer = 'Olá! Aqui é da clínica.\nComo posso ajudar?';
    await expect.poll(() => conversa.locator('.bubble.mine').last().textContent()).toContain('Como posso ajudar?');
    await expect.poll(() => service.simulators.providerA.sent().filter((s) => s.to.endsWith(from) && s.body === answer).length).toBe(1);
    expect(await resposta.inputValue()).toBe('');
    // its delivery status follows the simulator's callbacks
    await expect.poll(() => conversa.locator('.bubble.mine').last().textContent(), { timeout: 20_000 }).toMatch(/entregue|lida/);
    // the patient's next message shows while the conversation is open (the page polls)
    await patientWrites(from, 'Quero remarcar meu exame', nome);
    await expect
      .poll(() => conversa.locator('.bubble:not(.mine)').last().textContent(), { timeout: 20_000 })
      .toContain('Quero remarcar meu exame');
    await expectAccessible(page, 'an attendance being answered');
    await page.screenshot({ path: 'docs/console-atendimentos.png' });
    // close it
    await page.getByRole('button', { name: 'Encerrar' }).click();
    await expect.poll(async () => (await admin('GET', `/api/admin/atendimentos/${queued.id}`)).body.status).toBe('ENCERRADO');
    await page.getByText('Encerrado', { exact: true }).waitFor();
    expect(await page.getByLabel('Resposta').count()).toBe(0);
  });

  it('keeps the typed answer and says why when the API refuses it (the attendance was closed meanwhile)', async () => {
    // Prepare: an attendance taken through the page
    const from = mobile();
    const nome = `Rui Recusa ${process.pid}`;
    await patientWrites(from, 'Preciso de um atendente', nome);
    const queued = await attendanceOf(from, 'FILA');
    const page = await browser.loggedIn(service, 'outra');
    await page.goto(`${service.baseUrl}/console/atendimentos/${queued.id}`);
    await page.getByRole('button', { name: 'Assumir' }).click();
    const resposta = page.getByLabel('Resposta');
    await resposta.fill('Já vou verificar para você');

    // Act: another attendant closes it; then this one sends
    expect((await admin('POST', `/api/admin/atendimentos/${queued.id}/encerrar`)).status).toBe(200);
    await resposta.press('Enter');

    // Assess: the refusal in words, the text still there, nothing sent
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('não está mais em andamento');
    expect(await resposta.inputValue()).toBe('Já vou verificar para você');
    await expectAccessible(page, 'a refused answer');
    expect(service.simulators.providerA.sent().filter((s) => s.to.endsWith(from))).toEqual([]);
  });
});
