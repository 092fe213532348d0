// /api/admin/whatsapp/setores: the application's sectors (departments), with their numbers, their
// attendants and how many attendances they have open. The admin's own application only: another
// application's sector is the same 404 as an unknown one.
import type * as z from 'zod/mini';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoSectorRepository } from '#shared/db/sectors';
import { notFound } from '#shared/domain/errors';
import { checkSector, type Sector, type SectorInput } from '#shared/domain/sectors';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { nextId } from '#shared/db/ids';
import { sectorCreateBody, sectorUpdateBody } from './requests.ts';
import type { sector, adminWhatsappContract } from './contract.ts';

const sectors = dynamoSectorRepository();
const applications = dynamoApplicationReader();

export const sectorView = (s: Sector): z.output<typeof sector> => ({
  id: s.id,
  codigo: s.codigo,
  nome: s.nome,
  padrao: s.padrao,
  numeros: s.numeros,
  atendentes: s.atendentes,
  totalNumeros: s.numeros.length,
  totalAtendentes: s.atendentes.length,
  atendimentosAbertos: s.atendimentosAbertos,
  criadoEm: localDateTime(new Date(s.criadoEm)),
  atualizadoEm: localDateTime(new Date(s.atualizadoEm)),
});

/** The fields checked against the application: its numbers, its users. */
async function checked(aplicacaoId: number, input: SectorInput): Promise<ReturnType<typeof checkSector>> {
  const [application, users] = await Promise.all([
    applications.getApplication(aplicacaoId),
    sectors.existingUsers(aplicacaoId, input.atendentes),
  ]);
  return checkSector(input, { numerosWhatsapp: application?.numerosWhatsapp ?? [], isUser: (id) => users.has(id) });
}

async function findSector(request: TenantRequest): Promise<Sector> {
  const sector = await sectors.get(request.principal.aplicacaoId, pathId(request, 'sector'));
  if (!sector) throw notFound('sector');
  return sector;
}

export const sectorOperations: Operations<'admin-whatsapp', typeof adminWhatsappContract> = {
  'POST /api/admin/whatsapp/setores': async (request) => {
    const body = validate(sectorCreateBody, request.body ?? {});
    const aplicacaoId = request.principal.aplicacaoId;
    const input = await checked(aplicacaoId, { ...body, numeros: body.numeros ?? [], atendentes: body.atendentes ?? [] });
    const at = new Date().toISOString();
    const sector: Sector = {
      id: await nextId(),
      aplicacaoId,
      ...input,
      padrao: false,
      atendimentosAbertos: 0,
      criadoEm: at,
      atualizadoEm: at,
    };
    await sectors.create(sector);
    return json(201, sectorView(sector));
  },

  'GET /api/admin/whatsapp/setores': async (request) => {
    const list = await sectors.list(request.principal.aplicacaoId);
    // The default sector first, then by id (the keys' order).
    return json(200, [...list.filter((s) => s.padrao), ...list.filter((s) => !s.padrao)].map(sectorView));
  },

  'GET /api/admin/whatsapp/setores/{id}': async (request) => json(200, sectorView(await findSector(request))),

  'PUT /api/admin/whatsapp/setores/{id}': async (request) => {
    const body = validate(sectorUpdateBody, request.body ?? {});
    const before = await findSector(request);
    const input = await checked(before.aplicacaoId, {
      codigo: body.codigo ?? before.codigo,
      nome: body.nome ?? before.nome,
      numeros: body.numeros ?? before.numeros,
      atendentes: body.atendentes ?? before.atendentes,
    });
    const after: Sector = { ...before, ...input, atualizadoEm: new Date().toISOString() };
    await sectors.update(before, after);
    return json(200, sectorView(after));
  },
};
