// /api/prestador/credenciais/**: the provider's nbwp_ machine credentials. The application and
// the provider come from the portal token; `{id}` is the credencialId. A credential outside the
// caller's scope is 404. Secrets appear only in the answers of create and regenerate.
import * as z from 'zod/mini';
import { isValidAllowlistEntry } from '#shared/ip-ranges';
import { dynamoProviderCredentialRepository } from '#shared/db/provider-credentials';
import type { ProviderCredentialRecord } from '#shared/domain/applications/records';
import {
  createProviderCredential,
  listProviderCredentials,
  MAX_ALLOWLIST_ENTRIES,
  MAX_LIMIT_PER_MINUTE,
  MAX_NAME_LENGTH,
  regenerateProviderCredentialSecret,
  revokeProviderCredential,
  updateProviderCredential,
} from '#shared/domain/provider-credentials';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { scopeOf } from './scope.ts';
import { shownTime } from '#shared/domain/time';

const repo = dynamoProviderCredentialRepository();

const nome = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_LENGTH));
const limitePorMinuto = z.nullable(
  z.number().check(z.refine(Number.isInteger, { error: 'must be an integer' }), z.minimum(1), z.maximum(MAX_LIMIT_PER_MINUTE)),
);
const allowlistEntry = z.string().check(
  z.refine(isValidAllowlistEntry, { error: (issue) => `"${String(issue.input)}" is not an IPv4/IPv6 address or CIDR range` }),
  z.maxLength(64), // the longest IPv6 CIDR is 49 characters
);
const ipAllowlist = z.array(allowlistEntry).check(
  z.refine((list) => list.length <= MAX_ALLOWLIST_ENTRIES, { error: `must have at most ${MAX_ALLOWLIST_ENTRIES} entries` }),
  z.maxLength(MAX_ALLOWLIST_ENTRIES), // the same bound, stated where the document shows it
);
const ativo = z.boolean();

export const createSchema = z.object({
  nome,
  limitePorMinuto: z.optional(limitePorMinuto),
  ipAllowlist: z.optional(ipAllowlist),
  ativo: z.optional(ativo),
});
/** PUT changes only the fields it carries: an omitted allowlist or limit is kept, never cleared by accident. */
export const updateSchema = z.object({
  nome: z.optional(nome),
  limitePorMinuto: z.optional(limitePorMinuto),
  ipAllowlist: z.optional(ipAllowlist),
  ativo: z.optional(ativo),
});

/** `{id}` of the path; anything that cannot be an id names no credential. */
const credentialId = (request: TenantRequest): number => pathId(request, 'credential');

/** The credential as the portal shows it: never its secret or its hash. */
const view = (c: ProviderCredentialRecord) => ({
  id: c.credencialId,
  nome: c.nome,
  apiKey: c.apiKey,
  limitePorMinuto: c.limitePorMinuto,
  ipAllowlist: c.ipAllowlist,
  ativo: c.ativo,
  criadoEm: shownTime(c.criadoEm),
  revogadoEm: shownTime(c.revogadoEm),
});

/** Shown once: the answer carrying a secret must not be stored by caches on the way. */
const withSecret = (status: number, c: ProviderCredentialRecord, apiSecret: string) =>
  json(status, { ...view(c), apiSecret }, { 'Cache-Control': 'no-store' });

export const credentialOperations: Operations<'provider-portal'> = {
  'POST /api/prestador/credenciais': async (request) => {
    const input = validate(createSchema, request.body);
    const { credential, apiSecret } = await createProviderCredential(repo, scopeOf(request), input);
    return withSecret(201, credential, apiSecret);
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
    return withSecret(200, credential, apiSecret);
  },

  'DELETE /api/prestador/credenciais/{id}': async (request) => {
    await revokeProviderCredential(repo, scopeOf(request), credentialId(request));
    return { statusCode: 204 };
  },
};
