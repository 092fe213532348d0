// The provider's `nbwp_` machine credentials, as the provider portal manages them: create, list,
// edit (name, per-minute limit, IP allowlist, active flag), regenerate the secret and revoke.
// Pure domain code; the DynamoDB repository is shared/db/provider-credentials.ts.
//
// Decisions:
// - Every operation is scoped to (application, provider) taken from the caller's token; a
//   credential outside that scope is not found (404), never forbidden.
// - Regenerating keeps the public key (`nbwp_...`) and replaces the secret's hash: the provider's
//   configuration keeps its key, and the old secret fails at the very next request.
// - Revoking is a soft delete (ativo false, revogadoEm set) and is final: a revoked credential
//   can be listed but not edited, reactivated or regenerated (conflict). Revoking twice is a no-op.
//   A credential merely deactivated (ativo false by PUT) can be edited, regenerated and reactivated.
// - PUT changes only the fields it carries, so an omitted allowlist or limit is never cleared by accident.
import { parseAllowlistEntry } from '#shared/ip-ranges';
import { hashSecret, randomSecret } from '#shared/auth/secrets';
import type { Prestador, ProviderCredentialRecord } from '#shared/domain/applications/records';
import { conflict, invalid, notFound } from '#shared/domain/errors';

export const KEY_PREFIX = 'nbwp_';
export const MAX_LIMIT_PER_MINUTE = 100_000;
export const MAX_ALLOWLIST_ENTRIES = 50;
export const MAX_NAME_LENGTH = 100;

/** The provider a portal user acts for, from the token, never from the request. */
export interface ProviderScope {
  aplicacaoId: number;
  prestadorId: number;
}

export interface EditableFields {
  nome: string;
  /** Requests per minute; null when unlimited. */
  limitePorMinuto: number | null;
  ipAllowlist: string[];
  ativo: boolean;
}

export interface ProviderCredentialRepository {
  newId(): Promise<number>;
  getPrestador(aplicacaoId: number, prestadorId: number): Promise<Prestador | undefined>;
  /** Fails with a conflict if the key already exists. */
  create(record: ProviderCredentialRecord): Promise<void>;
  /** The credential with this id among the provider's own; another provider's or application's is a miss. */
  find(scope: ProviderScope, credencialId: number): Promise<ProviderCredentialRecord | undefined>;
  list(scope: ProviderScope): Promise<ProviderCredentialRecord[]>;
  /** Applies the changes unless the credential was revoked in the meantime (conflict) and returns it updated. */
  update(apiKey: string, changes: Partial<EditableFields> & { secretHash?: string }): Promise<ProviderCredentialRecord>;
  /** Deactivates and stamps revogadoEm, unless already revoked (then leaves it as it is). */
  revoke(apiKey: string, revogadoEm: string): Promise<void>;
}

/** Counts requests per credential and minute, across every instance that serves the credential. */
export interface RateLimiter {
  /** Takes one request of the minute holding `now`; refused when `limit` were already taken, with the seconds until the next minute. */
  consume(apiKey: string, limit: number, now: Date): Promise<{ allowed: true } | { allowed: false; retryAfter: number }>;
}

export const isRevoked = (record: Pick<ProviderCredentialRecord, 'revogadoEm'>): boolean => !!record.revogadoEm;

/** A credential's last use is recorded at most this often (the portal shows it to the minute). */
export const USE_RECORD_INTERVAL_MS = 60_000;

/** When a request at `now` should record the credential's use: none recorded, or the last one a minute old or more. */
export const useToRecord = (record: Pick<ProviderCredentialRecord, 'ultimoUsoEm'>, now: Date): boolean =>
  record.ultimoUsoEm === undefined || now.getTime() - Date.parse(record.ultimoUsoEm) >= USE_RECORD_INTERVAL_MS;

// The HTTP edge validates these already; the domain checks again because it trusts no caller.
function checked(changes: Partial<EditableFields>): Partial<EditableFields> {
  const out: Partial<EditableFields> = {};
  if (changes.nome !== undefined) {
    const nome = changes.nome.trim();
    if (!nome || nome.length > MAX_NAME_LENGTH) throw invalid(`nome must have 1 to ${MAX_NAME_LENGTH} characters`, 'nome');
    out.nome = nome;
  }
  if (changes.limitePorMinuto !== undefined) {
    const limit = changes.limitePorMinuto;
    if (limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT_PER_MINUTE)) {
      throw invalid(`limitePorMinuto must be an integer from 1 to ${MAX_LIMIT_PER_MINUTE}, or null`, 'limitePorMinuto');
    }
    out.limitePorMinuto = limit;
  }
  if (changes.ipAllowlist !== undefined) {
    if (changes.ipAllowlist.length > MAX_ALLOWLIST_ENTRIES)
      throw invalid(`ipAllowlist must have at most ${MAX_ALLOWLIST_ENTRIES} entries`, 'ipAllowlist');
    out.ipAllowlist = changes.ipAllowlist.map((entry, i) => {
      if (!parseAllowlistEntry(entry))
        throw invalid(`ipAllowlist.${i} "${entry}" is not an IPv4/IPv6 address or CIDR range`, `ipAllowlist.${i}`);
      return entry.trim();
    });
  }
  if (changes.ativo !== undefined) out.ativo = changes.ativo;
  return out;
}

async function ownCredential(repo: ProviderCredentialRepository, scope: ProviderScope, credencialId: number) {
  const record = await repo.find(scope, credencialId);
  if (!record) throw notFound('credential');
  return record;
}

const refuseRevoked = (record: ProviderCredentialRecord) => {
  if (isRevoked(record)) throw conflict('the credential was revoked and can no longer be changed');
};

/** A new credential of the provider, created at `now`; the secret is in the answer only. */
export async function createProviderCredential(
  repo: ProviderCredentialRepository,
  scope: ProviderScope,
  input: { nome: string } & Partial<Omit<EditableFields, 'nome'>>,
  now: Date,
): Promise<{ credential: ProviderCredentialRecord; apiSecret: string }> {
  const fields = checked(input);
  const prestador = await repo.getPrestador(scope.aplicacaoId, scope.prestadorId);
  if (!prestador) throw notFound('prestador');
  if (!prestador.ativo) throw conflict('the prestador is inactive');
  const apiSecret = randomSecret(32);
  const credential: ProviderCredentialRecord = {
    credencialId: await repo.newId(),
    apiKey: randomSecret(18, KEY_PREFIX),
    aplicacaoId: scope.aplicacaoId,
    prestadorId: scope.prestadorId,
    secretHash: hashSecret(apiSecret),
    nome: fields.nome as string,
    ativo: fields.ativo ?? true,
    ipAllowlist: fields.ipAllowlist ?? [],
    limitePorMinuto: fields.limitePorMinuto ?? null,
    revogadoEm: null,
    criadoEm: now.toISOString(),
  };
  await repo.create(credential);
  return { credential, apiSecret };
}

/** The provider's credentials, revoked ones included, oldest first. */
export async function listProviderCredentials(
  repo: ProviderCredentialRepository,
  scope: ProviderScope,
): Promise<ProviderCredentialRecord[]> {
  return (await repo.list(scope)).sort((a, b) => a.credencialId - b.credencialId);
}

/** Changes the given fields only; an omitted field keeps its value. */
export async function updateProviderCredential(
  repo: ProviderCredentialRepository,
  scope: ProviderScope,
  credencialId: number,
  changes: Partial<EditableFields>,
): Promise<ProviderCredentialRecord> {
  const fields = checked(changes);
  const record = await ownCredential(repo, scope, credencialId);
  refuseRevoked(record);
  if (Object.keys(fields).length === 0) return record;
  return repo.update(record.apiKey, fields);
}

/** A new secret for the same key; the previous secret stops working at once. */
export async function regenerateProviderCredentialSecret(
  repo: ProviderCredentialRepository,
  scope: ProviderScope,
  credencialId: number,
): Promise<{ credential: ProviderCredentialRecord; apiSecret: string }> {
  const record = await ownCredential(repo, scope, credencialId);
  refuseRevoked(record);
  const apiSecret = randomSecret(32);
  const credential = await repo.update(record.apiKey, { secretHash: hashSecret(apiSecret) });
  return { credential, apiSecret };
}

/** Revokes by deactivation (soft delete) at `now`; revoking a revoked credential changes nothing. */
export async function revokeProviderCredential(
  repo: ProviderCredentialRepository,
  scope: ProviderScope,
  credencialId: number,
  now: Date,
): Promise<void> {
  const record = await ownCredential(repo, scope, credencialId);
  if (isRevoked(record)) return;
  await repo.revoke(record.apiKey, now.toISOString());
}
