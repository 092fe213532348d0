// /api/v2/config/status and /api/v2/stats: one GetItem each.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import type { Application } from '#shared/domain/applications';
import { notFound } from '#shared/domain/errors';
import { groupHandler, json } from '#shared/http/kit';

const filled = (...values: (string | undefined)[]) => values.every((v) => typeof v === 'string' && v.trim() !== '');

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
        filled(app.providerB.phoneNumberId, app.providerB.accessToken, app.providerB.appSecret, app.providerB.verifyToken, app.providerB.baseUrl)
      );
    default:
      return false;
  }
}

export const handler = groupHandler('config', {
  'GET /api/v2/config/status': async (request) => {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.application(request.principal.aplicacaoId as number) }));
    if (!out.Item) throw notFound('application');
    const app = out.Item as unknown as Application;
    return json(200, { configured: isConfigured(app), active: app.ativo === true, provider: app.provider });
  },

  'GET /api/v2/stats': async (request) => {
    // The counter rises in the same commit that writes each message (shared/domain/messages.ts).
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.balance(request.principal.aplicacaoId as number), ProjectionExpression: 'totalMensagens' }),
    );
    return json(200, { totalMensagens: Number(out.Item?.totalMensagens ?? 0) });
  },
});
