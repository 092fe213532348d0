// Patient login by a one-time code sent over WhatsApp. Patients have no password: they ask for
// a code for their phone in their application, receive it on that phone and exchange it for a
// short-lived patient token.
//
// - Asking for a code answers the same whether or not the phone belongs to a patient (no
//   enumeration), and in the same time: the request is only counted and queued; the code is
//   generated and sent by the queue's consumer, and only when the phone is a patient's.
// - Only a hash of the code is stored, with a 5-minute lifetime and an attempt counter. Each
//   guess is counted before it is compared (atomically), so 5 wrong guesses kill the code even
//   when they arrive together; the right code is used once (conditional delete).
// - Wrong guesses are also counted per phone (in the application), across codes and whether or
//   not the phone is a patient's: after 10 in 24 hours, asking for a code and exchanging one are
//   refused (429) until those 24 hours end. A right code is not counted.
// - At most one code per phone every 30 seconds (a request sooner is answered the same and
//   dropped; the previous code stays valid) and 5 codes per phone per hour (429 after that).
import { randomInt, randomBytes } from 'node:crypto';
import type { WhatsAppPort } from '#shared/adapters/ports';
import { hashSecret, secretMatches } from '#shared/auth/secrets';
import type { Application, PortalUser } from '#shared/domain/applications/records';
import { issuePortalToken, type IssuedPortalToken, type PortalTokenSigner } from '#shared/domain/login';
import { patientOfPhone, type PatientRepository } from '#shared/domain/patients';
import { epochSeconds } from '#shared/domain/time';
import type { CountReservation, WindowLimit } from '#shared/domain/windowed-limit';
import { log } from '#shared/log';

export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_RESEND_SECONDS = 30;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_DIGITS = 6;
/** Wrong guesses per phone, across codes: 10 in 24 hours (from the first), then the phone is locked until they end. */
export const OTP_GUESS_LIMIT: WindowLimit = { max: 10, windowSeconds: 24 * 3600 };
/** Codes per phone: 5 an hour (from the first), at least 30 seconds apart. */
export const OTP_REQUEST_LIMIT: WindowLimit = { max: 5, windowSeconds: 3600, gapSeconds: OTP_RESEND_SECONDS };

export interface OtpRecord {
  aplicacaoId: number;
  telefone: string;
  userId: number;
  /** SHA-256 of `<salt>:<code>`; the code itself is never stored. */
  codigoHash: string;
  salt: string;
  /** Guesses counted so far (the right one included). */
  tentativas: number;
  /** Epoch seconds: when the code was asked for (the request's time, not the queue's). */
  enviadoEm: number;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
}

/** Work of the patient-code queue: send a code to this phone, if it is a patient's of the application. */
export interface PatientCodeWork {
  aplicacaoId: number;
  telefone: string;
  /** When the code was asked for (epoch seconds); absent in messages queued before it existed. */
  pedidoEm?: number;
}

export interface PatientOtpRepository {
  findApplicationBySlug(slug: string): Promise<Application | undefined>;
  getApplication(aplicacaoId: number): Promise<Application | undefined>;
  /** The paciente user registered with this phone in the application. */
  findPatientByPhone(aplicacaoId: number, telefone: string): Promise<PortalUser | undefined>;
  getPortalUser(aplicacaoId: number, id: number): Promise<PortalUser | undefined>;
  /** Stores the code, replacing an older one, unless a code was sent at or after `sentAfterSeconds`: then false. */
  putOtp(record: OtpRecord, sentAfterSeconds: number): Promise<boolean>;
  /** Deletes the code if it is still this one; false when it was not there any more. */
  deleteOtp(aplicacaoId: number, telefone: string, codigoHash: string): Promise<boolean>;
  /** Counts one guess on a live code with fewer than `maxAttempts` guesses; the record after counting, or undefined. */
  spendOtpAttempt(aplicacaoId: number, telefone: string, now: Date, maxAttempts: number): Promise<OtpRecord | undefined>;
  /** Counts one guess for the phone (any phone), unless the limit's window is full (pattern 12e). */
  reserveCodeGuess(aplicacaoId: number, telefone: string, now: Date, limit: WindowLimit): Promise<CountReservation>;
  /** Takes back a counted guess that was right. */
  releaseCodeGuess(aplicacaoId: number, telefone: string, now: Date): Promise<void>;
  /** Seconds until the phone's guesses may be counted again when `max` are counted; undefined otherwise. */
  codeGuessesLockedFor(aplicacaoId: number, telefone: string, now: Date, max: number): Promise<number | undefined>;
  /** Counts one code asked for the phone (any phone), unless the window is full or the last one was too recent (pattern 12f). */
  reserveCodeRequest(aplicacaoId: number, telefone: string, now: Date, limit: WindowLimit): Promise<CountReservation>;
}

export class InvalidCode extends Error {
  constructor() {
    super('The code is invalid or expired');
    this.name = 'InvalidCode';
  }
}

/** Too many wrong guesses for the phone (`guesses`: both routes), or too many codes asked for it (`codes`): 429 with Retry-After. */
export class PatientLoginThrottled extends Error {
  constructor(
    readonly reason: 'guesses' | 'codes',
    readonly retryAfterSeconds: number,
  ) {
    super(reason === 'guesses' ? 'Too many wrong codes for this phone' : 'Too many codes asked for this phone');
    this.name = 'PatientLoginThrottled';
  }
}

const codeHash = (salt: string, code: string) => hashSecret(`${salt}:${code}`);

export const otpMessage = (code: string) =>
  `Seu código de acesso: ${code}. Ele vale por ${OTP_TTL_SECONDS / 60} minutos. Não o compartilhe com ninguém.`;

/**
 * Asks for a code for `telefone` in the application `aplicacao` (a slug): counts the request and queues the work, for
 * any phone of an active application, so the answer neither tells nor waits on whether the phone is a patient's.
 * A request within 30 seconds of the previous one is dropped (the previous code stays valid). Throws
 * PatientLoginThrottled when the phone is locked by wrong guesses, or had its 5 codes this hour.
 */
export async function requestPatientCode(
  deps: { repo: PatientOtpRepository; queue: (work: PatientCodeWork) => Promise<void> },
  input: { aplicacao: string; telefone: string },
  now: Date,
): Promise<void> {
  const nowSeconds = epochSeconds(now);
  const { repo } = deps;
  const application = await repo.findApplicationBySlug(input.aplicacao);
  if (!application || !application.ativo) return;
  const locked = await repo.codeGuessesLockedFor(application.id, input.telefone, now, OTP_GUESS_LIMIT.max);
  if (locked !== undefined) throw new PatientLoginThrottled('guesses', locked);
  const reservation = await repo.reserveCodeRequest(application.id, input.telefone, now, OTP_REQUEST_LIMIT);
  if (!reservation.allowed) {
    if (reservation.reason === 'gap') return; // the previous code stays valid
    throw new PatientLoginThrottled('codes', reservation.retryAfterSeconds);
  }
  await deps.queue({ aplicacaoId: application.id, telefone: input.telefone, pedidoEm: nowSeconds });
}

export type PatientCodeDelivery =
  | { status: 'sent'; provider: Application['provider'] }
  /** Not a patient's phone, or the application is gone or inactive: nothing sent. */
  | { status: 'not_a_patient' }
  /** A code was asked for this phone less than 30 seconds before this one (a repeated message): it stays valid. */
  | { status: 'throttled' }
  /** The provider refused or failed: the code is dropped, the patient may ask again. */
  | { status: 'failed' };

/**
 * The queue's side: when `telefone` is a patient's of the application, generates a code, stores its hash (unless the
 * stored code was asked for less than 30 seconds before this one: a message delivered twice) and sends it through the
 * application's provider. The 30 seconds are between the requests, which the route spaced so, however long each
 * waited in the queue.
 */
export async function deliverPatientCode(
  deps: { repo: PatientOtpRepository; whatsapp: WhatsAppPort },
  work: PatientCodeWork,
  now: Date,
): Promise<PatientCodeDelivery> {
  const nowSeconds = epochSeconds(now);
  const { repo, whatsapp } = deps;
  const askedAt = work.pedidoEm ?? nowSeconds;
  const application = await repo.getApplication(work.aplicacaoId);
  if (!application || !application.ativo) return { status: 'not_a_patient' };
  const patient = await repo.findPatientByPhone(application.id, work.telefone);
  if (!patient || patient.role !== 'paciente') return { status: 'not_a_patient' };

  const code = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
  const salt = randomBytes(16).toString('base64url');
  const record: OtpRecord = {
    aplicacaoId: application.id,
    telefone: work.telefone,
    userId: patient.id,
    codigoHash: codeHash(salt, code),
    salt,
    tentativas: 0,
    enviadoEm: askedAt,
    expiresAt: nowSeconds + OTP_TTL_SECONDS,
  };
  if (!(await repo.putOtp(record, askedAt - OTP_RESEND_SECONDS + 1))) return { status: 'throttled' };

  try {
    await whatsapp.sendText({ aplicacaoId: application.id, to: work.telefone, body: otpMessage(code) });
    return { status: 'sent', provider: application.provider };
  } catch (error) {
    // The code is dropped so the patient can ask again (the request was counted).
    log.error('one-time code not sent', { aplicacaoId: application.id, userId: patient.id, error });
    await repo.deleteOtp(application.id, work.telefone, record.codigoHash);
    return { status: 'failed' };
  }
}

/**
 * Exchanges a valid code for a patient token; throws InvalidCode for anything else, and PatientLoginThrottled when
 * the phone has had its 10 wrong guesses in 24 hours. Every guess is counted for the phone before it is compared
 * (known phone or not, live code or not); a right one is taken back.
 */
export async function exchangePatientCode(
  deps: { repo: PatientOtpRepository; patients: PatientRepository; signToken: PortalTokenSigner },
  input: { aplicacao: string; telefone: string; codigo: string },
  now: Date,
): Promise<IssuedPortalToken> {
  const nowSeconds = epochSeconds(now);
  const { repo, patients } = deps;
  const application = await repo.findApplicationBySlug(input.aplicacao);
  if (!application || !application.ativo) throw new InvalidCode();
  const guess = await repo.reserveCodeGuess(application.id, input.telefone, now, OTP_GUESS_LIMIT);
  if (!guess.allowed) throw new PatientLoginThrottled('guesses', guess.retryAfterSeconds);
  const otp = await repo.spendOtpAttempt(application.id, input.telefone, now, OTP_MAX_ATTEMPTS);
  if (!otp) throw new InvalidCode();

  if (!secretMatches(`${otp.salt}:${input.codigo}`, otp.codigoHash)) {
    // The last allowed guess was wrong: the code is dead; remove it rather than wait for its TTL.
    if (otp.tentativas >= OTP_MAX_ATTEMPTS) await repo.deleteOtp(application.id, input.telefone, otp.codigoHash);
    throw new InvalidCode();
  }
  // Single use: of two requests carrying the right code, only the one that deletes it wins.
  if (!(await repo.deleteOtp(application.id, input.telefone, otp.codigoHash))) throw new InvalidCode();
  const patient = await repo.getPortalUser(application.id, otp.userId);
  if (!patient || patient.role !== 'paciente' || patient.telefone !== input.telefone) throw new InvalidCode();
  await repo.releaseCodeGuess(application.id, input.telefone, now);
  // The token names the patient record of the phone (the patient app's profile and consents), created on the first login.
  const record = await patientOfPhone(
    patients,
    application.id,
    { telefone: patient.telefone, nome: patient.nome },
    new Date(nowSeconds * 1000).toISOString(),
  );
  return issuePortalToken(deps.signToken, patient, record.id);
}
