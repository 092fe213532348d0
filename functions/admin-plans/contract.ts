// Contract of the admin routes of the plan invoices (docs/invoices.md): an application put on a plan, its invoices,
// an invoice marked paid by the platform admin.
import * as z from 'zod/mini';
import { invoicePayers, invoiceStatuses } from '#shared/domain/invoices';
import { date, described, money, named, ok, timestamp, type GroupContract } from '#shared/http/contract/kit';
import { planBody } from './requests.ts';

const onlyPlatform = 'Platform administrators only (403 `forbidden` for any other admin).';

export const invoice = named(
  'PlanInvoice',
  z.object({
    id: z.int(),
    planoId: z.int(),
    planoNome: z.string(),
    valor: described(money, 'What the application pays: the plan’s monthly price.'),
    creditos: described(money, 'What its payment credits to the balance (one FATURA_PLANO entry): the plan’s monthly price.'),
    status: z.enum(invoiceStatuses),
    vencimento: described(date, 'Due date.'),
    mes: described(z.string(), 'The month invoiced, YYYY-MM.'),
    emitidaEm: timestamp,
    pagaEm: z.nullable(timestamp),
    pagaPor: z.nullable(z.enum(invoicePayers)),
    lancamentoId: described(z.nullable(z.int()), 'The statement entry of its payment.'),
  }),
  'A plan invoice: ABERTA until paid (PAGA) or replaced by a plan change (CANCELADA).',
);

const planChange = named(
  'PlanChange',
  z.object({
    aplicacaoId: z.int(),
    planoId: z.int(),
    desde: timestamp,
    fatura: described(z.nullable(invoice), 'The invoice issued by the change; null when the application was on that plan already.'),
  }),
);

export const adminPlansContract = {
  'PUT /api/admin/aplicacoes/{id}/plano': {
    summary: 'Put the application on a plan',
    description: [
      onlyPlatform,
      '`planoId`: an active plan (`GET /api/planos/ativos`), else 400. A change issues the plan’s invoice at once (due in 7 days) and cancels the open invoices of the plan before; the monthly schedule issues one each month after (due on the 10th). The same plan again changes nothing (`fatura` null).',
      '409 when the plan or the invoices changed meanwhile (or an invoice is being paid): try again.',
    ].join('\n\n'),
    body: planBody,
    responses: { 200: ok('The plan in force and the invoice issued.', planChange) },
    errors: { 400: ['validation_error'], 403: ['forbidden'], 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/admin/aplicacoes/{id}/faturas': {
    summary: 'The application’s plan invoices, newest first',
    description:
      'A platform administrator reads any application’s; any other admin its own only (another application is a 404). The newest invoice is of the plan in force.',
    responses: { 200: ok('The invoices, newest first.', z.array(invoice)) },
    errors: { 404: ['not_found'] },
  },
  'POST /api/admin/aplicacoes/{id}/faturas/{faturaId}/pagar': {
    summary: 'Mark an invoice paid',
    description: [
      onlyPlatform,
      'Credits the invoice’s `creditos` as one FATURA_PLANO statement entry, committed with its move to PAGA. 409 when it is paid already (nothing is credited again), canceled, or being paid right now (the payment gateway’s webhook). Another application’s invoice is a 404.',
    ].join('\n\n'),
    path: z.object({
      id: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
      faturaId: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
    }),
    responses: { 200: ok('The paid invoice.', invoice) },
    errors: { 403: ['forbidden'], 404: ['not_found'], 409: ['conflict'] },
  },
} satisfies GroupContract<'admin-plans'>;
