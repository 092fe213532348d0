import { awsAdapters } from '#shared/adapters/index';
import { groupHandler } from '#shared/http/kit';
import { flowSettingsOperations } from './appointment-flow.ts';
import { applicationOperations } from './applications.ts';
import { attendanceOperations } from './attendances.ts';
import { financeOperations } from './finance.ts';
import { inboundMessageOperations } from './inbound-messages.ts';
import { inboundWebhookOperations } from './inbound-webhooks.ts';
import { sectorOperations } from './sectors.ts';
import { templateOperations } from './templates.ts';
import { userOperations } from './users.ts';

// The signing keys come from Secrets Manager, through the secrets extension.
// An approved template queues the appointments waiting for it.
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
});

export const handler = groupHandler('admin', {
  ...applicationOperations,
  ...userOperations,
  ...financeOperations,
  ...attendanceOperations,
  ...inboundMessageOperations,
  ...inboundWebhookOperations,
  ...sectorOperations,
  ...templateOperations,
  ...flowSettingsOperations,
});
