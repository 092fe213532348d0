// Plan invoices, the admin's side (docs/invoices.md):
//   PUT  /api/admin/aplicacoes/{id}/plano                       platform admin: the plan, its first invoice at once
//   GET  /api/admin/aplicacoes/{id}/faturas                     the application's own admin too: the invoices, newest first
//   POST /api/admin/aplicacoes/{id}/faturas/{faturaId}/pagar    platform admin: paid by hand (one FATURA_PLANO credit)
// Another application's id is a 404 for a tenant's admin (never a 403 that would confirm it exists).
import type * as z from 'zod/mini';
import { dynamoApplicationReader } from '#shared/db/applications';
import { notFound } from '#shared/domain/errors';
import type { Invoice } from '#shared/domain/invoices';
import { shownTime } from '#shared/domain/time';
import { groupHandler, json, type TenantRequest } from '#shared/http/kit';
import { isPlatformAdmin, requirePlatformAdmin } from '#shared/http/platform-admin';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { changePlan, payInvoice } from '#shared/operations/invoices';
import { invoiceDeps } from '#shared/wiring/invoices';
import { planBody } from './requests.ts';
import type { adminPlansContract, invoice } from './contract.ts';

const deps = invoiceDeps();
const applications = dynamoApplicationReader();

/** The {id} of the path, when this admin may see it and it exists; anything else is the same 404. */
async function targetId(request: TenantRequest): Promise<number> {
  const id = pathId(request, 'application');
  if (!isPlatformAdmin(request.principal) && id !== request.principal.aplicacaoId) throw notFound('application');
  if (!(await applications.getApplication(id))) throw notFound('application');
  return id;
}

const invoiceView = (i: Invoice): z.output<typeof invoice> => ({
  id: i.id,
  planoId: i.planoId,
  planoNome: i.planoNome,
  valor: i.valor,
  creditos: i.creditos,
  status: i.status,
  vencimento: i.vencimento,
  mes: i.mes,
  emitidaEm: shownTime(i.emitidaEm),
  pagaEm: shownTime(i.pagaEm),
  pagaPor: i.pagaPor,
  lancamentoId: i.lancamentoId,
});

export const handler = groupHandler<typeof adminPlansContract>('admin-plans', {
  'PUT /api/admin/aplicacoes/{id}/plano': async (request) => {
    requirePlatformAdmin(request.principal, 'change an application’s plan');
    const aplicacaoId = await targetId(request);
    const { planoId } = validate(planBody, request.body);
    const { subscription, fatura } = await changePlan(deps, aplicacaoId, planoId);
    return json(200, {
      aplicacaoId,
      planoId: subscription.planoId,
      desde: shownTime(subscription.desde),
      fatura: fatura ? invoiceView(fatura) : null,
    });
  },

  'GET /api/admin/aplicacoes/{id}/faturas': async (request) => {
    const aplicacaoId = await targetId(request);
    return json(200, (await deps.invoices.list(aplicacaoId)).map(invoiceView));
  },

  'POST /api/admin/aplicacoes/{id}/faturas/{faturaId}/pagar': async (request) => {
    requirePlatformAdmin(request.principal, 'mark invoices paid');
    const aplicacaoId = await targetId(request);
    const faturaId = pathId(request, 'invoice', 'faturaId');
    return json(200, invoiceView(await payInvoice(deps, aplicacaoId, faturaId, 'ADMIN')));
  },
});
