import { groupHandler } from '#shared/http/kit';
import { messageOperations } from './messages.ts';

export const handler = groupHandler('v2-other', { ...messageOperations });
