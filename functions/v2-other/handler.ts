import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { attendanceOperations } from './attendances.ts';
import { messageOperations } from './messages.ts';
import { patientOperations } from './patients.ts';
import type { v2OtherContract } from './contract.ts';

// Sends call the provider with the application's provider secret (shared/providers/secrets.ts).
needsConfig('providerSecretPrefix');
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension() });

export const handler = groupHandler<typeof v2OtherContract>('v2-other', {
  ...messageOperations,
  ...attendanceOperations,
  ...patientOperations,
});
