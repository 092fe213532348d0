// /api/admin/integracoes: the application's integrations, the legacy systems its on-premises agent
// reads. The admin's own application only (another application's integration is the same 404 as an
// unknown one). Secrets are write-only: stored in the secret store before the item names them, shown
// only as a mask. Deleting one (it revokes the agent certificates) is in functions/admin-certificates.
import type * as z from 'zod/mini';
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { conflict, notFound } from '#shared/domain/errors';
import { parseIntegration, secretChanges, type IntegrationInput } from '#shared/domain/integrations/inputs';
import { kindOf, secretFields, type Integration, type SecretField } from '#shared/domain/integrations/records';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { log } from '#shared/log';
import { storeIntegrationSecret } from '#shared/secrets/integrations';
import type { adminIntegration } from '#shared/http/contract/integrations';
import type { adminIntegrationsContract } from './contract.ts';

const integrations = dynamoIntegrationRepository();

export const integrationView = (i: Integration): z.output<typeof adminIntegration> => ({
  id: i.id,
  ...kindOf(i),
  nome: i.nome,
  segredos: Object.fromEntries(Object.entries(i.segredos).map(([campo, ref]) => [campo, ref.mascara])),
  intervaloMinutos: i.intervaloMinutos,
  ativo: i.ativo,
  versao: i.versao,
  criadoEm: localDateTime(new Date(i.criadoEm)),
  atualizadoEm: localDateTime(new Date(i.atualizadoEm)),
});

async function ownIntegration(aplicacaoId: number, id: number): Promise<Integration> {
  const integration = await integrations.get(aplicacaoId, id);
  if (!integration) throw notFound('integration');
  return integration;
}

/** The secrets after a write: new values stored first (a version no item names has no effect), removed ones dropped. */
async function secretsAfter(
  aplicacaoId: number,
  id: number,
  input: IntegrationInput,
  changes: Partial<Record<SecretField, string | null>>,
  current: Integration['segredos'],
): Promise<Integration['segredos']> {
  const allowed: readonly SecretField[] = secretFields[input.tipoIntegracao];
  const next: Integration['segredos'] = Object.fromEntries(
    Object.entries(current).filter(([campo]) => allowed.includes(campo as SecretField)),
  );
  for (const campo of allowed) {
    const value = changes[campo];
    if (value === null) delete next[campo];
    else if (value !== undefined) next[campo] = await storeIntegrationSecret(aplicacaoId, id, campo, value);
  }
  return next;
}

const MAX_ATTEMPTS = 5;

export const integrationOperations: Operations<'admin-integrations', typeof adminIntegrationsContract> = {
  'POST /api/admin/integracoes': async (request) => {
    const { aplicacaoId } = request.principal;
    const input = parseIntegration(request.body);
    const id = await integrations.newId();
    const at = new Date().toISOString();
    const integration: Integration = {
      id,
      aplicacaoId,
      ...kindOf(input),
      nome: input.nome,
      segredos: await secretsAfter(aplicacaoId, id, input, secretChanges(request.body), {}),
      intervaloMinutos: input.intervaloMinutos,
      ativo: input.ativo,
      versao: 1,
      criadoEm: at,
      atualizadoEm: at,
    };
    await integrations.create(integration);
    log.info('integration created', { aplicacaoId, integracaoId: id, tipoIntegracao: integration.tipoIntegracao });
    return json(201, integrationView(integration));
  },

  'GET /api/admin/integracoes': async (request) => {
    const all = await integrations.list(request.principal.aplicacaoId);
    return json(200, all.map(integrationView));
  },

  'GET /api/admin/integracoes/{id}': async (request) => {
    const integration = await ownIntegration(request.principal.aplicacaoId, pathId(request, 'integration'));
    return json(200, integrationView(integration));
  },

  'PUT /api/admin/integracoes/{id}': async (request) => {
    const { aplicacaoId } = request.principal;
    const id = pathId(request, 'integration');
    const input = parseIntegration(request.body);
    const changes = secretChanges(request.body);
    // Conditioned on the version read: a concurrent change is read again, never overwritten.
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = await ownIntegration(aplicacaoId, id);
      const next: Integration = {
        ...current,
        ...kindOf(input),
        nome: input.nome,
        segredos: await secretsAfter(aplicacaoId, id, input, changes, current.segredos),
        intervaloMinutos: input.intervaloMinutos,
        ativo: input.ativo,
        versao: current.versao + 1,
        atualizadoEm: new Date().toISOString(),
      };
      if (await integrations.update(current, next)) return json(200, integrationView(next));
    }
    throw conflict('The integration is being changed concurrently; try again');
  },
};
