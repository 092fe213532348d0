// The caller of a provider-portal route: the application and the provider named by its portal
// token. Every read and write of the group is limited to them; anything outside is a 404.
import type { ProviderScope } from '#shared/domain/provider-credentials';
import { HttpError } from '#shared/http/errors';
import type { TenantRequest } from '#shared/http/kit';

/** The caller's provider, from the token. */
export function scopeOf(request: TenantRequest): ProviderScope {
  const { aplicacaoId, prestadorId } = request.principal;
  if (aplicacaoId === undefined || prestadorId === undefined) {
    throw new HttpError(403, 'forbidden', 'This token does not act for a provider');
  }
  return { aplicacaoId, prestadorId };
}
