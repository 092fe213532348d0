import { groupHandler } from '#shared/http/kit';
import { credentialOperations } from './credentials.ts';

export const handler = groupHandler('provider-portal', { ...credentialOperations });
