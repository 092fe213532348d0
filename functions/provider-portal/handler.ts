import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { appointmentOperations } from './appointments.ts';
import { credentialOperations } from './credentials.ts';
import { webhookOperations } from './webhooks.ts';
import type { providerPortalContract } from './contract.ts';

// A delivery's resend, a test event and the event of an execution recorded by hand are queued for the outbound-webhooks
// consumer. The webhooks' signing keys are written to the secret store (the Secrets Manager client is loaded on the
// first create or replace) and read, on demand, through the secrets extension, as the consumer reads them.
awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  secretStore: async () => (await import('#shared/adapters/aws/secrets-manager')).secretsManagerStore(),
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
});
needsConfig('outboundWebhooksQueueUrl', 'webhookSecretPrefix');

export const handler = groupHandler<typeof providerPortalContract>('provider-portal', {
  ...appointmentOperations,
  ...credentialOperations,
  ...webhookOperations,
});
