// /api/prestador/credenciais/**: the provider's nbwp_ machine credentials. The application and
// the provider come from the portal token; `{id}` is the credencialId. A credential outside the
// caller's scope is 404. Secrets appear only in the answers of create and regenerate.
import type * as z from 'zod/mini';
import { dynamoProviderCredentialRepository } from '#shared/db/provider-credentials';
import type { ProviderCredentialRecord } from '#shared/domain/applications/records';
import {
  createProviderCredential,
  listProviderCredentials,
  regenerateProviderCredentialSecret,
  revokeProviderCredential,
  updateProviderCredential,
} from '#shared/domain/provider-credentials';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { scopeOf } from './scope.ts';
import { shownTime } from '#shared/domain/time';
import { createSchema, updateSchema } from './requests.ts';
import type { credential, providerPortalContract } from './contract.ts';

const repo = dynamoProviderCredentialRepository();

/** `{id}` of the path; anything that cannot be an id names no credential. */
const credentialId = (request: TenantRequest): number => pathId(request, 'credential');

/** The credential as the portal shows it: never its secret or its hash. */
const view = (c: ProviderCredentialRecord): z.output<typeof credential> => ({
  id: c.credencialId,
  nome: c.nome,
  apiKey: c.apiKey,
  limitePorMinuto: c.limitePorMinuto,
  ipAllowlist: c.ipAllowlist,
  ativo: c.ativo,
  criadoEm: shownTime(c.criadoEm),
  revogadoEm: shownTime(c.revogadoEm),
  ultimoUsoEm: shownTime(c.ultimoUsoEm ?? null),
});

/** Shown once: the answer carrying a secret must not be stored by caches on the way. */
const noStore = { 'Cache-Control': 'no-store' };

export const credentialOperations: Operations<'provider-portal', typeof providerPortalContract> = {
  'POST /api/prestador/credenciais': async (request) => {
    const input = validate(createSchema, request.body);
    const { credential, apiSecret } = await createProviderCredential(repo, scopeOf(request), input, new Date());
    return json(201, { ...view(credential), apiSecret }, noStore);
  },

  'GET /api/prestador/credenciais': async (request) => json(200, (await listProviderCredentials(repo, scopeOf(request))).map(view)),

  'PUT /api/prestador/credenciais/{id}': async (request) => {
    const scope = scopeOf(request);
    const id = credentialId(request);
    const changes = validate(updateSchema, request.body);
    return json(200, view(await updateProviderCredential(repo, scope, id, changes)));
  },

  'POST /api/prestador/credenciais/{id}/regenerar': async (request) => {
    const { credential, apiSecret } = await regenerateProviderCredentialSecret(repo, scopeOf(request), credentialId(request));
    return json(200, { ...view(credential), apiSecret }, noStore);
  },

  'DELETE /api/prestador/credenciais/{id}': async (request) => {
    await revokeProviderCredential(repo, scopeOf(request), credentialId(request), new Date());
    return { statusCode: 204 };
  },
};
