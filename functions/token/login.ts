// Logins that issue the portal JWTs:
//   POST /api/auth/login            e-mail and password (admin, prestador, plantonista)
//   POST /api/auth/paciente/codigo  asks for a one-time code on the patient's WhatsApp
//   POST /api/auth/paciente/token   exchanges the code for a patient token
// Every refusal is one answer whatever was wrong, so none tells which e-mails or phones exist.
import { adapter } from '#shared/adapters/index';
import { signPortalToken } from '#shared/auth/tokens';
import { config } from '#shared/config';
import { dynamoPatientRepository } from '#shared/db/patients';
import { dynamoUserAuthRepository } from '#shared/db/users';
import { DEFAULT_LOGIN_POLICY, LoginRefused, loginWithPassword, type LoginPolicy } from '#shared/domain/login';
import { exchangePatientCode, InvalidCode, PatientLoginThrottled, requestPatientCode } from '#shared/domain/patient-otp';
import { HttpError } from '#shared/http/errors';
import { json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { consoleRole, sessionCookie } from './sessions.ts';
import { loginBody, codeRequestBody, codeExchangeBody } from './requests.ts';
import type { tokenContract } from './contract.ts';

const repo = dynamoUserAuthRepository();
const patients = dynamoPatientRepository();

// Tokens and refusals must not be stored by browsers or proxies (RFC 6749 5.1).
const noStore = { 'Cache-Control': 'no-store' };

/** config().loginLockSeconds (LOGIN_LOCK_SECONDS shortens it for tests and local trials). */
const loginPolicy = (): LoginPolicy => ({ ...DEFAULT_LOGIN_POLICY, lockSeconds: config().loginLockSeconds });

const tokenBody = (issued: { accessToken: string; expiresIn: number }) => ({
  access_token: issued.accessToken,
  token_type: 'Bearer' as const,
  expires_in: issued.expiresIn,
});

/** 429 with Retry-After for a phone locked by wrong codes, or that had its codes this hour; anything else unchanged. */
const throttledAnswer = (error: unknown): unknown =>
  error instanceof PatientLoginThrottled
    ? new HttpError(
        429,
        error.reason === 'guesses' ? 'too_many_attempts' : 'too_many_codes',
        error.reason === 'guesses'
          ? 'Too many wrong codes for this phone; try again later'
          : 'Too many codes asked for this phone; try again later',
        {},
        { ...noStore, 'Retry-After': String(Math.max(1, error.retryAfterSeconds)) },
      )
    : error;

export const loginOperations: Operations<'token', typeof tokenContract> = {
  'POST /api/auth/login': async (request) => {
    const input = validate(loginBody, request.body);
    try {
      const issued = await loginWithPassword({ repo, signToken: signPortalToken }, input, new Date(), loginPolicy());
      // The console's session: a rotating refresh token in an HttpOnly cookie (./sessions.ts).
      const setCookie = await sessionCookie(request, issued.user, issued.senhaHash);
      return json(200, { ...tokenBody(issued), role: consoleRole(issued.role) }, { ...noStore, ...setCookie });
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
    const queue = await adapter('queue');
    try {
      // Counted and queued, for any phone: the code is made and sent by the patient-code queue's consumer.
      await requestPatientCode({ repo, queue: (work) => queue.send('patientCodes', work) }, input, new Date());
    } catch (error) {
      throw throttledAnswer(error);
    }
    // The same answer whether or not the phone is a patient's, and when a request within 30 seconds is dropped.
    return json(202, { status: 'ENVIADO' }, noStore);
  },

  'POST /api/auth/paciente/token': async (request) => {
    const input = validate(codeExchangeBody, request.body);
    try {
      return json(200, tokenBody(await exchangePatientCode({ repo, patients, signToken: signPortalToken }, input, new Date())), noStore);
    } catch (error) {
      if (error instanceof InvalidCode) throw new HttpError(401, 'invalid_code', 'The code is invalid or expired', {}, noStore);
      throw throttledAnswer(error);
    }
  },
};
