// What the token group validates: the portal login, the patient's one-time code, and the console session's cookie and CSRF header.
// Its contract (functions/token/contract.ts) documents them.
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from '#shared/auth/passwords';
import { E164 } from '#shared/domain/portal-users';

export const loginBody = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  senha: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});

const aplicacao = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

const telefone = z.string().check(
  z.maxLength(32),
  z.trim(),
  z.refine((v) => E164.test(v), { error: 'must be in E.164 format, like +5511999990000' }),
);

export const codeRequestBody = z.object({ aplicacao, telefone });

export const codeExchangeBody = z.object({
  aplicacao,
  telefone,
  codigo: z.string().check(
    z.maxLength(16),
    z.trim(),
    z.refine((v) => /^\d{6}$/.test(v), { error: 'must be the 6 digits received' }),
  ),
});

export const REFRESH_COOKIE = 'refresh_token';

export const CSRF_HEADER = 'X-Requested-With';

export const CSRF_HEADER_VALUE = 'console';

/** The body refresh and logout take, when one is sent at all: an empty JSON object. */
export const emptyBody = z.strictObject({});
