// GET /api/external/integracoes/banco and /api: the integration of the agent's certificate, when it is
// active and of that type (else []), with what the agent needs to run it, secrets included in clear: this
// answer only goes over the mutual-TLS channel to a certificate issued for that very integration (never
// another integration's, even of the same application), and neither it nor the secrets are logged.
import type * as z from 'zod/mini';
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { kindOf, type Integration, type IntegrationType } from '#shared/domain/integrations/records';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { log } from '#shared/log';
import { integrationSecretValues } from '#shared/secrets/integrations';
import { certificateIntegration } from '#shared/auth/certificate-integration';
import type { agentApiIntegration, agentDatabaseIntegration } from '#shared/http/contract/integrations';
import type { agentContract } from './contract.ts';

const integrations = dynamoIntegrationRepository();

type DatabaseIntegrationAnswer = z.output<typeof agentDatabaseIntegration>;
type ApiIntegrationAnswer = z.output<typeof agentApiIntegration>;

const agentView = async (i: Integration): Promise<DatabaseIntegrationAnswer | ApiIntegrationAnswer> => ({
  id: i.id,
  ...kindOf(i),
  nome: i.nome,
  segredos: await integrationSecretValues(i),
  intervaloMinutos: i.intervaloMinutos,
  versao: i.versao,
});

const isDatabase = (v: DatabaseIntegrationAnswer | ApiIntegrationAnswer): v is DatabaseIntegrationAnswer => v.tipoIntegracao === 'BANCO';
const isApi = (v: DatabaseIntegrationAnswer | ApiIntegrationAnswer): v is ApiIntegrationAnswer => v.tipoIntegracao === 'API';

async function activeOfType(request: TenantRequest, tipo: IntegrationType) {
  const { aplicacaoId, subject, certificado } = request.principal;
  const integracaoId = certificateIntegration(request.principal);
  const own = await integrations.get(aplicacaoId, integracaoId);
  const views = own?.ativo && own.tipoIntegracao === tipo ? [await agentView(own)] : [];
  log.info('agent read its integration', { aplicacaoId, integracaoId, tipo, total: views.length, clientId: subject, certificado });
  return views;
}

export const integrationOperations: Operations<'agent', typeof agentContract> = {
  'GET /api/external/integracoes/banco': async (request) => json(200, (await activeOfType(request, 'BANCO')).filter(isDatabase)),
  'GET /api/external/integracoes/api': async (request) => json(200, (await activeOfType(request, 'API')).filter(isApi)),
};
