// What the campaigns group's handlers validate beside the body (shared/domain/campaigns/inputs.ts): the CSV upload's
// query string, the dry run's flag and the recipients' filter. Its contract (contract.ts) documents them.
import * as z from 'zod/mini';
import { createCampaignBody, csvCampaignQuery } from '#shared/domain/campaigns/inputs';
import { recipientStatuses } from '#shared/domain/campaigns/records';

export const createBody = createCampaignBody;
export const csvQuery = csvCampaignQuery;
export const simulateQuery = z.object({ simular: z.optional(z.enum(['true', 'false'])) });
export const recipientsQuery = z.object({ status: z.optional(z.enum(recipientStatuses)) });
