import { groupHandler } from '#shared/http/kit';

// Every route of this group answers 501 until its operations are built.
export const handler = groupHandler('agent', {});
