// /api/admin/webhooks-entrada: the application's subscriptions to the generic inbound webhook
// (/api/v1/webhooks/inbound/{slug}/{fluxo}). A subscription with a secret makes the signature
// mandatory for every call (any active secret matches); its secret is shown once, at creation, and
// kept in the secret store (shared/secrets/webhooks.ts), the item naming where.
import type * as z from 'zod/mini';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { createInboundSubscription } from '#shared/domain/applications/registration';
import type { InboundSubscription } from '#shared/domain/applications/records';
import { notFound } from '#shared/domain/errors';
import { inboundWebhookSecrets } from '#shared/secrets/webhooks';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { subscriptionCreateBody } from './requests.ts';
import type { createdSubscription, subscription, adminWhatsappContract } from './contract.ts';

const applications = dynamoApplicationRepository();

const view = (s: InboundSubscription): z.output<typeof subscription> => ({
  id: s.id,
  descricao: s.descricao ?? null,
  ativo: s.ativo,
  temSegredo: !!s.secret,
  criadoEm: localDateTime(new Date(s.criadoEm)),
  desativadoEm: s.desativadoEm ? localDateTime(new Date(s.desativadoEm)) : null,
});

export const inboundWebhookOperations: Operations<'admin-whatsapp', typeof adminWhatsappContract> = {
  'POST /api/admin/webhooks-entrada': async (request) => {
    const input = validate(subscriptionCreateBody, request.body ?? {});
    const { subscription, segredo } = await createInboundSubscription(
      applications,
      inboundWebhookSecrets(),
      request.principal.aplicacaoId,
      new Date(),
      input,
    );
    const created: z.output<typeof createdSubscription> = { ...view(subscription), segredo };
    return json(201, created);
  },

  'GET /api/admin/webhooks-entrada': async (request) => {
    const list = await applications.listInboundSubscriptions(request.principal.aplicacaoId);
    return json(200, list.sort((a, b) => a.id - b.id).map(view));
  },

  'DELETE /api/admin/webhooks-entrada/{id}': async (request) => {
    const id = pathId(request, 'subscription');
    if (!(await applications.deactivateInboundSubscription(request.principal.aplicacaoId, id, new Date().toISOString()))) {
      throw notFound('subscription');
    }
    return { statusCode: 204 };
  },
};
