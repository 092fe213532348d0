import { beforeAll, describe, expect, it } from 'vitest';
import { bootstrapPlatform, type BootstrapDeps } from '#infra/scripts/bootstrap';
import { parseSigningKeySet } from '#shared/auth/signing-keys';
import { dynamoAdminApplicationRepository } from '#shared/db/admin-applications';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoUserAuthRepository } from '#shared/db/users';
import { verifyPassword } from '#shared/auth/passwords';
import { useFreshTable } from '../support/table.ts';

describe('bootstrap of a fresh deployment', () => {
  let secret: string | undefined;
  let deps: BootstrapDeps;
  const input = { slug: 'operador', nome: 'Operador', adminEmail: 'Ops@Example.com', adminPassword: 'uma senha bem comprida' };

  beforeAll(async () => {
    await useFreshTable();
    secret = JSON.stringify({ keys: [], placeholder: 'x' }); // what the stack's secret holds after deploy
    deps = {
      repo: dynamoApplicationRepository(),
      adminRepo: dynamoAdminApplicationRepository(),
      readSecret: async () => secret,
      writeSecret: async (value) => {
        secret = value;
      },
    };
  });

  it('creates the signing keys, the operator application and a platform admin who can log in', async () => {
    const report = await bootstrapPlatform(deps, input);

    expect(report.signingKey).toBe('created');
    expect(parseSigningKeySet(secret!)).toHaveLength(1);
    expect(report.application.created).toBe(true);
    expect(report.application.apiSecret).toBeTruthy();
    const admin = await deps.repo.findPortalUserByEmail('ops@example.com');
    expect(admin).toMatchObject({ role: 'admin', plataforma: true, aplicacaoId: report.application.id });
    const login = await dynamoUserAuthRepository().findLoginAccount('ops@example.com');
    expect(await verifyPassword(input.adminPassword, login!.senhaHash!)).toBe(true);
  });

  it('changes nothing when run again', async () => {
    const keysBefore = secret;

    const again = await bootstrapPlatform(deps, input);

    expect(again.signingKey).toBe('kept');
    expect(secret).toBe(keysBefore);
    expect(again.application).toMatchObject({ created: false });
    expect(again.application.apiSecret).toBeUndefined();
    expect(again.admin.created).toBe(false);
  });
});
