// The AI assistant on the attendant's side (docs/ai.md): its settings (the automatic answers the inbound consumer
// gives in the bot stage) and a reply suggested for one attendance, charged IA_INTERACAO, never sent.
import { saveAiSettings } from '#shared/db/ai';
import { dynamoApplicationReader } from '#shared/db/applications';
import { aiSettingsBody, aiSettingsOf, noAiSettings, type AiSettings } from '#shared/domain/ai';
import { notFound } from '#shared/domain/errors';
import { shownTime } from '#shared/domain/time';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { suggestReply } from '#shared/operations/ai';
import { findAttendance } from '#shared/operations/attendances';
import { aiDeps } from '#shared/wiring/ai';
import { attendanceDeps } from '#shared/wiring/attendances';
import type { adminWhatsappContract } from './contract.ts';

const applications = dynamoApplicationReader();

const settingsView = (s: AiSettings) => ({ ...s, atualizadoEm: shownTime(s.atualizadoEm) });

async function applicationOf(request: TenantRequest) {
  const app = await applications.getApplication(request.principal.aplicacaoId);
  if (!app) throw notFound('application');
  return app;
}

export const aiOperations: Operations<'admin-whatsapp', typeof adminWhatsappContract> = {
  'GET /api/admin/whatsapp/ia': async (request) => json(200, settingsView((await applicationOf(request)).ia ?? noAiSettings)),

  'PUT /api/admin/whatsapp/ia': async (request) => {
    const settings = aiSettingsOf(validate(aiSettingsBody, request.body ?? {}), new Date().toISOString());
    await saveAiSettings(request.principal.aplicacaoId, settings);
    return json(200, settingsView(settings));
  },

  'POST /api/admin/atendimentos/{id}/sugestao': async (request) => {
    const [app, attendance] = await Promise.all([
      applicationOf(request),
      findAttendance(attendanceDeps(), request.principal.aplicacaoId, pathId(request, 'attendance')),
    ]);
    return json(200, await suggestReply(aiDeps(), app, attendance));
  },
};
