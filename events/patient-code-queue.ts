// Contract of the patient-code queue's messages. One file per queue: a consumer builds only its own schemas at cold start.
import * as z from 'zod/mini';

/**
 * Work of the patient-code queue: a one-time login code was asked for this phone of the application (counted and
 * allowed by `POST /api/auth/paciente/codigo`); the consumer sends one if the phone is a patient's.
 */
export const patientCodeWork = z.object({
  aplicacaoId: z.number(),
  telefone: z.string(),
});
