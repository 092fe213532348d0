// Contract of the patient-code queue's messages. One file per queue: a consumer builds only its own schemas at cold start.
import * as z from 'zod/mini';

/**
 * Work of the patient-code queue: a one-time login code was asked for this phone of the application (counted and
 * allowed by `POST /api/auth/paciente/codigo`); the consumer sends one if the phone is a patient's.
 */
export const patientCodeWork = z.object({
  aplicacaoId: z.number(),
  telefone: z.string(),
  /** When the code was asked for, epoch seconds (the consumer spaces codes by it); absent in messages queued before it existed. */
  pedidoEm: z.optional(z.number()),
});
