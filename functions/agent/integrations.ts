// GET /api/external/integracoes/banco and /api: the integration of the agent's certificate, when it is
// active and of that type (else []), with what the agent needs to run it, secrets included in clear: this
// answer only goes over the mutual-TLS channel to a certificate issued for that very integration (never
// another integration's, even of the same application), and neither it nor the secrets are logged.
import type * as z from 'zod/mini';
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { kindOf, type Integration, type IntegrationType } from '#shared/domain/integrations/records';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { log } from '#shared/log';
import { integrationSecretValues } from '#shared/operations/integration-secrets';
import { certificateIntegration } from '#shared/auth/certificate-integration';
import type { agentApiIntegration, agentDatabaseIntegration } from '#shared/http/contract/integrations';

const integrations = dynamoIntegrationRepository();

const agentView = async (i: Integration): Promise<z.output<typeof agentDatabaseIntegration | typeof agentApiIntegration>> => ({
  id: i.id,
  ...kindOf(i),
  nome: i.nome,
  segredos: await integrationSecretValues(i),
  intervaloMinutos: i.intervaloMinutos,
  versao: i.versao,
});

async function activeOfType(request: TenantRequest, tipo: IntegrationType) {
  const { aplicacaoId, subject, certificado } = request.principal;
  const integracaoId = certificateIntegration(request.principal);
  const own = await integrations.get(aplicacaoId, integracaoId);
  const views = own?.ativo && own.tipoIntegracao === tipo ? [await agentView(own)] : [];
  log.info('agent read its integration', { aplicacaoId, integracaoId, tipo, total: views.length, clientId: subject, certificado });
  return json(200, views);
}

export const integrationOperations: Operations<'agent'> = {
  'GET /api/external/integracoes/banco': (request) => activeOfType(request, 'BANCO'),
  'GET /api/external/integracoes/api': (request) => activeOfType(request, 'API'),
};
