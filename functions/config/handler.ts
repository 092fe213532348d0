// /api/v2/config/status and /api/v2/stats: one GetItem each.
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoStatementRepository } from '#shared/db/ledger';
import type { Application } from '#shared/domain/applications/records';
import type { StoredSecret } from '#shared/domain/applications/secrets';
import { notFound } from '#shared/domain/errors';
import { groupHandler, json } from '#shared/http/kit';
import type { configContract } from './contract.ts';

const applications = dynamoApplicationReader();
const statements = dynamoStatementRepository();

/** Every value given; a secret counts when the item says where it is kept (this group reads no secret). */
const filled = (...values: (StoredSecret | undefined)[]) =>
  values.every((v) => (typeof v === 'string' ? v.trim() !== '' : typeof v?.versao === 'string' && v.versao !== ''));

/** The provider's settings are complete enough to send (link needs none). */
export function isConfigured(app: Application): boolean {
  switch (app.provider) {
    case 'link':
      return true;
    case 'provider_a':
      return !!app.providerA && filled(app.providerA.accountSid, app.providerA.authToken, app.providerA.fromNumber, app.providerA.baseUrl);
    case 'provider_b':
      return (
        !!app.providerB &&
        filled(
          app.providerB.phoneNumberId,
          app.providerB.accessToken,
          app.providerB.appSecret,
          app.providerB.verifyToken,
          app.providerB.baseUrl,
        )
      );
    default:
      return false;
  }
}

export const handler = groupHandler<typeof configContract>('config', {
  'GET /api/v2/config/status': async (request) => {
    const app = await applications.getApplication(request.principal.aplicacaoId);
    if (!app) throw notFound('application');
    return json(200, { configured: isConfigured(app), active: app.ativo === true, provider: app.provider });
  },

  'GET /api/v2/stats': async (request) => {
    return json(200, { totalMensagens: await statements.messageCount(request.principal.aplicacaoId) });
  },
});
