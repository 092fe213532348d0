// Handles what the webhook edge queued: a patient's message (read by the appointment flow as a
// possible answer, then stored once with its patient and attendance: shared/domain/inbound-messages.ts,
// then answered by the application's AI assistant while the attendance is in BOT: shared/operations/ai.ts),
// a generic inbound event (kept by the edge, marked handled here) or a provider's template review
// result. Content and phones are health data: the logs carry ids only. Each patient's messages are handled
// in order, the patients of a batch side by side (a model call takes seconds).
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
import type { Application } from '#shared/domain/applications/records';
import { conversationEntryWrite, dynamoAttendanceRepository } from '#shared/db/attendances';
import { autoReply, type AutoReplyDeps } from '#shared/operations/ai';
import { configuredStatusCallbackUrl } from '#shared/providers/types';
import { aiDeps } from '#shared/wiring/ai';
import { sendDeps } from '#shared/wiring/send';

// A reply that confirms or cancels emits an AGENDAMENTO_* event; an approved template queues the appointments waiting for it.
awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  // The automatic answers: the Bedrock client is imported on the first call, not at the cold start.
  model: async () => (await import('#shared/adapters/aws/bedrock')).bedrockModel(),
  // An automatic answer is a send through the application's provider.
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
});
needsConfig('outboundWebhooksQueueUrl', 'appointmentFlowQueueUrl', 'modelId', 'providerSecretPrefix');

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
  let read: Promise<Application | undefined> | undefined;
  const application = () => (read ??= applications.getApplication(message.aplicacaoId));
  const settings = async () => flowSettingsFor((await application())?.fluxoAgendamentos, config().flowTimings);
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
  // A flow's reply word, or a patient who asked for a person, is not the assistant's to answer.
  if (reception.kind !== 'stored' || reception.escalado || resposta !== 'nenhum') return;
  const app = await application();
  if (!app?.ia?.autoResposta) return;
  const outcome = await autoReply(autoReplyDeps(), app, { mensagemId: reception.mensagemId, atendimentoId: reception.atendimentoId });
  log.info('automatic answer', { aplicacaoId: message.aplicacaoId, atendimentoId: reception.atendimentoId, ...outcome });
}

const attendances = dynamoAttendanceRepository();
let autoDeps: AutoReplyDeps | undefined;
const autoReplyDeps = (): AutoReplyDeps =>
  (autoDeps ??= {
    ...aiDeps(),
    attendance: (aplicacaoId, id) => attendances.get(aplicacaoId, id),
    handOff: (aplicacaoId, atendimentoId, at, motivo) => inbox.escalateIfBot(aplicacaoId, atendimentoId, at, motivo),
    send: sendDeps(),
    statusCallbackUrl: configuredStatusCallbackUrl(config().publicBaseUrl),
    conversationWrite: (attendance, mensagemId) =>
      conversationEntryWrite(attendance.aplicacaoId, attendance.id, new Date().toISOString(), mensagemId, { direcao: 'SAIDA' }),
  });

export const handler = withLambdaLog(
  queueConsumer('inbound', inboundMessage, processInbound, {
    laneOf: (m) => (m.kind === 'mensagem' ? `${m.aplicacaoId}:${m.from}` : `${m.kind}:${m.aplicacaoId}`),
    perLane: 1,
  }),
);
