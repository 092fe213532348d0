// Takes the communication flow's steps for the appointments queued on the appointment-flow queue
// (docs/appointment-flow.md): validation, the notification, the reminder, the no-reply deadline.
import { appointmentFlowWork } from '#events/appointment-flow-queue';
import { awsAdapters, queuePort } from '#shared/adapters/index';
import { config, needsConfig } from '#shared/config';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { dynamoFlowStore } from '#shared/db/flow';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { dynamoTemplateRepository } from '#shared/db/templates';
import { advanceAppointment, type FlowDeps } from '#shared/operations/appointment-flow';
import { configuredStatusCallbackUrl } from '#shared/providers/types';
import { log, withLambdaLog } from '#shared/log';
import { queueConsumer } from '#shared/queue/consumer';
import { sendDeps } from '#shared/wiring/send';
import { pushDeps } from '#shared/wiring/app-chat';
import { dynamoPatientRepository } from '#shared/db/patients';

awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  // The applications' provider secrets (shared/providers/secrets.ts): its sends call the provider.
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  // The notifications are also pushed to the patient app: the SNS client is imported on the first push.
  push: async () => (await import('#shared/adapters/aws/sns')).snsPush(),
});
needsConfig('outboundWebhooksQueueUrl', 'providerSecretPrefix');

let deps: FlowDeps | undefined;
const patients = dynamoPatientRepository();
/** The flow's DynamoDB repositories and providers, made once per container. */
export const flowDeps = (): FlowDeps => {
  const { publicBaseUrl, flowTimings, flowBalanceRetrySeconds } = config();
  return (deps ??= {
    appointments: dynamoAppointmentRepository(),
    events: dynamoOutboundEventRepository(),
    templates: dynamoTemplateRepository(),
    applications: dynamoApplicationReader(),
    flow: dynamoFlowStore(),
    queue: queuePort,
    send: sendDeps(),
    defaults: flowTimings,
    balanceRetrySeconds: flowBalanceRetrySeconds,
    statusCallbackUrl: configuredStatusCallbackUrl(publicBaseUrl),
    pushes: { ...pushDeps(), patientOfPhone: async (aplicacaoId, telefone) => (await patients.findByPhone(aplicacaoId, telefone))?.id },
  });
};

export const handler = withLambdaLog(
  queueConsumer('appointmentFlow', appointmentFlowWork, async ({ aplicacaoId, agendamentoId, templateAprovado }) => {
    const outcome = await advanceAppointment(flowDeps(), aplicacaoId, agendamentoId, { templateAprovado });
    log.info('appointment flow work done', { aplicacaoId, agendamentoId, outcome });
  }),
);
