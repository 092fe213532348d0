// The console in a real browser (Debian's Chromium) against the real local service: the login, the
// session through reloads and tabs (refresh-token rotation and reuse detection), what each kind of
// admin sees, the security headers, and axe on the login and the first page.
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { areasFor } from '#console/src/areas';
import { client, useLocalService } from '../support/local-service.ts';
import { consoleLogin, expectAccessible, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();
const api = client(service);

const money = (value: string) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value)).replace(/\u00a0/g, ' ');

describe('the console login', () => {
  it('serves the console with its security headers: no inline script, no framing, HSTS', async () => {
    const answer = await fetch(`${service.baseUrl}/console/agendamentos`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('shows a wrong password as an error and stays on the login page; the form is accessible', async () => {
    const page = await browser.page();
    await page.goto(`${service.baseUrl}/console/`);
    await page.getByLabel('E-mail').waitFor();
    await expectAccessible(page, 'the login page');
    await page.getByLabel('E-mail').fill(consoleLogin(service, 'outra').email);
    await page.getByLabel('Senha').fill('esta senha está errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('E-mail ou senha incorretos');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(consoleLogin(service, 'outra').email);
    expect(await page.getByRole('button', { name: 'Entrar' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Principal' }).count()).toBe(0);
  });

  it('lets the network go idle on the login page with no session: the refused refresh is read to its end', async () => {
    const page = await browser.page();
    const isRefresh = (request: Request) => new URL(request.url()).pathname === '/api/auth/refresh';
    // An answer whose body the page never reads or cancels stays a pending request for the page's life:
    // it never finishes, and the network never goes idle (these would time out).
    const refreshFinished = page.waitForEvent('requestfinished', { predicate: isRefresh, timeout: 10_000 });

    await page.goto(`${service.baseUrl}/console/`);
    await page.getByLabel('E-mail').waitFor();
    const refresh = await refreshFinished;
    await page.waitForLoadState('networkidle', { timeout: 10_000 });

    expect((await refresh.response())?.status()).toBe(401);
  });

  it('logs a tenant admin in to Início with the balance the API reports, and never offers Aplicações', async () => {
    const page = await browser.loggedIn(service, 'outra');
    const outra = service.sandbox.applications.outra;
    const balance = await api.external(outra).get('/api/external/financeiro/saldo');
    await expect.poll(() => page.getByTestId('saldo').textContent()).toBe(money(balance.body.saldo));
    const links = await page.getByRole('navigation', { name: 'Principal' }).getByRole('link').allTextContents();
    expect(links).toEqual(areasFor('admin', false).map((a) => a.label));
    expect(links).not.toContain('Aplicações');
    await expectAccessible(page, 'Início');
    // Aplicações by its URL is not a page for a tenant admin.
    await page.goto(`${service.baseUrl}/console/aplicacoes`);
    await page.getByRole('heading', { level: 1, name: 'Página não encontrada' }).waitFor();
  });

  it('gives the platform admin Aplicações too', async () => {
    const page = await browser.loggedIn(service, 'demo');
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Aplicações' }).waitFor();
  });
});

describe('the console session', () => {
  it('keeps the access token out of storage and survives a reload through the refresh cookie', async () => {
    const page = await browser.loggedIn(service, 'outra');
    const stored = await page.evaluate('JSON.stringify({ ...localStorage, ...sessionStorage })');
    expect(stored).toBe('{}');
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => ({ name: c.name, httpOnly: c.httpOnly, path: c.path, sameSite: c.sameSite }))).toEqual([
      { name: 'refresh_token', httpOnly: true, path: '/api/auth', sameSite: 'Strict' },
    ]);
    await page.reload();
    await page.getByRole('navigation', { name: 'Principal' }).waitFor();
    // The reload spent the cookie for a new one.
    expect((await page.context().cookies())[0]!.value).not.toBe(cookies[0]!.value);
  });

  it('refreshes one tab at a time: two tabs reloaded together both stay logged in', async () => {
    const first = await browser.loggedIn(service, 'outra');
    const second = await first.context().newPage();
    await second.goto(`${service.baseUrl}/console/`);
    await second.getByRole('navigation', { name: 'Principal' }).waitFor();
    for (let round = 0; round < 3; round++) {
      await Promise.all([first.reload(), second.reload()]);
      await Promise.all([first, second].map((p) => p.getByRole('navigation', { name: 'Principal' }).waitFor()));
    }
    // Still a live session: a third tab gets in on the cookie alone.
    const third = await first.context().newPage();
    await third.goto(`${service.baseUrl}/console/`);
    await third.getByRole('navigation', { name: 'Principal' }).waitFor();
  });

  it('ends the session everywhere when a spent refresh token is used again (a stolen copy)', async () => {
    const page = await browser.loggedIn(service, 'outra');
    const stolen = (await page.context().cookies())[0]!.value;
    await page.reload(); // the console spends it
    await page.getByRole('navigation', { name: 'Principal' }).waitFor();
    const replay = await fetch(`${service.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'console', Cookie: `refresh_token=${stolen}` },
    });
    expect(replay.status).toBe(401);
    // The holder's own next refresh is refused too: back to the login.
    await page.reload();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
  });

  it('logs out: the cookie no longer refreshes', async () => {
    const page = await browser.loggedIn(service, 'outra');
    const cookie = (await page.context().cookies())[0]!.value;
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    const after = await fetch(`${service.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'console', Cookie: `refresh_token=${cookie}` },
    });
    expect(after.status).toBe(401);
  });
});
