// Plan invoices (docs/invoices.md): a plan change (the admin's PUT .../plano), the month's invoice (the monthly
// schedule) and a payment (the admin's POST .../pagar and the Stripe webhook), which books the plan's credits as
// one FATURA_PLANO credit through the one ledger path.
//
// Paid once, however often and however concurrently it is paid: the payment first holds the open invoice (a
// conditional write: one payment at a time, for PAYMENT_HOLD_MS), then moves the balance, and commits the entry
// with the invoice's move ABERTA -> PAGA conditioned on its hold (PostOptions.extras). A second payment meanwhile
// finds the hold (conflict: the webhook answers 409, which Stripe retries), one later finds PAGA and credits
// nothing. A payment that dies before its move lets go of the invoice when its hold runs out.
import { randomUUID } from 'node:crypto';
import { conflict, invalid, notFound } from '#shared/domain/errors';
import {
  PAYMENT_HOLD_MS,
  firstInvoice,
  invoiceCreditDescription,
  monthOf,
  monthlyInvoice,
  type Invoice,
  type InvoicePayer,
  type InvoiceRepository,
  type Subscription,
} from '#shared/domain/invoices';
import { chargeService, type LedgerRepository } from '#shared/domain/ledger';
import type { PlanRepository } from '#shared/domain/plans';
import { systemClock, type Clock } from '#shared/domain/time';
import { log } from '#shared/log';

export interface InvoiceDeps {
  invoices: InvoiceRepository;
  plans: PlanRepository;
  ledger: LedgerRepository;
  /** The service-wide id sequence (shared/db/ids.ts). */
  newId: () => Promise<number>;
  now?: Clock;
}

export const alreadyPaid = (id: number) => conflict(`invoice ${id} is already paid`);
const canceled = (id: number) => conflict(`invoice ${id} was canceled`);
const paymentInProgress = (id: number) => conflict(`invoice ${id} is being paid by another request; try again`);

export interface PlanChange {
  subscription: Subscription;
  /** The invoice issued by the change; null when the application was on that plan already. */
  fatura: Invoice | null;
}

/**
 * Puts an application on a plan (active plans only). A change issues the plan's invoice at once and cancels the
 * open ones of the plan before; the same plan again changes nothing.
 */
export async function changePlan(deps: InvoiceDeps, aplicacaoId: number, planoId: number): Promise<PlanChange> {
  const plan = await deps.plans.get(planoId);
  if (!plan?.ativo) throw invalid(`plan ${planoId} does not exist or is not active`, 'planoId');
  const current = await deps.invoices.getSubscription(aplicacaoId);
  if (current?.planoId === planoId) return { subscription: current, fatura: null };
  const now = (deps.now ?? systemClock)();
  const subscription: Subscription = { aplicacaoId, planoId, desde: now.toISOString() };
  const invoice = firstInvoice(aplicacaoId, plan, await deps.newId(), now);
  const open = (await deps.invoices.list(aplicacaoId)).filter((i) => i.status === 'ABERTA');
  if (!(await deps.invoices.changePlan(subscription, invoice, open))) {
    throw conflict('The application’s plan or invoices changed meanwhile; try again');
  }
  return { subscription, fatura: invoice };
}

/**
 * The monthly schedule's run: the invoice of the month of `now` for every application on a plan that has none for
 * it yet. Run twice in a month, the second run writes nothing. Answers how many were issued.
 */
export async function issueMonthlyInvoices(deps: InvoiceDeps): Promise<{ emitidas: number; falhas: number }> {
  const now = (deps.now ?? systemClock)();
  const mes = monthOf(now);
  let emitidas = 0;
  let falhas = 0;
  for (const subscription of await deps.invoices.listSubscriptions()) {
    try {
      const plan = await deps.plans.get(subscription.planoId);
      if (!plan) {
        log.warn('plan invoice not issued: the plan is gone', { aplicacaoId: subscription.aplicacaoId, planoId: subscription.planoId });
        falhas++;
        continue;
      }
      const invoice = monthlyInvoice(subscription.aplicacaoId, plan, await deps.newId(), now);
      if (await deps.invoices.issueMonthly(invoice)) emitidas++;
    } catch (error) {
      // One application's failure leaves the others' invoices; the next run issues what is missing.
      log.error('plan invoice not issued', { aplicacaoId: subscription.aplicacaoId, mes, error });
      falhas++;
    }
  }
  return { emitidas, falhas };
}

/**
 * Pays an open invoice of the application: the FATURA_PLANO credit of its `creditos`, committed with its move to
 * PAGA. 404 when it is not the application's; conflict when it is paid, canceled, or being paid by another request.
 */
export async function payInvoice(deps: InvoiceDeps, aplicacaoId: number, faturaId: number, pagaPor: InvoicePayer): Promise<Invoice> {
  const clock = deps.now ?? systemClock;
  const invoice = await deps.invoices.get(aplicacaoId, faturaId);
  if (!invoice) throw notFound('invoice');
  if (invoice.status === 'PAGA') throw alreadyPaid(faturaId);
  if (invoice.status === 'CANCELADA') throw canceled(faturaId);
  const token = randomUUID();
  const now = clock();
  if (!(await deps.invoices.hold(invoice, token, now, new Date(now.getTime() + PAYMENT_HOLD_MS)))) {
    const again = await deps.invoices.get(aplicacaoId, faturaId);
    if (again?.status === 'PAGA') throw alreadyPaid(faturaId);
    if (again?.status === 'CANCELADA') throw canceled(faturaId);
    throw paymentInProgress(faturaId);
  }
  const pagaEm = clock().toISOString();
  let entry;
  try {
    entry = await chargeService(
      aplicacaoId,
      { referenciaTipo: 'FATURA_PLANO', valor: invoice.creditos, descricao: invoiceCreditDescription(invoice), referenciaId: invoice.id },
      deps.ledger,
      {
        now: clock,
        // A function that dies between the move and its entry leaves the invoice open (it will be paid again): the
        // reconciler takes that credit back, so the plan's credits are booked once.
        seOrfao: 'ESTORNAR',
        extras: (e) => [deps.invoices.paidWrite(invoice, { token, pagaEm, pagaPor, lancamentoId: e.id }, alreadyPaid(faturaId))],
      },
    );
  } catch (error) {
    // Refused before or at its commit: the invoice is open again for the next payment (a PAGA one stays PAGA).
    await deps.invoices.release(invoice, token).catch((e: unknown) => log.warn('invoice hold not released', { faturaId, error: e }));
    throw error;
  }
  log.info('plan invoice paid', { aplicacaoId, faturaId, pagaPor, lancamentoId: entry.id });
  return { ...invoice, status: 'PAGA', pagaEm, pagaPor, lancamentoId: entry.id };
}
