// The application's WhatsApp side of the admin panel: sectors, attendances, received messages, the
// message log, generic inbound webhooks and the test send. Its own function, apart from the platform's
// admin (applications, users, money) and from the appointment flow's side (admin-flow), so no bundle
// carries the others' code (docs/decisions.md, "The admin panel is three functions").
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { aiOperations } from './ai.ts';
import { attendanceOperations } from './attendances.ts';
import { inboundMessageOperations } from './inbound-messages.ts';
import { adminMessageOperations } from './messages.ts';
import { inboundWebhookOperations } from './inbound-webhooks.ts';
import { providerTestOperations } from './provider-test.ts';
import { sectorOperations } from './sectors.ts';
import type { adminWhatsappContract } from './contract.ts';

awsAdapters({
  // The applications' provider secrets (shared/providers/secrets.ts): an answer and the test send call the provider.
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  // The inbound subscriptions' HMAC keys are written to the secret store (never read here), on the first create.
  secretStore: async () => (await import('#shared/adapters/aws/secrets-manager')).secretsManagerStore(),
  // A reply suggested by the AI assistant: the Bedrock client is imported on the first suggestion, not at the cold start.
  model: async () => (await import('#shared/adapters/aws/bedrock')).bedrockModel(),
  // An answer that goes back to the patient app is pushed: the SNS client is imported on the first push.
  push: async () => (await import('#shared/adapters/aws/sns')).snsPush(),
});
needsConfig('providerSecretPrefix', 'webhookSecretPrefix', 'modelId');

export const handler = groupHandler<typeof adminWhatsappContract>('admin-whatsapp', {
  ...sectorOperations,
  ...attendanceOperations,
  ...inboundMessageOperations,
  ...adminMessageOperations,
  ...inboundWebhookOperations,
  ...providerTestOperations,
  ...aiOperations,
});
