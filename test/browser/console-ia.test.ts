// The console's side of the AI interactions (issue #38) in Chromium against the local service and its Bedrock
// simulator (docs/ai.md: an answer is the instructions' line sharing the most words with the question; a medicine,
// a diagnosis or an identifier is refused by the guardrail; [simular:indisponivel] is the model's 503), as outra's
// tenant admin: the assistant's settings in Configurações (a refusal beside the field it names, the saved values
// through the API), a reply suggested in an attendance (put in the reply box, never sent; the guardrail's and the
// model's refusals in words) and a template drafted from an objective (a new draft shown; refusals beside the field,
// a balance that does not cover it). axe in each state; the settings on a phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bearer, client, useLocalService, type Json, outraPatients } from '../support/local-service.ts';
import { expectAccessible, openArea, PHONE, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();
const api = client(service);

const outra = () => service.sandbox.applications.outra;
const admin = (method: string, url: string, body?: unknown) => api.call(method, url, bearer(outra().tokens.admin), body);

const IA = '/api/admin/whatsapp/ia';
const TEMPLATES = '/api/admin/whatsapp/templates-hsm';
const HORARIO = 'Horário de atendimento: segunda a sexta, das 8h às 18h';
const ENDERECO = 'Endereço: Rua das Palmeiras, 120, Centro';

/** The error a control shows: the elements its aria-describedby names that are its error (the Field/TextArea error span). */
async function errorOf(page: Page, label: string): Promise<string> {
  const control = page.getByLabel(label, { exact: true });
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
}

async function openAssistant(page: Page): Promise<void> {
  await openArea(page, 'Configurações');
  await page
    .getByRole('navigation', { name: 'Seções de configurações' })
    .getByRole('link', { name: 'Assistente de IA', exact: true })
    .click();
  await page.getByRole('heading', { level: 2, name: 'Assistente de IA' }).waitFor();
  await expect.poll(() => page.getByText(/^Carregando/).count()).toBe(0);
}

// ---------------------------------------------------------------------------------------------

describe('Configurações: Assistente de IA', () => {
  it('refuses instructions left blank while answering automatically (beside the field, nothing saved), then saves them', async () => {
    // Prepare: the assistant off, no instructions
    expect((await admin('PUT', IA, { autoResposta: false, instrucoes: '', horarioAtendimento: null })).status).toBe(200);
    const page = await browser.loggedIn(service, 'outra');
    await openAssistant(page);
    const form = page.getByRole('form', { name: 'Assistente de IA' });
    // What the operator is told: billed per automatic answer, and when a person takes over
    const explained = await form.textContent();
    expect(explained).toContain('Interação com IA');
    expect(explained).toMatch(/quando o paciente pede.*não sabe responder.*clínica.*saldo.*3 respostas automáticas/s);
    expect(await page.getByLabel('Responder automaticamente').isChecked()).toBe(false);
    await expectAccessible(page, 'the assistant’s settings');

    // Act: on, with no instructions
    await page.getByLabel('Responder automaticamente').check();
    await page.getByLabel('Horário de atendimento', { exact: true }).fill('Segunda a sexta, das 8h às 18h');
    await page.getByRole('button', { name: 'Salvar' }).click();

    // Assess: the API's refusal beside Instruções, what was typed kept, nothing written
    expect(await errorOf(page, 'Instruções')).toMatch(/instrucoes/);
    expect(await page.getByLabel('Responder automaticamente').isChecked()).toBe(true);
    expect(await page.getByLabel('Horário de atendimento', { exact: true }).inputValue()).toBe('Segunda a sexta, das 8h às 18h');
    expect((await admin('GET', IA)).body).toMatchObject({ autoResposta: false, instrucoes: '', horarioAtendimento: null });
    await expectAccessible(page, 'the assistant’s settings refused');

    // Act: the instructions given
    await page.getByLabel('Instruções').fill(`${ENDERECO}\n${HORARIO}\nLeve um documento com foto e o pedido médico.`);
    await page.getByRole('button', { name: 'Salvar' }).click();

    // Assess: saved, as the API now answers, and shown again after a reload
    await page.getByRole('status').filter({ hasText: 'Assistente salvo' }).waitFor();
    expect(await page.getByLabel('Instruções').getAttribute('aria-invalid')).toBeNull();
    const saved = (await admin('GET', IA)).body;
    expect(saved).toMatchObject({
      autoResposta: true,
      instrucoes: `${ENDERECO}\n${HORARIO}\nLeve um documento com foto e o pedido médico.`,
      horarioAtendimento: 'Segunda a sexta, das 8h às 18h',
      atualizadoEm: expect.any(String),
    });
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Assistente de IA' }).waitFor();
    await page.getByLabel('Instruções').waitFor();
    expect(await page.getByLabel('Responder automaticamente').isChecked()).toBe(true);
    expect(await page.getByLabel('Instruções').inputValue()).toBe(saved.instrucoes);
    expect(await page.getByText(/^Última alteração em/).count()).toBe(1);
    await expectAccessible(page, 'the assistant’s saved settings');

    // Turned off again through the page: saved with the instructions kept
    await page.getByLabel('Responder automaticamente').uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('status').filter({ hasText: 'Assistente salvo' }).waitFor();
    expect((await admin('GET', IA)).body).toMatchObject({ autoResposta: false, instrucoes: saved.instrucoes });
  });

  it('fits a phone: no sideways scroll, 44 px targets, accessible', async () => {
    const page = await browser.loggedIn(service, 'outra', { viewport: PHONE });
    await page.goto(`${service.baseUrl}/console/configuracoes/assistente-ia`);
    await page.getByLabel('Instruções').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(
      0,
    );
    const small = await page.evaluate<string[]>(`[...document.querySelectorAll('main :is(a[href], button, input, select, textarea)')]
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const box = ((element.type === 'checkbox' && element.labels?.[0]) || element).getBoundingClientRect();
        return box.width >= 44 && box.height >= 44 ? undefined : (element.getAttribute('aria-label') || element.textContent || element.type) + ' ' + Math.round(box.width) + 'x' + Math.round(box.height);
      })
      .filter(Boolean)`);
    expect(small).toEqual([]);
    await expectAccessible(page, 'the assistant’s settings on a phone');
  });
});

// ---------------------------------------------------------------------------------------------

let phones = 0;
/** A fresh mobile number per patient, so conversations never mix between tests or runs. */
const mobile = () =>
  `+55219${String((process.pid % 1000) * 1000 + (Date.now() % 1000)).padStart(6, '0')}${String(++phones).padStart(2, '0')}`;

const { patientWrites, attendanceOf } = outraPatients(service);

/** A patient in the queue, the attendance open in the page and taken by the operator (the reply box shown). */
async function takenAttendance(nome: string, question: string): Promise<{ page: Page; from: string; id: number }> {
  const from = mobile();
  await patientWrites(from, 'Quero falar com um atendente, por favor', nome);
  await patientWrites(from, question, nome);
  const queued = await attendanceOf(from, 'FILA');
  const page = await browser.loggedIn(service, 'outra');
  await page.goto(`${service.baseUrl}/console/atendimentos/${queued.id}`);
  await expect.poll(() => page.getByRole('list', { name: 'Conversa' }).textContent()).toContain(question);
  await page.getByRole('button', { name: 'Assumir' }).click();
  await page.getByLabel('Resposta').waitFor();
  return { page, from, id: queued.id as number };
}

describe('Atendimentos: a reply suggested by the AI', () => {
  it('puts the suggestion in the reply box, busy while it is asked, sending nothing', async () => {
    // Prepare: the assistant knows the opening hours; it does not answer by itself
    expect((await admin('PUT', IA, { autoResposta: false, instrucoes: `${ENDERECO}\n${HORARIO}` })).status).toBe(200);
    const { page, from } = await takenAttendance(`Lia Sugestao ${process.pid}`, 'Qual o horário de atendimento?');
    const sent = () => service.simulators.providerA.sent().filter((s) => s.to.endsWith(from));
    expect(sent()).toEqual([]);
    // The suggestion answers slowly, so its busy state is seen
    await page.route('**/api/admin/atendimentos/*/sugestao', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });

    // Act
    await page.getByRole('button', { name: 'Sugerir resposta' }).click();

    // Assess: busy, then the suggestion in the reply box (with the instructions' line), not sent
    const busy = page.getByRole('button', { name: 'Sugerindo…' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Pedindo uma sugestão' }).count()).toBe(1);
    await expect.poll(() => page.getByLabel('Resposta').inputValue()).toContain('segunda a sexta, das 8h às 18h');
    await page.getByRole('status').filter({ hasText: 'nada foi enviado' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sugerir resposta' }).isEnabled()).toBe(true);
    await expectAccessible(page, 'a suggested reply');
    expect(sent()).toEqual([]);
    expect(await page.getByRole('list', { name: 'Conversa' }).locator('.bubble.mine').count()).toBe(0);

    // The operator edits it and sends it: then it goes
    await page.getByLabel('Resposta').press('End');
    await page.getByLabel('Resposta').pressSequentially(' Até logo!');
    await page.getByLabel('Resposta').press('Enter');
    await expect.poll(() => sent().length).toBe(1);
    expect(sent()[0]!.body).toContain('segunda a sexta, das 8h às 18h');
    expect(sent()[0]!.body).toMatch(/Até logo!$/);
  });

  it('says why when the AI gives no suggestion: the guardrail (a medicine), the balance short', async () => {
    // Prepare: a patient asking about a medicine
    expect((await admin('PUT', IA, { autoResposta: false, instrucoes: `${ENDERECO}\n${HORARIO}` })).status).toBe(200);
    const nome = `Ivo Recusa ${process.pid}`;
    const { page, from } = await takenAttendance(nome, 'Posso tomar dipirona antes do exame?');
    const resposta = page.getByLabel('Resposta');
    await resposta.fill('Um momento, por favor.');

    // Act: the guardrail refuses (422)
    await page.getByRole('button', { name: 'Sugerir resposta' }).click();

    // Assess: the refusal in words, the typed text kept, nothing sent
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('A IA não pode sugerir uma resposta para esta conversa');
    expect(await resposta.inputValue()).toBe('Um momento, por favor.');
    await expectAccessible(page, 'a suggestion refused by the guardrail');

    // A balance that does not cover the interaction (402, as the API answers it: outra's balance is not drained here)
    await page.route('**/api/admin/atendimentos/*/sugestao', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'insufficient_balance', message: 'Insufficient balance', saldo: '0.02' }),
      }),
    );
    await page.getByRole('button', { name: 'Sugerir resposta' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Saldo insuficiente');
    expect(await page.getByRole('alert').first().textContent()).toContain('R$ 0,02');
    await expectAccessible(page, 'a suggestion refused for the balance');
    expect(service.simulators.providerA.sent().filter((s) => s.to.endsWith(from))).toEqual([]);
  });

  it('says so when the model is unavailable (503), keeping the typed text', async () => {
    // Prepare: the simulator's marker in the patient's message (a conversation of its own: the patient's messages
    // in a row reach the model as one turn, and a medicine in it would be the guardrail's first)
    expect((await admin('PUT', IA, { autoResposta: false, instrucoes: `${ENDERECO}\n${HORARIO}` })).status).toBe(200);
    const { page, from } = await takenAttendance(`Bia Indisponivel ${process.pid}`, 'Vocês abrem no sábado? [simular:indisponivel]');
    await page.getByLabel('Resposta').fill('Um momento, por favor.');

    // Act
    await page.getByRole('button', { name: 'Sugerir resposta' }).click();

    // Assess
    await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 30_000 }).toContain('indisponível');
    expect(await page.getByLabel('Resposta').inputValue()).toBe('Um momento, por favor.');
    expect(await page.getByRole('button', { name: 'Sugerir resposta' }).isEnabled()).toBe(true);
    await expectAccessible(page, 'a suggestion the model could not give');
    expect(service.simulators.providerA.sent().filter((s) => s.to.endsWith(from))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

const templates = async (): Promise<Json[]> => (await admin('GET', TEMPLATES)).body as unknown as Json[];

describe('Templates: a draft written by the AI', () => {
  it('creates a draft from an objective and shows it; an empty objective is asked for, nothing sent', async () => {
    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Templates');
    await page.getByRole('table').or(page.getByText('Nenhum template ainda.')).first().waitFor();
    const before = (await templates()).map((t) => t.id as number);

    // Act: the form, first without an objective
    await page.getByRole('button', { name: 'Sugerir com IA' }).click();
    await page.getByRole('heading', { name: 'Sugerir um template com IA' }).waitFor();
    await expectAccessible(page, 'the template suggestion form');
    await page.getByRole('button', { name: 'Gerar' }).click();
    expect(await errorOf(page, 'Objetivo')).toContain('Diga o que a mensagem deve comunicar');
    await page.getByLabel('Objetivo').fill('Lembrar o paciente de confirmar a coleta agendada na unidade');
    await page.getByLabel('Categoria').selectOption('UTILITY');
    await page.getByRole('button', { name: 'Gerar' }).click();

    // Assess: a new template in Rascunho, shown with the notice, in the list
    await page.getByText(/Rascunho criado/).waitFor({ timeout: 30_000 });
    const created = (await templates()).filter((t) => !before.includes(t.id as number));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      estado: 'RASCUNHO',
      categoria: 'UTILITY',
      corpo: expect.stringContaining('confirmar a coleta agendada'),
    });
    const detail = page.getByRole('region', { name: `Template ${created[0]!.nome as string}` });
    await detail.waitFor();
    expect(await detail.getByText('Rascunho', { exact: true }).count()).toBe(1);
    expect(await detail.getByRole('button', { name: 'Editar' }).count()).toBe(1);
    await page.getByRole('button', { name: `Abrir o template ${created[0]!.nome as string}` }).waitFor();
    await expectAccessible(page, 'a draft written by the AI');
  });

  it('shows the refusals in words (the model unavailable; the guardrail and a broken rule beside the objective), keeping the objective', async () => {
    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Templates');
    await page.getByRole('button', { name: 'Sugerir com IA' }).click();
    const before = (await templates()).length;

    // The model unavailable (503)
    await page.getByLabel('Objetivo').fill('Lembrar o paciente de trazer o pedido médico [simular:indisponivel]');
    await page.getByRole('button', { name: 'Gerar' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 30_000 }).toContain('indisponível');
    expect(await page.getByLabel('Objetivo').inputValue()).toContain('Lembrar o paciente');
    await expectAccessible(page, 'a template suggestion refused');

    // The guardrail (a medicine in the objective): 422 naming the objective, shown beside it
    await page.getByLabel('Objetivo').fill('Dizer ao paciente qual remédio tomar antes do exame');
    await page.getByRole('button', { name: 'Gerar' }).click();
    expect(await errorOf(page, 'Objetivo')).toContain('A IA não escreveu um rascunho para este objetivo');
    expect(await page.getByLabel('Objetivo').inputValue()).toBe('Dizer ao paciente qual remédio tomar antes do exame');
    await expectAccessible(page, 'a template suggestion refused beside the objective');
    expect((await templates()).length).toBe(before);

    // A draft that breaks a template rule: promotional text in a Utilidade template (422 naming corpo)
    await page.getByLabel('Objetivo').fill('Avisar da promoção de check-up com desconto neste mês');
    await page.getByLabel('Categoria').selectOption('UTILITY');
    await page.getByRole('button', { name: 'Gerar' }).click();
    expect(await errorOf(page, 'Objetivo')).toContain('texto promocional');
    expect((await templates()).length).toBe(before);
    // As Marketing it is a draft
    await page.getByLabel('Categoria').selectOption('MARKETING');
    await page.getByRole('button', { name: 'Gerar' }).click();
    await page.getByText(/Rascunho criado/).waitFor({ timeout: 30_000 });
    expect((await templates()).length).toBe(before + 1);
  });

  it('refuses with 402 an application whose balance does not cover the interaction', async () => {
    // Prepare: a fresh application (no credit) and an admin of its own
    const app = await api.newApplication();
    const email = `secretaria-ia-${app.id}@clinica.test`;
    const senha = 'uma senha longa de teste';
    expect(
      (await api.admin('POST', '/api/admin/usuarios', { nome: 'Secretaria', email, role: 'admin', senha, aplicacaoId: app.id })).status,
    ).toBe(201);
    const page = await browser.page();
    await page.goto(`${service.baseUrl}/console/`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill(senha);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await openArea(page, 'Templates');

    // Act
    await page.getByRole('button', { name: 'Sugerir com IA' }).click();
    await page.getByLabel('Objetivo').fill('Avisar que o exame está pronto');
    await page.getByRole('button', { name: 'Gerar' }).click();

    // Assess
    await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 30_000 }).toContain('Saldo insuficiente');
    expect(await page.getByLabel('Objetivo').inputValue()).toBe('Avisar que o exame está pronto');
    await expectAccessible(page, 'a template suggestion refused for the balance');
  });
});
