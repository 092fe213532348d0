// Contract of the appointment-flow queue's messages. One file per queue: a consumer builds only its own schemas at cold start.
import * as z from 'zod/mini';

/** Work of the appointment-flow queue: look at this appointment now (a create, an approved template, the sweep finding it due). */
export const appointmentFlowWork = z.object({
  kind: z.literal('agendamento'),
  aplicacaoId: z.number(),
  agendamentoId: z.number(),
  /** A template was approved for it: look at a SEM_TEMPLATE appointment now, before its hourly retry is due. */
  templateAprovado: z.optional(z.boolean()),
});
export type AppointmentFlowWork = z.infer<typeof appointmentFlowWork>;
