// Publishing the agent CA's CRL: built only from the revocation list in the table (pattern 45a), with
// a number drawn from the CA's counter (45b), signed (shared/ca/issuer.ts) and put where the CRL is
// served from (adapter('blobs') at config().crlKey). Used by a revocation (at once), the daily
// re-issue and the bootstrap, so no CRL ever leaves out a revocation the table holds.
//
// Two publications at once: each draws its number after its own revocation was written, and reads
// the list after drawing, so the higher number's CRL holds every revocation of the lower one. A
// publisher never replaces a CRL of a higher number, and after its put looks at the counter: when a
// higher number was drawn meanwhile, that publisher may have been overtaken by this put, so it
// publishes again (with a new, higher number).
import { adapter } from '#shared/adapters/index';
import { loadAgentCaSecret } from '#shared/ca/ca-secret';
import { signCrl } from '#shared/ca/issuer';
import { readCrl } from '#shared/ca/x509-lite';
import { config } from '#shared/config';
import { dynamoAgentCertificateRepository } from '#shared/db/agent-certificates';
import type { AgentCa } from '#shared/ca/agent-ca';
import { log } from '#shared/log';

/** A CRL lasts a week: the daily re-issue can miss days before agents are refused (fail closed). */
export const CRL_VALID_HOURS = 7 * 24;
const MAX_ROUNDS = 5;

const storedNumber = async (): Promise<bigint> => {
  const bytes = await (await adapter('blobs')).get(config().crlKey);
  if (!bytes) return 0n;
  try {
    return readCrl(bytes).crlNumber ?? 0n;
  } catch {
    return 0n; // unreadable: replaced
  }
};

export async function publishCrl(
  options: { validForHours?: number; now?: Date; ca?: AgentCa } = {},
): Promise<{ crlNumber: bigint; revoked: number }> {
  const repo = dynamoAgentCertificateRepository();
  const ca = options.ca ?? (await loadAgentCaSecret());
  const blobs = await adapter('blobs');
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const current = await storedNumber();
    let number = await repo.nextCrlNumber();
    // A CRL issued before the counter existed may carry a higher number: move past it.
    while (number <= current) number = await repo.nextCrlNumber();
    const revocations = await repo.revocations();
    const der = signCrl(ca, {
      crlNumber: number,
      revoked: revocations.map((r) => ({ serialHex: r.serial, revokedAt: new Date(r.revogadoEm) })),
      thisUpdate: options.now,
      validForHours: options.validForHours ?? CRL_VALID_HOURS,
    });
    if ((await storedNumber()) >= number) return { crlNumber: number, revoked: revocations.length }; // a later one is out
    await blobs.put(config().crlKey, der, 'application/pkix-crl');
    if ((await repo.lastCrlNumber()) === number) return { crlNumber: number, revoked: revocations.length };
    log.info('CRL publication overlapped another; publishing again', { crlNumber: String(number) });
  }
  throw new Error('the CRL could not be published: too many concurrent publications');
}

/** Revokes an integration's certificate (conditional) and publishes the CRL at once. */
export async function revokeAgentCertificate(
  aplicacaoId: number,
  integracaoId: number,
  serial: string,
  motivo: string | null,
): Promise<'revoked' | 'already_revoked' | 'not_found'> {
  const outcome = await dynamoAgentCertificateRepository().revoke(aplicacaoId, integracaoId, serial, motivo, new Date().toISOString());
  // Published again for an earlier revocation too: a publication that failed after its write is completed here.
  if (outcome !== 'not_found') await publishCrl();
  return outcome;
}
