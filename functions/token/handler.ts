import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { loginOperations } from './login.ts';
import { oauthBodyRefusals, oauthOperations } from './oauth.ts';
import { sessionOperations } from './sessions.ts';
import type { tokenContract } from './contract.ts';

// The private signing keys come from Secrets Manager, through the secrets extension (only this group reads them).
// A patient's one-time code is queued for the patient-code consumer, which sends it (functions/consumers/patient-codes.ts).
needsConfig('signingKeySecretId', 'patientCodesQueueUrl');
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
});

export const handler = groupHandler<typeof tokenContract>(
  'token',
  { ...oauthOperations, ...loginOperations, ...sessionOperations },
  oauthBodyRefusals,
);
