import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { integrationOperations } from './integrations.ts';
import { logOperations } from './logs.ts';
import { queryOperations } from './queries.ts';
import { importOperations } from './registros.ts';

// The integrations' secrets (shared/operations/integration-secrets.ts), handed to the agent in its integration lists.
// Imported appointments are queued for the communication flow.
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
});
needsConfig('integrationSecretPrefix', 'appointmentFlowQueueUrl');

export const handler = groupHandler('agent', { ...integrationOperations, ...queryOperations, ...logOperations, ...importOperations });
