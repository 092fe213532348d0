// What the admin-flow group's handlers validate: the board's query and an operator's moves. Its
// contract (functions/admin-flow/contract.ts) documents them; the templates and the flow's settings
// are parsed by their domain modules (shared/domain/templates.ts, shared/domain/appointment-flow.ts).
import * as z from 'zod/mini';
import { appointmentStatuses } from '#shared/domain/appointments/state-machine';
import { fieldLimits } from '#shared/domain/appointments/inputs';

/** A real calendar day, YYYY-MM-DD (2024-02-30 is refused). */
const calendarDay = z.string().check(
  z.maxLength(10),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' }),
  z.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'must be a real date',
  }),
);

export const boardQuery = z.object({ data: calendarDay, status: z.optional(z.enum(appointmentStatuses)) });

const reason = z.string().check(z.trim(), z.minLength(1), z.maxLength(fieldLimits.observacao));

export const confirmBody = z.object({ motivo: z.optional(reason) });

export const cancelBody = z.object({ motivo: reason });
