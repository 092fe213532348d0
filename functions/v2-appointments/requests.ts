// What the v2 appointments group validates beyond the domain's bodies (shared/domain/appointments/inputs.ts): the list's query.
// Its contract (functions/v2-appointments/contract.ts) documents them.
import * as z from 'zod/mini';
import { appointmentStatuses } from '#shared/domain/appointments/state-machine';

export const listQuery = z.object({ status: z.optional(z.enum(appointmentStatuses)) });
