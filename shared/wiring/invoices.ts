// The plan invoices' wiring, the same for the admin routes (functions/admin-plans/handler.ts: a plan change, a
// payment by hand), the Stripe webhook (functions/webhooks/handler.ts: a payment) and the monthly schedule
// (functions/scheduled/plan-invoices.ts): the DynamoDB repositories of shared/operations/invoices.ts.
import { nextId } from '#shared/db/ids';
import { dynamoInvoiceRepository } from '#shared/db/invoices';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoPlanRepository } from '#shared/db/plans';
import type { InvoiceDeps } from '#shared/operations/invoices';

export const invoiceDeps = (): InvoiceDeps => ({
  invoices: dynamoInvoiceRepository(),
  plans: dynamoPlanRepository(),
  ledger: dynamoLedgerRepository(),
  newId: nextId,
});
