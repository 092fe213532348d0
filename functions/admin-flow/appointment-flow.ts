// /api/admin/whatsapp/fluxo-agendamentos: the application's appointment-flow settings (timings and
// reply words, docs/appointment-flow.md). Fields left out keep their value; the answer is the whole.
import { config } from '#shared/config';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoFlowStore } from '#shared/db/flow';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { flowSettingsFor, parseFlowSettings, type FlowSettings } from '#shared/domain/appointment-flow';
import type { adminFlowContract } from './contract.ts';

const applications = dynamoApplicationReader();
const store = dynamoFlowStore();

async function current(request: TenantRequest): Promise<FlowSettings> {
  const app = await applications.getApplication(request.principal.aplicacaoId);
  return flowSettingsFor(app?.fluxoAgendamentos, config().flowTimings);
}

export const flowSettingsOperations: Operations<'admin-flow', typeof adminFlowContract> = {
  'GET /api/admin/whatsapp/fluxo-agendamentos': async (request) => json(200, await current(request)),

  'PUT /api/admin/whatsapp/fluxo-agendamentos': async (request) => {
    const settings = parseFlowSettings(request.body ?? {}, await current(request));
    await store.saveSettings(request.principal.aplicacaoId, settings);
    return json(200, settings);
  },
};
