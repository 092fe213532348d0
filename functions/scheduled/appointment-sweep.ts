// Fired every minute (every 5 s under `npm start`). It asks the providers for the verdict on the
// templates still in review (pattern 33c: provider_a sends no event; for provider_b it is the safety
// net of its event), and queues the appointments the due index
// (pattern 34) says are due to the appointment-flow queue: reminders, no-reply deadlines, retries
// (no balance, no template) and any create whose own queue message was lost. Its cost grows with what
// is due, not with all appointments; two overlapping sweeps queue an appointment twice, and the
// flow's conditional moves make the second look a no-op.
// It is also the outbox's safety net: an appointment move commits its event (pattern 24) and then
// queues it; a function that stopped in between leaves the event pending, and this queues it again
// (the fan-out is idempotent, so an event queued twice is delivered once per subscription).
import { awsAdapters, queuePort } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dueShards, dynamoAppointmentRepository } from '#shared/db/appointments';
import { dynamoTemplateRepository } from '#shared/db/templates';
import { settleReview } from '#shared/operations/templates';
import { templateReviewFor } from '#shared/providers/template-review';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { queueAppointment } from '#shared/operations/flow-queue';
import { log, withLambdaLog } from '#shared/log';

awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  // The applications' provider secrets (shared/providers/secrets.ts): it asks the provider for its templates' reviews.
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
});
needsConfig('outboundWebhooksQueueUrl', 'appointmentFlowQueueUrl', 'providerSecretPrefix');

const appointments = dynamoAppointmentRepository();
const events = dynamoOutboundEventRepository();
const templates = dynamoTemplateRepository();
const applications = dynamoApplicationReader();
const flowQueue = { appointments, queue: queuePort };

/** An event younger than this is still in the hands of the request that committed it. */
export const PENDING_GRACE_MS = 2 * 60_000;
/** Events re-queued per run at most; a larger backlog goes on at the next run (they leave the index once fanned out). */
export const REQUEUE_LIMIT = 500;

/** Queues again the events committed before `now - grace` that no consumer has fanned out; returns how many. */
export async function requeuePendingEvents(now = new Date(), graceMs = PENDING_GRACE_MS): Promise<number> {
  const before = new Date(now.getTime() - graceMs).toISOString();
  const pending = await events.listPending(before, REQUEUE_LIMIT);
  for (const { aplicacaoId, eventId } of pending) {
    await queuePort.send('outboundWebhooks', { kind: 'evento', aplicacaoId, eventId }, { dedupeId: eventId });
  }
  if (pending.length > 0) log.warn('outbound events left pending were queued again', { count: pending.length });
  return pending.length;
}

/** Appointments queued per shard and run at most; the rest are still due at the next run. */
export const DUE_LIMIT = 250;

/** Queues every appointment due at `now` (each shard of the due index); returns how many. */
export async function queueDueAppointments(now = new Date()): Promise<number> {
  const due = (await Promise.all(dueShards.map((shard) => appointments.due(shard, now, DUE_LIMIT)))).flat();
  for (const { aplicacaoId, agendamentoId } of due) await queueAppointment(flowQueue, aplicacaoId, agendamentoId);
  if (due.length > 0) log.info('due appointments queued', { count: due.length });
  return due.length;
}

/** Asks each template's provider for its verdict and applies it (an approval queues the appointments waiting for it); returns how many were settled. */
export async function pollTemplateReviews(): Promise<number> {
  let settled = 0;
  for (const { aplicacaoId, templateId } of await templates.pendingReviews()) {
    const template = await templates.get(aplicacaoId, templateId);
    const app = await applications.getApplication(aplicacaoId);
    if (!template?.providerTemplateId || template.estado !== 'EM_ANALISE' || !app) continue;
    try {
      const verdict = await templateReviewFor(app).poll(template.providerTemplateId);
      const after = await settleReview({ ...flowQueue, templates }, template, verdict.estado, verdict.motivo);
      if (after.estado !== template.estado) settled++;
    } catch (error) {
      // The provider unreachable, or the template moved meanwhile: the next run asks again.
      log.warn('template review not read', { aplicacaoId, templateId, error });
    }
  }
  return settled;
}

export const handler = withLambdaLog(async (): Promise<void> => {
  await pollTemplateReviews();
  await queueDueAppointments();
  await requeuePendingEvents();
});
