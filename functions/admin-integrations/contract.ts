// Contract of the admin routes that manage the agent's integrations and read their execution logs (docs/agent.md).
import * as z from 'zod/mini';
import { createSchema as integrationBody } from '#shared/domain/integrations/inputs';
import { described, ok, queryIntegers, type GroupContract } from '#shared/http/contract/kit';
import { adminIntegration, executionLog } from '#shared/http/contract/integrations';
import { pageQuery } from './requests.ts';

queryIntegers.add(pageQuery.shape.limite, { minimum: 1, maximum: 100, default: 20 });

export const adminIntegrationsContract = {
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
} satisfies GroupContract<'admin-integrations'>;
