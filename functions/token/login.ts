// Logins that issue the portal JWTs:
//   POST /api/auth/login            e-mail and password (admin, prestador, plantonista)
//   POST /api/auth/paciente/codigo  asks for a one-time code on the patient's WhatsApp
//   POST /api/auth/paciente/token   exchanges the code for a patient token
// Every refusal is one answer whatever was wrong, so none tells which e-mails or phones exist.
import * as z from 'zod/mini';
import { adapter } from '#shared/adapters/index';
import type { WhatsAppPort } from '#shared/adapters/ports';
import { PASSWORD_MAX_LENGTH } from '#shared/auth/passwords';
import { config } from '#shared/config';
import { dynamoPatientRepository } from '#shared/db/patients';
import { dynamoUserAuthRepository } from '#shared/db/users';
import { DEFAULT_LOGIN_POLICY, LoginRefused, loginWithPassword, type LoginPolicy } from '#shared/domain/login';
import { exchangePatientCode, InvalidCode, requestPatientCode } from '#shared/domain/patient-otp';
import { E164 } from '#shared/domain/portal-users';
import { HttpError } from '#shared/http/errors';
import { json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { log } from '#shared/log';

const repo = dynamoUserAuthRepository();
const patients = dynamoPatientRepository();

// Tokens and refusals must not be stored by browsers or proxies (RFC 6749 5.1).
const noStore = { 'Cache-Control': 'no-store' };

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

/** config().loginLockSeconds (LOGIN_LOCK_SECONDS shortens it for tests and local trials). */
const loginPolicy = (): LoginPolicy => ({ ...DEFAULT_LOGIN_POLICY, lockSeconds: config().loginLockSeconds });

const tokenBody = (issued: { accessToken: string; expiresIn: number }) => ({
  access_token: issued.accessToken,
  token_type: 'Bearer',
  expires_in: issued.expiresIn,
});

/** The WhatsApp sender, or a visible 503 where none exists (no provider adapter deployed yet): never a silent 202. */
async function whatsappSender(): Promise<WhatsAppPort> {
  try {
    return await adapter('whatsapp');
  } catch (error) {
    log.error('no WhatsApp sender for one-time codes', { error });
    throw new HttpError(503, 'whatsapp_unavailable', 'Sending WhatsApp messages is not available');
  }
}

export const loginOperations: Operations<'token'> = {
  'POST /api/auth/login': async (request) => {
    const input = validate(loginBody, request.body);
    try {
      const issued = await loginWithPassword(repo, input, loginPolicy());
      return json(200, { ...tokenBody(issued), role: issued.role }, noStore);
    } catch (error) {
      if (!(error instanceof LoginRefused)) throw error;
      if (error.reason === 'locked') {
        throw new HttpError(
          429,
          'too_many_attempts',
          'Too many failed attempts; try again later',
          {},
          {
            ...noStore,
            'Retry-After': String(error.retryAfterSeconds ?? 1),
          },
        );
      }
      throw new HttpError(401, 'invalid_credentials', 'Invalid e-mail or password', {}, noStore);
    }
  },

  'POST /api/auth/paciente/codigo': async (request) => {
    const input = validate(codeRequestBody, request.body);
    const whatsapp = await whatsappSender();
    await requestPatientCode({ repo, whatsapp }, input);
    // The same answer whether or not the phone is a patient's, and when throttled.
    return json(202, { status: 'ENVIADO' }, noStore);
  },

  'POST /api/auth/paciente/token': async (request) => {
    const input = validate(codeExchangeBody, request.body);
    try {
      return json(200, tokenBody(await exchangePatientCode({ repo, patients }, input)), noStore);
    } catch (error) {
      if (error instanceof InvalidCode) throw new HttpError(401, 'invalid_code', 'The code is invalid or expired', {}, noStore);
      throw error;
    }
  },
};
