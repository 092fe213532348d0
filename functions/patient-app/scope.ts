// The caller of a patient-app route: the patient record the token names (`paciente_id`, set at login).
import { HttpError } from '#shared/http/errors';
import type { TenantRequest } from '#shared/http/kit';

export function patientOf(request: TenantRequest): { aplicacaoId: number; pacienteId: number } {
  const { aplicacaoId, pacienteId } = request.principal;
  // A token from before patient records were linked at login: logging in again links it.
  if (pacienteId === undefined) throw new HttpError(403, 'forbidden', 'This token does not name a patient; log in again');
  return { aplicacaoId, pacienteId };
}
