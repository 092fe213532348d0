// Plan invoices in a real browser against the local service (docs/invoices.md): Extrato shows the tenant admin its
// plan, its invoices and the FATURA_PLANO credit of the one Stripe's signed webhook paid; on an application's page
// (Aplicações) the platform admin puts it on a plan and marks the open invoice paid, which credits the balance once.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { expectAccessible, openArea, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();
const api = client(service);
const stripe = new Stripe('sk_test_unused');

const money = (value: string | number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value)).replace(/\u00a0/g, ' ');

describe('Extrato: the plan and its invoices', () => {
  it('shows the tenant admin its plan, the invoice Stripe paid and its credit in the statement', async () => {
    // Prepare: outra on Profissional (platform admin), its invoice paid through Stripe's signed webhook.
    const outra = service.sandbox.applications.outra;
    const put = await api.admin('PUT', `/api/admin/aplicacoes/${outra.id}/plano`, { planoId: 2 });
    expect(put.status).toBe(200);
    const fatura = put.body.fatura as Json;
    const payload = JSON.stringify({
      id: 'evt_browser',
      type: 'invoice.paid',
      data: { object: { metadata: { faturaId: String(fatura.id) } } },
    });
    const paid = await fetch(service.sandbox.pagamentos!.stripe.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload, secret: service.sandbox.pagamentos!.stripe.webhookSecret }),
      },
      body: payload,
    });
    expect(paid.status).toBe(200);
    await paid.body?.cancel();

    const page = await browser.loggedIn(service, 'outra');
    await openArea(page, 'Extrato');
    const panel = page.getByRole('region', { name: 'Plano e faturas' });
    await expect.poll(() => panel.getByTestId('plano-atual').textContent()).toContain('Profissional');
    expect(await panel.getByTestId('plano-atual').textContent()).toContain(money('499.00'));
    const row = panel.getByTestId(`fatura-${fatura.id}`);
    await expect.poll(() => row.textContent()).toContain('Paga');
    expect(await row.textContent()).toContain(money('499.00'));
    // The tenant admin sees no payment button.
    expect(await panel.getByRole('button', { name: /Marcar como paga/ }).count()).toBe(0);
    // The statement's credit, filtered by its type.
    await page.getByLabel('Tipo de lançamento').selectOption('FATURA_PLANO');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    // The statement's table (the plan's invoices are a table of their own, in the panel).
    const credit = page.getByRole('table', { name: /lançamentos/ }).locator('tbody tr');
    // Polled until the filtered page replaced the whole statement, whose rows are there first.
    await expect.poll(async () => (await credit.allTextContents()).map((r) => r.includes('Fatura do plano'))).toEqual([true]);
    expect(await credit.textContent()).toContain(`+${money('499.00')}`);
    expect(await credit.textContent()).toContain('Fatura do plano');
    await expectAccessible(page, 'Extrato with the plan and invoices');
  });
});

describe('Aplicações: a plan and an invoice marked paid', () => {
  it('puts an application on a plan and marks its invoice paid, once; the balance shows the credit', async () => {
    const app = await api.newApplication('link', '1.50');
    const page = await browser.loggedIn(service, 'demo');
    await page.goto(`${service.baseUrl}/console/aplicacoes/${app.id}`);
    const panel = page.getByRole('region', { name: 'Plano e faturas' });
    await panel.getByText('Nenhum plano contratado.').waitFor();

    await panel.getByLabel('Plano').selectOption('1');
    await panel.getByRole('button', { name: 'Mudar plano' }).click();
    await panel.getByText(/Plano alterado\. Fatura \d+ de R\$ 199,00 emitida/).waitFor();
    const [fatura] = (await api.admin('GET', `/api/admin/aplicacoes/${app.id}/faturas`)).body as unknown as Json[];
    const row = panel.getByTestId(`fatura-${fatura!.id}`);
    await expect.poll(() => row.textContent()).toContain('Em aberto');
    await expectAccessible(page, 'Aplicações: the plan and its open invoice');

    await row.getByRole('button', { name: /Marcar como paga/ }).click();
    const dialog = page.getByRole('dialog', { name: `Marcar a fatura ${fatura!.id} como paga?` });
    await dialog.waitFor();
    await expectAccessible(page, 'Aplicações: the payment dialog');
    await dialog.getByRole('button', { name: 'Marcar como paga' }).click();
    await panel.getByText(`Fatura ${fatura!.id} paga: ${money('199.00')} creditados ao saldo.`).waitFor();
    await expect.poll(() => row.textContent()).toContain('Paga');
    expect(await row.getByRole('button').count()).toBe(0);
    await expect.poll(() => page.getByTestId('saldo-aplicacao').textContent()).toBe(money('200.50'));

    // Paying it again through the API is a 409, and the balance is unchanged.
    const again = await api.call(
      'POST',
      `/api/admin/aplicacoes/${app.id}/faturas/${fatura!.id}/pagar`,
      bearer(service.sandbox.applications.demo.tokens.admin),
    );
    expect(again.status).toBe(409);
    expect((await api.admin('GET', `/api/admin/aplicacoes/${app.id}`)).body.saldo).toBe('200.50');
    await expectAccessible(page, 'Aplicações: the paid invoice');
    await page.screenshot({ path: 'docs/console-faturas.png' });
  });
});
