// The console's session routes (#26): the refresh-token cookie set by the password login, its
// rotation and the logout. The rules are in shared/domain/console-sessions.ts; here is only HTTP:
//
// - The cookie: `refresh_token=<id>.<secret>; HttpOnly; Secure; SameSite=Strict; Path=<stage>/api/auth;
//   Max-Age=<seconds>`. HttpOnly keeps it from scripts (an XSS cannot read it); Path sends it only to
//   /api/auth/*; SameSite=Strict keeps it off every cross-site request.
// - CSRF: refresh and logout are POSTs without a body (an empty JSON object at most, sent as
//   application/json only) and require `X-Requested-With: console`, else 403 before the cookie is read.
//   A cross-site page can send neither that header nor a JSON body without a CORS preflight, which
//   this API does not grant; so even a browser that ignores SameSite cannot be made to rotate or
//   revoke a session for another site.
// - Every refusal of a refresh is the same 401 `invalid_grant` (the kit's error body), and clears the cookie.
import { signPortalToken } from '#shared/auth/tokens';
import { dynamoSessionRepository } from '#shared/db/console-sessions';
import { endSession, refreshSession, SessionRefused, startSession } from '#shared/domain/console-sessions';
import type { PortalUser } from '#shared/domain/applications/records';
import type { PortalRole } from '#shared/domain/permissions';
import { HttpError } from '#shared/http/errors';
import { json, type ApiRequest, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { REFRESH_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE, emptyBody } from './requests.ts';
import type { tokenContract } from './contract.ts';

const AUTH_PATH = '/api/auth';

const sessions = dynamoSessionRepository();
const noStore = { 'Cache-Control': 'no-store' };

/**
 * The cookie's Path: /api/auth under whatever prefix the browser sees. On an execute-api URL the stage
 * (`/prod`) is part of the browser's path but not of the route's, and requestContext.path has it.
 */
export function cookiePath(seenPath: string | undefined, routePath: string | undefined): string {
  const seen = seenPath ?? '';
  const path = routePath ?? '';
  const prefix = path && seen.endsWith(path) ? seen.slice(0, seen.length - path.length) : '';
  return `${/^(\/[A-Za-z0-9_-]+)*$/.test(prefix) ? prefix : ''}${AUTH_PATH}`;
}

const cookie = (request: ApiRequest, value: string, maxAgeSeconds: number) =>
  `${REFRESH_COOKIE}=${value}; HttpOnly; Secure; SameSite=Strict; Path=${cookiePath(request.event.requestContext?.path, request.event.path)}; Max-Age=${maxAgeSeconds}`;

const clearedCookie = (request: ApiRequest) => cookie(request, '', 0);

/** The refresh token of the request's Cookie header; undefined when there is none. */
export function presentedToken(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === REFRESH_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The CSRF defence of refresh and logout: the custom header, and no body but `{}`. */
function checkSessionRequest(request: ApiRequest): void {
  if (request.headers[CSRF_HEADER.toLowerCase()] !== CSRF_HEADER_VALUE) {
    throw new HttpError(403, 'forbidden', `${CSRF_HEADER}: ${CSRF_HEADER_VALUE} is required`, {}, noStore);
  }
  if (request.body !== undefined) validate(emptyBody, request.body);
}

/**
 * The role a console token names: a password login's, never a patient's (none has a password, so none has a
 * console session: shared/domain/login.ts refuses it). The contract's enum has no `paciente`; were one to come
 * here, it would be a fault, not an answer.
 */
export function consoleRole(role: PortalRole): Exclude<PortalRole, 'paciente'> {
  if (role === 'paciente') throw new Error('a patient has no password login or console session');
  return role;
}

/** Starts the console session of a password login: the Set-Cookie header of its answer. */
export async function sessionCookie(request: ApiRequest, user: PortalUser, senhaHash: string): Promise<Record<string, string>> {
  const refresh = await startSession(sessions, user, senhaHash, new Date());
  return { 'Set-Cookie': cookie(request, refresh.value, refresh.maxAgeSeconds) };
}

export const sessionOperations: Operations<'token', typeof tokenContract> = {
  'POST /api/auth/refresh': async (request) => {
    checkSessionRequest(request);
    const presented = presentedToken(request.headers.cookie);
    try {
      if (!presented) throw new SessionRefused('malformed');
      const { access, refresh } = await refreshSession({ repo: sessions, signToken: signPortalToken }, presented, new Date());
      return json(
        200,
        { access_token: access.accessToken, token_type: 'Bearer', expires_in: access.expiresIn, role: consoleRole(access.role) },
        { ...noStore, 'Set-Cookie': cookie(request, refresh.value, refresh.maxAgeSeconds) },
      );
    } catch (error) {
      if (!(error instanceof SessionRefused)) throw error;
      throw new HttpError(
        401,
        'invalid_grant',
        'The refresh token is invalid, expired or revoked',
        {},
        {
          ...noStore,
          'Set-Cookie': clearedCookie(request),
        },
      );
    }
  },

  'POST /api/auth/logout': async (request) => {
    checkSessionRequest(request);
    const presented = presentedToken(request.headers.cookie);
    if (presented) await endSession(sessions, presented, new Date());
    return { statusCode: 204, headers: { ...noStore, 'Set-Cookie': clearedCookie(request) } };
  },
};
