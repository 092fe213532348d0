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
}

export type AuthorizerContext = Record<string, string>;

export function toAuthorizerContext(p: Principal): AuthorizerContext {
  const ctx: AuthorizerContext = { scopes: p.scopes.join(' ') };
  if (p.aplicacaoId !== undefined) ctx.aplicacaoId = String(p.aplicacaoId);
  if (p.role) ctx.role = p.role;
  if (p.subject) ctx.subject = p.subject;
  if (p.prestadorId !== undefined) ctx.prestadorId = String(p.prestadorId);
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
  };
}
