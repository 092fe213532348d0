import { groupHandler } from '#shared/http/kit';
import { consentOperations } from './consents.ts';
import { profileOperations } from './profile.ts';

export const handler = groupHandler('patient-app', { ...profileOperations, ...consentOperations });
