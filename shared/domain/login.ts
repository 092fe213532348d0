// Password login of the portal users (admin, provider portal, physician portal). Patients have
// no password: they log in with a one-time code (shared/domain/patient-otp.ts).
//
// - A wrong e-mail and a wrong password are the same refusal, and cost the same time: an
//   unknown e-mail (or a user without a password) is checked against a dummy scrypt hash.
// - Failures are counted per e-mail, whether or not the e-mail belongs to a user, so the lockout
//   tells nothing about which e-mails exist. Each attempt is counted *before* its password is
//   checked (an atomic reservation), so parallel guesses cannot get past the limit either.
//   The 5th failure within the window locks the e-mail; a success clears the count.
// - The trade-off: anyone can lock a known e-mail out for the lock duration by failing 5 times.
import { verifyAgainstDummy, verifyPassword } from '#shared/auth/passwords';
import type { PortalUser } from '#shared/domain/applications/records';
import type { PortalRole } from '#shared/domain/permissions';
import { epochSeconds } from '#shared/domain/time';

/** Portal token lifetimes: short for admins (they can manage tenants and users), a working hour for the portals. */
export const PORTAL_TOKEN_TTL_SECONDS: Record<PortalRole, number> = {
  admin: 15 * 60,
  prestador: 60 * 60,
  plantonista: 60 * 60,
  paciente: 60 * 60,
};

export interface LoginPolicy {
  /** Failures within the window that lock the e-mail. */
  maxFailures: number;
  /** Failures older than this (counted from the first one) are forgotten. */
  failureWindowSeconds: number;
  /** How long the e-mail stays locked after the last allowed failure. */
  lockSeconds: number;
}

export const DEFAULT_LOGIN_POLICY: LoginPolicy = { maxFailures: 5, failureWindowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/** The login view of a user's e-mail: whose it is and the password hash, if the user has one. */
export interface LoginAccount {
  aplicacaoId: number;
  userId: number;
  senhaHash?: string;
}

export type AttemptReservation = { allowed: true; attempt: number } | { allowed: false; retryAfterSeconds: number };

export interface LoginRepository {
  findLoginAccount(email: string): Promise<LoginAccount | undefined>;
  getPortalUser(aplicacaoId: number, id: number): Promise<PortalUser | undefined>;
  /**
   * Counts one more attempt for the e-mail unless `maxFailures` are already counted in the live
   * window (then: locked, with the seconds left). A window that ended starts again at 1.
   */
  reserveLoginAttempt(email: string, now: Date, policy: LoginPolicy): Promise<AttemptReservation>;
  /** Keeps the e-mail locked until `untilSeconds` (no-op when its record was cleared meanwhile). */
  lockLogin(email: string, untilSeconds: number): Promise<void>;
  /** Forgets the e-mail's attempts (after a success). */
  clearLoginAttempts(email: string): Promise<void>;
}

export class LoginRefused extends Error {
  constructor(
    readonly reason: 'invalid_credentials' | 'locked',
    /** With `locked`: seconds until another attempt is accepted. */
    readonly retryAfterSeconds?: number,
  ) {
    super(reason === 'locked' ? 'Too many failed attempts' : 'Invalid e-mail or password');
    this.name = 'LoginRefused';
  }
}

export interface IssuedPortalToken {
  accessToken: string;
  expiresIn: number;
  role: PortalRole;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** What a portal token says: the claims the signer turns into a JWT. */
export interface PortalTokenInput {
  role: PortalRole;
  aplicacaoId: number;
  /** The user the token is about (its id). */
  subject: string;
  ttlSeconds: number;
  /** The provider a `prestador` user acts for, carried as `prestador_id`. */
  prestadorId?: number;
  /** The patient record (pattern 28) a `paciente` user is, carried as `paciente_id`. */
  pacienteId?: number;
  /** An admin of the platform operator (may manage every application), carried as `plataforma: true`. */
  plataforma?: boolean;
}

/**
 * The port that signs a portal token (the signing key is in the secret store, which the domain never reads): the
 * entry points pass signPortalToken (shared/auth/tokens.ts), tests a fake.
 */
export type PortalTokenSigner = (input: PortalTokenInput) => Promise<string>;

/** A portal token for `user`, signed by `signToken`, with its role's lifetime; a patient's names its patient record. */
export async function issuePortalToken(signToken: PortalTokenSigner, user: PortalUser, pacienteId?: number): Promise<IssuedPortalToken> {
  const expiresIn = PORTAL_TOKEN_TTL_SECONDS[user.role];
  const accessToken = await signToken({
    role: user.role,
    aplicacaoId: user.aplicacaoId,
    subject: String(user.id),
    ttlSeconds: expiresIn,
    prestadorId: user.role === 'prestador' ? user.prestadorId : undefined,
    pacienteId: user.role === 'paciente' ? pacienteId : undefined,
    plataforma: user.role === 'admin' && user.plataforma === true,
  });
  return { accessToken, expiresIn, role: user.role };
}

/** A password login: the portal token, and the user and password hash its console session is bound to. */
export interface PasswordLogin extends IssuedPortalToken {
  user: PortalUser;
  senhaHash: string;
}

export interface LoginDeps {
  repo: LoginRepository;
  signToken: PortalTokenSigner;
}

/** Checks e-mail and password at `now` and issues a portal token; throws LoginRefused otherwise. */
export async function loginWithPassword(
  deps: LoginDeps,
  input: { email: string; senha: string },
  now: Date,
  policy: LoginPolicy = DEFAULT_LOGIN_POLICY,
): Promise<PasswordLogin> {
  const { repo } = deps;
  const email = normalizeEmail(input.email);
  const [reservation, account] = await Promise.all([repo.reserveLoginAttempt(email, now, policy), repo.findLoginAccount(email)]);
  if (!reservation.allowed) throw new LoginRefused('locked', reservation.retryAfterSeconds);

  const passwordOk = account?.senhaHash ? await verifyPassword(input.senha, account.senhaHash) : await verifyAgainstDummy(input.senha);
  const user = passwordOk && account ? await repo.getPortalUser(account.aplicacaoId, account.userId) : undefined;
  // A patient never logs in with a password (none is ever stored for one; this guards the rule).
  if (!user || !account?.senhaHash || user.role === 'paciente') {
    if (reservation.attempt >= policy.maxFailures) await repo.lockLogin(email, epochSeconds(now) + policy.lockSeconds);
    throw new LoginRefused('invalid_credentials');
  }
  await repo.clearLoginAttempts(email);
  return { ...(await issuePortalToken(deps.signToken, user)), user, senhaHash: account.senhaHash };
}
