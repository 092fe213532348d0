// What the admin-flow group's handlers validate: an operator's moves. Its contract (functions/admin-flow/contract.ts)
// documents them; the board's query is the domain's `boardQuery` (shared/domain/appointments/inputs.ts, shared with
// the provider portal's day view), the templates and the flow's settings are parsed by their domain modules
// (shared/domain/templates.ts, shared/domain/appointment-flow.ts).
import * as z from 'zod/mini';
import { fieldLimits } from '#shared/domain/appointments/inputs';

const reason = z.string().check(z.trim(), z.minLength(1), z.maxLength(fieldLimits.observacao));

export const confirmBody = z.object({ motivo: z.optional(reason) });

export const cancelBody = z.object({ motivo: reason });
