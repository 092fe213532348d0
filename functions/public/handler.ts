// Public endpoints (no authentication): health/version, active plans, demo requests, the agent
// channel's CRL. Thin: read the request, call one domain operation, shape the answer.
//
// Cold start: the DynamoDB modules are evaluated on the first request that needs them (the bundle
// still carries them), so GET /api/status and GET /api/external/crl do not initialise them; the CRL
// route only copies bytes from the bucket (no X.509 library in this function, a unit test checks).
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { adapter, awsAdapters } from '#shared/adapters/index';
import { config } from '#shared/config';
import { demoRequestInput, registerDemoRequest, type DemoRequestRepository } from '#shared/domain/contact';
import { listActivePlans, type PlanRepository } from '#shared/domain/plans';
import { statusReport, statusTokenMatches } from '#shared/domain/status';
import { HttpError } from '#shared/http/errors';
import { groupHandler, json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { log } from '#shared/log';
import type { publicContract } from './contract.ts';

awsAdapters({
  mail: async () => (await import('#shared/adapters/aws/ses')).sesMail(),
  blobs: async () => (await import('#shared/adapters/aws/s3')).s3Blobs(),
});

const startedAt = new Date();
let requestsServed = 0;

let planRepository: PlanRepository | undefined;
const plans = async () => (planRepository ??= (await import('#shared/db/plans')).dynamoPlanRepository());
let demoRequestRepository: DemoRequestRepository | undefined;
const demoRequests = async () => (demoRequestRepository ??= (await import('#shared/db/contacts')).dynamoDemoRequestRepository());
const nextId = async () => (await import('#shared/db/ids')).nextId();
/** The administrator's notification, when the deployment sends e-mail (a sender and a recipient configured). */
const notifier = () => {
  const { mailFrom, adminEmail } = config();
  return mailFrom && adminEmail ? { mail: () => adapter('mail'), adminEmail } : undefined;
};

export const crlContentType = 'application/pkix-crl';
/** The spec: the CRL is cacheable for one hour. */
export const crlCacheControl = 'public, max-age=3600';

const operations: Operations<'public', typeof publicContract> = {
  'GET /api/status': async (request) => {
    const { version, commit, buildTime, statusToken, region } = config();
    const detailed = statusTokenMatches(statusToken, request.headers['x-status-token']);
    const facts = () => ({
      startedAt,
      requestsServed,
      region,
      node: process.version,
      memory: process.memoryUsage(),
      memoryLimitMb: config().lambdaMemoryMb,
      now: new Date(),
    });
    const report = statusReport({ version, commit, buildTime }, detailed ? facts() : undefined);
    return json(200, report, { 'Cache-Control': 'no-store' });
  },

  'GET /api/planos/ativos': async () => {
    const active = await listActivePlans(await plans());
    return json(200, active, { 'Cache-Control': 'public, max-age=60' });
  },

  'POST /api/contato': async (request) => {
    // Validated before anything is written or sent: a 400 names the field and has no effect.
    const input = validate(demoRequestInput, request.body);
    const receipt = await registerDemoRequest(input, {
      repository: await demoRequests(),
      notify: notifier(),
      nextId,
      onNotificationFailure: (id, error) =>
        // The request is stored; only its id is logged, never the visitor's data.
        log.error('demo request notification failed', { contatoId: id, error: error instanceof Error ? error.name : 'unknown' }),
    });
    log.info('demo request received', { contatoId: receipt.id, notificado: receipt.notificado });
    return json(201, { id: receipt.id, status: receipt.status, mensagem: receipt.mensagem, criadoEm: receipt.criadoEm });
  },

  'GET /api/external/crl': async () => {
    const { crlKey } = config();
    let der: Uint8Array | undefined;
    try {
      der = await (await adapter('blobs')).get(crlKey);
    } catch (error) {
      log.error('CRL read failed', { crlKey, error });
    }
    if (!der || der.length === 0) {
      throw new HttpError(
        503,
        'crl_unavailable',
        'The certificate revocation list is not available right now',
        {},
        { 'Retry-After': '60' },
      );
    }
    return { statusCode: 200, binary: der, headers: { 'Content-Type': crlContentType, 'Cache-Control': crlCacheControl } };
  },
};

const serve = groupHandler<typeof publicContract>('public', operations);

export const handler = (event: APIGatewayProxyEvent, context: Context) => {
  requestsServed++;
  return serve(event, context);
};
