// Campanhas in a real browser against the local service, as outra's tenant admin (#36): a pasted list previewed
// with its estimated cost and the ignored rows named, sent, followed to Concluída without a reload, its
// recipients listed by state; a malformed file's lines named; a scheduled campaign paused and canceled.
import { describe, expect, it } from 'vitest';
import { bearer, client, useLocalService } from '../support/local-service.ts';
import { expectAccessible, openArea, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();
const api = client(service);

const money = (value: string | number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value)).replace(/\u00a0/g, ' ');

async function openCampaigns() {
  const outra = service.sandbox.applications.outra;
  // Whatever the hour the suite runs: outra's send window open all day.
  const window = await api.call('PUT', '/api/admin/whatsapp/fluxo-agendamentos', bearer(outra.tokens.admin), {
    horarioEnvioInicio: '00:00',
    horarioEnvioFim: '24:00',
  });
  expect(window.status).toBe(200);
  const page = await browser.loggedIn(service, 'outra');
  await openArea(page, 'Campanhas');
  return page;
}

describe('Campanhas', () => {
  it('previews a pasted list with its cost and ignored rows, sends it, and follows it to Concluída without a reload', async () => {
    const page = await openCampaigns();
    const form = page.getByRole('form', { name: 'Nova campanha' });
    await form.getByLabel('Nome').fill('Vacinação');
    await form.getByLabel('Mensagem').fill('Olá {{nome}}, a vacina é {{data}}.');
    await form
      .getByLabel('Destinatários')
      .fill(
        'telefone;nome;data\n+55 11 95558-2001;Ana;segunda\n+5511955582002;Bruno;terça\n0055 11 95558 2001;Ana de novo;segunda\n123;Sem número;quarta',
      );

    await form.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect.poll(() => page.getByTestId('custo-estimado').textContent()).toBe(money('0.20'));
    expect(await page.getByTestId('previa-resumo').textContent()).toContain('2 de 4 destinatários');
    const ignored = await page.getByRole('list', { name: 'Ignorados' }).textContent();
    expect(ignored).toContain('Linha 4');
    expect(ignored).toContain('Telefone repetido');
    expect(ignored).toContain('Telefone inválido');
    await expectAccessible(page, 'Campanhas, the preview');
    await page.screenshot({ path: 'docs/console-campanhas.png', fullPage: true });

    await page.evaluate('window.sameDocument = true');
    await form.getByRole('button', { name: 'Enviar campanha' }).click();
    const row = page.locator('tr[data-campaign-id]', { hasText: 'Vacinação' }).first();
    await expect.poll(() => row.getByTestId('situacao').textContent(), { timeout: 30_000 }).toBe('Concluída');
    expect(await row.getByTestId('enviadas').textContent()).toBe('2');
    expect(await row.getByTestId('ignoradas').textContent()).toBe('2');
    expect(await page.evaluate('window.sameDocument')).toBe(true);

    const recipients = page.getByRole('region', { name: 'Destinatários de Vacinação' });
    await recipients.getByLabel('Situação').selectOption('IGNORADA');
    await expect.poll(() => recipients.locator('tbody tr').count()).toBe(2);
    expect(await recipients.locator('tbody').textContent()).toContain('Telefone repetido');
    await expectAccessible(page, 'Campanhas, a campaign done');
  });

  it('names the lines of a malformed list, sending nothing', async () => {
    const page = await openCampaigns();
    const form = page.getByRole('form', { name: 'Nova campanha' });
    await form.getByLabel('Nome').fill('Com erro');
    await form.getByLabel('Mensagem').fill('Olá');
    await form.getByLabel('Destinatários').fill('telefone;nome\n+5511955582010;Ana;sobra\n');
    await form.getByRole('button', { name: 'Enviar campanha' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Erros do arquivo' }).textContent()).toContain('Linha 2');
    expect(await page.locator('tr[data-campaign-id]', { hasText: 'Com erro' }).count()).toBe(0);
  });

  it('schedules a campaign, pauses it and cancels it', async () => {
    const page = await openCampaigns();
    const form = page.getByRole('form', { name: 'Nova campanha' });
    await form.getByLabel('Nome').fill('Mais tarde');
    await form.getByLabel('Mensagem').fill('Lembrete');
    await form.getByLabel('Destinatários').fill('+5511955582020;Carla');
    const later = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })
      .format(new Date(Date.now() + 2 * 3_600_000))
      .replace(' ', 'T');
    await form.getByLabel('Agendar para (opcional)').fill(later);
    await form.getByRole('button', { name: 'Agendar campanha' }).click();
    const row = page.locator('tr[data-campaign-id]', { hasText: 'Mais tarde' }).first();
    await expect.poll(() => row.getByTestId('situacao').textContent()).toBe('Agendada');
    await row.getByRole('button', { name: 'Pausar Mais tarde' }).click();
    await expect.poll(() => row.getByTestId('situacao').textContent()).toBe('Pausada');
    await row.getByRole('button', { name: 'Cancelar Mais tarde' }).click();
    await expect.poll(() => row.getByTestId('situacao').textContent()).toBe('Cancelada');
    expect(await row.getByRole('button', { name: /Pausar|Retomar|Cancelar/ }).count()).toBe(0);
  });
});
