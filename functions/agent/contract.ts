// Contract of the on-premises agent channel (mutual TLS + OAuth2 token) (docs/agent.md): its integration, saved
// queries and execution logs. The batch import is the agent-import group's (functions/agent-import/contract.ts).
import * as z from 'zod/mini';
import { batch as executionBatch } from '#shared/domain/execution-logs';
import { savedQueriesInput } from '#shared/domain/saved-queries';
import { described, id, ok, queryIntegers, type GroupContract } from '#shared/http/contract/kit';
import { agentApiIntegration, agentDatabaseIntegration, ANOTHER_INTEGRATION, savedQuery } from '#shared/http/contract/integrations';

// documented, not validated by a schema: integracaoIdOf (functions/agent/queries.ts) checks the text by hand,
// and an int64 above 2^53 - 1 is a 404, not a 400, as for a path id. Documented as the integer it is, bounded
// like a path id.
const integracaoIdText = z.string().check(z.regex(/^\d{1,19}$/), z.maxLength(19));
queryIntegers.add(integracaoIdText, { minimum: 1, maximum: Number.MAX_SAFE_INTEGER, format: 'int64' });

const integracaoIdQuery = z.object({
  integracaoId: described(
    integracaoIdText,
    'Required. The integration, a positive int64 in plain decimal; missing or malformed: 400 naming `integracaoId`.',
  ),
});
// ---------------------------------------------------------------------------------------------------

export const agentContract = {
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
    description: `1 to 100 executions; the whole batch is checked before anything is written (a refusal is a 400 naming \`execucoes[i].field\`). \`fim\` must not be before \`inicio\`; \`erro\` is required (not blank) with status ERRO. Each log is kept 90 days. ${ANOTHER_INTEGRATION}`,
    body: executionBatch,
    responses: {
      201: ok('The logs were recorded.', z.object({ integracaoId: id, recebidos: described(z.int(), 'How many logs were recorded.') })),
    },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'GET /api/external/integracoes/queries': {
    summary: 'The integration’s saved queries',
    description: `The current set, in the order it was saved (\`[]\` when none was ever saved). A reader never sees part of an old set and part of a new one; a set replaced again and again while it is read is 409 (try again). ${ANOTHER_INTEGRATION}`,
    query: integracaoIdQuery,
    responses: { 200: ok('The saved queries.', z.array(savedQuery)) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'PUT /api/external/integracoes/queries': {
    summary: 'Replace the integration’s saved queries',
    description: `Replaces the whole set at once with the array sent (at most 100; \`[]\` empties it). Ids unique within the array; a query without \`id\` gets a new one. Each \`sql\` must be a single read statement (SELECT or WITH; no writes, no locks, no \`INTO\`, no executable comments or optimizer hints, no calls that run SQL given as text or reach the server’s files or other servers such as \`OPENQUERY\`, \`dblink_exec\`, \`xp_cmdshell\`: docs/agent.md "The SQL check"); the agent runs each query in a read-only transaction with a read-only account. A refusal is a 400 naming the first offending \`[i].field\`; nothing is written. ${ANOTHER_INTEGRATION}`,
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
} satisfies GroupContract<'agent'>;
