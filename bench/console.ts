// The console's weight and speed (issue #26: at most 200 KB of JavaScript, gzip-compressed, on the login
// page; the largest page usable within 1 s on the local run). Measured, never asserted: `npm run bench`
// runs it after the rest, `npm run bench:console` alone; either rewrites only its own marked section of
// docs/performance.md.
//
// Weight: the build's files index.html loads (the login page loads the whole app: one bundle), raw and
// gzip -9 (what CloudFront's compression serves at best; it also speaks Brotli). Speed: Debian's Chromium
// against `npm start`'s service, logged in as outra's tenant admin: for each area, a full load of its URL
// (the script parsed, the session restored through the refresh cookie, the data fetched) until no
// "Carregando" is left, and a click in the navigation until the same. Median of the runs.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildConsole } from '#console/build';
import { replaceMarkedSection } from './report.ts';

const startMarker = '<!-- console-bench:start -->';
const endMarker = '<!-- console-bench:end -->';
export const LOGIN_JS_BUDGET_BYTES = 200 * 1024;
export const PAGE_BUDGET_MS = 1000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function measureConsoleWeight(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  try {
    const built = await buildConsole(dir);
    const rows = [built.script, built.stylesheet, 'index.html'].map((name) => {
      const body = readFileSync(join(dir, name));
      return { name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    });
    const js = rows[0]!;
    return [
      '| File | Raw | gzip -9 |',
      '|---|---:|---:|',
      ...rows.map((r) => `| \`${r.name.replace(/-[A-Z0-9]{8}\./, '-[hash].')}\` | ${kb(r.raw)} | ${kb(r.gzip)} |`),
      '',
      `JavaScript on the login page: ${kb(js.gzip)} gzip-compressed, ${((js.gzip / LOGIN_JS_BUDGET_BYTES) * 100).toFixed(1)} % of the 200 KB budget.`,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureConsoleSpeed(runs = 5): Promise<string> {
  if (!existsSync(CHROMIUM)) return `_Not measured: no Chromium at ${CHROMIUM} (apt-get install chromium)._`;
  const { chromium } = await import('playwright-core');
  const { startLocalService } = await import('#infra/local/service');
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-service-'));
  const service = await startLocalService({ port: 0, inMemory: true, quiet: true, schedules: false, dataDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const page = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
    const login = service.sandbox.console!.logins.outra;
    await page.goto(`${service.baseUrl}/console/`);
    await page.getByLabel('E-mail').fill(login.email);
    await page.getByLabel('Senha').fill(login.senha);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.waitFor();
    const labels = await nav.getByRole('link').allTextContents();
    const ready = async (label: string) => {
      await page.getByRole('heading', { level: 1, name: label }).waitFor();
      await page.locator('.loading').first().waitFor({ state: 'detached', timeout: 15_000 });
    };
    const rows: string[] = [];
    for (const label of labels) {
      const href = await nav.getByRole('link', { name: label, exact: true }).getAttribute('href');
      const load: number[] = [];
      const click: number[] = [];
      for (let i = 0; i < runs; i++) {
        let t = performance.now();
        await page.goto(`${service.baseUrl}${href}`);
        await ready(label);
        load.push(performance.now() - t);
        await nav.getByRole('link', { name: 'Início', exact: true }).click();
        await ready('Início');
        t = performance.now();
        await nav.getByRole('link', { name: label, exact: true }).click();
        await ready(label);
        click.push(performance.now() - t);
      }
      const worst = Math.max(median(load), median(click));
      rows.push(`| ${label} | ${median(load).toFixed(0)} | ${median(click).toFixed(0)} | ${worst <= PAGE_BUDGET_MS ? 'yes' : '**no**'} |`);
    }
    return [
      `| Page | Full load, ms (median of ${runs}) | From the navigation, ms | Within ${PAGE_BUDGET_MS} ms |`,
      '|---|---:|---:|---|',
      ...rows,
    ].join('\n');
  } finally {
    await browser.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureConsole(): Promise<string> {
  const weight = await measureConsoleWeight();
  const speed = await measureConsoleSpeed();
  return [
    startMarker,
    '<!-- Generated by `npm run bench` / `npm run bench:console`; edits between these markers are overwritten. -->',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} (bench/console.ts).`,
    '',
    '#### Weight (the login page loads the whole app)',
    '',
    weight,
    '',
    '#### Speed on the local run (Debian Chromium, headless)',
    '',
    speed,
    '',
    endMarker,
  ].join('\n');
}

/** Replaces the console's marked section (appending it under "The console" when missing). */
export function writeConsoleSection(section: string): void {
  replaceMarkedSection(section, { start: startMarker, end: endMarker, heading: 'The console' });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await measureConsole();
  console.log(section);
  writeConsoleSection(section);
}
