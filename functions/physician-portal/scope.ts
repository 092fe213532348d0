// The caller of a physician-portal route: the on-call physician (plantonista) named by the portal
// token's subject, in the token's application. Every read and write of the group is theirs only.
import { HttpError } from '#shared/http/errors';
import type { TenantRequest } from '#shared/http/kit';

export interface PhysicianScope {
  aplicacaoId: number;
  /** The physician's portal user id (the token's `sub`). */
  userId: number;
}

export function physicianOf(request: TenantRequest): PhysicianScope {
  const userId = Number(request.principal.subject);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new HttpError(403, 'forbidden', 'This token does not name a physician');
  return { aplicacaoId: request.principal.aplicacaoId, userId };
}
