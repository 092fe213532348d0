// Contract of the admin routes that issue and revoke the agent's client certificates (docs/agent.md).
import * as z from 'zod/mini';
import { MAX_SERIAL_TEXT } from '#shared/ca/serial';
import { described, noContent, ok, type GroupContract } from '#shared/http/contract/kit';
import { agentCertificate, issuedCertificate } from '#shared/http/contract/integrations';
import { issueBody, revokeBody } from './requests.ts';

export const adminCertificatesContract = {
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
} satisfies GroupContract<'admin-certificates'>;
