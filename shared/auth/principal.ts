// What an authorizer established about the caller, carried to the handler through
// API Gateway's authorizer context (string values only on the wire).

export interface Principal {
  /** The tenant every read and write of this request is scoped to. */
  aplicacaoId?: number;
  scopes: string[];
  role?: string;
  /** Client id, user id or credential key, for logs and audit. */
  subject?: string;
  prestadorId?: number;
  /** The patient record a patient-app token names. */
  pacienteId?: number;
  /** The integration an agent certificate was issued for, and its serial (the agent channel). */
  integracaoId?: number;
  certificado?: string;
  /** Epoch seconds after which the credential (a JWT) is no longer valid, checked on every request. */
  expiresAt?: number;
  /**
   * Set instead of a tenant when the credential was presented but refused in a way API Gateway
   * cannot express (its 401 has one body for every scheme): the kit answers it (RFC 6750 errors,
   * 429 with Retry-After).
   */
  authError?: AuthError;
  /** Seconds, with authError `rate_limited`. */
  retryAfter?: number;
}

export type AuthError = 'invalid_token' | 'rate_limited';

/**
 * The principal of a route with an authorizer: every scheme (API key, OAuth2, provider credential,
 * portal JWT, agent) names the application it acts for, and the kit refuses a request whose
 * principal does not (shared/http/access.ts). Only public routes and webhooks see a bare Principal.
 */
export interface TenantPrincipal extends Principal {
  aplicacaoId: number;
  authError?: undefined;
}

export type AuthorizerContext = Record<string, string>;

export function toAuthorizerContext(p: Principal): AuthorizerContext {
  const ctx: AuthorizerContext = { scopes: p.scopes.join(' ') };
  if (p.aplicacaoId !== undefined) ctx.aplicacaoId = String(p.aplicacaoId);
  if (p.role) ctx.role = p.role;
  if (p.subject) ctx.subject = p.subject;
  if (p.prestadorId !== undefined) ctx.prestadorId = String(p.prestadorId);
  if (p.pacienteId !== undefined) ctx.pacienteId = String(p.pacienteId);
  if (p.integracaoId !== undefined) ctx.integracaoId = String(p.integracaoId);
  if (p.certificado) ctx.certificado = p.certificado;
  if (p.expiresAt !== undefined) ctx.expiresAt = String(p.expiresAt);
  if (p.authError) ctx.authError = p.authError;
  if (p.retryAfter !== undefined) ctx.retryAfter = String(p.retryAfter);
  return ctx;
}

const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));

export function fromAuthorizerContext(ctx: Record<string, unknown> | null | undefined): Principal {
  if (!ctx) return { scopes: [] };
  const scopes = typeof ctx.scopes === 'string' && ctx.scopes ? ctx.scopes.split(' ') : [];
  return {
    aplicacaoId: num(ctx.aplicacaoId),
    scopes,
    role: typeof ctx.role === 'string' ? ctx.role : undefined,
    subject: typeof ctx.subject === 'string' ? ctx.subject : undefined,
    prestadorId: num(ctx.prestadorId),
    pacienteId: num(ctx.pacienteId),
    integracaoId: num(ctx.integracaoId),
    certificado: typeof ctx.certificado === 'string' && ctx.certificado ? ctx.certificado : undefined,
    expiresAt: num(ctx.expiresAt),
    authError: ctx.authError === 'invalid_token' || ctx.authError === 'rate_limited' ? ctx.authError : undefined,
    retryAfter: num(ctx.retryAfter),
  };
}
