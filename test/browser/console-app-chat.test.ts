// The console's Atendimentos with the patient app's chat (docs/app-chat.md), in Chromium against the local service,
// as outra's tenant admin: a patient's message typed in the app shows in the queue and its attendance marked App; the answer typed
// in the page goes back to the app's chat (the patient reads it through the API), not to WhatsApp (the provider
// simulator gets nothing), and the page says where it went; axe on the way.
import { randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { expectAccessible, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();
const api = client(service);
const outra = () => service.sandbox.applications.outra;
const admin = (method: string, url: string, body?: unknown) => api.call(method, url, bearer(outra().tokens.admin), body);

/** A new paciente user of outra, logged in to the app with the one-time code the local outbox holds. */
async function appPatient(nome: string): Promise<{ telefone: string; token: string }> {
  const telefone = `+55218${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
  const created = await admin('POST', '/api/admin/usuarios', {
    nome,
    email: `app-${randomUUID().slice(0, 8)}@example.com`,
    role: 'paciente',
    telefone,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await api.call('POST', '/api/auth/paciente/codigo', {}, { aplicacao: outra().slug, telefone })).status).toBe(202);
  await service.queues.drained();
  const outbox = path.join(service.dataDir, 'outbox');
  let codigo: string | undefined;
  for (const file of (await readdir(outbox)).filter((f) => f.includes('-whatsapp-'))) {
    const text = JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as { to: string; body: string };
    if (text.to === telefone) codigo = /(\d{6})/.exec(text.body)?.[1];
  }
  const exchanged = await api.call('POST', '/api/auth/paciente/token', {}, { aplicacao: outra().slug, telefone, codigo });
  expect(exchanged.status).toBe(200);
  return { telefone, token: String(exchanged.body.access_token) };
}

describe('Atendimentos: the patient app’s chat', () => {
  it('marks the app’s messages, and sends the typed answer back to the app instead of WhatsApp', async () => {
    // Prepare: a patient writes in the app and asks for a person
    const nome = `Lia Aplicativo ${process.pid}`;
    const patient = await appPatient(nome);
    const wrote = await api.call('POST', '/api/v4/saude/chat', bearer(patient.token), { texto: 'Quero falar com um atendente pelo app' });
    expect(wrote.status).toBe(201);
    const id = Number(wrote.body.atendimentoId);
    const page = await browser.loggedIn(service, 'outra');

    // Act: the conversation, taken and answered through the page
    await page.goto(`${service.baseUrl}/console/atendimentos/${id}`);
    const conversa = page.getByRole('list', { name: 'Conversa' });
    await expect.poll(() => conversa.textContent()).toContain('Quero falar com um atendente pelo app');
    const head = page.locator('header.conversation-head');
    expect(await head.getByText('App', { exact: true }).count()).toBe(1);
    expect(await conversa.locator('.bubble:not(.mine) .badge.app').textContent()).toBe('App');
    expect(await page.getByTestId('janela').textContent()).toContain('chat do aplicativo');
    const queued = page.getByRole('list', { name: /Fila/ }).getByRole('link', { name: new RegExp(nome) });
    await expect.poll(() => queued.locator('.badge.app').textContent()).toBe('App');
    await page.locator('details.history summary').click();
    expect(await page.locator('details.history li').allTextContents()).toEqual([
      expect.stringMatching(/ · Com o robô pelo paciente$/),
      expect.stringMatching(/ · Com o robô → Na fila pelo paciente$/),
    ]);
    await expectAccessible(page, 'an app attendance in the queue');
    await page.getByRole('button', { name: 'Assumir' }).click();
    const resposta = page.getByLabel('Resposta');
    await resposta.fill('Olá! Estou aqui pelo aplicativo.');
    await resposta.press('Enter');

    // Assess: the page says where it went and marks the answer; the patient reads it in the app; WhatsApp got nothing
    await expect.poll(() => page.getByTestId('sugestao-status').textContent()).toContain('enviada ao chat do aplicativo');
    await expect.poll(() => conversa.locator('.bubble.mine').last().textContent()).toContain('Olá! Estou aqui pelo aplicativo.');
    expect(await conversa.locator('.bubble.mine .badge.app').last().textContent()).toBe('Enviada ao App');
    const chat = await api.call('GET', '/api/v4/saude/chat', bearer(patient.token));
    expect((chat.body.content as Json[]).map((m) => [m.direcao, m.texto])).toEqual([
      ['ENTRADA', 'Quero falar com um atendente pelo app'],
      ['SAIDA', 'Olá! Estou aqui pelo aplicativo.'],
    ]);
    expect(service.simulators.providerA.sent().filter((s) => s.to.endsWith(patient.telefone))).toEqual([]);
    await expectAccessible(page, 'an app attendance answered');
  });
});
