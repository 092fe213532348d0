// The application's WhatsApp side of the admin panel: sectors, attendances, received messages and
// generic inbound webhooks, templates and the appointment flow's settings. Its own function, apart
// from the platform's admin (applications, users, money), so neither bundle carries the other's code
// (docs/decisions.md, "The admin panel is two functions").
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { flowSettingsOperations } from './appointment-flow.ts';
import { appointmentOperations } from './appointments.ts';
import { attendanceOperations } from './attendances.ts';
import { inboundMessageOperations } from './inbound-messages.ts';
import { adminMessageOperations } from './messages.ts';
import { inboundWebhookOperations } from './inbound-webhooks.ts';
import { providerTestOperations } from './provider-test.ts';
import { sectorOperations } from './sectors.ts';
import { templateOperations } from './templates.ts';

// An approved template queues the appointments waiting for it; an operator's confirm or cancel hands its event to the outbound webhooks.
awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  // The applications' provider secrets (shared/providers/secrets.ts): answers and templates call the provider.
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  // The inbound subscriptions' HMAC keys are written to the secret store (never read here), on the first create.
  secretStore: async () => (await import('#shared/adapters/aws/secrets-manager')).secretsManagerStore(),
});
needsConfig('appointmentFlowQueueUrl', 'outboundWebhooksQueueUrl', 'providerSecretPrefix', 'webhookSecretPrefix');

export const handler = groupHandler('admin-whatsapp', {
  ...sectorOperations,
  ...attendanceOperations,
  ...inboundMessageOperations,
  ...adminMessageOperations,
  ...inboundWebhookOperations,
  ...templateOperations,
  ...appointmentOperations,
  ...flowSettingsOperations,
  ...providerTestOperations,
});
