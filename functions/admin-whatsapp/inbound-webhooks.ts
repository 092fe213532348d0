// /api/admin/webhooks-entrada: the application's subscriptions to the generic inbound webhook
// (/api/v1/webhooks/inbound/{slug}/{fluxo}). A subscription with a secret makes the signature
// mandatory for every call (any active secret matches); its secret is shown once, at creation.
import * as z from 'zod/mini';
import { randomSecret } from '#shared/auth/secrets';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { nextId } from '#shared/db/ids';
import type { InboundSubscription } from '#shared/domain/applications';
import { notFound } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';

const applications = dynamoApplicationRepository();

export const createBody = z.object({
  descricao: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** false: a subscription that asks for no signature (accepted only while no active subscription has a secret). */
  comSegredo: z.optional(z.boolean()),
});

const view = (s: InboundSubscription) => ({
  id: s.id,
  descricao: s.descricao ?? null,
  ativo: s.ativo,
  temSegredo: !!s.secret,
  criadoEm: localDateTime(new Date(s.criadoEm)),
  desativadoEm: s.desativadoEm ? localDateTime(new Date(s.desativadoEm)) : null,
});

export const inboundWebhookOperations: Operations<'admin-whatsapp'> = {
  'POST /api/admin/webhooks-entrada': async (request) => {
    const input = validate(createBody, request.body ?? {});
    const subscription: InboundSubscription = {
      id: await nextId(),
      aplicacaoId: request.principal.aplicacaoId,
      secret: input.comSegredo === false ? '' : randomSecret(32),
      ativo: true,
      criadoEm: new Date().toISOString(),
      ...(input.descricao ? { descricao: input.descricao } : {}),
    };
    await applications.putInboundSubscription(subscription);
    return json(201, { ...view(subscription), segredo: subscription.secret || null });
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
