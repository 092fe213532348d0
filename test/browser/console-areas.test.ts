// Every area the console declares (console/src/areas.ts), for every role with a sandbox login: its link is in
// the navigation in the declared order, it opens with its name as the page's heading, and axe finds nothing
// serious there. A new area is checked here the day it is declared. At a desktop's size and at a phone's
// (390 x 844, issue #37): there the navigation is behind the Menu button, nothing scrolls the page sideways and
// every control is at least 44 x 44 px; and so are the pages inside the areas (the admin's settings sections, the
// tariffs, an application's page, a provider's webhook with its deliveries).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { areasFor } from '#console/src/areas';
import { bearer, client, useLocalService } from '../support/local-service.ts';
import { expectAccessible, openArea, PHONE, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();

const logins = [
  { who: 'demo', role: 'admin', platformAdmin: true, as: 'a platform admin' },
  { who: 'outra', role: 'admin', platformAdmin: false, as: 'a tenant admin' },
  { who: 'prestador', role: 'prestador', platformAdmin: false, as: 'the provider' },
  { who: 'plantonista', role: 'plantonista', platformAdmin: false, as: 'the on-call physician' },
] as const;

/** The smallest tap target a phone page may have (WCAG 2.5.5, and Apple's and Google's guidelines). */
const TARGET = 44;

/**
 * The visible links, buttons, inputs, selects, text areas and summaries inside `within` that are smaller than
 * TARGET either way, as "what WxH". The boxes are getBoundingClientRect's, what Playwright's boundingBox
 * reads, in one call. A checkbox is tapped through its label (which toggles it), so its target is its label's
 * box. No inline link is excused: none of the areas has one in running text today; one that comes would need
 * the same 44 px or a reason here.
 */
async function smallTargets(page: Page, within: string): Promise<string[]> {
  const targets = within
    .split(',')
    .map((root) => `${root.trim()} :is(a[href], button, input:not([type='hidden']), select, textarea, summary)`)
    .join(', ');
  // A string, run in the page (whose globals this file's types do not know), as test/support/browser.ts does.
  return page.evaluate<string[]>(`[...document.querySelectorAll(${JSON.stringify(targets)})]
    .filter((element) => element.checkVisibility())
    .map((element) => {
      const label = element.type === 'checkbox' ? element.labels?.[0] : undefined;
      const box = (label ?? element).getBoundingClientRect();
      if (box.width >= ${TARGET} && box.height >= ${TARGET}) return undefined;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() || element.getAttribute('type');
      return element.tagName.toLowerCase() + ' "' + name + '" ' + Math.round(box.width) + 'x' + Math.round(box.height);
    })
    .filter(Boolean)`);
}

/** How far the page scrolls sideways (0 when everything fits the viewport's width). */
const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

describe.each(logins)('the console of $as', ({ who, role, platformAdmin }) => {
  const areas = areasFor(role, platformAdmin);

  it('shows exactly its areas, each opening with its heading, accessible', async () => {
    const page = await browser.loggedIn(service, who);
    // A wide screen has the navigation beside the page, and no Menu button.
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    const links = await page.getByRole('navigation', { name: 'Principal' }).getByRole('link').allTextContents();
    expect(links).toEqual(areas.map((a) => a.label));
    for (const area of areas) {
      await openArea(page, area.label);
      expect(new URL(page.url()).pathname).toBe(`/console/${area.path}`);
      await expectAccessible(page, area.label);
    }
  });

  it('works on a phone: the navigation behind Menu, no sideways scroll, 44 px targets, accessible', async () => {
    const page = await browser.loggedIn(service, who, { viewport: PHONE });
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const navigation = page.getByRole('navigation', { name: 'Principal' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // The button names what it opens (the navigation is hidden, so found by the id the button gives).
    const controls = await menu.getAttribute('aria-controls');
    expect(await page.locator(`nav#${controls}`).getAttribute('aria-label')).toBe('Principal');
    expect(await navigation.isVisible()).toBe(false);

    for (const area of areas) {
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      expect(await navigation.getByRole('link').allTextContents()).toEqual(areas.map((a) => a.label));
      expect(await smallTargets(page, 'header, nav'), `the top bar and the open menu on ${area.label}`).toEqual([]);
      await navigation.getByRole('link', { name: area.label, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: area.label }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/console/${area.path}`);
      // Choosing a link folds the menu again: the page is what shows.
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await navigation.isVisible()).toBe(false);
      // The page's data arrive after its heading: measure what the operator ends up with.
      await page.getByRole('status').filter({ hasText: 'Carregando' }).first().waitFor({ state: 'hidden' });
      expect(await sidewaysScroll(page), `sideways scroll on ${area.label}`).toBeLessThanOrEqual(0);
      expect(await smallTargets(page, 'main'), `targets under ${TARGET} px on ${area.label}`).toEqual([]);
      await expectAccessible(page, `${area.label} on a phone`);
    }

    // The README's phone screenshot: the platform admin's last area, its table scrolling in its own box.
    if (who === 'demo') await page.screenshot({ path: 'docs/console-phone.png' });

    // Escape folds the menu too, and gives the focus back to its button.
    await menu.click();
    await navigation.waitFor();
    await page.keyboard.press('Escape');
    await navigation.waitFor({ state: 'hidden', timeout: 2000 });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe('Menu');
  });
});

/** A page reached from an area rather than from the navigation, opened by its address on a phone. */
async function checkOnPhone(page: Page, path: string): Promise<void> {
  await page.goto(`${service.sandbox.console!.url}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Carregando' }).first().waitFor({ state: 'hidden' });
  expect(await sidewaysScroll(page), `sideways scroll on /console/${path}`).toBeLessThanOrEqual(0);
  expect(await smallTargets(page, 'main'), `targets under ${TARGET} px on /console/${path}`).toEqual([]);
  await expectAccessible(page, `/console/${path} on a phone`);
}

describe('the pages inside the areas, on a phone', () => {
  it('fit the admin’s sections, the tariffs and an application’s page: no sideways scroll, 44 px targets, accessible', async () => {
    const page = await browser.loggedIn(service, 'demo', { viewport: PHONE });
    const sections = [
      'provedor',
      'setores',
      'fluxo-agendamentos',
      'assistente-ia',
      'webhooks-entrada',
      'chave-api',
      'clientes-oauth',
      'integracoes',
      'usuarios',
    ];
    for (const path of [
      ...sections.map((s) => `configuracoes/${s}`),
      'aplicacoes/tarifas',
      `aplicacoes/${service.sandbox.applications.demo.id}`,
    ]) {
      await checkOnPhone(page, path);
    }
  });

  it('fit a provider’s webhook page, with its deliveries', async () => {
    const api = client(service);
    const created = await api.call('POST', '/api/prestador/webhooks', bearer(service.sandbox.applications.demo.tokens.prestador), {
      url: 'https://93.184.216.34/in',
      eventos: ['AGENDAMENTO_REALIZADO'],
    });
    expect(created.status).toBe(201);
    const page = await browser.loggedIn(service, 'prestador', { viewport: PHONE });

    await checkOnPhone(page, `webhooks/${created.body.id as number}`);
  });
});
