// /api/admin/integracoes/{id}/certificados: the agent certificates of an integration. The agent
// generates its key pair and sends a CSR (PKCS#10); the service verifies it and issues a certificate
// of the agent CA bound to the application and the integration (its subject names both, and the agent
// authorizer refuses it with another application's token). The private key never leaves the agent.
// Revoking one re-issues the CRL at once; so does deleting the integration, which revokes them all.
import type * as z from 'zod/mini';
import { loadAgentCaSecret } from '#shared/ca/ca-secret';
import { revokeAgentCertificate } from '#shared/ca/crl-publisher';
import { CsrError, issueFromCsr, type IssuedFromCsr } from '#shared/ca/issuer';
import { normalizeSerial } from '#shared/ca/serial';
import { dynamoAgentCertificateRepository, type AgentCertificateRecord } from '#shared/db/agent-certificates';
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { conflict, invalid, notFound } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { log } from '#shared/log';
import { issueBody, revokeBody } from './requests.ts';
import type { agentCertificate } from '#shared/http/contract/integrations';
import type { adminCertificatesContract } from './contract.ts';

const integrations = dynamoIntegrationRepository();
const certificates = dynamoAgentCertificateRepository();

const certificateView = (c: AgentCertificateRecord): z.output<typeof agentCertificate> => ({
  serial: c.serial,
  subject: c.subject,
  sha256: c.sha256,
  emitidoEm: localDateTime(new Date(c.emitidoEm)),
  validoAte: localDateTime(new Date(c.validoAte)),
  revogado: c.revogadoEm !== null,
  revogadoEm: c.revogadoEm ? localDateTime(new Date(c.revogadoEm)) : null,
  motivo: c.motivo,
});

async function ownIntegrationId(aplicacaoId: number, request: { pathParameters: Record<string, string> }): Promise<number> {
  const id = pathId(request, 'integration');
  if (!(await integrations.get(aplicacaoId, id))) throw notFound('integration');
  return id;
}

export const certificateOperations: Operations<'admin-certificates', typeof adminCertificatesContract> = {
  'POST /api/admin/integracoes/{id}/certificados': async (request) => {
    const { aplicacaoId } = request.principal;
    const integracaoId = await ownIntegrationId(aplicacaoId, request);
    const body = validate(issueBody, request.body ?? {});
    let issued: IssuedFromCsr;
    try {
      issued = issueFromCsr(await loadAgentCaSecret(), body.csr, { aplicacaoId, integracaoId }, { validDays: body.validadeDias });
    } catch (error) {
      if (error instanceof CsrError) throw invalid(`csr ${error.message}`, 'csr');
      throw error;
    }
    const record: AgentCertificateRecord = {
      aplicacaoId,
      integracaoId,
      serial: issued.serialHex,
      subject: issued.subject,
      sha256: issued.sha256,
      emitidoEm: issued.notBefore.toISOString(),
      validoAte: issued.notAfter.toISOString(),
      revogadoEm: null,
      motivo: null,
    };
    await certificates.record(record);
    log.info('agent certificate issued', { aplicacaoId, integracaoId, serial: issued.serialHex });
    return json(201, { ...certificateView(record), certificado: issued.certPem });
  },

  'GET /api/admin/integracoes/{id}/certificados': async (request) => {
    const { aplicacaoId } = request.principal;
    const integracaoId = await ownIntegrationId(aplicacaoId, request);
    const all = await certificates.list(aplicacaoId, integracaoId);
    return json(200, all.map(certificateView));
  },

  'POST /api/admin/integracoes/{id}/certificados/{serial}/revogar': async (request) => {
    const { aplicacaoId } = request.principal;
    const integracaoId = await ownIntegrationId(aplicacaoId, request);
    let serial: string;
    try {
      serial = normalizeSerial(request.pathParameters.serial ?? '');
    } catch {
      throw notFound('certificate');
    }
    const body = validate(revokeBody, request.body ?? {});
    const outcome = await revokeAgentCertificate(aplicacaoId, integracaoId, serial, body.motivo ?? null);
    if (outcome === 'not_found') throw notFound('certificate');
    log.info('agent certificate revoked', { aplicacaoId, integracaoId, serial, outcome });
    const record = await certificates.get(aplicacaoId, integracaoId, serial);
    return json(200, certificateView(record!));
  },

  'DELETE /api/admin/integracoes/{id}': async (request) => {
    const { aplicacaoId } = request.principal;
    const id = pathId(request, 'integration');
    const integration = await integrations.get(aplicacaoId, id);
    if (!integration) throw notFound('integration');
    // Its agents lose access first: a deleted integration's certificate must not keep working.
    for (const cert of await certificates.list(aplicacaoId, id)) {
      if (!cert.revogadoEm) await revokeAgentCertificate(aplicacaoId, id, cert.serial, 'integracao removida');
    }
    if (!(await integrations.remove(integration))) throw conflict('The integration changed meanwhile; read it again');
    log.info('integration deleted', { aplicacaoId, integracaoId: id });
    return { statusCode: 204 };
  },
};
