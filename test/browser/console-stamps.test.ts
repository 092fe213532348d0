// The console's switch for RFC 3161 time stamps (issue #39, docs/stamps.md) in Chromium against the local service,
// as outra's tenant admin: Configurações › Carimbo do tempo shows the application's state, turns it on (the API then
// says so, and a consent change of its patient gets a stamp) and off again. axe on the page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bearer, client, useLocalService } from '../support/local-service.ts';
import { expectAccessible, openArea, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();
const api = client(service);

const outra = () => service.sandbox.applications.outra;
const application = async () => (await api.call('GET', `/api/admin/aplicacoes/${outra().id}`, bearer(outra().tokens.admin))).body;

async function openStamps(page: Page): Promise<void> {
  await openArea(page, 'Configurações');
  await page
    .getByRole('navigation', { name: 'Seções de configurações' })
    .getByRole('link', { name: 'Carimbo do tempo', exact: true })
    .click();
  await page.getByRole('heading', { level: 2, name: 'Carimbo do tempo' }).waitFor();
  await expect.poll(() => page.getByText(/^Carregando/).count()).toBe(0);
}

describe('Configurações: Carimbo do tempo', () => {
  it('turns the application’s time stamps on, so its next consent change is stamped, and off again', async () => {
    const page = await browser.loggedIn(service, 'outra');
    await openStamps(page);
    const form = page.getByRole('form', { name: 'Carimbo do tempo' });
    const toggle = page.getByLabel('Carimbar os eventos (RFC 3161)');
    expect(await form.textContent()).toContain('Carimbo do tempo');
    expect(await toggle.isChecked()).toBe(false);
    await expectAccessible(page, 'the time stamps’ switch');

    await toggle.check();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toContain('ligado');
    expect((await application()).carimboTempo).toBe(true);

    // The next consent change of outra's patient gets its stamp.
    const paciente = bearer(outra().tokens.paciente);
    expect((await api.call('PUT', '/api/v4/saude/consentimentos/CAMERA/conceder', paciente)).status).toBe(200);
    await service.streams.drained();
    const history = (await api.call('GET', '/api/v4/saude/consentimentos/CAMERA/historico', paciente)).body as unknown as {
      carimbo: { token: string } | null;
    }[];
    expect(history.at(-1)!.carimbo?.token).toEqual(expect.any(String));

    // A fresh page shows it on; turned off, the API says off.
    await page.reload();
    await openStamps(page);
    expect(await page.getByLabel('Carimbar os eventos (RFC 3161)').isChecked()).toBe(true);
    await page.getByLabel('Carimbar os eventos (RFC 3161)').uncheck();
    await page.getByRole('form', { name: 'Carimbo do tempo' }).getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Carimbo do tempo' }).getByRole('status').textContent()).toContain('desligado');
    expect((await application()).carimboTempo).toBe(false);
  });
});
