// The console's sandbox logins: demo's is a platform admin (it also sees Aplicações), outra's a tenant
// admin of outra; prestador and plantonista are demo's portal users of those roles (infra/local/seed.ts
// creates them without a password), given one here so the console's provider and physician portals can be
// logged in to. Their passwords are random, written to sandbox.json under `console.logins`, and kept
// across starts while they still verify. The admins are created as an admin creates users
// (POST /api/admin/usuarios); the portal users only get their password.
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
  logins: { demo: ConsoleLogin; outra: ConsoleLogin; prestador: ConsoleLogin; plantonista: ConsoleLogin };
}

export const consoleEmail = (slug: string) => `console@${slug}.sandbox.local`;

const newPassword = () => randomBytes(18).toString('base64url');

/** The login of the file when it still verifies against the account's password, else undefined. */
async function kept(repo: ApplicationRepository, email: string, previous: ConsoleLogin | undefined) {
  const account = await dynamoUserAuthRepository(repo).findLoginAccount(email);
  const works = account?.senhaHash && previous?.email === email && (await verifyPassword(previous.senha, account.senhaHash));
  return { account, login: works ? previous : undefined };
}

async function consoleLogin(
  repo: ApplicationRepository,
  app: { id: number; slug: string },
  plataforma: boolean,
  previous: ConsoleLogin | undefined,
): Promise<ConsoleLogin> {
  const email = consoleEmail(app.slug);
  const { account, login } = await kept(repo, email, previous);
  if (login) return login;
  const senha = newPassword();
  if (account) await setLoginPassword(email, await hashPassword(senha));
  else {
    const nome = plataforma ? 'Operação da plataforma (sandbox)' : `Secretaria (${app.slug})`;
    await createPortalUser(repo, { aplicacaoId: app.id, role: 'admin', email, nome, senha, plataforma }, new Date());
  }
  return { email, senha };
}

/** A password for an existing portal user of the sandbox (seed.ts wrote it, without one). */
async function portalUserLogin(repo: ApplicationRepository, email: string, previous: ConsoleLogin | undefined): Promise<ConsoleLogin> {
  const { account, login } = await kept(repo, email, previous);
  if (login) return login;
  if (!account) throw new Error(`the sandbox has no portal user ${email}`);
  const senha = newPassword();
  await setLoginPassword(email, await hashPassword(senha));
  return { email, senha };
}

export async function seedConsoleLogins(options: {
  repo: ApplicationRepository;
  baseUrl: string;
  demo: { id: number; slug: string };
  outra: { id: number; slug: string };
  /** The e-mails of demo's prestador and plantonista users. */
  portalUsers: { prestador: string; plantonista: string };
  previous: SandboxConsole | undefined;
}): Promise<SandboxConsole> {
  const { repo, previous } = options;
  return {
    url: `${options.baseUrl}${CONSOLE_PATH}`,
    logins: {
      demo: await consoleLogin(repo, options.demo, true, previous?.logins.demo),
      outra: await consoleLogin(repo, options.outra, false, previous?.logins.outra),
      prestador: await portalUserLogin(repo, options.portalUsers.prestador, previous?.logins.prestador),
      plantonista: await portalUserLogin(repo, options.portalUsers.plantonista, previous?.logins.plantonista),
    },
  };
}
