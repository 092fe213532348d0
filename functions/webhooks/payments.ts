// POST /api/webhooks/pagamentos/stripe: the payment gateway's webhook (docs/invoices.md). Stripe's `invoice.paid`
// event names our invoice by `data.object.metadata.faturaId`; its Stripe-Signature is checked over the exact bytes
// first (shared/providers/signatures.ts: the timestamp's tolerance, HMAC-SHA256 with the endpoint secret, any v1).
// Stripe retries any answer but a 2xx for days, so:
//   - a missing or wrong signature, a stale timestamp: 400 (Stripe's own advice), nothing read;
//   - an event of another type, or an invoice.paid naming no invoice of ours (no faturaId, an unknown id): 200, logged
//     and counted (PaymentWebhookIgnored): retrying cannot make it ours;
//   - the invoice paid now, or paid already (a retried delivery): 200, credited once; canceled: 200, logged (the
//     gateway's refund is the operator's);
//   - the invoice being paid by another delivery at this moment: 409, so Stripe tries again and then finds it PAGA.
import type { AnswerFor, ApiRequest } from '#shared/http/kit';
import { json } from '#shared/http/kit';
import { DomainError } from '#shared/domain/errors';
import { parseJsonText } from '#shared/http/body';
import { HttpError } from '#shared/http/errors';
import { parseId } from '#shared/http/params';
import { log } from '#shared/log';
import { putMetric } from '#shared/metrics';
import { payInvoice, type InvoiceDeps } from '#shared/operations/invoices';
import { verifyStripeSignature } from '#shared/providers/signatures';
import { stripeWebhookSecret } from '#shared/secrets/payments';
import { invoiceDeps } from '#shared/wiring/invoices';
import type { webhooksContract } from './contract.ts';

type Answer = AnswerFor<typeof webhooksContract, 'POST /api/webhooks/pagamentos/stripe'>;

let deps: InvoiceDeps | undefined;
const invoices = () => (deps ??= invoiceDeps());

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function ignored(reason: string, fields: Record<string, unknown>): Answer {
  log.info('Stripe event ignored', { reason, ...fields });
  putMetric('PaymentWebhookIgnored', 1, { unit: 'Count', dimensions: { gateway: 'stripe', reason } });
  return json(200, { status: 'ok' });
}

export async function stripeEvent(request: ApiRequest): Promise<Answer> {
  const secret = await stripeWebhookSecret();
  if (!verifyStripeSignature(request.rawBody, request.headers['stripe-signature'], secret, new Date())) {
    throw new HttpError(400, 'bad_request', 'Stripe-Signature is missing, stale or does not match');
  }
  const event = record(parseJsonText(request.rawBody.toString('utf8')));
  const eventId = typeof event?.id === 'string' ? event.id.slice(0, 100) : undefined;
  if (event?.type !== 'invoice.paid')
    return ignored('type', { eventId, type: typeof event?.type === 'string' ? event.type.slice(0, 100) : null });
  const metadata = record(record(record(event.data)?.object)?.metadata);
  const raw = metadata?.faturaId;
  const faturaId = parseId(typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : undefined);
  if (faturaId === undefined) return ignored('no_invoice', { eventId });
  const aplicacaoId = await invoices().invoices.applicationOf(faturaId);
  if (aplicacaoId === undefined) return ignored('unknown_invoice', { eventId, faturaId });
  try {
    await payInvoice(invoices(), aplicacaoId, faturaId, 'STRIPE');
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
    const again = await invoices().invoices.get(aplicacaoId, faturaId);
    if (again?.status === 'PAGA') return ignored('already_paid', { eventId, faturaId, aplicacaoId });
    if (again?.status === 'CANCELADA') {
      log.warn('Stripe paid a canceled invoice: nothing credited', { eventId, faturaId, aplicacaoId });
      return ignored('canceled', { eventId, faturaId, aplicacaoId });
    }
    throw error; // being paid by another delivery: 409, Stripe retries
  }
  return json(200, { status: 'ok' });
}
