// The refresh cookie's Path and how the cookie is read back (functions/token/sessions.ts).
import { describe, expect, it } from 'vitest';
import { cookiePath, presentedToken } from '#functions/token/sessions';

describe('refresh cookie', () => {
  it('is scoped to /api/auth under the stage the browser sees', () => {
    // execute-api URL: requestContext.path carries the stage, the route path does not
    expect(cookiePath('/prod/api/auth/login', '/api/auth/login')).toBe('/prod/api/auth');
    // local gateway, or a custom domain mapped at its root
    expect(cookiePath('/api/auth/login', '/api/auth/login')).toBe('/api/auth');
    // nothing usable: the plain path, never something taken from a malformed prefix
    expect(cookiePath(undefined, undefined)).toBe('/api/auth');
    expect(cookiePath('/a;b/api/auth/login', '/api/auth/login')).toBe('/api/auth');
  });

  it('is read from the Cookie header among other cookies', () => {
    expect(presentedToken('tema=escuro; refresh_token=abc.def; x=1')).toBe('abc.def');
    expect(presentedToken('refresh_token_old=zzz')).toBeUndefined();
    expect(presentedToken(undefined)).toBeUndefined();
  });
});
