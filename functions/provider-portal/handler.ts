import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { credentialOperations } from './credentials.ts';
import { webhookOperations } from './webhooks.ts';

// A delivery's resend is queued for the outbound-webhooks consumer.
awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
needsConfig('outboundWebhooksQueueUrl');

export const handler = groupHandler('provider-portal', { ...credentialOperations, ...webhookOperations });
