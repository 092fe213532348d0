// The provider portal of the console in a real browser against the real local service, driven as the sandbox's
// provider (demo's prestador, its sandbox console login): the login lands on its first area and shows no admin page
// (the API refuses its token there too); Credenciais creates a credential (a bad allowlist entry refused beside the
// field first) whose secret is shown once, with its copy button, and is gone after closing and after a reload;
// Webhooks creates a webhook at the local receiver, reveals its signing secret, sends a test event and shows its
// delivery (HTTP status, attempts, duration, the body sent and the answer), resends it; Agendamentos records an
// appointment's execution by hand, and the API shows the state and history /execucao gives. axe on every page. The
// README's screenshot of the portal.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { areasFor } from '#console/src/areas';
import { localDate } from '#shared/domain/time';
import { accessToken, apiKeyHeaders, bearer, client, consumersWithoutFlow, useLocalService, type Json } from '../support/local-service.ts';
import { consoleLogin, expectAccessible, openArea, useBrowser } from '../support/browser.ts';

// The appointment flow's queue is dropped: the appointments this file creates stay as created, and only the moves it
// makes are in their history.
const service = useLocalService({ console: true, queues: { consumer: consumersWithoutFlow } });
const browser = useBrowser();
const api = client(service);

const demo = () => service.sandbox.applications.demo;
/** The provider portal's API with the sandbox provider's token (the same user as the console login). */
const provider = (method: string, url: string, body?: unknown) => api.call(method, url, bearer(demo().tokens.prestador), body);

/** The error an element shows: the elements its aria-describedby names that are errors. */
async function errorOf(element: ReturnType<Page['getByRole']>): Promise<string> {
  await expect.poll(() => element.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await element.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  const page = element.page();
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
}

describe('the provider portal of the console (demo`s prestador)', () => {
  it('lands on its first area, shows only its own areas, and no admin page; the API refuses its token on an admin route', async () => {
    const page = await browser.loggedIn(service, 'prestador');
    await page.getByRole('heading', { level: 1, name: 'Credenciais' }).waitFor();
    const links = await page.getByRole('navigation', { name: 'Principal' }).getByRole('link').allTextContents();
    expect(links).toEqual(areasFor('prestador', false).map((a) => a.label));
    expect(links).toEqual(['Credenciais', 'Webhooks', 'Agendamentos']);

    // An admin page typed in the address bar is no page of this role (its board is at /agenda, not /agendamentos).
    for (const path of ['configuracoes', 'agendamentos']) {
      await page.goto(`${service.baseUrl}/console/${path}`);
      await page.getByRole('heading', { level: 1, name: 'Página não encontrada' }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Configurações' }).count()).toBe(0);

    // The token the console login gives the provider is refused by the admin API.
    const login = await api.call('POST', '/api/auth/login', {}, consoleLogin(service, 'prestador'));
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('prestador');
    for (const url of ['/api/admin/resumo', '/api/admin/usuarios', '/api/admin/agendamentos']) {
      const refused = await api.call('GET', url, bearer(login.body.access_token as string));
      expect(refused.status, url).toBe(403);
      expect(refused.body).toMatchObject({ error: 'forbidden' });
    }
  });

  it('Credenciais: a bad allowlist entry refused beside the field; the new credential`s secret shown once, copied, gone after closing and reloading', async () => {
    const page = await browser.loggedIn(service, 'prestador');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.baseUrl });
    await page.getByRole('button', { name: 'Nova credencial' }).waitFor();
    await expectAccessible(page, 'Credenciais');

    await page.getByRole('button', { name: 'Nova credencial' }).click();
    await page.getByLabel('Nome').fill('ERP do laboratório');
    await page.getByLabel('Limite por minuto').fill('120');
    const allowlist = page.getByLabel('IPs permitidos');
    await allowlist.fill('203.0.113.0/24\n\n300.1.2.3');
    await page.getByRole('button', { name: 'Criar credencial' }).click();
    expect(await errorOf(allowlist)).toMatch(/^Linha 3: .*"300\.1\.2\.3" is not an IPv4\/IPv6 address or CIDR range/);
    await expectAccessible(page, 'Credenciais with a refusal');
    const before = (await provider('GET', '/api/prestador/credenciais')).body as unknown as Json[];
    expect(before.map((c) => c.nome)).not.toContain('ERP do laboratório');

    await allowlist.fill('203.0.113.0/24\n\n2001:db8::/32\n127.0.0.1');
    await page.getByRole('button', { name: 'Criar credencial' }).click();
    const shown = page.getByTestId('segredo');
    await shown.waitFor();
    expect(await page.getByTestId('segredo-aviso').textContent()).toContain('Este segredo não será mostrado novamente.');
    const [apiKey, apiSecret] = await shown.locator('dd code').allTextContents();
    expect(apiKey).toMatch(/^nbwp_/);
    expect(apiSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, 'Credenciais with the secret shown');
    await page.getByRole('button', { name: 'Copiar segredo' }).click();
    await page.getByRole('status').filter({ hasText: 'Segredo copiado.' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(apiSecret);

    // The API has it as the form said, never with its secret; and the secret shown is the credential's.
    const listed = ((await provider('GET', '/api/prestador/credenciais')).body as unknown as Json[]).find((c) => c.apiKey === apiKey);
    expect(listed).toMatchObject({
      nome: 'ERP do laboratório',
      limitePorMinuto: 120,
      ipAllowlist: ['203.0.113.0/24', '2001:db8::/32', '127.0.0.1'],
      ativo: true,
      ultimoUsoEm: null,
    });
    expect(JSON.stringify(listed)).not.toContain(apiSecret);
    const used = await api.call('POST', '/api/external/prestador/v1/execucao', apiKeyHeaders({ apiKey: apiKey!, apiSecret: apiSecret! }), {
      agendamentoId: 999_999_999,
      resultado: 'REALIZADO',
    });
    expect(used.status).toBe(404); // authenticated (a wrong secret is 401): no such appointment

    // Closed, it is gone from the page; after a reload too. The list shows the credential and its last use.
    await page.getByRole('button', { name: 'Já guardei, ocultar' }).click();
    await expect.poll(() => page.getByTestId('segredo').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(apiSecret);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'ERP do laboratório' });
    await row.waitFor();
    expect(await page.locator('main').textContent()).not.toContain(apiSecret);
    expect(await page.getByTestId('segredo').count()).toBe(0);
    expect(await row.textContent()).toContain(apiKey);
    expect(await row.textContent()).not.toContain('Nunca usada');

    // Revoked (after a confirmation), it is listed as such and refused.
    await page.getByRole('button', { name: 'Revogar a credencial ERP do laboratório' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click();
    await row.getByText('Revogada').waitFor();
    const refused = await api.call(
      'POST',
      '/api/external/prestador/v1/execucao',
      apiKeyHeaders({ apiKey: apiKey!, apiSecret: apiSecret! }),
      {
        agendamentoId: 999_999_999,
        resultado: 'REALIZADO',
      },
    );
    expect(refused.status).toBe(401);
  });

  it('Webhooks: creates one at the local receiver, reveals its secret, sends a test event and shows its delivery as Svix does; resends it', async () => {
    const secret = service.sandbox.webhooks!.secret;
    const page = await browser.loggedIn(service, 'prestador');
    await openArea(page, 'Webhooks');
    await page.getByRole('button', { name: 'Novo webhook' }).waitFor();
    await expectAccessible(page, 'Webhooks');

    // A refusal beside the field it names, nothing written.
    await page.getByRole('button', { name: 'Novo webhook' }).click();
    await page.getByLabel('Endereço (URL)').fill('https://10.1.2.3/in');
    await page.getByRole('button', { name: 'Criar webhook' }).click();
    expect(await errorOf(page.getByLabel('Endereço (URL)'))).toMatch(/public internet address/);
    const count = ((await provider('GET', '/api/prestador/webhooks')).body as unknown as Json[]).length;

    // Created at the local receiver (which verifies with the sandbox's secret), for two events.
    await page.getByLabel('Endereço (URL)').fill(service.webhookReceiver.url);
    await page.getByRole('checkbox', { name: 'Agendamento confirmado' }).uncheck();
    await page.getByRole('checkbox', { name: 'Agendamento cancelado' }).uncheck();
    await page.getByLabel('Segredo de assinatura').fill(secret);
    await page.getByRole('button', { name: 'Criar webhook' }).click();
    await page.getByTestId('segredo').waitFor();
    expect(await page.getByTestId('segredo').locator('dd code').textContent()).toBe(secret);
    await page.getByRole('button', { name: 'Já guardei, ocultar' }).click();
    const webhooks = (await provider('GET', '/api/prestador/webhooks')).body as unknown as Json[];
    expect(webhooks).toHaveLength(count + 1);
    const webhook = webhooks.find((w) => w.url === service.webhookReceiver.url && w.eventos.length === 2)!;
    expect(webhook).toMatchObject({ eventos: ['AGENDAMENTO_REALIZADO', 'AGENDAMENTO_FALTOU'], ativo: true });

    // Its page: the secret revealed on demand, then hidden.
    await page.getByRole('link', { name: `Entregas e teste do webhook nº ${webhook.id}` }).click();
    await page.getByRole('heading', { level: 1, name: `Webhook nº ${webhook.id}` }).waitFor();
    expect(await page.getByTestId('segredo-webhook').count()).toBe(0);
    await page.getByRole('button', { name: 'Revelar segredo' }).click();
    expect(await page.getByTestId('segredo-webhook').textContent()).toBe(secret);
    await page.getByRole('button', { name: 'Ocultar segredo' }).click();
    await expect.poll(() => page.getByTestId('segredo-webhook').count()).toBe(0);
    await expectAccessible(page, 'a webhook');

    // A test event, delivered to the receiver and shown in the log with what was sent and what came back.
    await page.getByLabel('Evento', { exact: true }).selectOption('AGENDAMENTO_FALTOU');
    await page.getByRole('button', { name: 'Enviar evento de teste' }).click();
    const sent = await page.getByTestId('teste-enviado').textContent();
    const eventoId = /entrega (msg_teste_[A-Za-z0-9_-]+)\)/.exec(sent ?? '')![1]!;
    const row = page.locator(`tr[data-entrega="${eventoId}"]`);
    await row.getByText('Entregue').waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[1]).toContain('Paciente faltou');
    expect(cells[3]).toBe('200');
    expect(cells[4]).toBe('1');
    expect(cells[5]).toMatch(/^\d+ ms$|^\d+\.\d s$/);
    await row.getByText('Corpo enviado').click();
    await row.getByText('Resposta').click();
    const payloads = await row.locator('pre.payload').allTextContents();
    expect(JSON.parse(payloads[0]!)).toMatchObject({ type: 'AGENDAMENTO_FALTOU', data: { agendamento: { id: 0, status: 'FALTOU' } } });
    expect(JSON.parse(payloads[1]!)).toEqual({ recebido: true });
    const received = (await service.webhookReceiver.received()).filter((r) => r.headers['webhook-id'] === eventoId);
    expect(received.map((r) => r.verified)).toEqual([true]);
    await expectAccessible(page, 'a webhook with its delivery');
    // The README's screenshot: the whole page of the webhook, its delivery's body and answer open.
    await page.screenshot({ path: 'docs/console-prestador.png', fullPage: true });

    // Resent: a second attempt, delivered again.
    await row.getByRole('button', { name: `Reenviar a entrega ${eventoId}` }).click();
    await expect.poll(async () => (await row.getByRole('cell').allTextContents())[4], { timeout: 15_000 }).toBe('2');
    await row.getByText('Entregue').waitFor();
    expect((await service.webhookReceiver.received()).filter((r) => r.headers['webhook-id'] === eventoId)).toHaveLength(2);

    // Deactivated, then deleted, from the list.
    await openArea(page, 'Webhooks');
    await page.getByRole('button', { name: `Desativar o webhook nº ${webhook.id}` }).click();
    await page.getByRole('button', { name: `Ativar o webhook nº ${webhook.id}`, exact: true }).waitFor();
    expect((await provider('GET', `/api/prestador/webhooks/${webhook.id}`)).body).toMatchObject({ ativo: false });
    await page.getByRole('button', { name: `Excluir o webhook nº ${webhook.id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await page.getByText(`Webhook nº ${webhook.id} excluído.`).waitFor();
    expect((await provider('GET', `/api/prestador/webhooks/${webhook.id}`)).status).toBe(404);
  });

  it('Agendamentos: records an execution by hand (one Idempotency-Key per submit); the API shows what /execucao gives', async () => {
    // Two appointments of today (São Paulo) naming demo's provider, created through the v2 API: one recorded from the
    // console, the other through POST /execucao with the provider's credential, with the same body.
    const token = await accessToken(service, demo().oauth, 'agendamentos:write agendamentos:read');
    const today = localDate(new Date());
    const create = async (pacienteNome: string) => {
      const created = await api.call('POST', '/api/external/v2/agendamentos', bearer(token), {
        pacienteTelefone: '+5511987654321',
        pacienteNome,
        procedimento: 'Ultrassom',
        prestador: String(demo().prestador.id),
        dataLimiteRetirada: `${today.split('-').reverse().join('/')} 18:00`,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as number;
    };
    const byConsole = await create('Paciente do Console');
    const byApi = await create('Paciente da API');

    const page = await browser.loggedIn(service, 'prestador');
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/prestador/agendamentos/${byConsole}/execucao`))
        keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await openArea(page, 'Agendamentos');
    expect(await page.getByLabel('Dia').inputValue()).toBe(today);
    const row = page.locator(`tr[data-agendamento="${byConsole}"]`);
    await row.waitFor();
    expect(await row.getByTestId('status').textContent()).toBe('Importado');
    await expectAccessible(page, 'Agendamentos');

    // The status filter: another status hides it.
    await page.getByLabel('Status').selectOption('CONFIRMADO');
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Status').selectOption('');
    await row.waitFor();

    await row.getByRole('button', { name: `Registrar execução do agendamento nº ${byConsole}` }).click();
    await page.getByRole('radio', { name: /^Realizado/ }).check();
    await page.getByLabel('Observação').fill('Exame feito às 10h');
    await expectAccessible(page, 'Agendamentos: recording an execution');
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('execucao-registrada').textContent())
      .toBe(`Agendamento nº ${byConsole}: Importado → Realizado.`);
    await expect.poll(() => row.getByTestId('status').textContent()).toBe('Realizado');
    expect(await page.getByTestId('ultima-mudanca').textContent()).toContain('Importado → Realizado');
    expect(await row.getByRole('button').count()).toBe(0);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);

    const machine = await api.call('POST', '/api/external/prestador/v1/execucao', apiKeyHeaders(demo().prestador), {
      agendamentoId: byApi,
      resultado: 'REALIZADO',
      observacao: 'Exame feito às 10h',
    });
    expect(machine.status).toBe(200);

    // The same state and history (but who, and when), read through the API.
    const read = async (id: number) => (await api.call('GET', `/api/external/v2/agendamentos/${id}`, bearer(token))).body;
    const alike = (a: Json) => ({
      status: a.status,
      historico: (a.historico as Json[]).map((h) => ({ ...h, em: 'T', por: { ...h.por, id: 'WHO' } })),
    });
    const [mine, theirs] = [await read(byConsole), await read(byApi)];
    expect(mine.status).toBe('REALIZADO');
    expect(alike(mine)).toEqual(alike(theirs));
    expect((mine.historico as Json[]).at(-1)).toMatchObject({
      de: 'IMPORTADO',
      para: 'REALIZADO',
      por: { tipo: 'prestador' },
      observacao: 'Exame feito às 10h',
    });
    // The day view shows it as the API has it.
    const day = await provider('GET', `/api/prestador/agendamentos?data=${today}&status=REALIZADO`);
    expect((day.body.content as Json[]).map((a) => a.id)).toEqual(expect.arrayContaining([byConsole, byApi]));
  });
});
