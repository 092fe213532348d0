// Tariffs and refunds (estornos) of statement entries.
//   GET  /api/admin/tarifas                    any admin: the catalogue (a tenant's admin sees the global tariffs and its own)
//   POST /api/admin/tarifas                    platform admin: 201 the tariff
//   PUT  /api/admin/tarifas/{id}               platform admin: 200 the tariff (fields sent change)
//   POST /api/admin/aplicacoes/{id}/estornos   platform admin: 201 the credit entry; 409 when already refunded
// A refund of an application that stamps its events gets its RFC 3161 stamp (docs/stamps.md), written with its entry.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoStampRepository } from '#shared/db/stamps';
import { eventBytes, newStamp, stampsEvents } from '#shared/domain/stamps';
import { dynamoTariffRepository } from '#shared/db/tariffs';
import { refundEntry } from '#shared/domain/ledger';
import { createTariff, updateTariff, type Tariff } from '#shared/domain/tariffs';
import { json, type Operations } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { isPlatformAdmin, requirePlatformAdmin } from '#shared/http/platform-admin';
import { validate } from '#shared/http/validation';
import { shownTime } from '#shared/domain/time';
import { newTariffBody, refundBody, tariffChangeBody } from './requests.ts';
import type { tariff, adminContract } from './contract.ts';

const tariffs = dynamoTariffRepository();
const ledger = dynamoLedgerRepository();
const applications = dynamoApplicationReader();
const stamps = dynamoStampRepository();

const adminTariffView = (t: Tariff): z.output<typeof tariff> => ({
  ...t,
  criadoEm: shownTime(t.criadoEm),
  atualizadoEm: shownTime(t.atualizadoEm),
});

export const financeOperations: Operations<'admin', typeof adminContract> = {
  'GET /api/admin/tarifas': async (request) => {
    const all = await tariffs.listAll();
    const own = request.principal.aplicacaoId;
    // Another application's own tariffs are not this admin's business.
    const visible = isPlatformAdmin(request.principal) ? all : all.filter((t) => t.aplicacaoId === null || t.aplicacaoId === own);
    return json(200, visible.sort((a, b) => a.id - b.id).map(adminTariffView));
  },

  'POST /api/admin/tarifas': async (request) => {
    requirePlatformAdmin(request.principal, 'create tariffs');
    const input = validate(newTariffBody, request.body);
    return json(201, adminTariffView(await createTariff(tariffs, input, new Date().toISOString())));
  },

  'PUT /api/admin/tarifas/{id}': async (request) => {
    requirePlatformAdmin(request.principal, 'change tariffs');
    const id = pathId(request, 'tarifa');
    const change = validate(tariffChangeBody, request.body ?? {});
    return json(200, adminTariffView(await updateTariff(tariffs, id, change, new Date().toISOString())));
  },

  'POST /api/admin/aplicacoes/{id}/estornos': async (request) => {
    requirePlatformAdmin(request.principal, 'refund statement entries');
    const aplicacaoId = pathId(request, 'application');
    const input = validate(refundBody, request.body);
    const stamping = stampsEvents(await applications.getApplication(aplicacaoId));
    const entry = await refundEntry(ledger, ledger, aplicacaoId, input, (refund) =>
      stamping
        ? [
            stamps.write(
              newStamp({
                id: randomUUID(),
                aplicacaoId,
                origem: 'ESTORNO',
                referencia: String(refund.id),
                // The refund's statement entry as kept, JSON.
                bytes: eventBytes({ evento: 'ESTORNO', aplicacaoId, ...refund }),
                at: new Date().toISOString(),
              }),
            ),
          ]
        : [],
    );
    return json(201, entry);
  },
};
