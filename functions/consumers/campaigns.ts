// Runs the campaigns' slices (#36; shared/operations/campaign-worker.ts): each message is one campaign's next slice,
// the campaigns of a batch side by side. A worker that dies leaves its campaign to the next slice or the schedule.
import { campaignWork } from '#events/campaigns-queue';
import { awsAdapters, queuePort } from '#shared/adapters/index';
import { config, needsConfig } from '#shared/config';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoCampaignRepository, dynamoPaceRepository } from '#shared/db/campaigns';
import { dynamoTemplateRepository } from '#shared/db/templates';
import { runCampaignSlice, type CampaignWorkerDeps } from '#shared/operations/campaign-worker';
import { configuredStatusCallbackUrl } from '#shared/providers/types';
import { log, withLambdaLog } from '#shared/log';
import { queueConsumer } from '#shared/queue/consumer';
import { sendDeps } from '#shared/wiring/send';

awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  // The applications' provider secrets (shared/providers/secrets.ts): its sends call the provider.
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
});
needsConfig('campaignsQueueUrl', 'providerSecretPrefix');

let deps: CampaignWorkerDeps | undefined;
const workerDeps = (): CampaignWorkerDeps => {
  const { publicBaseUrl, campaignHoldSeconds, campaignSliceSeconds } = config();
  return (deps ??= {
    campaigns: dynamoCampaignRepository(),
    pace: dynamoPaceRepository(),
    send: sendDeps(),
    templates: dynamoTemplateRepository(),
    applications: dynamoApplicationReader(),
    queue: queuePort,
    statusCallbackUrl: configuredStatusCallbackUrl(publicBaseUrl),
    holdMs: campaignHoldSeconds * 1000,
    sliceMs: campaignSliceSeconds * 1000,
  });
};

export const handler = withLambdaLog(
  queueConsumer(
    'campaigns',
    campaignWork,
    async (work) => {
      const outcome = await runCampaignSlice(workerDeps(), work);
      log.info('campaign slice', { ...work, outcome });
    },
    // Every campaign of a batch at once: one's slice does not wait for another's.
    { laneOf: (work) => `${work.aplicacaoId}.${work.campanhaId}`, perLane: 1 },
  ),
);
