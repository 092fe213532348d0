// Fired daily (EventBridge; the local scheduler under `npm start`): issues the month's plan invoice of every
// application on a plan that has none for the month yet (docs/invoices.md). Each month is written once, under a
// condition on its marker: a second run of the month writes nothing, and a missed day is caught up by the next run.
import { log, withLambdaLog } from '#shared/log';
import { putMetric } from '#shared/metrics';
import { issueMonthlyInvoices } from '#shared/operations/invoices';
import { invoiceDeps } from '#shared/wiring/invoices';

const deps = invoiceDeps();

/** One run at `now`: what was issued, and how many applications failed (the next run tries them again). */
export async function runPlanInvoices(now = new Date()): Promise<{ emitidas: number; falhas: number }> {
  const outcome = await issueMonthlyInvoices({ ...deps, now: () => now });
  log.info('plan invoices issued', outcome);
  if (outcome.falhas > 0) putMetric('PlanInvoiceFailed', outcome.falhas, { unit: 'Count' });
  return outcome;
}

export const handler = withLambdaLog(async (): Promise<void> => {
  await runPlanInvoices();
});
