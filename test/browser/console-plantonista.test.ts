// The physician portal of the console in a real browser against the real local service, driven as the
// sandbox's on-call physician (demo's plantonista, its sandbox console login): the login lands on its first
// area and shows no admin page (the API refuses its token there too); Disponibilidade sets three days in one
// action (the batch route), shows the RESERVADO window as nothing to edit and a refusal beside what it names;
// Perfil's address form (UF select, CEP mask, the geocoder's refusal); Perfil de busca and Preferências save.
// Each result is read back through the API; axe on every page. The README's screenshot of the portal.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { areasFor } from '#console/src/areas';
import { addDays, availabilityWindow } from '#shared/domain/availability';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { consoleLogin, expectAccessible, openArea, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();
const api = client(service);

/** The physician portal's API with the sandbox physician's token (the same user as the console login). */
const physician = (method: string, url: string, body?: unknown) =>
  api.call(method, url, bearer(service.sandbox.applications.demo.tokens.plantonista), body);

/** A day of the availability window: `n` days from today in São Paulo. */
const dayFrom = (n: number) => addDays(availabilityWindow(new Date()).first, n);
/** A date as the console writes it: dd/mm/aaaa. */
const br = (dia: string) => dia.split('-').reverse().join('/');

const windowsOf = async (dias: readonly string[]) => {
  const answer = await physician('GET', '/api/plantonista/disponibilidade');
  expect(answer.status).toBe(200);
  return (answer.body as unknown as Json[]).filter((w) => dias.includes(w.data as string));
};

/** The calendar's button of a day (its name starts with the week day and the date). */
const dayButton = (page: Page, dia: string) => page.getByRole('button', { name: new RegExp(`^\\S+, ${br(dia)}`) });

/** The error an element shows: the elements its aria-describedby names that are errors. */
async function errorOf(element: ReturnType<Page['getByRole']>): Promise<string> {
  await expect.poll(() => element.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await element.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  const page = element.page();
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
}

const period = (page: Page, n: number) => page.getByRole('group', { name: `Período ${n}`, exact: true });

describe('the physician portal of the console (demo`s plantonista)', () => {
  it('lands on its first area, shows only its own areas, and no admin page; the API refuses its token on an admin route', async () => {
    const page = await browser.loggedIn(service, 'plantonista');
    await page.getByRole('heading', { level: 1, name: 'Disponibilidade' }).waitFor();
    const links = await page.getByRole('navigation', { name: 'Principal' }).getByRole('link').allTextContents();
    expect(links).toEqual(areasFor('plantonista', false).map((a) => a.label));
    expect(links).toEqual(['Disponibilidade', 'Perfil', 'Perfil de busca', 'Preferências']);

    // An admin page typed in the address bar is no page of this role.
    await page.goto(`${service.baseUrl}/console/configuracoes`);
    await page.getByRole('heading', { level: 1, name: 'Página não encontrada' }).waitFor();
    expect(await page.getByRole('link', { name: 'Configurações' }).count()).toBe(0);

    // The token the console login gives the physician is refused by the admin API.
    const login = await api.call('POST', '/api/auth/login', {}, consoleLogin(service, 'plantonista'));
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('plantonista');
    for (const url of ['/api/admin/resumo', '/api/admin/usuarios']) {
      const refused = await api.call('GET', url, bearer(login.body.access_token as string));
      expect(refused.status, url).toBe(403);
      expect(refused.body).toMatchObject({ error: 'forbidden' });
    }
  });

  it('sets the same periods on three days in one action, through the batch route, and the API has them', async () => {
    const dias = [dayFrom(20), dayFrom(21), dayFrom(23)];
    const page = await browser.loggedIn(service, 'plantonista');
    await dayButton(page, dias[0]!).waitFor();
    await expectAccessible(page, 'Disponibilidade');
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(new URL(request.url()).pathname);
    });

    for (const dia of dias) await dayButton(page, dia).click();
    for (const dia of dias) expect(await dayButton(page, dia).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('dias-escolhidos').textContent()).toBe(dias.map(br).join(', '));
    await page.getByRole('button', { name: 'Adicionar período' }).click();
    await period(page, 1).getByLabel('Início').fill('0800');
    await period(page, 1).getByLabel('Fim').fill('12:00');
    expect(await period(page, 1).getByLabel('Início').inputValue()).toBe('08:00');
    await page.getByRole('button', { name: 'Adicionar Noite (19:00–24:00)' }).click();
    await page.getByRole('button', { name: 'Salvar nos 3 dias' }).click();

    await expect.poll(() => page.getByTestId('disponibilidade-salva').textContent()).toBe('Disponibilidade de 3 dias salva.');
    expect(puts).toEqual(['/api/plantonista/disponibilidade/lote']);
    expect(await windowsOf(dias)).toEqual(
      dias.flatMap((data) => [
        { data, inicio: '08:00', fim: '12:00', estado: 'DISPONIVEL' },
        { data, inicio: '19:00', fim: '24:00', estado: 'DISPONIVEL' },
      ]),
    );
    // The calendar shows them, the days no longer chosen.
    await expect.poll(() => dayButton(page, dias[2]!).textContent()).toContain('08:00–12:00');
    expect(await dayButton(page, dias[0]!).getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(page, 'Disponibilidade after the batch');
  });

  it('shows the RESERVADO window as nothing to edit, and each refusal beside what it names', async () => {
    // The sandbox physician's third day has a night reserved by a booking (infra/local/seed-portals.ts).
    const dia = dayFrom(2);
    const before = await windowsOf([dia]);
    expect(before).toContainEqual({ data: dia, inicio: '19:00', fim: '24:00', estado: 'RESERVADO' });

    const page = await browser.loggedIn(service, 'plantonista');
    const button = dayButton(page, dia);
    await button.waitFor();
    expect(await button.getByTestId('reservado').textContent()).toContain('19:00–24:00');
    expect(await button.getAttribute('aria-label')).toBeNull();
    expect(await button.textContent()).toContain('reservado 19:00–24:00');
    await button.click();

    // Beside the form: the reservation as text, and the fields are the day's available periods only.
    expect(await page.getByTestId('reservas').textContent()).toBe(`${br(dia)}, 19:00–24:00`);
    expect(await page.getByTestId('reservas').locator('input, select, textarea, button').count()).toBe(0);
    const available = before.filter((w) => w.estado === 'DISPONIVEL');
    expect(await page.getByRole('group', { name: /^Período \d+$/ }).count()).toBe(available.length);
    for (const [i, w] of available.entries()) {
      expect(
        await period(page, i + 1)
          .getByLabel('Início')
          .inputValue(),
      ).toBe(w.inicio);
      expect(
        await period(page, i + 1)
          .getByLabel('Fim')
          .inputValue(),
      ).toBe(w.fim);
    }
    await expectAccessible(page, 'Disponibilidade with a reserved day chosen');
    await page.screenshot({ path: 'docs/console-plantonista.png' });

    // A period over the reservation: refused on that period (the API's `periodos.N`).
    const n = available.length + 1;
    await page.getByRole('button', { name: 'Adicionar Noite (19:00–24:00)' }).click();
    await page.getByRole('button', { name: 'Salvar disponibilidade' }).click();
    expect(await errorOf(period(page, n))).toMatch(/overlaps the RESERVADO window 19:00-24:00/);

    // An end before its start: refused on that field (`periodos.N.fim`).
    await period(page, n).getByLabel('Início').fill('14:00');
    await period(page, n).getByLabel('Fim').fill('13:00');
    await page.getByRole('button', { name: 'Salvar disponibilidade' }).click();
    expect(await errorOf(period(page, n).getByLabel('Fim'))).toMatch(/must be after/);
    await expectAccessible(page, 'Disponibilidade with a refusal');

    // Nothing was written.
    expect(await windowsOf([dia])).toEqual(before);
  });

  it('Perfil: the masked data, the address form (UF select, CEP mask) and the geocoder`s refusal on the address', async () => {
    const shown = (await physician('GET', '/api/plantonista/perfil')).body;
    const page = await browser.loggedIn(service, 'plantonista');
    await openArea(page, 'Perfil');
    const cadastro = page.getByTestId('cadastro');
    await cadastro.waitFor();
    for (const value of [shown.nome, shown.cpf, shown.crm]) expect(await cadastro.textContent()).toContain(value);
    expect(await page.getByLabel('Telefone').inputValue()).toBe(shown.telefone);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(shown.email);
    await expectAccessible(page, 'Perfil');

    const uf = page.getByLabel('UF');
    expect(await uf.locator('option').count()).toBe(28); // the 27 UFs and "Escolha a UF"
    expect(await uf.inputValue()).toBe('SP');
    await page.getByLabel('CEP').fill('');
    await page.getByLabel('CEP').pressSequentially('22250a040');
    expect(await page.getByLabel('CEP').inputValue()).toBe('22250-040');

    // An address the geocoder cannot place (the local one refuses "Inexistente"): shown on the address.
    await page.getByLabel('Logradouro').fill('Rua Inexistente');
    await page.getByLabel('Número').fill('10');
    await page.getByLabel('Bairro').fill('Botafogo');
    await page.getByLabel('Cidade').fill('Rio de Janeiro');
    await uf.selectOption('RJ');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    const address = page.getByRole('group', { name: 'Endereço de atendimento' });
    expect(await errorOf(address)).toMatch(/Não foi possível localizar este endereço/);
    await expectAccessible(page, 'Perfil with the geocoder`s refusal');
    expect((await physician('GET', '/api/plantonista/perfil')).body.endereco).toEqual(shown.endereco);

    await page.getByLabel('Logradouro').fill('Praia de Botafogo');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await page.getByRole('status').filter({ hasText: 'Endereço salvo e localizado.' }).waitFor();
    const saved = (await physician('GET', '/api/plantonista/perfil')).body;
    expect(saved.endereco).toEqual({
      logradouro: 'Praia de Botafogo',
      numero: '10',
      complemento: null,
      bairro: 'Botafogo',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
      cep: '22250-040',
    });
    expect(saved.localizacao).not.toEqual(shown.localizacao);
    expect(saved.telefone).toBe(shown.telefone);
  });

  it('Perfil de busca and Preferências save through their forms, a refusal beside its field', async () => {
    const page = await browser.loggedIn(service, 'plantonista');
    await openArea(page, 'Perfil de busca');
    const raio = page.getByLabel('Distância máxima (km)');
    await raio.waitFor();
    await expectAccessible(page, 'Perfil de busca');
    await raio.fill('900');
    await page.getByRole('button', { name: 'Salvar perfil de busca' }).click();
    expect(await errorOf(raio)).toMatch(/raioKm/);

    await raio.fill('45');
    await page.getByRole('checkbox', { name: 'Domingo' }).check();
    await page.getByRole('button', { name: 'Salvar perfil de busca' }).click();
    await page.getByRole('status').filter({ hasText: 'Perfil de busca salvo.' }).waitFor();
    const search = (await physician('GET', '/api/plantonista/perfil-busca')).body;
    expect(search).toMatchObject({ raioKm: 45, diasSemana: ['SEG', 'QUA', 'SEX', 'SAB', 'DOM'] });

    await openArea(page, 'Preferências');
    await page.getByRole('table', { name: 'Preferências ativas' }).waitFor();
    await expectAccessible(page, 'Preferências');
    await page.getByRole('button', { name: 'Nova preferência' }).click();
    await page.getByLabel('Secretaria', { exact: true }).fill('sms-campinas');
    await page.getByRole('checkbox', { name: 'Manhã' }).check();
    await page.getByLabel('Unidades').fill('UPA Campinas\nHospital Municipal de Campinas');
    await page.getByLabel('Valor mínimo (R$)').fill('1.200,50');
    await expectAccessible(page, 'Preferências: a new one');
    await page.getByRole('button', { name: 'Salvar preferência' }).click();
    await page.getByTestId('preferencia-salva').waitFor();
    const preferences = (await physician('GET', '/api/plantonista/predilecoes')).body as unknown as Json[];
    expect(preferences).toContainEqual(
      expect.objectContaining({
        secretariaId: 'sms-campinas',
        turnos: ['MANHA'],
        unidades: ['UPA Campinas', 'Hospital Municipal de Campinas'],
        valorMinimo: '1200.50',
        ativo: true,
      }),
    );
    await page.getByRole('cell', { name: 'sms-campinas', exact: true }).waitFor();
  });
});
