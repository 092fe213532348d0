// Contract of the public group (no authentication): health, active plans, demo requests, the agent CRL.
import * as z from 'zod/mini';
import { demoRequestInput } from '#shared/domain/contact';
import { MAX_STATUS_TOKEN } from '#shared/domain/status';
import { described, id, money, named, timestamp, type GroupContract } from '#shared/http/contract/kit';

const plan = named(
  'Plan',
  z.object({
    id,
    nome: z.string(),
    descricao: z.string(),
    precoMensal: described(money, 'Monthly price.'),
    moeda: z.literal('BRL'),
    mensagensIncluidas: z.int(),
    recursos: z.array(z.string()),
    ativo: z.boolean(),
  }),
  'A commercial plan of the public site.',
);

const demoRequestReceipt = named(
  'DemoRequestReceipt',
  z.object({ id, status: z.literal('RECEBIDO'), mensagem: z.string(), criadoEm: timestamp }),
);

const runtimeMetrics = named(
  'StatusRuntime',
  z.object({
    uptimeSeconds: z.int(),
    coldStart: z.boolean(),
    requestsServed: z.int(),
    node: described(z.string(), 'The Node.js version.'),
    region: z.string(),
    memoria: z.object({
      rssBytes: z.int(),
      heapUsedBytes: z.int(),
      heapTotalBytes: z.int(),
      externalBytes: z.int(),
      limiteMb: z.optional(described(z.number(), 'The function’s configured memory, when known.')),
    }),
  }),
  'Runtime metrics of the answering function: only for a caller presenting the configured X-Status-Token.',
);

const statusReport = named(
  'StatusReport',
  z.object({
    status: z.literal('UP'),
    aplicacao: z.object({
      nome: z.string(),
      versao: z.string(),
      commit: z.string(),
      buildTime: z.string(),
      formatted: described(z.string(), 'e.g. `whatsapp-platform v0.1.0 (abc1234, built 2026-11-22T01:00:00Z)`.'),
    }),
    runtime: z.optional(runtimeMetrics),
  }),
);

export const publicContract = {
  'GET /api/planos/ativos': {
    summary: 'Active commercial plans, cheapest first',
    responses: {
      200: {
        description: 'The active plans.',
        body: z.array(plan),
        headers: { 'Cache-Control': { description: '`public, max-age=60`.' } },
      },
    },
  },
  'POST /api/contato': {
    summary: 'Request a demonstration',
    description:
      'Stores the request, then notifies the administrator by e-mail; a failed e-mail does not lose the request. Blank optional fields count as not given.',
    body: demoRequestInput,
    responses: { 201: { description: 'Received.', body: demoRequestReceipt } },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/status': {
    summary: 'Health and build information',
    description:
      'No table, no network. `runtime` is present only when a status token is configured and `X-Status-Token` equals it; a wrong token gets the basic answer.',
    headers: [
      {
        name: 'X-Status-Token',
        description: 'Optional. The configured status token (STATUS_TOKEN, at most 256 characters): the answer then carries `runtime`.',
        schema: z.string().check(z.maxLength(MAX_STATUS_TOKEN)),
      },
    ],
    responses: {
      200: {
        description: 'The service is up.',
        body: statusReport,
        headers: { 'Cache-Control': { description: '`no-store`.' } },
      },
    },
  },
  'GET /api/external/crl': {
    summary: 'Certificate revocation list of the agent CA',
    description:
      'An X.509 v2 CRL in DER form, cacheable for one hour. When it cannot be read the answer is 503 `crl_unavailable` with `Retry-After: 60`.',
    responses: {
      200: {
        description: 'The CRL (DER).',
        contentType: 'application/pkix-crl',
        headers: { 'Cache-Control': { description: '`public, max-age=3600`.' } },
      },
    },
  },
} satisfies GroupContract<'public'>;
