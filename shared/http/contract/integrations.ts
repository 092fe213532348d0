// The shapes of the on-premises agent's integrations, saved queries, execution logs, imports and
// certificates, shared by the agent channel's contracts (functions/agent/, functions/agent-import/) and the admin
// routes that manage them (functions/admin-integrations, functions/admin-certificates).
import * as z from 'zod/mini';
import { recordTypes } from '#shared/domain/agent-import/inputs';
import { executionStatuses } from '#shared/domain/execution-logs';
import { apiAuthentications, databaseDrivers } from '#shared/domain/integrations/records';
import { queryTypes } from '#shared/domain/saved-queries';
import { described, id, named, timestamp } from '#shared/http/contract/kit';

// ---------------------------------------------------------------------------------------------------
// Integrations

export const databaseConnection = named(
  'IntegrationDatabaseConnection',
  z.object({
    driver: z.enum(databaseDrivers),
    host: z.string(),
    porta: z.int(),
    banco: z.string(),
    usuario: z.nullable(z.string()),
    parametros: described(z.nullable(z.string()), 'Driver options (`sslmode=require`, ...), as the agent passes them.'),
  }),
  'How the agent reaches a legacy database.',
);

export const apiConnection = named(
  'IntegrationApiConnection',
  z.object({
    urlBase: z.string(),
    autenticacao: z.enum(apiAuthentications),
    usuario: z.nullable(z.string()),
    cabecalho: described(z.nullable(z.string()), 'The header that carries the key with API_KEY (default `X-Api-Key`).'),
  }),
  'How the agent reaches a legacy HTTP API.',
);

export const intervaloMinutos = described(z.nullable(z.int()), 'How often the agent runs it, in minutes; null: only when started by hand.');
export const mask = () => z.optional(described(z.string(), '`****` and the last four characters of the secret.'));
export const clear = () => z.optional(described(z.string(), 'The secret in clear.'));

export const adminCommon = {
  id,
  nome: z.string(),
  intervaloMinutos,
  ativo: z.boolean(),
  versao: described(z.int(), 'Incremented by every change; a PUT is conditioned on it.'),
  criadoEm: timestamp,
  atualizadoEm: timestamp,
};
export const adminIntegration = named(
  'AdminIntegration',
  z.discriminatedUnion('tipoIntegracao', [
    z.object({ ...adminCommon, tipoIntegracao: z.literal('BANCO'), conexao: databaseConnection, segredos: z.object({ senha: mask() }) }),
    z.object({
      ...adminCommon,
      tipoIntegracao: z.literal('API'),
      conexao: apiConnection,
      segredos: z.object({ token: mask(), senha: mask() }),
    }),
  ]),
  'An integration as the admin sees it: its secrets only as masks.',
);

export const agentCommon = { id, nome: z.string(), intervaloMinutos, versao: z.int() };
export const agentDatabaseIntegration = named(
  'AgentDatabaseIntegration',
  z.object({ ...agentCommon, tipoIntegracao: z.literal('BANCO'), conexao: databaseConnection, segredos: z.object({ senha: clear() }) }),
  'An active BANCO integration as the agent reads it, its secrets in clear.',
);
export const agentApiIntegration = named(
  'AgentApiIntegration',
  z.object({
    ...agentCommon,
    tipoIntegracao: z.literal('API'),
    conexao: apiConnection,
    segredos: z.object({ token: clear(), senha: clear() }),
  }),
  'An active API integration as the agent reads it, its secrets in clear.',
);

// ---------------------------------------------------------------------------------------------------
// Saved queries, execution logs, import

/** What every route of the agent channel says of another integration than the certificate's. */
export const ANOTHER_INTEGRATION =
  'Only the integration the client certificate was issued for: any other (of another application, or another of this application) is 404, as an unknown one, and nothing is read or written.';

export const savedQuery = named(
  'AgentSavedQuery',
  z.object({
    id,
    nome: z.string(),
    sql: z.string(),
    tipo: z.enum(queryTypes),
    ativo: z.boolean(),
    ultimaExecucao: described(
      z.nullable(z.string()),
      'ISO 8601 instant in UTC with milliseconds (`2025-02-01T13:00:00.000Z`) of the last run the agent reported; null: never run.',
    ),
  }),
  'A saved query (the spec’s QuerySalvaDTO) as the service answers it.',
);
export const executionLog = named(
  'IntegrationExecutionLog',
  z.object({
    id,
    queryId: z.nullable(id),
    query: described(z.string(), 'The query’s name.'),
    inicio: timestamp,
    fim: timestamp,
    linhasLidas: z.int(),
    status: z.enum(executionStatuses),
    erro: z.nullable(z.string()),
    recebidoEm: timestamp,
  }),
  'One run of a saved query as the agent reported it.',
);

export const importResult = named(
  'AgentImportResult',
  z.union([
    z.object({
      indice: z.int(),
      tipo: z.enum(recordTypes),
      idLegado: z.string(),
      resultado: z.enum(['criado', 'atualizado', 'inalterado']),
      id: described(z.int(), 'The patient, appointment or clinical record the legacy record is.'),
    }),
    z.object({
      indice: z.int(),
      tipo: described(z.nullable(z.string()), 'Echoed when the record’s `tipo` was a string.'),
      idLegado: described(z.nullable(z.string()), 'Echoed when the record’s `idLegado` was a string.'),
      resultado: z.literal('rejeitado'),
      campo: described(z.string(), 'The refused field, from the batch (`registros[7].dados.status`).'),
      motivo: z.string(),
    }),
  ]),
  'What became of one record of the batch.',
);

// ---------------------------------------------------------------------------------------------------
// Certificates

export const certificateFields = {
  serial: described(z.string(), 'Lower-case hexadecimal serial number.'),
  subject: described(
    z.string(),
    'The service’s subject, not the CSR’s: `CN=agente-integracao-<integracaoId>, OU=integracao:<integracaoId>, O=aplicacao:<aplicacaoId>`.',
  ),
  sha256: described(z.string(), 'SHA-256 fingerprint of the certificate (DER), lower-case hex.'),
  emitidoEm: timestamp,
  validoAte: timestamp,
  revogado: z.boolean(),
  revogadoEm: z.nullable(timestamp),
  motivo: z.nullable(z.string()),
};
export const agentCertificate = named('AgentCertificate', z.object(certificateFields), 'An agent certificate of an integration.');
export const issuedCertificate = named(
  'AgentCertificateIssued',
  z.object({ ...certificateFields, certificado: described(z.string(), 'The certificate, PEM.') }),
  'A certificate just issued, with its PEM.',
);
