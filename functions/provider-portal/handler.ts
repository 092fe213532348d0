import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { appointmentOperations } from './appointments.ts';
import { credentialOperations } from './credentials.ts';
import { webhookOperations } from './webhooks.ts';
import type { providerPortalContract } from './contract.ts';

// A delivery's resend and the event of an execution recorded by hand are queued for the outbound-webhooks consumer.
// The webhooks' signing keys are written to the secret store (never read here): the Secrets Manager client is loaded
// on the first create or replace.
awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  secretStore: async () => (await import('#shared/adapters/aws/secrets-manager')).secretsManagerStore(),
});
needsConfig('outboundWebhooksQueueUrl', 'webhookSecretPrefix');

export const handler = groupHandler<typeof providerPortalContract>('provider-portal', {
  ...appointmentOperations,
  ...credentialOperations,
  ...webhookOperations,
});
