// Plan invoices under the local service (docs/invoices.md): the platform admin puts an application on a plan (its
// invoice issued at once), the monthly schedule issues the next ones once per month, an invoice is paid by the
// platform admin or by Stripe's signed invoice.paid webhook (signed here with stripe's own test-header helper and the
// secret sandbox.json gives), and each payment books the plan's credits as one FATURA_PLANO credit, once.
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultPlans } from '#shared/domain/plans';
import { addAmounts } from '#shared/domain/money';
import { runPlanInvoices } from '#functions/scheduled/plan-invoices';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);
const stripe = new Stripe('sk_test_unused');

const essencial = defaultPlans[0]!;
const profissional = defaultPlans[1]!;

const stripeSecret = () => service.sandbox.pagamentos!.stripe.webhookSecret;

/** An invoice.paid event for our invoice, as Stripe sends it (the invoice's metadata names ours). */
const paidEvent = (faturaId: number | string, type = 'invoice.paid') =>
  JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: { id: 'in_test', object: 'invoice', status: 'paid', metadata: { faturaId: String(faturaId) } } },
  });

async function deliver(payload: string, signature?: string) {
  const response = await fetch(`${service.baseUrl}/api/webhooks/pagamentos/stripe`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: stripeSecret() }),
    },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const platformAdmin = () => bearer(service.sandbox.applications.demo.tokens.admin);

async function saldo(aplicacaoId: number): Promise<string> {
  const reply = await api.call('GET', `/api/admin/aplicacoes/${aplicacaoId}`, platformAdmin());
  expect(reply.status).toBe(200);
  return reply.body.saldo as string;
}

async function invoicesOf(aplicacaoId: number, auth = platformAdmin()): Promise<Json[]> {
  const reply = await api.call('GET', `/api/admin/aplicacoes/${aplicacaoId}/faturas`, auth);
  expect(reply.status).toBe(200);
  return reply.body as unknown as Json[];
}

/** The application's FATURA_PLANO entries, read with its own admin's token. */
async function planCredits(token: string): Promise<Json[]> {
  const reply = await api.call('GET', '/api/admin/extrato?size=100', bearer(token));
  expect(reply.status).toBe(200);
  return (reply.body.content as Json[]).filter((e) => e.referenciaTipo === 'FATURA_PLANO');
}

/** A fresh application with its own admin, put on a plan: its first invoice. */
async function onPlan(planoId = essencial.id, credit?: string) {
  const app = await api.newApplication('link', credit);
  const token = await api.adminOf(app.id);
  const reply = await api.call('PUT', `/api/admin/aplicacoes/${app.id}/plano`, platformAdmin(), { planoId });
  expect(reply.status).toBe(200);
  return { app, token, fatura: reply.body.fatura as Json };
}

describe('a plan and its invoices', () => {
  it('issues the plan’s invoice at once: ABERTA, valor and creditos the monthly price, due in 7 days', async () => {
    const { app, token, fatura } = await onPlan(essencial.id);
    expect(fatura).toMatchObject({ planoId: essencial.id, valor: '199.00', creditos: '199.00', status: 'ABERTA', pagaEm: null });
    expect(fatura.vencimento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The application's own admin sees them too.
    expect(await invoicesOf(app.id, bearer(token))).toEqual([fatura]);

    // The same plan again changes nothing; another plan cancels the open invoice and issues its own (newest first).
    const again = await api.call('PUT', `/api/admin/aplicacoes/${app.id}/plano`, platformAdmin(), { planoId: essencial.id });
    expect(again.body.fatura).toBeNull();
    const changed = await api.call('PUT', `/api/admin/aplicacoes/${app.id}/plano`, platformAdmin(), { planoId: profissional.id });
    expect(changed.body.fatura).toMatchObject({ planoId: profissional.id, valor: '499.00', status: 'ABERTA' });
    const list = await invoicesOf(app.id);
    expect(list.map((i) => [i.planoId, i.status])).toEqual([
      [profissional.id, 'ABERTA'],
      [essencial.id, 'CANCELADA'],
    ]);
    // A canceled invoice is not paid.
    expect((await api.call('POST', `/api/admin/aplicacoes/${app.id}/faturas/${fatura.id}/pagar`, platformAdmin())).status).toBe(409);
  });

  it('refuses an unknown or inactive plan with a 400 and writes nothing', async () => {
    const app = await api.newApplication();
    for (const body of [{ planoId: 999_999 }, { planoId: 'um' }, {}]) {
      const reply = await api.call('PUT', `/api/admin/aplicacoes/${app.id}/plano`, platformAdmin(), body);
      expect(reply.status).toBe(400);
    }
    expect(await invoicesOf(app.id)).toEqual([]);
  });

  it('the platform admin marks one paid: one FATURA_PLANO credit, exact; paying it again is 409 and credits nothing', async () => {
    const { app, token, fatura } = await onPlan(profissional.id, '10.05');
    const before = await saldo(app.id);
    expect(before).toBe('10.05');

    const paid = await api.call('POST', `/api/admin/aplicacoes/${app.id}/faturas/${fatura.id}/pagar`, platformAdmin());
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: fatura.id, status: 'PAGA', pagaPor: 'ADMIN' });
    expect(await saldo(app.id)).toBe(addAmounts(before, '499.00'));
    const [entry, ...more] = await planCredits(token);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      tipo: 'CREDIT',
      valor: '499.00',
      saldoAnterior: '10.05',
      saldoPosterior: '509.05',
      referenciaId: fatura.id,
      id: paid.body.lancamentoId,
    });

    const twice = await api.call('POST', `/api/admin/aplicacoes/${app.id}/faturas/${fatura.id}/pagar`, platformAdmin());
    expect(twice.status).toBe(409);
    expect(await saldo(app.id)).toBe('509.05');
    expect(await planCredits(token)).toHaveLength(1);
  });
});

describe('isolation', () => {
  it('another application’s invoice is a 404; a tenant admin reads only its own and may neither pay nor change plans', async () => {
    const a = await onPlan();
    const b = await onPlan();
    // B's invoice named under A's path.
    const crossed = await api.call('POST', `/api/admin/aplicacoes/${a.app.id}/faturas/${b.fatura.id}/pagar`, platformAdmin());
    expect(crossed.status).toBe(404);
    // A's admin: B's invoices are a 404; paying its own, or changing its plan, a 403.
    expect((await api.call('GET', `/api/admin/aplicacoes/${b.app.id}/faturas`, bearer(a.token))).status).toBe(404);
    const pay = await api.call('POST', `/api/admin/aplicacoes/${a.app.id}/faturas/${a.fatura.id}/pagar`, bearer(a.token));
    expect(pay.status).toBe(403);
    const plan = await api.call('PUT', `/api/admin/aplicacoes/${a.app.id}/plano`, bearer(a.token), { planoId: profissional.id });
    expect(plan.status).toBe(403);
    expect((await invoicesOf(a.app.id)).map((i) => i.status)).toEqual(['ABERTA']);
    expect((await invoicesOf(b.app.id)).map((i) => i.status)).toEqual(['ABERTA']);
    expect(await planCredits(a.token)).toEqual([]);
  });
});

describe('Stripe’s invoice.paid webhook', () => {
  it('sandbox.json gives the endpoint secret and the URL', () => {
    expect(service.sandbox.pagamentos?.stripe.webhookSecret).toMatch(/^whsec_/);
    expect(service.sandbox.pagamentos?.stripe.webhookUrl).toBe(`${service.baseUrl}/api/webhooks/pagamentos/stripe`);
  });

  it('pays the invoice once, however often the event is delivered', async () => {
    const { app, token, fatura } = await onPlan(essencial.id);
    const payload = paidEvent(fatura.id);
    expect(await deliver(payload)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await saldo(app.id)).toBe('199.00');
    // Stripe's retries of the same event (re-signed, as Stripe signs each attempt).
    for (let i = 0; i < 3; i++) expect((await deliver(payload)).status).toBe(200);
    expect(await saldo(app.id)).toBe('199.00');
    expect(await planCredits(token)).toHaveLength(1);
    expect((await invoicesOf(app.id))[0]).toMatchObject({ status: 'PAGA', pagaPor: 'STRIPE' });
    // The admin paying it afterwards: 409, nothing credited.
    expect((await api.call('POST', `/api/admin/aplicacoes/${app.id}/faturas/${fatura.id}/pagar`, platformAdmin())).status).toBe(409);
    expect(await saldo(app.id)).toBe('199.00');
  });

  it('credits once when deliveries arrive at the same moment; a 409 is what Stripe retries', async () => {
    const { app, token, fatura } = await onPlan(profissional.id);
    const payload = paidEvent(fatura.id);
    const statuses = (await Promise.all(Array.from({ length: 4 }, () => deliver(payload)))).map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    // Stripe's retry of the 409s finds it paid.
    expect((await deliver(payload)).status).toBe(200);
    expect(await saldo(app.id)).toBe('499.00');
    expect(await planCredits(token)).toHaveLength(1);
  });

  it('refuses a stale timestamp, another secret and a changed body with 400, and reads nothing', async () => {
    const { app, fatura } = await onPlan();
    const payload = paidEvent(fatura.id);
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: stripeSecret(),
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await deliver(payload, stale)).status).toBe(400);
    const wrong = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    expect((await deliver(payload, wrong)).status).toBe(400);
    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret: stripeSecret() });
    expect((await deliver(payload.replace('invoice.paid', 'invoice.paid '), signed)).status).toBe(400);
    expect((await deliver(payload, '')).status).toBe(400);
    expect(await saldo(app.id)).toBe('0.00');
    expect((await invoicesOf(app.id))[0]!.status).toBe('ABERTA');
  });

  it('accepts several v1 signatures when one matches (a secret’s rotation)', async () => {
    const { app, fatura } = await onPlan();
    const payload = paidEvent(fatura.id);
    const timestamp = Math.floor(Date.now() / 1000);
    const v1 = (secret: string) => /v1=([0-9a-f]+)/.exec(stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }))![1]!;
    const header = `t=${timestamp},v1=${v1('whsec_old_secret')},v1=${v1(stripeSecret())}`;
    expect((await deliver(payload, header)).status).toBe(200);
    expect(await saldo(app.id)).toBe('199.00');
  });

  it('answers 200 to what is not ours and pays nothing: another event type, no faturaId, an unknown invoice', async () => {
    const { app, fatura } = await onPlan();
    expect((await deliver(paidEvent(fatura.id, 'invoice.payment_failed'))).status).toBe(200);
    expect((await deliver(JSON.stringify({ id: 'evt_x', type: 'invoice.paid', data: { object: {} } }))).status).toBe(200);
    expect((await deliver(paidEvent(987_654_321_000))).status).toBe(200);
    expect(await saldo(app.id)).toBe('0.00');
    expect((await invoicesOf(app.id))[0]!.status).toBe('ABERTA');
  });
});

describe('the monthly schedule', () => {
  let app: { id: number };
  beforeAll(async () => {
    ({ app } = await onPlan(essencial.id));
  });

  it('issues the next month’s invoice once, however often it runs in that month', async () => {
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 15);
    const mes = next.toISOString().slice(0, 7);
    await runPlanInvoices(next);
    await runPlanInvoices(next);
    await runPlanInvoices(new Date(next.getTime() + 86_400_000));
    const list = await invoicesOf(app.id);
    const ofMonth = list.filter((i) => i.mes === mes);
    expect(ofMonth).toHaveLength(1);
    expect(ofMonth[0]).toMatchObject({ planoId: essencial.id, valor: '199.00', creditos: '199.00', status: 'ABERTA' });
    // Issued after the 10th: due at once.
    expect(ofMonth[0]!.vencimento).toBe(`${mes}-15`);
    expect(list[0]!.id).toBe(ofMonth[0]!.id);
    // This month's invoice is the one the plan change issued: the run wrote no second one for it.
    const thisMonth = new Date().toISOString().slice(0, 7);
    await runPlanInvoices(new Date());
    expect(list.filter((i) => i.mes === thisMonth)).toHaveLength(1);
    expect((await invoicesOf(app.id)).filter((i) => i.mes === thisMonth)).toHaveLength(1);
  });
});
