// The platform operator's admins carry the `plataforma` scope: they act on every application.
// Any other admin acts on its own application only.
import type { Principal } from '#shared/auth/principal';
import { PLATFORM_SCOPE } from '#shared/auth/portal';
import { HttpError } from '#shared/http/errors';

export const isPlatformAdmin = (principal: Principal): boolean => principal.scopes.includes(PLATFORM_SCOPE);

export function requirePlatformAdmin(principal: Principal, what: string): void {
  if (!isPlatformAdmin(principal)) throw new HttpError(403, 'forbidden', `Only a platform administrator may ${what}`);
}
