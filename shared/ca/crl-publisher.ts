// Publishing the agent CA's CRL: built only from the revocation list in the table (pattern 45a), with
// a number drawn from the CA's counter (45b), signed (shared/ca/issuer.ts) and put where the CRL is
// served from (adapter('blobs') at config().crlKey). Used by a revocation (at once), the daily
// re-issue (functions/scheduled/crl-reissue.ts) and the bootstrap, so no CRL ever leaves out a
// revocation the table holds.
//
// Two publications at once: each draws its number after its own revocation was written, and reads
// the list after drawing, so a CRL of a higher number holds every revocation of a lower one. The put
// is a compare-and-swap on the stored CRL's version tag (S3 If-Match / If-None-Match): it replaces
// only the CRL it read, and only when that one's number is lower. A publisher whose put lost the race
// reads the stored CRL again: a number as high as its own already holds its revocation, so it stops;
// a lower one (the race was lost to an older publication) is replaced, with the same signed bytes.
// Once put, its number is recorded as the latest published (pattern 45c): the agent authorizers refuse
// any CRL below it, whichever container reads it.
import { adapter } from '#shared/adapters/index';
import { BlobConditionFailed, type BlobPort } from '#shared/adapters/ports';
import { loadAgentCaSecret } from '#shared/ca/ca-secret';
import { signCrl } from '#shared/ca/issuer';
import { readCrl } from '#shared/ca/x509-lite';
import { config } from '#shared/config';
import { dynamoAgentCertificateRepository, type AgentCertificateRepository } from '#shared/db/agent-certificates';
import { recordPublishedCrlNumber } from '#shared/db/crl-published';
import type { AgentCa } from '#shared/ca/agent-ca';
import { log } from '#shared/log';

/** A CRL lasts a week: the daily re-issue can miss days before agents are refused (fail closed). */
export const CRL_VALID_HOURS = 7 * 24;
/** Conditional puts tried before giving up (each lost one means another publication went through). */
const MAX_ATTEMPTS = 8;

export interface PublishedCrl {
  /** The number of the CRL this publication signed. */
  crlNumber: bigint;
  /** How many revocations it lists. */
  revoked: number;
  /** false when a CRL of a number as high was already stored (it holds these revocations): nothing was put. */
  published: boolean;
}

/** The stored CRL, its version tag and its number (0 when it has none or cannot be read: replaced). */
async function stored(blobs: BlobPort, key: string): Promise<{ etag: string; number: bigint } | undefined> {
  if (!blobs.getVersioned) throw new Error('the blob store cannot compare and swap: the CRL cannot be published safely');
  const current = await blobs.getVersioned(key);
  if (!current) return undefined;
  let number: bigint;
  try {
    number = readCrl(current.bytes).crlNumber ?? 0n;
  } catch {
    number = 0n; // unreadable: replaced
  }
  return { etag: current.etag, number };
}

/**
 * Signs the CRL of every revocation in the table with a new number and puts it in place of the stored
 * one, unless that one's number is as high already. Default validity CRL_VALID_HOURS.
 */
export async function publishCrl(
  options: { validForHours?: number; now?: Date; ca?: AgentCa; repo?: AgentCertificateRepository } = {},
): Promise<PublishedCrl> {
  const repo = options.repo ?? dynamoAgentCertificateRepository();
  const ca = options.ca ?? (await loadAgentCaSecret());
  const blobs = await adapter('blobs');
  const key = config().crlKey;

  let current = await stored(blobs, key);
  // Above the stored CRL's number too: one issued before the counter existed may carry a higher one.
  const crlNumber = await repo.nextCrlNumber(current?.number ?? 0n);
  const revocations = await repo.revocations();
  const der = signCrl(ca, {
    crlNumber,
    revoked: revocations.map((r) => ({ serialHex: r.serial, revokedAt: new Date(r.revogadoEm) })),
    thisUpdate: options.now,
    validForHours: options.validForHours ?? CRL_VALID_HOURS,
  });
  const outcome = (published: boolean): PublishedCrl => ({ crlNumber, revoked: revocations.length, published });

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (current && current.number >= crlNumber) return outcome(false); // a later publication is out, with our revocations
    try {
      await blobs.put(key, der, 'application/pkix-crl', current ? { ifMatch: current.etag } : { ifNoneMatch: '*' });
    } catch (error) {
      if (!(error instanceof BlobConditionFailed)) throw error;
      log.info('CRL publication raced another; reading the stored CRL again', { crlNumber: String(crlNumber), attempt });
      current = await stored(blobs, key);
      continue;
    }
    // Every agent authorizer now refuses a CRL below this one (a rollback), also one that never saw it.
    // Only a number this publication signed is recorded (the stored object is not trusted for it).
    try {
      await recordPublishedCrlNumber(crlNumber, options.now);
    } catch (error) {
      // The CRL is out; until a later publication records a higher number, containers guard with what they saw.
      log.error('the published CRL number could not be recorded', { crlNumber: String(crlNumber), error });
    }
    return outcome(true);
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
