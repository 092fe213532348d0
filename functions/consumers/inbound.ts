// Handles what the webhook edge queued: a patient's message (read by the appointment flow as a
// possible answer, then stored once with its patient and attendance: shared/domain/inbound-messages.ts),
// a generic inbound event (kept by the edge, marked handled here) or a provider's template review
// result. Content and phones are health data: the logs carry ids only.
import { inboundMessage, type InboundMessage, type TemplateReview } from '#events/inbound-queue';
import { awsAdapters, queuePort } from '#shared/adapters/index';
import { config, needsConfig } from '#shared/config';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { dynamoFlowStore } from '#shared/db/flow';
import { markInboundEventProcessed } from '#shared/db/inbound-events';
import { dynamoInbox } from '#shared/db/inbound-messages';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { dynamoTemplateRepository } from '#shared/db/templates';
import { flowSettingsFor } from '#shared/domain/appointment-flow';
import { escalationWords } from '#shared/domain/attendances';
import { receivePatientMessage } from '#shared/domain/inbound-messages';
import { readAppointmentReply } from '#shared/operations/appointment-replies';
import { settleReview } from '#shared/operations/templates';
import { reviewEventState } from '#shared/providers/template-review';
import { log, withLambdaLog } from '#shared/log';
import { queueConsumer } from '#shared/queue/consumer';

// A reply that confirms or cancels emits an AGENDAMENTO_* event; an approved template queues the appointments waiting for it.
awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
needsConfig('outboundWebhooksQueueUrl', 'appointmentFlowQueueUrl');

const inbox = dynamoInbox();
const applications = dynamoApplicationReader();
const replyDeps = {
  appointments: dynamoAppointmentRepository(),
  events: dynamoOutboundEventRepository(),
  queue: queuePort,
  flow: dynamoFlowStore(),
};
const templates = dynamoTemplateRepository();
let words: string[] | undefined;

/** The provider's review result applied to the application's template (an unknown one is only logged). */
async function applyTemplateReview(review: TemplateReview): Promise<void> {
  const template = await templates.byProviderId(review.aplicacaoId, review.providerTemplateId);
  const estado = reviewEventState(review.evento);
  if (!template || !estado) {
    log.info('template review ignored', { ...review, known: Boolean(template) });
    return;
  }
  await settleReview({ templates, appointments: replyDeps.appointments, queue: queuePort }, template, estado, review.motivo);
}

export async function processInbound(message: InboundMessage): Promise<void> {
  if (message.kind === 'evento') {
    if (!(await markInboundEventProcessed(message.aplicacaoId, message.recebidoEm, message.eventoId, new Date().toISOString()))) {
      // The edge writes the event before queueing it: a missing one is retried, then parked in the DLQ for a look.
      throw new Error('inbound event not found');
    }
    log.info('inbound event handled', { aplicacaoId: message.aplicacaoId, eventoId: message.eventoId, fluxo: message.fluxo });
    return;
  }
  if (message.kind === 'template') return applyTemplateReview(message);
  const settings = async () =>
    flowSettingsFor((await applications.getApplication(message.aplicacaoId))?.fluxoAgendamentos, config().flowTimings);
  // First the appointment it may answer: a redelivered message finds it already moved (a no-op).
  const resposta = await readAppointmentReply(replyDeps, message, settings);
  const reception = await receivePatientMessage(inbox, message, (words ??= escalationWords(config().escalationWords)));
  log.info('patient message received', {
    aplicacaoId: message.aplicacaoId,
    provider: message.provider,
    providerMessageId: message.providerMessageId,
    resposta,
    ...reception,
  });
}

export const handler = withLambdaLog(queueConsumer('inbound', inboundMessage, processInbound));
