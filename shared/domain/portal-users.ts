// Creation of portal users by an admin. Who may create where (own application, or any for a
// platform admin) is decided by the caller; this checks what the user needs for its role and
// stores the password only as its scrypt hash.
//
//   admin, prestador, plantonista: a password (they log in with e-mail and password)
//   prestador: the provider it acts for, which must exist in the same application
//   paciente: a phone in E.164 (one-time codes), no password
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/auth/passwords';
import { registerPortalUser } from '#shared/domain/applications/registration';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import type { PortalUser } from '#shared/domain/applications/records';
import { invalid, notFound } from '#shared/domain/errors';
import type { PortalRole } from '#shared/domain/permissions';

/** A phone in E.164: +, country code, subscriber number; 8 to 15 digits in all. */
export const E164 = /^\+[1-9]\d{7,14}$/;

export interface NewPortalUser {
  aplicacaoId: number;
  nome: string;
  email: string;
  role: PortalRole;
  senha?: string;
  telefone?: string;
  prestadorId?: number;
  /** Only for an admin, and only a platform admin may grant it (checked by the caller). */
  plataforma?: boolean;
}

export async function createPortalUser(repo: ApplicationRepository, input: NewPortalUser, now: Date): Promise<PortalUser> {
  const application = await repo.getApplication(input.aplicacaoId);
  if (!application) throw notFound('aplicacao');

  if (input.role === 'paciente') {
    if (!input.telefone) throw invalid('telefone is required for a paciente', 'telefone');
    if (!E164.test(input.telefone)) throw invalid('telefone must be in E.164 format, like +5511999990000', 'telefone');
    if (input.senha !== undefined) throw invalid('a paciente logs in with a one-time code and has no senha', 'senha');
  } else {
    if (input.senha === undefined) throw invalid(`senha is required for a ${input.role}`, 'senha');
    if (input.senha.length < PASSWORD_MIN_LENGTH || input.senha.length > PASSWORD_MAX_LENGTH) {
      throw invalid(`senha must have between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`, 'senha');
    }
    if (input.telefone !== undefined) throw invalid('telefone is only for a paciente', 'telefone');
  }
  if (input.role === 'prestador') {
    if (input.prestadorId === undefined) throw invalid('prestadorId is required for a prestador', 'prestadorId');
    // Another application's provider is as unknown as a missing one.
    if (!(await repo.getPrestador(input.aplicacaoId, input.prestadorId)))
      throw invalid('prestadorId names no prestador of this application', 'prestadorId');
  } else if (input.prestadorId !== undefined) {
    throw invalid('prestadorId is only for a prestador', 'prestadorId');
  }
  if (input.plataforma && input.role !== 'admin') throw invalid('plataforma is only for an admin', 'plataforma');

  const senhaHash = input.senha === undefined ? undefined : await hashPassword(input.senha);
  return registerPortalUser(
    repo,
    {
      aplicacaoId: input.aplicacaoId,
      role: input.role,
      email: input.email,
      nome: input.nome,
      prestadorId: input.prestadorId,
      telefone: input.telefone,
      plataforma: input.plataforma,
    },
    now,
    { senhaHash },
  );
}
