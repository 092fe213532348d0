// The console's session: the access token lives in this module's memory only (never in storage, so a
// script injected later finds nothing to steal); the refresh token is an HttpOnly cookie the browser
// sends to /api/auth/refresh and /api/auth/logout alone.
//
// A refresh token is good once, and two refreshes of one token sent together revoke the session
// (docs/decisions.md, "Console sessions"), so every tab of the console takes the same Web Lock for its
// refresh: they queue, and each spends the token the previous one left in the cookie.

import type { Role } from './areas';

export interface Session {
  token: string;
  role: Role;
  aplicacaoId: number;
  /** A platform admin manages every application (Aplicações). */
  plataforma: boolean;
  userId: string;
  /** When the access token expires, in ms since the epoch. */
  expiresAt: number;
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
  role: Role;
}

const REFRESH_LOCK = 'console-refresh';
/** Refresh this long before the access token expires, so a request never leaves with a dead one. */
const EARLY_MS = 30_000;

let current: Session | undefined;
const listeners = new Set<(session: Session | undefined) => void>();

export const session = (): Session | undefined => current;

export function onSessionChange(listener: (session: Session | undefined) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function become(next: Session | undefined): void {
  current = next;
  for (const listener of listeners) listener(next);
}

function claims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
}

function fromAnswer(answer: TokenAnswer): Session {
  const c = claims(answer.access_token);
  return {
    token: answer.access_token,
    role: answer.role,
    aplicacaoId: Number(c.aplicacao_id),
    plataforma: c.plataforma === true,
    userId: String(c.sub),
    expiresAt: Date.now() + answer.expires_in * 1000,
  };
}

/**
 * Reads to its end the body of an answer the console has no use for (a refusal's few bytes). An answer
 * whose body is left alone keeps its request pending for the page's life (Chromium), so the page never
 * goes idle; a cancelled one ends as a failed request (net::ERR_ABORTED). Read, it simply finishes.
 */
export async function discard(answer: Response): Promise<void> {
  await answer.arrayBuffer().catch(() => undefined);
}

export type LoginOutcome = { ok: true } | { ok: false; message: string };

export async function login(email: string, senha: string): Promise<LoginOutcome> {
  let answer: Response;
  try {
    answer = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, senha }),
    });
  } catch {
    return { ok: false, message: 'Não foi possível falar com o servidor. Verifique a conexão e tente de novo.' };
  }
  if (answer.ok) {
    become(fromAnswer((await answer.json()) as TokenAnswer));
    return { ok: true };
  }
  await discard(answer);
  if (answer.status === 401) return { ok: false, message: 'E-mail ou senha incorretos.' };
  if (answer.status === 429) {
    const minutes = Math.max(1, Math.ceil(Number(answer.headers.get('Retry-After') ?? 60) / 60));
    return { ok: false, message: `Muitas tentativas erradas. Tente de novo em ${minutes} min.` };
  }
  return { ok: false, message: `O servidor recusou o login (${answer.status}). Tente de novo.` };
}

/**
 * Spends the refresh cookie for a new access token, one tab at a time. True when the session goes on;
 * false when it is over (the cookie is gone, expired or revoked), and then the console shows the login.
 */
export async function refresh(): Promise<boolean> {
  const spend = async (): Promise<boolean> => {
    // Another tab may have refreshed while this one waited for the lock: its new cookie is ours too.
    const answer = await fetch('/api/auth/refresh', { method: 'POST', headers: { 'X-Requested-With': 'console' } }).catch(() => undefined);
    if (!answer) return false;
    if (!answer.ok) {
      await discard(answer);
      become(undefined);
      return false;
    }
    become(fromAnswer((await answer.json()) as TokenAnswer));
    return true;
  };
  return navigator.locks ? navigator.locks.request(REFRESH_LOCK, spend) : spend();
}

/** A live access token, refreshed first when it is about to expire; undefined once the session is over. */
export async function accessToken(): Promise<string | undefined> {
  if (current && current.expiresAt - EARLY_MS > Date.now()) return current.token;
  if (!(await refresh())) return undefined;
  return current?.token;
}

export async function logout(): Promise<void> {
  const answer = await fetch('/api/auth/logout', { method: 'POST', headers: { 'X-Requested-With': 'console' } }).catch(() => undefined);
  if (answer) await discard(answer);
  become(undefined);
}
