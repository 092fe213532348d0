// GET /api/external/integracoes/banco and /api: the agent's application's active integrations of that
// type, with what the agent needs to run them, secrets included in clear: this answer only goes over
// the mutual-TLS channel to a certificate of the application, and neither it nor the secrets are logged.
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import type { Integration, IntegrationType } from '#shared/domain/integrations';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { log } from '#shared/log';
import { integrationSecretValues } from '#shared/operations/integration-secrets';

const integrations = dynamoIntegrationRepository();

const agentView = async (i: Integration) => ({
  id: i.id,
  tipoIntegracao: i.tipoIntegracao,
  nome: i.nome,
  conexao: i.conexao,
  segredos: await integrationSecretValues(i),
  intervaloMinutos: i.intervaloMinutos,
  versao: i.versao,
});

async function activeOfType(request: TenantRequest, tipo: IntegrationType) {
  const { aplicacaoId, subject, certificado } = request.principal;
  const active = (await integrations.list(aplicacaoId)).filter((i) => i.ativo && i.tipoIntegracao === tipo);
  const views = await Promise.all(active.map(agentView));
  log.info('agent read its integrations', { aplicacaoId, tipo, total: views.length, clientId: subject, certificado });
  return json(200, views);
}

export const integrationOperations: Operations<'agent'> = {
  'GET /api/external/integracoes/banco': (request) => activeOfType(request, 'BANCO'),
  'GET /api/external/integracoes/api': (request) => activeOfType(request, 'API'),
};
