// The console's Templates and Aplicações pages in a real browser against the real local service, driven
// as the secretary and the platform operator would: each action is done through the page and its result
// checked through the API. The schedules run (the sweep every 5 s, as under npm start), so the provider_a
// simulator's template review ends by itself a few seconds after a submission.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { expectAccessible, openArea, useBrowser } from '../support/browser.ts';

// Reviews take 5 s: long enough for the page to show a template in review on a loaded machine (2 s, the default, was not once).
const service = useLocalService({ console: true, schedules: true, simulators: { reviewDelayMs: 5_000 } });
const browser = useBrowser();
const api = client(service);
const TEMPLATES = '/api/admin/whatsapp/templates-hsm';

/** Admin API calls with the sandbox application's admin token (outra: a tenant admin). */
const as = (key: 'demo' | 'outra') => (method: string, url: string, body?: unknown) =>
  api.call(method, url, bearer(service.sandbox.applications[key].tokens.admin), body);
const outra = as('outra');

const money = (value: string) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value)).replace(/\u00a0/g, ' ');
/** Exact decimal sums, in cents. */
const cents = (value: string) => BigInt(value.replace('.', ''));

const unique = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;

/** The error a field shows: the element its aria-describedby names (the Field component's error span). */
async function errorOf(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.filter((t, i) => ids[i]!.endsWith('-error') && t).join(' ');
}

const quickReplies = async (scope: ReturnType<Page['getByTestId']>) =>
  (await scope.getByRole('list', { name: 'Botões de resposta rápida' }).getByRole('listitem').allTextContents()).map((t) =>
    t.replace('↩', '').trim(),
  );

describe('Templates (outra, a tenant admin on provider_a)', () => {
  it('creates a template through the page with its preview, submits it, and shows the verdict without a reload', async () => {
    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Templates');
    await page.getByRole('table').or(page.getByText('Nenhum template ainda.')).first().waitFor();
    await expectAccessible(page, 'Templates: the list');

    const nome = `lembrete_${unique()}`;
    const procedimento = `Ressonância ${unique()}`;
    await page.getByRole('button', { name: 'Novo template' }).click();
    await page.getByLabel('Nome', { exact: true }).fill(nome);
    await page.getByLabel('Categoria').selectOption('UTILITY');
    // First a body the API refuses (a variable at its very start).
    await page.getByLabel('Texto da mensagem').fill('{{1}}, seu exame de {{2}} está pronto para retirada.');
    await page.getByLabel('Variável {{1}}').selectOption('pacienteNome');
    await page.getByLabel('Variável {{2}}').selectOption('procedimento');
    await page.getByLabel('Botão 1').fill('Confirmar');
    await page.getByLabel('Botão 2').fill('Remarcar');
    await page.getByLabel('Procedimentos').fill(procedimento);
    await page.getByRole('button', { name: 'Criar template' }).click();
    const refused = await outra('POST', TEMPLATES, {
      nome: 'igual',
      idioma: 'pt_BR',
      categoria: 'UTILITY',
      corpo: '{{1}}, seu exame de {{2}} está pronto para retirada.',
      variaveis: ['pacienteNome', 'procedimento'],
      procedimentos: ['x'],
    });
    expect(refused.body.field).toBe('corpo');
    expect(await errorOf(page, 'Texto da mensagem')).toBe(refused.body.message);
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe(nome);
    expect(await page.getByLabel('Procedimentos').inputValue()).toBe(procedimento);
    await expectAccessible(page, 'Templates: the form with the API`s error');

    await page.getByLabel('Texto da mensagem').fill('Olá {{1}}, seu exame de {{2}} está *pronto* para retirada.');
    const formPreview = page.getByTestId('previa');
    await expect.poll(() => formPreview.textContent()).toContain('Olá [Nome do paciente], seu exame de [Procedimento] está pronto');
    expect(await formPreview.locator('strong').textContent()).toBe('pronto'); // WhatsApp's *bold*
    expect(await quickReplies(formPreview)).toEqual(['Confirmar', 'Remarcar']);
    await expectAccessible(page, 'Templates: the form with its preview');
    await page.getByRole('button', { name: 'Criar template' }).click();

    // The page shows the new template, a draft, with its preview.
    await page.getByRole('heading', { name: `Template ${nome}` }).waitFor();
    const created = ((await outra('GET', TEMPLATES)).body as unknown as Json[]).find((t) => t.nome === nome)!;
    expect(created).toMatchObject({
      estado: 'RASCUNHO',
      corpo: 'Olá {{1}}, seu exame de {{2}} está *pronto* para retirada.',
      variaveis: ['pacienteNome', 'procedimento'],
      botoes: ['Confirmar', 'Remarcar'],
      procedimentos: [procedimento],
    });
    const detail = page.getByRole('region', { name: `Template ${nome}` });
    expect(await detail.getByText('Rascunho', { exact: true }).count()).toBe(1);
    expect(await quickReplies(detail.getByTestId('previa'))).toEqual(['Confirmar', 'Remarcar']);
    expect(await detail.getByRole('button', { name: 'Editar' }).count()).toBe(1);

    // Submitted: in review, then the simulator's verdict (the sweep reads it) shows by the list's polling.
    await page.evaluate('window.__semRecarga = true');
    await detail.getByRole('button', { name: 'Enviar para análise' }).click();
    await detail.getByText('Em análise', { exact: true }).waitFor();
    await expectAccessible(page, 'Templates: a template in review');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Abrir o template ${nome}` }) });
    await row.getByText('Aprovado', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate('window.__semRecarga')).toBe(true);
    expect((await outra('GET', `${TEMPLATES}/${created.id}`)).body.estado).toBe('APROVADO');

    // An approved template offers no edit (nor a new submission), only what its state allows.
    await detail.getByText('Aprovado', { exact: true }).waitFor();
    expect(await detail.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: 'Enviar para análise' }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Pausar' }).waitFor();
    await expectAccessible(page, 'Templates: an approved template');
  });

  it('shows the API`s 409 when the template left an editable state meanwhile, keeping the edit', async () => {
    const made = await outra('POST', TEMPLATES, {
      nome: `aviso_${unique()}`,
      idioma: 'pt_BR',
      categoria: 'UTILITY',
      corpo: 'Olá {{1}}, seu pedido chegou.',
      variaveis: ['pacienteNome'],
      procedimentos: [`Raio X ${unique()}`],
    });
    expect(made.status).toBe(201);
    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Templates');
    await page.getByRole('button', { name: `Abrir o template ${made.body.nome}` }).click();
    await page.getByRole('button', { name: 'Editar' }).click();
    const texto = 'Olá {{1}}, seu pedido chegou e pode ser retirado.';
    await page.getByLabel('Texto da mensagem').fill(texto);
    // Another admin submits it meanwhile: it is in review, no longer editable.
    expect((await outra('POST', `${TEMPLATES}/${made.body.id}/submeter`)).status).toBe(200);
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    const again = await outra('PUT', `${TEMPLATES}/${made.body.id}`, { corpo: texto });
    expect(again.status).toBe(409);
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringContaining('is not allowed for a template in'));
    expect(await page.getByLabel('Texto da mensagem').inputValue()).toBe(texto);
    expect((await outra('GET', `${TEMPLATES}/${made.body.id}`)).body.corpo).toBe('Olá {{1}}, seu pedido chegou.');
  });
});

describe('Aplicações (demo, the platform admin)', () => {
  it('creates an application (its secret once), credits it exactly, and deactivates it', async () => {
    const page = await browser.loggedIn(service, 'demo');
    await openArea(page, 'Aplicações');
    await page.getByRole('table').waitFor();
    await expectAccessible(page, 'Aplicações: the list');

    // A slug the API refuses: its message beside the field, nothing typed lost.
    const nome = `Clínica ${unique()}`;
    await page.getByRole('button', { name: 'Nova aplicação' }).click();
    await page.getByLabel('Nome', { exact: true }).fill(nome);
    await page.getByLabel('Slug').fill('-Slug Inválido-');
    await page.getByRole('button', { name: 'Criar aplicação' }).click();
    const refused = await as('demo')('POST', '/api/admin/aplicacoes', { nome, slug: '-Slug Inválido-', provider: 'link' });
    expect(refused.status).toBe(400);
    expect(await errorOf(page, 'Slug')).toBe(refused.body.message);
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe(nome);
    expect(await page.getByLabel('Slug').inputValue()).toBe('-Slug Inválido-');
    await expectAccessible(page, 'Aplicações: the form with the API`s error');

    const slug = `clinica-${unique()}`;
    await page.getByLabel('Slug').fill(slug);
    await page.getByRole('button', { name: 'Criar aplicação' }).click();
    const apiKey = await page.getByLabel('Chave da API (X-Api-Key)').inputValue();
    const apiSecret = await page.getByLabel('Segredo da API (X-Api-Secret)').inputValue();
    expect(apiSecret.length).toBeGreaterThan(16);
    await expectAccessible(page, 'Aplicações: the new secret shown once');
    const key = { apiKey, apiSecret };
    const saldo = await api.external(key).get('/api/external/financeiro/saldo');
    expect(saldo.status).toBe(200);

    // Once: after "Já guardei", the secret is nowhere on the page, nor on the application's own page.
    await page.getByRole('button', { name: 'Já guardei o segredo' }).click();
    expect(await page.content()).not.toContain(apiSecret);
    await page.getByRole('link', { name: nome }).click();
    await page.getByRole('heading', { level: 1, name: `Aplicação ${nome}` }).waitFor();
    await expect.poll(() => page.getByTestId('saldo-aplicacao').textContent()).toBe(money(saldo.body.saldo));
    expect(await page.content()).not.toContain(apiSecret);
    await expectAccessible(page, 'Aplicações: one application');

    // A credit typed the pt-BR way: the balance is the old one plus exactly the credit.
    await page.getByLabel('Valor (R$)').fill('1.234,56');
    await page.getByRole('button', { name: 'Adicionar crédito' }).click();
    await page.getByText(/Crédito de R\$ 1\.234,56 lançado/).waitFor();
    const after = (await api.external(key).get('/api/external/financeiro/saldo')).body.saldo as string;
    expect(cents(after)).toBe(cents(saldo.body.saldo) + 123456n);
    await expect.poll(() => page.getByTestId('saldo-aplicacao').textContent()).toBe(money(after));

    // The campaigns' pace: 80 until set; a value out of range named at its field, nothing saved; then saved.
    const id = new URL(page.url()).pathname.split('/').pop();
    expect(await page.getByLabel('Mensagens por segundo').inputValue()).toBe('80');
    await page.getByLabel('Mensagens por segundo').fill('5000');
    await page.getByRole('button', { name: 'Salvar ritmo' }).click();
    await expect.poll(() => page.getByLabel('Mensagens por segundo').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Mensagens por segundo').fill('40');
    await page.getByRole('button', { name: 'Salvar ritmo' }).click();
    await page.getByText('Ritmo de 40 mensagens por segundo salvo.').waitFor();
    expect((await api.admin('GET', `/api/admin/aplicacoes/${id}`)).body.mensagensPorSegundo).toBe(40);

    // Deactivating says what it does first; then the API refuses the application's key.
    await page.getByRole('button', { name: 'Desativar aplicação' }).click();
    const dialog = page.getByRole('dialog', { name: `Desativar a aplicação ${nome}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('chave de API da aplicação é recusada');
    await expectAccessible(page, 'Aplicações: the deactivation dialog');
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    // exact: "Desativar aplicação" contains the name too.
    await page.getByRole('button', { name: 'Ativar aplicação', exact: true }).waitFor();
    await page.getByText(`Aplicação ${nome} desativada.`).waitFor();
    expect((await api.external(key).get('/api/external/financeiro/saldo')).status).toBe(401);
    expect((await api.admin('GET', `/api/admin/aplicacoes/${id}`)).body).toMatchObject({ nome, slug, ativo: false });
  });

  it('refunds a debit through the page once; a second refund shows the API`s 409 beside the entry', async () => {
    const app = await api.newApplication('link', '2.00');
    const sent = await api.external(app).send({ telefone: '+5511987654321', mensagem: 'a estornar' });
    expect(sent.status).toBe(200);
    const extrato = (await api.external(app).get('/api/external/financeiro/extrato?size=100')).body.content as Json[];
    const debit = extrato.find((e) => e.tipo === 'DEBIT')!;
    const before = (await api.external(app).get('/api/external/financeiro/saldo')).body.saldo as string;

    const page = await browser.loggedIn(service, 'demo');
    await page.goto(`${service.baseUrl}/console/aplicacoes/${app.id}`);
    await page.getByRole('heading', { name: 'Estornar um débito' }).waitFor();
    await page.getByLabel('Número do lançamento').fill(String(debit.id));
    await page.getByRole('button', { name: 'Estornar' }).click();
    await page.getByText(`Lançamento ${debit.id} estornado`).waitFor();
    const after = (await api.external(app).get('/api/external/financeiro/saldo')).body.saldo as string;
    expect(cents(after)).toBe(cents(before) + cents(debit.valor as string));

    await page.getByLabel('Número do lançamento').fill(String(debit.id));
    await page.getByRole('button', { name: 'Estornar' }).click();
    const again = await api.admin('POST', `/api/admin/aplicacoes/${app.id}/estornos`, { lancamentoId: debit.id });
    expect(again.status).toBe(409);
    expect(await errorOf(page, 'Número do lançamento')).toBe(again.body.message);
    expect(await page.getByLabel('Número do lançamento').inputValue()).toBe(String(debit.id));
    await expectAccessible(page, 'Aplicações: a refused refund');
  });

  it('lists the tariffs and creates one through the page', async () => {
    const page = await browser.loggedIn(service, 'demo');
    await page.goto(`${service.baseUrl}/console/aplicacoes/tarifas`);
    await page.getByRole('heading', { level: 1, name: 'Tarifas' }).waitFor();
    await page.getByRole('table').waitFor();
    await expectAccessible(page, 'Tarifas: the list');
    const subtipo = `TESTE_${unique()}`;
    await page.getByRole('button', { name: 'Nova tarifa' }).click();
    await page.getByLabel('Categoria', { exact: true }).fill('WHATSAPP');
    await page.getByLabel('Subtipo', { exact: true }).fill(subtipo);
    await page.getByLabel('Unidade', { exact: true }).fill('MENSAGEM');
    await page.getByLabel('Valor (R$)').fill('0,35');
    await page.getByRole('button', { name: 'Criar tarifa' }).click();
    await page.getByText(`Tarifa WHATSAPP / ${subtipo} criada.`).waitFor();
    const tariffs = (await api.admin('GET', '/api/admin/tarifas')).body as unknown as Json[];
    expect(tariffs.find((t) => t.subtipo === subtipo)).toMatchObject({
      categoria: 'WHATSAPP',
      valor: '0.35',
      aplicacaoId: null,
      ativo: true,
    });
  });

  it('is no page for a tenant admin, and the API refuses its token on other applications', async () => {
    const page = await browser.loggedIn(service, 'outra');
    await page.goto(`${service.baseUrl}/console/aplicacoes`);
    await page.getByRole('heading', { level: 1, name: 'Página não encontrada' }).waitFor();
    await expectAccessible(page, 'Aplicações as a tenant admin');
    const demoId = service.sandbox.applications.demo.id;
    expect((await outra('GET', '/api/admin/aplicacoes')).status).toBe(403);
    expect((await outra('GET', `/api/admin/aplicacoes/${demoId}`)).status).toBe(404);
    expect((await outra('PUT', `/api/admin/aplicacoes/${demoId}/ativo`, { ativo: false })).status).toBe(403);
    expect((await outra('POST', `/api/admin/aplicacoes/${demoId}/creditos`, { valor: '1.00' })).status).toBe(403);
    expect((await outra('POST', '/api/admin/aplicacoes', { nome: 'X', slug: `x-${unique()}`, provider: 'link' })).status).toBe(403);
  });
});
