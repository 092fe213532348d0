// The appointment flow's side of the admin panel: the WhatsApp templates the flow sends and their
// review, the flow's settings, and the console's appointment board with an operator's moves. Its own
// function, apart from the WhatsApp side (admin-whatsapp): each bundle carries only its routes' code
// (docs/decisions.md, "The admin panel is three functions").
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { flowSettingsOperations } from './appointment-flow.ts';
import { appointmentOperations } from './appointments.ts';
import { templateOperations } from './templates.ts';
import type { adminFlowContract } from './contract.ts';

// An approved template queues the appointments waiting for it; an operator's confirm or cancel hands its event to the outbound webhooks.
awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  // The applications' provider secrets (shared/providers/secrets.ts): a template's submission calls the provider's review.
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  // A template drafted by the AI assistant: the Bedrock client is imported on the first draft, not at the cold start.
  model: async () => (await import('#shared/adapters/aws/bedrock')).bedrockModel(),
});
needsConfig('appointmentFlowQueueUrl', 'outboundWebhooksQueueUrl', 'providerSecretPrefix', 'modelId');

export const handler = groupHandler<typeof adminFlowContract>('admin-flow', {
  ...templateOperations,
  ...appointmentOperations,
  ...flowSettingsOperations,
});
