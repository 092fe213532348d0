import { groupHandler } from '#shared/http/kit';
import { consentOperations } from './consents.ts';
import { profileOperations } from './profile.ts';
import type { patientAppContract } from './contract.ts';

export const handler = groupHandler<typeof patientAppContract>('patient-app', { ...profileOperations, ...consentOperations });
