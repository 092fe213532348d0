// Console sessions (#26): the refresh tokens that keep a password user (admin, prestador,
// plantonista) logged in while its access token, kept in the console's memory only, lives 15 to 60
// minutes. Rules (RFC 6819 5.2.2.3, OAuth 2.0 Security BCP 4.14):
//
// - A login starts a family; each refresh spends the token presented and issues the next one of the
//   same family (rotation). A token is `<id>.<secret>`: the id names its item, the secret (256 bits)
//   is stored only as its SHA-256 and compared in constant time, as the API secrets are.
// - A spent token presented again (a stolen copy, or the holder's own after a thief used it) revokes
//   the whole family: every later refresh of it, the legitimate holder's included, is refused.
// - Lifetimes: a token lives REFRESH_TOKEN_TTL_SECONDS from its issue (a secretary's shift) and never
//   past its family's absolute end, SESSION_MAX_SECONDS after the login: then the user logs in again.
// - Bound to the user: refused once the user is deleted or deactivated, its role changed, its
//   password changed (the family keeps a fingerprint of the password hash at login), or its
//   application made inactive; such a family is revoked.
// - Logout revokes the family of the token presented, spent or not.
//
// Every refusal is one SessionRefused: the caller answers them alike.
import { randomBytes } from 'node:crypto';
import { hashSecret, secretMatches } from '#shared/auth/secrets';
import type { PortalUser } from '#shared/domain/applications/records';
import { epochSeconds } from '#shared/domain/time';
import { issuePortalToken, type IssuedPortalToken, type LoginAccount, type PortalTokenSigner } from '#shared/domain/login';
import { portalRoles, type PortalRole } from '#shared/domain/permissions';

/** A refresh token's own lifetime: a 12-hour shift. */
export const REFRESH_TOKEN_TTL_SECONDS = 12 * 60 * 60;
/** A family's absolute lifetime from the login, whatever its refreshes: a 24-hour on-call shift at most. */
export const SESSION_MAX_SECONDS = 24 * 60 * 60;
/** Lost races (TransactionConflict) retried before giving up. */
const MAX_ROTATION_ATTEMPTS = 3;

/** The roles that log in with a password, and so have console sessions. */
export type ConsoleRole = Exclude<PortalRole, 'paciente'>;
/** Every ConsoleRole: the portal roles but the patient's. */
export const consoleRoles: readonly ConsoleRole[] = portalRoles.filter((role): role is ConsoleRole => role !== 'paciente');

export interface SessionFamily {
  id: string;
  aplicacaoId: number;
  userId: number;
  role: ConsoleRole;
  /** The user's e-mail at login (its login item holds the password hash). */
  email: string;
  /** SHA-256 of the user's password hash at login: a changed password no longer matches. */
  senhaFp: string;
  /** Epoch seconds. */
  criadoEm: number;
  /** Absolute end, epoch seconds: criadoEm + SESSION_MAX_SECONDS. */
  expiraEm: number;
  revogadoEm?: number;
}

export interface RefreshTokenRecord {
  id: string;
  /** SHA-256 (hex) of the secret part. */
  segredoHash: string;
  familiaId: string;
  aplicacaoId: number;
  /** Epoch seconds. */
  emitidoEm: number;
  expiraEm: number;
  /** Its family's absolute end: the record is kept until then, so a spent copy is recognised as long as it matters. */
  familiaExpiraEm: number;
  /** Set when a refresh spent it. */
  usadoEm?: number;
}

export type RotationOutcome = 'rotated' | 'spent' | 'revoked' | 'raced';

export interface SessionRepository {
  getRefreshToken(id: string): Promise<RefreshTokenRecord | undefined>;
  getFamily(aplicacaoId: number, familiaId: string): Promise<SessionFamily | undefined>;
  getPortalUser(aplicacaoId: number, id: number): Promise<(PortalUser & { ativo?: boolean }) | undefined>;
  findLoginAccount(email: string): Promise<LoginAccount | undefined>;
  isApplicationActive(aplicacaoId: number): Promise<boolean>;
  /** The family and its first token, together. */
  startFamily(family: SessionFamily, first: RefreshTokenRecord): Promise<void>;
  /**
   * Spends `spent` and stores `next`, in one transaction, only while `spent` is unspent and its family
   * not revoked: 'spent' when another refresh spent it first, 'revoked' when the family is, 'raced'
   * when the transaction lost a conflict with nothing decided (read again and retry).
   */
  rotate(spent: RefreshTokenRecord, next: RefreshTokenRecord, now: Date): Promise<RotationOutcome>;
  /** Marks the family revoked (once: a second revocation keeps the first time). */
  revokeFamily(aplicacaoId: number, familiaId: string, now: Date, motivo: RevocationReason): Promise<void>;
}

export type RevocationReason = 'logout' | 'reuse' | 'user';

export class SessionRefused extends Error {
  constructor(readonly reason: 'malformed' | 'unknown' | 'expired' | 'revoked' | 'reused' | 'user') {
    super('The refresh token is invalid, expired or revoked');
    this.name = 'SessionRefused';
  }
}

/** A refresh token to hand over: its value (shown once, never stored) and its lifetime in seconds. */
export interface IssuedRefreshToken {
  value: string;
  maxAgeSeconds: number;
}

const TOKEN_FORMAT = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const fingerprint = (senhaHash: string): string => hashSecret(`senha:${senhaHash}`);

/** A new token of `family` issued at `now`: its record to store and the value to hand over. */
export function newRefreshToken(family: Pick<SessionFamily, 'id' | 'aplicacaoId' | 'expiraEm'>, now: Date) {
  const at = epochSeconds(now);
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const expiraEm = Math.min(at + REFRESH_TOKEN_TTL_SECONDS, family.expiraEm);
  const record: RefreshTokenRecord = {
    id,
    segredoHash: hashSecret(secret),
    familiaId: family.id,
    aplicacaoId: family.aplicacaoId,
    emitidoEm: at,
    expiraEm,
    familiaExpiraEm: family.expiraEm,
  };
  return { record, issued: { value: `${id}.${secret}`, maxAgeSeconds: expiraEm - at } satisfies IssuedRefreshToken };
}

/** Starts the session of a user who just logged in with its password. */
export async function startSession(
  repo: Pick<SessionRepository, 'startFamily'>,
  user: PortalUser,
  senhaHash: string,
  now: Date,
): Promise<IssuedRefreshToken> {
  if (user.role === 'paciente') throw new Error('patients have no console session');
  const family: SessionFamily = {
    id: randomBytes(16).toString('base64url'),
    aplicacaoId: user.aplicacaoId,
    userId: user.id,
    role: user.role,
    email: user.email.trim().toLowerCase(),
    senhaFp: fingerprint(senhaHash),
    criadoEm: epochSeconds(now),
    expiraEm: epochSeconds(now) + SESSION_MAX_SECONDS,
  };
  const { record, issued } = newRefreshToken(family, now);
  await repo.startFamily(family, record);
  return issued;
}

/** The token's record when `presented` is one of ours (its secret matches), else undefined. */
async function findPresented(repo: SessionRepository, presented: string): Promise<RefreshTokenRecord | undefined> {
  const parts = TOKEN_FORMAT.exec(presented);
  if (!parts) return undefined;
  const record = await repo.getRefreshToken(parts[1]!);
  // An unknown id still pays a comparison, so the time tells no id from a wrong secret.
  const matches = secretMatches(parts[2]!, record?.segredoHash ?? hashSecret('none'));
  return record && matches ? record : undefined;
}

/** Why the session can no longer be refreshed, if it cannot. */
export function expiryRefusal(token: RefreshTokenRecord, family: SessionFamily | undefined, now: Date): SessionRefused | undefined {
  const at = epochSeconds(now);
  if (!family || family.revogadoEm !== undefined) return new SessionRefused('revoked');
  if (at >= token.expiraEm || at >= family.expiraEm) return new SessionRefused('expired');
  return undefined;
}

/** Spends `presented` for a new access token (signed by `signToken`) and the next refresh token of its family. Throws SessionRefused. */
export async function refreshSession(
  deps: { repo: SessionRepository; signToken: PortalTokenSigner },
  presented: string,
  now: Date,
): Promise<{ access: IssuedPortalToken; refresh: IssuedRefreshToken; aplicacaoId: number }> {
  const { repo } = deps;
  for (let attempt = 1; attempt <= MAX_ROTATION_ATTEMPTS; attempt++) {
    const token = await findPresented(repo, presented);
    if (!token) throw new SessionRefused('unknown');
    if (token.usadoEm !== undefined) {
      await repo.revokeFamily(token.aplicacaoId, token.familiaId, now, 'reuse');
      throw new SessionRefused('reused');
    }
    const family = await repo.getFamily(token.aplicacaoId, token.familiaId);
    const refusal = expiryRefusal(token, family, now);
    if (refusal || !family) throw refusal ?? new SessionRefused('revoked');

    const [user, account, active] = await Promise.all([
      repo.getPortalUser(family.aplicacaoId, family.userId),
      repo.findLoginAccount(family.email),
      repo.isApplicationActive(family.aplicacaoId),
    ]);
    const sameUser =
      user !== undefined &&
      user.ativo !== false &&
      user.role === family.role &&
      account?.aplicacaoId === family.aplicacaoId &&
      account.userId === family.userId &&
      account.senhaHash !== undefined &&
      fingerprint(account.senhaHash) === family.senhaFp;
    if (!sameUser || !active) {
      await repo.revokeFamily(family.aplicacaoId, family.id, now, 'user');
      throw new SessionRefused('user');
    }

    const next = newRefreshToken(family, now);
    const outcome = await repo.rotate(token, next.record, now);
    if (outcome === 'raced') continue;
    if (outcome === 'spent') {
      await repo.revokeFamily(family.aplicacaoId, family.id, now, 'reuse');
      throw new SessionRefused('reused');
    }
    if (outcome === 'revoked') throw new SessionRefused('revoked');
    return { access: await issuePortalToken(deps.signToken, user), refresh: next.issued, aplicacaoId: family.aplicacaoId };
  }
  throw new SessionRefused('revoked');
}

/** Revokes the family of `presented`, spent or not; a token that is not ours changes nothing. */
export async function endSession(repo: SessionRepository, presented: string, now: Date): Promise<void> {
  const token = await findPresented(repo, presented);
  if (token) await repo.revokeFamily(token.aplicacaoId, token.familiaId, now, 'logout');
}
