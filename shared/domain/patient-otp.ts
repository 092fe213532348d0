// Patient login by a one-time code sent over WhatsApp. Patients have no password: they ask for
// a code for their phone in their application, receive it on that phone and exchange it for a
// short-lived patient token.
//
// - Asking for a code answers the same whether or not the phone belongs to a patient (no
//   enumeration); a code is generated and sent only when it does.
// - Only a hash of the code is stored, with a 5-minute lifetime and an attempt counter. Each
//   guess is counted before it is compared (atomically), so 5 wrong guesses kill the code even
//   when they arrive together; the right code is used once (conditional delete).
// - At most one code per phone every 30 seconds: a new one replaces the previous one.
import { randomInt, randomBytes } from 'node:crypto';
import type { WhatsAppPort } from '#shared/adapters/ports';
import { hashSecret, secretMatches } from '#shared/auth/secrets';
import type { Application, PortalUser } from '#shared/domain/applications';
import { issuePortalToken, type IssuedPortalToken } from '#shared/domain/login';
import { patientOfPhone, type PatientRepository } from '#shared/domain/patients';
import { log } from '#shared/log';

export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_RESEND_SECONDS = 30;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_DIGITS = 6;

export interface OtpRecord {
  aplicacaoId: number;
  telefone: string;
  userId: number;
  /** SHA-256 of `<salt>:<code>`; the code itself is never stored. */
  codigoHash: string;
  salt: string;
  /** Guesses counted so far (the right one included). */
  tentativas: number;
  /** Epoch seconds. */
  enviadoEm: number;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
}

export interface PatientOtpRepository {
  findApplicationBySlug(slug: string): Promise<Application | undefined>;
  /** The paciente user registered with this phone in the application. */
  findPatientByPhone(aplicacaoId: number, telefone: string): Promise<PortalUser | undefined>;
  getPortalUser(aplicacaoId: number, id: number): Promise<PortalUser | undefined>;
  /** Stores the code, replacing an older one, unless a code was sent at or after `sentAfterSeconds`: then false. */
  putOtp(record: OtpRecord, sentAfterSeconds: number): Promise<boolean>;
  /** Deletes the code if it is still this one; false when it was not there any more. */
  deleteOtp(aplicacaoId: number, telefone: string, codigoHash: string): Promise<boolean>;
  /** Counts one guess on a live code with fewer than `maxAttempts` guesses; the record after counting, or undefined. */
  spendOtpAttempt(aplicacaoId: number, telefone: string, nowSeconds: number, maxAttempts: number): Promise<OtpRecord | undefined>;
}

export class InvalidCode extends Error {
  constructor() {
    super('The code is invalid or expired');
    this.name = 'InvalidCode';
  }
}

const codeHash = (salt: string, code: string) => hashSecret(`${salt}:${code}`);

export const otpMessage = (code: string) =>
  `Seu código de acesso: ${code}. Ele vale por ${OTP_TTL_SECONDS / 60} minutos. Não o compartilhe com ninguém.`;

/**
 * Sends a new code to the patient's phone when `telefone` is a patient of the application
 * `aplicacao` (a slug), and no code went there in the last 30 seconds. Returns nothing either way.
 */
export async function requestPatientCode(
  deps: { repo: PatientOtpRepository; whatsapp: WhatsAppPort },
  input: { aplicacao: string; telefone: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<void> {
  const { repo, whatsapp } = deps;
  const application = await repo.findApplicationBySlug(input.aplicacao);
  if (!application || !application.ativo) return;
  const patient = await repo.findPatientByPhone(application.id, input.telefone);
  if (!patient || patient.role !== 'paciente') return;

  const code = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
  const salt = randomBytes(16).toString('base64url');
  const record: OtpRecord = {
    aplicacaoId: application.id,
    telefone: input.telefone,
    userId: patient.id,
    codigoHash: codeHash(salt, code),
    salt,
    tentativas: 0,
    enviadoEm: nowSeconds,
    expiresAt: nowSeconds + OTP_TTL_SECONDS,
  };
  if (!(await repo.putOtp(record, nowSeconds - OTP_RESEND_SECONDS + 1))) return; // throttled: the previous code stays valid

  try {
    await whatsapp.sendText({ aplicacaoId: application.id, to: input.telefone, body: otpMessage(code) });
  } catch (error) {
    // The answer stays the same (it must not tell that this phone is a patient's); the code is
    // dropped so the patient can ask again at once.
    log.error('one-time code not sent', { aplicacaoId: application.id, userId: patient.id, error });
    await repo.deleteOtp(application.id, input.telefone, record.codigoHash);
  }
}

/** Exchanges a valid code for a patient token; throws InvalidCode for anything else. */
export async function exchangePatientCode(
  deps: { repo: PatientOtpRepository; patients: PatientRepository },
  input: { aplicacao: string; telefone: string; codigo: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<IssuedPortalToken> {
  const { repo, patients } = deps;
  const application = await repo.findApplicationBySlug(input.aplicacao);
  if (!application || !application.ativo) throw new InvalidCode();
  const otp = await repo.spendOtpAttempt(application.id, input.telefone, nowSeconds, OTP_MAX_ATTEMPTS);
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
  // The token names the patient record of the phone (the patient app's profile and consents), created on the first login.
  const record = await patientOfPhone(
    patients,
    application.id,
    { telefone: patient.telefone, nome: patient.nome },
    new Date(nowSeconds * 1000).toISOString(),
  );
  return issuePortalToken(patient, record.id);
}
