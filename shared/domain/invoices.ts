// Plan invoices (faturas, docs/invoices.md). The platform admin puts an application on a plan; an invoice
// is issued at once, and the monthly schedule issues one per month after that. Paying one (the platform
// admin, or the payment gateway's webhook) books the plan's credits as one FATURA_PLANO credit, in the
// same commit as the invoice's move ABERTA -> PAGA, so it is credited once however often it is paid.
// Pure rules here; the DynamoDB side is shared/db/invoices.ts, the use cases shared/operations/invoices.ts.
import { addDays, localDate } from '#shared/domain/time';
import { toMoney } from '#shared/domain/money';
import type { Plan } from '#shared/domain/plans';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import type { DomainError } from '#shared/domain/errors';

export const invoiceStatuses = ['ABERTA', 'PAGA', 'CANCELADA'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** Who paid an invoice: the platform admin by hand, or the payment gateway's webhook. */
export const invoicePayers = ['ADMIN', 'STRIPE'] as const;
export type InvoicePayer = (typeof invoicePayers)[number];

export interface Invoice {
  id: number;
  aplicacaoId: number;
  planoId: number;
  planoNome: string;
  /** What the application pays: the plan's monthly price (two places). */
  valor: string;
  /** What a payment credits to the balance (two places): see `invoiceCredits`. */
  creditos: string;
  status: InvoiceStatus;
  /** Due date, YYYY-MM-DD (service time zone). */
  vencimento: string;
  /** The month invoiced, YYYY-MM. */
  mes: string;
  /** ISO instant of issue. */
  emitidaEm: string;
  pagaEm: string | null;
  pagaPor: InvoicePayer | null;
  /** The FATURA_PLANO statement entry of its payment. */
  lancamentoId: number | null;
}

/** The plan an application is on. */
export interface Subscription {
  aplicacaoId: number;
  planoId: number;
  /** ISO instant of the change. */
  desde: string;
}

/** Days between an invoice issued by a plan change and its due date. */
export const FIRST_INVOICE_DUE_DAYS = 7;
/** The day of the month the monthly invoices fall due. */
export const MONTHLY_DUE_DAY = 10;
/** How long a payment holds its invoice while its credit is booked (a payment that died lets go after it). */
export const PAYMENT_HOLD_MS = 60_000;

/**
 * The credits a paid invoice books: the plan's monthly price, as BRL of balance (one real of plan, one real of credit).
 * The balance then pays messages and services at the tariffs in force, as any other credit does.
 */
export const invoiceCredits = (plan: Pick<Plan, 'precoMensal'>): string => toMoney(plan.precoMensal);

/** The month (YYYY-MM) of an instant in the service's time zone. */
export const monthOf = (now: Date): string => localDate(now).slice(0, 7);

/** The invoice a plan change issues at once: due FIRST_INVOICE_DUE_DAYS later. */
export function firstInvoice(aplicacaoId: number, plan: Plan, id: number, now: Date): Invoice {
  return newInvoice(aplicacaoId, plan, id, now, addDays(localDate(now), FIRST_INVOICE_DUE_DAYS));
}

/** The monthly invoice of the month of `now`: due on its MONTHLY_DUE_DAY (or at once, when issued later than that). */
export function monthlyInvoice(aplicacaoId: number, plan: Plan, id: number, now: Date): Invoice {
  const today = localDate(now);
  const due = `${monthOf(now)}-${String(MONTHLY_DUE_DAY).padStart(2, '0')}`;
  return newInvoice(aplicacaoId, plan, id, now, due < today ? today : due);
}

function newInvoice(aplicacaoId: number, plan: Plan, id: number, now: Date, vencimento: string): Invoice {
  return {
    id,
    aplicacaoId,
    planoId: plan.id,
    planoNome: plan.nome,
    valor: toMoney(plan.precoMensal),
    creditos: invoiceCredits(plan),
    status: 'ABERTA',
    vencimento,
    mes: monthOf(now),
    emitidaEm: now.toISOString(),
    pagaEm: null,
    pagaPor: null,
    lancamentoId: null,
  };
}

/** The statement description of an invoice's payment. */
export const invoiceCreditDescription = (invoice: Pick<Invoice, 'id' | 'planoNome' | 'mes'>): string =>
  `Fatura ${invoice.id} do plano ${invoice.planoNome} (${invoice.mes}) paga`;

export interface InvoiceRepository {
  /** The invoices of an application, newest first. */
  list(aplicacaoId: number): Promise<Invoice[]>;
  /** The invoice, strongly consistent; undefined when it is not this application's (or does not exist). */
  get(aplicacaoId: number, id: number): Promise<Invoice | undefined>;
  /** The application of an invoice known by its id alone. */
  applicationOf(id: number): Promise<number | undefined>;
  getSubscription(aplicacaoId: number): Promise<Subscription | undefined>;
  /** Every application on a plan (one Query per page). */
  listSubscriptions(): Promise<Subscription[]>;
  /**
   * A plan change: the subscription, the new invoice (with its id item and its month's marker), and the open
   * invoices given moved to CANCELADA, in one commit. False when something changed meanwhile (a lost race).
   */
  changePlan(subscription: Subscription, invoice: Invoice, cancel: readonly Invoice[]): Promise<boolean>;
  /** The month's invoice unless the month has one: false, nothing written, when it has. */
  issueMonthly(invoice: Invoice): Promise<boolean>;
  /**
   * Holds an open invoice for one payment until `until` (no other payment holds it meanwhile): false when it is not
   * open any more or another payment holds it.
   */
  hold(invoice: Invoice, token: string, now: Date, until: Date): Promise<boolean>;
  /** Lets go of a hold (the payment failed before its commit). */
  release(invoice: Invoice, token: string): Promise<void>;
  /** The move ABERTA -> PAGA under the payment's hold, as a write of the ledger entry's commit; refused: `refusal`. */
  paidWrite(
    invoice: Invoice,
    payment: { token: string; pagaEm: string; pagaPor: InvoicePayer; lancamentoId: number },
    refusal: DomainError,
  ): ConditionalWrite;
}
