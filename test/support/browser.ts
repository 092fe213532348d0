// The browser tests' fixture: Debian's Chromium (the `chromium` package; .ci/run installs it) driven by
// playwright-core, against the real local service with the console built and served at /console/.
//
//   const service = useLocalService({ console: true });
//   const browser = useBrowser();
//   const page = await browser.loggedIn(service, 'demo');
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { SandboxConsole } from '#infra/local/seed-console';
import type { LocalService } from '#infra/local/service';

/** A sandbox console login: demo (platform admin), outra (tenant admin), prestador and plantonista (demo's portal users). */
type ConsoleWho = keyof SandboxConsole['logins'];

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The desktop the tests use unless told otherwise, and the phone the console is also checked at (issue #37). */
const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

interface Screen {
  /** The viewport's CSS pixels; DESKTOP unless given. */
  viewport?: { width: number; height: number };
}

export interface BrowserFixture {
  /** A new browser context (its own cookies: one user) and a page in it. */
  page(screen?: Screen): Promise<Page>;
  /** A page logged in to the console as the sandbox login `who` (demo: platform admin; outra: tenant admin; ...). */
  loggedIn(service: LocalService, who: ConsoleWho, screen?: Screen): Promise<Page>;
  context(screen?: Screen): Promise<BrowserContext>;
}

export function useBrowser(): BrowserFixture {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const context = async (screen: Screen = {}) => {
    const ctx = await browser!.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: screen.viewport ?? DESKTOP });
    ctx.setDefaultTimeout(15_000);
    return ctx;
  };
  const page = async (screen?: Screen) => {
    const p = await (await context(screen)).newPage();
    // A script error in the console is a failed test, whatever the page showed.
    p.on('pageerror', (error) => {
      throw error;
    });
    return p;
  };
  return {
    context,
    page,
    async loggedIn(service, who, screen) {
      const p = await page(screen);
      await logIn(p, service, who);
      return p;
    },
  };
}

export function consoleLogin(service: LocalService, who: ConsoleWho): { email: string; senha: string } {
  const login = service.sandbox.console?.logins[who];
  if (!login) throw new Error('the sandbox has no console logins');
  return login;
}

export async function logIn(page: Page, service: LocalService, who: ConsoleWho): Promise<void> {
  const { email, senha } = consoleLogin(service, who);
  await page.goto(`${service.baseUrl}/console/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The shell's top bar (on a phone the navigation is folded behind the Menu button, so it is not visible yet).
  await page.getByRole('button', { name: 'Sair' }).waitFor();
}

/** Opens the main navigation: on a narrow screen through the Menu button, on a wide one it is always open. */
export async function openNavigation(page: Page): Promise<Locator> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const navigation = page.getByRole('navigation', { name: 'Principal' });
  await navigation.waitFor();
  return navigation;
}

/** Opens an area by its link in the main navigation (through the Menu on a phone) and waits for its heading. */
export async function openArea(page: Page, label: string): Promise<void> {
  await (await openNavigation(page)).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
}

let axeSource: string | undefined;

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A/AA rules and best practices). */
export async function accessibilityViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (a <script> tag would be refused).
  await page.evaluate(axeSource);
  // A string, run in the page (whose globals this file's types do not know).
  const violations = await page.evaluate<{ id: string; impact: string; nodes: string[] }[]>(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    .then((result) => result.violations.map((v) => ({ id: v.id, impact: String(v.impact), nodes: v.nodes.map((n) => n.html) })))`);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await accessibilityViolations(page), `axe on ${where}`).toEqual([]);
}
