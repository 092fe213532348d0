// Contract of the on-premises agent channel (mutual TLS + OAuth2 token) and of the admin routes that
// manage its integrations, execution logs and certificates (docs/agent.md).
import * as z from 'zod/mini';
import { issueBody, revokeBody } from '#functions/admin-certificates/certificates';
import { pageQuery } from '#functions/admin-integrations/logs';
import { MAX_SERIAL_TEXT } from '#shared/ca/serial';
import { batchSchema, importedStatuses, recordTypes } from '#shared/domain/agent-import/inputs';
import { AGENT_IMPORT_MAX_BODY_BYTES } from '#shared/http/routes';
import { batch as executionBatch, executionStatuses } from '#shared/domain/execution-logs';
import { apiAuthentications, createSchema as integrationBody, databaseDrivers } from '#shared/domain/integrations';
import { queryTypes, savedQueriesInput } from '#shared/domain/saved-queries';
import { described, id, named, noContent, ok, queryIntegers, timestamp, type GroupContract } from './kit.ts';

// ---------------------------------------------------------------------------------------------------
// Integrations

const databaseConnection = named(
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

const apiConnection = named(
  'IntegrationApiConnection',
  z.object({
    urlBase: z.string(),
    autenticacao: z.enum(apiAuthentications),
    usuario: z.nullable(z.string()),
    cabecalho: described(z.nullable(z.string()), 'The header that carries the key with API_KEY (default `X-Api-Key`).'),
  }),
  'How the agent reaches a legacy HTTP API.',
);

const intervaloMinutos = described(z.nullable(z.int()), 'How often the agent runs it, in minutes; null: only when started by hand.');
const mask = () => z.optional(described(z.string(), '`****` and the last four characters of the secret.'));
const clear = () => z.optional(described(z.string(), 'The secret in clear.'));

const adminCommon = {
  id,
  nome: z.string(),
  intervaloMinutos,
  ativo: z.boolean(),
  versao: described(z.int(), 'Incremented by every change; a PUT is conditioned on it.'),
  criadoEm: timestamp,
  atualizadoEm: timestamp,
};
const adminIntegration = named(
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

const agentCommon = { id, nome: z.string(), intervaloMinutos, versao: z.int() };
const agentDatabaseIntegration = named(
  'AgentDatabaseIntegration',
  z.object({ ...agentCommon, tipoIntegracao: z.literal('BANCO'), conexao: databaseConnection, segredos: z.object({ senha: clear() }) }),
  'An active BANCO integration as the agent reads it, its secrets in clear.',
);
const agentApiIntegration = named(
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

const savedQuery = named(
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

// documented, not validated by a schema: integracaoIdOf (functions/agent/queries.ts) checks the text by hand,
// and an int64 above 2^53 - 1 is a 404, not a 400, as for a path id. Documented as the integer it is, bounded
// like a path id.
const integracaoIdText = z.string().check(z.regex(/^\d{1,19}$/), z.maxLength(19));
queryIntegers.add(integracaoIdText, { minimum: 1, maximum: Number.MAX_SAFE_INTEGER, format: 'int64' });

queryIntegers.add(pageQuery.shape.limite, { minimum: 1, maximum: 100, default: 20 });

const integracaoIdQuery = z.object({
  integracaoId: described(
    integracaoIdText,
    'Required. The integration, a positive int64 in plain decimal; missing or malformed: 400 naming `integracaoId`.',
  ),
});

const executionLog = named(
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

const importResult = named(
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

const certificateFields = {
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
const agentCertificate = named('AgentCertificate', z.object(certificateFields), 'An agent certificate of an integration.');
const issuedCertificate = named(
  'AgentCertificateIssued',
  z.object({ ...certificateFields, certificado: described(z.string(), 'The certificate, PEM.') }),
  'A certificate just issued, with its PEM.',
);

// ---------------------------------------------------------------------------------------------------

const ANOTHER_APP =
  'Only the integration the client certificate was issued for: any other (of another application, or another of this application) is 404, as an unknown one, and nothing is read or written.';

export const agentContract: GroupContract<'agent'> = {
  'GET /api/external/integracoes/banco': {
    summary: 'The certificate’s database integration, with its secrets',
    description:
      'Only over the mutual-TLS channel, to a client certificate of the token’s application. A list holding the integration the certificate was issued for when it is an active BANCO integration, else `[]`: never another integration, even of the same application. The secrets are in clear.',
    responses: { 200: ok('The certificate’s integration, when an active BANCO one.', z.array(agentDatabaseIntegration)) },
  },
  'GET /api/external/integracoes/api': {
    summary: 'The certificate’s HTTP API integration, with its secrets',
    description:
      'Only over the mutual-TLS channel, to a client certificate of the token’s application. A list holding the integration the certificate was issued for when it is an active API integration, else `[]`: never another integration, even of the same application. The secrets are in clear.',
    responses: { 200: ok('The certificate’s integration, when an active API one.', z.array(agentApiIntegration)) },
  },
  'POST /api/external/integracoes/logs': {
    summary: 'Report how saved queries ran',
    description: `1 to 100 executions; the whole batch is checked before anything is written (a refusal is a 400 naming \`execucoes[i].field\`). \`fim\` must not be before \`inicio\`; \`erro\` is required (not blank) with status ERRO. Each log is kept 90 days. ${ANOTHER_APP}`,
    body: executionBatch,
    responses: {
      201: ok('The logs were recorded.', z.object({ integracaoId: id, recebidos: described(z.int(), 'How many logs were recorded.') })),
    },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'POST /api/external/integracoes/registros': {
    summary: 'Import a batch of patients, appointments and clinical records',
    description: [
      `Up to 500 records and ${AGENT_IMPORT_MAX_BODY_BYTES} bytes (4 MiB) of body; more is 413 \`payload_too_large\` before anything is read or written (over the bytes, \`maxBytes\` names the limit: send the records in smaller batches). ` +
        'Each record is `{tipo, idLegado, dados}`: `tipo` PACIENTE, AGENDAMENTO or REGISTRO_CLINICO, `idLegado` the legacy system’s id (1-100 characters), `dados` per `tipo` (docs/agent.md, "Batch import"); an AGENDAMENTO may carry the legacy `status` ' +
        importedStatuses.join(', ') +
        '.',
      'Each record is judged alone: a bad one is `rejeitado` in the answer naming its field, the others go on. Idempotent per (integration, tipo, idLegado): a record equal to the one last imported is `inalterado` and writes nothing, so a batch may be sent again.',
      `An inactive integration is 409. ${ANOTHER_APP}`,
    ].join('\n\n'),
    body: batchSchema,
    responses: {
      200: ok(
        'One result per record, in request order.',
        z.object({
          integracaoId: id,
          total: z.int(),
          resumo: z.object({ criado: z.int(), atualizado: z.int(), inalterado: z.int(), rejeitado: z.int() }),
          resultados: z.array(importResult),
        }),
      ),
    },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 413: ['payload_too_large'] },
  },
  'GET /api/external/integracoes/queries': {
    summary: 'The integration’s saved queries',
    description: `The current set, in the order it was saved (\`[]\` when none was ever saved). A reader never sees part of an old set and part of a new one; a set replaced again and again while it is read is 409 (try again). ${ANOTHER_APP}`,
    query: integracaoIdQuery,
    responses: { 200: ok('The saved queries.', z.array(savedQuery)) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'PUT /api/external/integracoes/queries': {
    summary: 'Replace the integration’s saved queries',
    description: `Replaces the whole set at once with the array sent (at most 100; \`[]\` empties it). Ids unique within the array; a query without \`id\` gets a new one. Each \`sql\` must be a single read statement (SELECT or WITH; no writes, no locks, no \`INTO\`, no executable comments or optimizer hints, no calls that run SQL given as text or reach the server’s files or other servers such as \`OPENQUERY\`, \`dblink_exec\`, \`xp_cmdshell\`: docs/agent.md "The SQL check"); the agent runs each query in a read-only transaction with a read-only account. A refusal is a 400 naming the first offending \`[i].field\`; nothing is written. ${ANOTHER_APP}`,
    query: integracaoIdQuery,
    body: savedQueriesInput,
    responses: {
      200: ok(
        'The set was replaced.',
        z.object({
          integracaoId: id,
          versao: described(z.int(), 'Counts the sets saved for the integration: of two concurrent PUTs, the higher wins.'),
          total: z.int(),
        }),
      ),
    },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
};

export const adminIntegrationsContract: GroupContract<'admin-integrations'> = {
  'POST /api/admin/integracoes': {
    summary: 'Create an integration',
    description:
      'A legacy system the agent reads: BANCO (a database) or API (an HTTP API). The secrets are write-only: stored in the secret store, answered only as masks.',
    body: integrationBody,
    responses: { 201: ok('The integration.', adminIntegration) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/integracoes': {
    summary: 'The application’s integrations',
    responses: { 200: ok('Every integration of the application.', z.array(adminIntegration)) },
  },
  'GET /api/admin/integracoes/{id}': {
    summary: 'One integration',
    responses: { 200: ok('The integration.', adminIntegration) },
    errors: { 404: ['not_found'] },
  },
  'PUT /api/admin/integracoes/{id}': {
    summary: 'Replace an integration’s settings',
    description:
      'Replaces the settings. A secret left out (or `segredos` left out) keeps its stored value; `null` removes it. A change made concurrently is read again, never overwritten: 409 when it keeps changing.',
    body: integrationBody,
    responses: { 200: ok('The integration.', adminIntegration) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/admin/integracoes/{id}/logs': {
    summary: 'The agent’s execution logs of an integration, newest first',
    description:
      'A page at a time: `limite` (1-100, default 20) and `cursor`, the previous page’s `proximoCursor` (opaque; a malformed one is 400 naming `cursor`). Logs are kept 90 days.',
    query: pageQuery,
    responses: {
      200: ok(
        'One page of logs.',
        z.object({
          content: z.array(executionLog),
          proximoCursor: described(z.nullable(z.string()), 'The next page’s `cursor`; null on the last page.'),
        }),
      ),
    },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
};

export const adminCertificatesContract: GroupContract<'admin-certificates'> = {
  'DELETE /api/admin/integracoes/{id}': {
    summary: 'Delete an integration, revoking its certificates',
    description:
      'Revokes every certificate of the integration first (the CRL is re-issued), then deletes it. 409 when the integration changed meanwhile (read it again).',
    responses: { 204: noContent },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/admin/integracoes/{id}/certificados': {
    summary: 'Issue an agent certificate from the agent’s CSR',
    description:
      'The CSR (PKCS#10, PEM) must be self-signed by an ECDSA P-256/P-384 or an RSA (2048 bits or more) key with SHA-256/384/512; anything else is 400 naming `csr`. Validity 1-825 days (default 365). The subject is the service’s, binding the certificate to the application and the integration; the private key never leaves the agent.',
    body: issueBody,
    responses: { 201: ok('The certificate.', issuedCertificate) },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'GET /api/admin/integracoes/{id}/certificados': {
    summary: 'The integration’s agent certificates, revoked ones too',
    responses: { 200: ok('The certificates.', z.array(agentCertificate)) },
    errors: { 404: ['not_found'] },
  },
  'POST /api/admin/integracoes/{id}/certificados/{serial}/revogar': {
    summary: 'Revoke an agent certificate',
    description:
      'Revokes it and publishes the CRL at once. Revoking it again is 200 and changes nothing. The body may be left out. An unknown serial (or one that is not hexadecimal) is 404.',
    path: z.object({
      id: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
      serial: described(
        z.string().check(z.maxLength(MAX_SERIAL_TEXT)),
        'The serial in hexadecimal, any case, with or without `:` separators or `0x` (RFC 5280 serials have at most 20 octets).',
      ),
    }),
    body: revokeBody,
    responses: { 200: ok('The certificate.', agentCertificate) },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
};
