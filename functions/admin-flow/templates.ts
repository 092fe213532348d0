// /api/admin/whatsapp/templates-hsm: the application's WhatsApp templates and their review
// (docs/templates.md). The admin's own application only: another application's template is the
// same 404 as an unknown one.
import type * as z from 'zod/mini';
import { queuePort } from '#shared/adapters/index';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { nextId } from '#shared/db/ids';
import { dynamoTemplateRepository, templateCreateWrite } from '#shared/db/templates';
import { draftBody } from '#shared/domain/ai';
import { validate } from '#shared/http/validation';
import { draftTemplate } from '#shared/operations/ai';
import { aiDeps } from '#shared/wiring/ai';
import { notFound } from '#shared/domain/errors';
import { decideTemplateAction, newTemplate, parseTemplateCreate, parseTemplateUpdate, type Template } from '#shared/domain/templates';
import { localDateTime } from '#shared/domain/time';
import { HttpError } from '#shared/http/errors';
import { json, type AnswerFor, type Operations, type TenantRequest } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { settleReview, templateMoves } from '#shared/operations/templates';
import { ProviderError } from '#shared/providers/types';
import { templateReviewFor } from '#shared/providers/template-review';
import type { template as templateSchema, adminFlowContract } from './contract.ts';

const templates = dynamoTemplateRepository();
const applications = dynamoApplicationReader();
/** What an approved template wakes: the appointments waiting for it, handed to the flow's queue. */
const waking = { templates, appointments: dynamoAppointmentRepository(), queue: queuePort };
const { act, write } = templateMoves(templates);

/** The template as the console shows it: its fields and its review state. */
const templateView = (t: Template): z.output<typeof templateSchema> => ({
  id: t.id,
  nome: t.nome,
  idioma: t.idioma,
  categoria: t.categoria,
  corpo: t.corpo,
  variaveis: t.variaveis,
  botoes: t.botoes,
  procedimentos: t.procedimentos,
  estado: t.estado,
  motivoRejeicao: t.motivoRejeicao,
  criadoEm: t.criadoEm,
  atualizadoEm: t.atualizadoEm,
});

async function findTemplate(request: TenantRequest): Promise<Template> {
  const template = await templates.get(request.principal.aplicacaoId, pathId(request, 'template'));
  if (!template) throw notFound('template');
  return template;
}

/**
 * Submission: the template is put EM_ANALISE with its procedures claimed (a procedure another
 * template holds is a 409 with nothing sent), then sent to the provider. A provider that refuses it
 * leaves it REJEITADO with the provider's words; a provider out of reach puts it back as it was (502).
 */
async function submit(
  request: TenantRequest,
): Promise<AnswerFor<typeof adminFlowContract, 'POST /api/admin/whatsapp/templates-hsm/{id}/submeter'>> {
  const before = await findTemplate(request);
  decideTemplateAction(before.estado, 'submeter');
  const app = await applications.getApplication(before.aplicacaoId);
  if (!app) throw notFound('application');
  const review = templateReviewFor(app);
  const submitted = await act(before, 'submeter', { motivoRejeicao: null });
  let decision;
  try {
    decision = await review.submit(submitted);
  } catch (error) {
    const failure = error instanceof ProviderError ? error : new ProviderError('unavailable', null, 'The provider call failed');
    if (failure.kind === 'rejected') {
      const rejected = await act(submitted, 'rejeitar', { motivoRejeicao: failure.providerMessage });
      return json(200, templateView(rejected));
    }
    await write(submitted, { estado: before.estado });
    throw new HttpError(502, 'provider_unavailable', `The provider could not be reached; the template is ${before.estado} again`);
  }
  const recorded = await write(submitted, { providerTemplateId: decision.providerTemplateId });
  return json(200, templateView(await settleReview(waking, recorded, decision.estado, decision.motivo)));
}

export const templateOperations: Operations<'admin-flow', typeof adminFlowContract> = {
  'POST /api/admin/whatsapp/templates-hsm': async (request) => {
    const input = parseTemplateCreate(request.body ?? {});
    const template = newTemplate(await nextId(), request.principal.aplicacaoId, input, localDateTime(new Date()));
    await templates.create(template);
    return json(201, templateView(template));
  },

  'POST /api/admin/whatsapp/templates-hsm/sugestoes': async (request) => {
    const body = validate(draftBody, request.body ?? {});
    const template = await draftTemplate({ ...aiDeps(), templateWrite: templateCreateWrite }, request.principal.aplicacaoId, body);
    return json(201, templateView(template));
  },

  'GET /api/admin/whatsapp/templates-hsm': async (request) =>
    json(200, (await templates.list(request.principal.aplicacaoId)).map(templateView)),

  'GET /api/admin/whatsapp/templates-hsm/{id}': async (request) => json(200, templateView(await findTemplate(request))),

  'PUT /api/admin/whatsapp/templates-hsm/{id}': async (request) => {
    const before = await findTemplate(request);
    decideTemplateAction(before.estado, 'editar');
    const input = parseTemplateUpdate(request.body ?? {}, before);
    return json(200, templateView(await act(before, 'editar', { ...input, motivoRejeicao: null })));
  },

  'DELETE /api/admin/whatsapp/templates-hsm/{id}': async (request) => {
    const template = await findTemplate(request);
    decideTemplateAction(template.estado, 'excluir');
    await templates.remove(template);
    return { statusCode: 204 };
  },

  'POST /api/admin/whatsapp/templates-hsm/{id}/submeter': submit,

  'POST /api/admin/whatsapp/templates-hsm/{id}/pausar': async (request) =>
    json(200, templateView(await act(await findTemplate(request), 'pausar'))),

  'POST /api/admin/whatsapp/templates-hsm/{id}/arquivar': async (request) =>
    json(200, templateView(await act(await findTemplate(request), 'arquivar'))),
};
