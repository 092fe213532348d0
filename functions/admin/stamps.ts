// GET /api/admin/carimbos/{id}: one RFC 3161 time stamp (docs/stamps.md), pending or stamped, for its application's
// admin or a platform admin; another application's, or an unknown id, is the same 404.
import { dynamoStampRepository } from '#shared/db/stamps';
import { notFound } from '#shared/domain/errors';
import { stampEvidence } from '#shared/domain/stamps';
import { shownTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { isPlatformAdmin } from '#shared/http/platform-admin';
import type { adminContract } from './contract.ts';

const stamps = dynamoStampRepository();
/** A UUID: anything else is never looked up. */
const STAMP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const stampOperations: Operations<'admin', typeof adminContract> = {
  'GET /api/admin/carimbos/{id}': async (request) => {
    const id = request.pathParameters.id ?? '';
    const stamp = STAMP_ID.test(id) ? await stamps.get(id) : undefined;
    if (!stamp || (!isPlatformAdmin(request.principal) && stamp.aplicacaoId !== request.principal.aplicacaoId)) throw notFound('stamp');
    return json(200, {
      id: stamp.id,
      aplicacaoId: stamp.aplicacaoId,
      origem: stamp.origem,
      referencia: stamp.referencia,
      status: stamp.status,
      criadoEm: shownTime(stamp.criadoEm),
      carimbadoEm: stamp.carimbadoEm ? shownTime(stamp.carimbadoEm) : null,
      lancamentoId: stamp.lancamentoId,
      carimbo: stampEvidence(stamp),
    });
  },
};
