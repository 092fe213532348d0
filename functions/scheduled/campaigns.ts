// Fired every minute (#36): starts the scheduled campaigns whose time came and hands to a worker again the running
// ones nobody holds (a worker that died, a send window that opened): shared/operations/campaigns.ts, campaignTurns.
import { awsAdapters, queuePort } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoCampaignRepository } from '#shared/db/campaigns';
import { campaignTurns } from '#shared/operations/campaigns';
import { log, withLambdaLog } from '#shared/log';

awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
needsConfig('campaignsQueueUrl');

const campaigns = dynamoCampaignRepository();

/** The campaigns whose turn came at `now`, started or handed to a worker again; how many. */
export async function takeTurns(now = new Date()): Promise<number> {
  const handed = await campaignTurns({ campaigns, queue: queuePort, now: () => now });
  if (handed > 0) log.info('campaigns handed to a worker', { handed });
  return handed;
}

export const handler = withLambdaLog(async (): Promise<void> => {
  await takeTurns();
});
