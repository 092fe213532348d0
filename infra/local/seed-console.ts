// The console's sandbox logins: demo's is a platform admin (it also sees Aplicações), outra's a tenant
// admin of outra. Their passwords are random, written to sandbox.json under `console.logins`, and kept
// across starts while they still verify. Created as an admin creates users (POST /api/admin/usuarios).
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '#shared/auth/passwords';
import { dynamoUserAuthRepository, setLoginPassword } from '#shared/db/users';
import { createPortalUser } from '#shared/domain/portal-users';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import { CONSOLE_PATH } from '#infra/console-headers';

export interface ConsoleLogin {
  email: string;
  senha: string;
}

export interface SandboxConsole {
  /** Where `npm start` serves the console: `<baseUrl>/console/`. */
  url: string;
  logins: { demo: ConsoleLogin; outra: ConsoleLogin };
}

export const consoleEmail = (slug: string) => `console@${slug}.sandbox.local`;

async function consoleLogin(
  repo: ApplicationRepository,
  app: { id: number; slug: string },
  plataforma: boolean,
  previous: ConsoleLogin | undefined,
): Promise<ConsoleLogin> {
  const email = consoleEmail(app.slug);
  const account = await dynamoUserAuthRepository(repo).findLoginAccount(email);
  if (account?.senhaHash && previous?.email === email && (await verifyPassword(previous.senha, account.senhaHash))) return previous;
  const senha = randomBytes(18).toString('base64url');
  if (account) await setLoginPassword(email, await hashPassword(senha));
  else {
    const nome = plataforma ? 'Operação da plataforma (sandbox)' : `Secretaria (${app.slug})`;
    await createPortalUser(repo, { aplicacaoId: app.id, role: 'admin', email, nome, senha, plataforma }, new Date());
  }
  return { email, senha };
}

export async function seedConsoleLogins(options: {
  repo: ApplicationRepository;
  baseUrl: string;
  demo: { id: number; slug: string };
  outra: { id: number; slug: string };
  previous: SandboxConsole | undefined;
}): Promise<SandboxConsole> {
  const { repo, previous } = options;
  return {
    url: `${options.baseUrl}${CONSOLE_PATH}`,
    logins: {
      demo: await consoleLogin(repo, options.demo, true, previous?.logins.demo),
      outra: await consoleLogin(repo, options.outra, false, previous?.logins.outra),
    },
  };
}
