// Revoking agent certificates from tooling and tests (a certificate issued outside the admin routes,
// e.g. with agent-ca.ts): the serials join the CA's revocation list in the table (pattern 45a), and
// the CRL is published from that list (shared/ca/crl-publisher.ts), as the admin route does.
import { loadAgentCaSecret } from '#shared/ca/ca-secret';
import { publishCrl } from '#shared/ca/crl-publisher';
import type { AgentCa } from '#shared/ca/agent-ca';
import { normalizeSerial } from '#shared/ca/serial';
import { config } from '#shared/config';
import { dynamoAgentCertificateRepository } from '#shared/db/agent-certificates';

export const loadAgentCa = (secretId = config().agentCaSecretId): Promise<AgentCa> => loadAgentCaSecret(secretId);

/** Revokes `serials` (any hex form) and publishes the CRL; returns its CRL Number. Already revoked serials keep their entry. */
export async function revokeAgentCertificates(serials: string[], options: { revokedAt?: Date } = {}): Promise<bigint> {
  const repo = dynamoAgentCertificateRepository();
  const at = (options.revokedAt ?? new Date()).toISOString();
  for (const serial of serials) await repo.revokeSerial(normalizeSerial(serial), at);
  return (await publishCrl()).crlNumber;
}

export const revokeAgentCertificate = (serial: string, options?: { revokedAt?: Date }) => revokeAgentCertificates([serial], options);
