// The sandbox's agent channel: `demo` has one BANCO integration (a PostgreSQL database of a legacy
// system, password in the local secret store) with two saved queries, so the sandbox agent
// (its certificate is bound to this integration) finds something to run. Written once; a later
// start finds it by name and leaves what the user changed.
import type { Sandbox } from '#infra/local/seed';
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { dynamoSavedQueryRepository } from '#shared/db/saved-queries';
import type { Integration } from '#shared/domain/integrations/records';
import { replaceSavedQueries, type SavedQueryInput } from '#shared/domain/saved-queries';
import { storeIntegrationSecret } from '#shared/secrets/integrations';

export const SANDBOX_INTEGRATION_NAME = 'Prontuário legado (sandbox)';

const sandboxQueries: SavedQueryInput[] = [
  {
    nome: 'Pacientes alterados desde a última execução',
    tipo: 'PACIENTES',
    sql: 'SELECT p.id, p.nome, p.telefone, p.cpf, p.data_nascimento FROM pacientes p WHERE p.atualizado_em > :ultimaExecucao ORDER BY p.id',
    ativo: true,
    ultimaExecucao: null,
  },
  {
    nome: 'Agendamentos dos próximos 7 dias',
    tipo: 'AGENDAMENTOS',
    sql: [
      'WITH proximos AS (SELECT a.* FROM agendamentos a WHERE a.data BETWEEN CURRENT_DATE AND CURRENT_DATE + 7)',
      'SELECT x.id, x.paciente_id, x.procedimento, x.data, x.situacao FROM proximos x',
    ].join(' '),
    ativo: true,
    ultimaExecucao: null,
  },
];

export async function seedAgentIntegration(sandbox: Sandbox): Promise<{ aplicacaoId: number; integracaoId: number }> {
  const repo = dynamoIntegrationRepository();
  const aplicacaoId = sandbox.applications.demo.id;
  const existing = (await repo.list(aplicacaoId)).find((i) => i.nome === SANDBOX_INTEGRATION_NAME);
  if (existing) return { aplicacaoId, integracaoId: existing.id };

  const id = await repo.newId();
  const at = new Date().toISOString();
  const integration: Integration = {
    id,
    aplicacaoId,
    tipoIntegracao: 'BANCO',
    nome: SANDBOX_INTEGRATION_NAME,
    conexao: {
      driver: 'postgresql',
      host: 'prontuario.hospital.local',
      porta: 5432,
      banco: 'prontuario',
      usuario: 'leitura',
      parametros: 'sslmode=require',
    },
    segredos: { senha: await storeIntegrationSecret(aplicacaoId, id, 'senha', 'sandbox-senha-de-leitura') },
    intervaloMinutos: 15,
    ativo: true,
    versao: 1,
    criadoEm: at,
    atualizadoEm: at,
  };
  await repo.create(integration);
  await replaceSavedQueries(dynamoSavedQueryRepository(), aplicacaoId, id, sandboxQueries);
  return { aplicacaoId, integracaoId: id };
}
