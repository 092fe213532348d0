// The on-premises agent's batch import of patients, appointments and clinical records, over the agent channel (mutual
// TLS, the agent authorizer). Its own function, apart from the rest of the channel (functions/agent/): the import's
// records, their repositories and the queue client are the larger part of either bundle (docs/decisions.md,
// "The agent's batch import is its own function").
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { importOperations } from './registros.ts';
import type { agentImportContract } from './contract.ts';

// Imported appointments are queued for the communication flow.
awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
});
needsConfig('appointmentFlowQueueUrl');

export const handler = groupHandler<typeof agentImportContract>('agent-import', importOperations);
