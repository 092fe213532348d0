import { awsAdapters } from '#shared/adapters/index';
import { groupHandler } from '#shared/http/kit';
import { chatOperations } from './chat.ts';
import { consentOperations } from './consents.ts';
import { profileOperations } from './profile.ts';
import type { patientAppContract } from './contract.ts';

awsAdapters({
  // A device registered (or removed) is an SNS endpoint: the client is imported on the first one, not at the cold start.
  push: async () => (await import('#shared/adapters/aws/sns')).snsPush(),
});

export const handler = groupHandler<typeof patientAppContract>('patient-app', {
  ...profileOperations,
  ...consentOperations,
  ...chatOperations,
});
