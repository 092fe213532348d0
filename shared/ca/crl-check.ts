// The agent channel's CRL as the agent authorizer sees it: the DER CRL from the CRL bucket
// (adapter('blobs') at config().crlKey), parsed once and kept in the container for a short time,
// so a request costs a Set lookup while a revocation still takes effect within a minute.
// API Gateway's mTLS checks chain and dates but not revocation: this is the revocation check.
// Every failure (no CRL, unreadable, past its nextUpdate) throws: the caller refuses (fail closed).
// A rollback (a validly signed but older CRL put back in the bucket) is refused against the highest
// number this container accepted and the number of the latest CRL published, which the publisher keeps
// in the table (pattern 45c): read with the CRL, so once per cache period, never per request.
import { verify, X509Certificate, type KeyObject } from 'node:crypto';
import { adapter } from '#shared/adapters/index';
import { readCrl, type CrlInfo } from '#shared/ca/x509-lite';
import { normalizeSerial } from '#shared/ca/serial';
import { config } from '#shared/config';

export type { CrlInfo } from '#shared/ca/x509-lite';

/** config().agentCrlCacheSeconds (AGENT_CRL_CACHE_SECONDS; tests set it low to see a revocation at once). */
const cacheMs = (): number => config().agentCrlCacheSeconds * 1000;

export class CrlUnavailableError extends Error {
  override name = 'CrlUnavailableError';
}

/** ecdsa-with-SHA256, the agent CA's one algorithm (pinned: a CRL signed any other way is refused). */
const ECDSA_SHA256 = '2a8648ce3d040302';
/** How far ahead of our clock a thisUpdate may be (clock skew between the issuer and us). */
const SKEW_MS = 60_000;

/**
 * The agent CA's public key, from the verification-key secret (`agentCaCertPem`, written with the
 * public JWT keys by the bootstrap and the local run): the CRL bucket is not trusted for it.
 */
async function caPublicKey(): Promise<KeyObject> {
  const text = await (await adapter('secrets')).get(config().verificationKeySecretId);
  const pem = (JSON.parse(text) as { agentCaCertPem?: unknown }).agentCaCertPem;
  if (typeof pem !== 'string') throw new CrlUnavailableError('the verification-key secret has no agentCaCertPem');
  return new X509Certificate(pem).publicKey;
}

/** The highest CRL number this container has accepted: a lower one is a rollback. */
let highestNumber = -1n;

/** Where the number of the latest CRL published is read: the table (shared/db/crl-published.ts), loaded on first use. */
export type PublishedNumberSource = () => Promise<bigint>;
const fromTable: PublishedNumberSource = async () => (await import('#shared/db/crl-published')).publishedCrlNumber();
let publishedSource: PublishedNumberSource = fromTable;

/** Replaces where the published number is read (unit tests, which have no table); undefined restores the table. */
export const usePublishedCrlNumber = (source: PublishedNumberSource | undefined): void => {
  publishedSource = source ?? fromTable;
};

async function publishedNumber(): Promise<bigint> {
  try {
    return await publishedSource();
  } catch (error) {
    throw new CrlUnavailableError(`the number of the latest CRL published cannot be read: ${(error as Error).message}`);
  }
}

/** Throws when the CRL is not the CA's, not current, or older than one already accepted (RFC 5280 5.1.2.4-5, 5.2.3). */
export function checkCrl(crl: CrlInfo, key: KeyObject, now: Date, highest: bigint): void {
  const { tbs, algorithm, signature } = crl.signed;
  if (algorithm !== ECDSA_SHA256 || !verify('sha256', tbs, { key, dsaEncoding: 'der' }, signature)) {
    throw new CrlUnavailableError('the CRL signature does not verify with the agent CA key');
  }
  if (!crl.nextUpdate) throw new CrlUnavailableError('the CRL has no nextUpdate');
  if (crl.thisUpdate.getTime() > now.getTime() + SKEW_MS)
    throw new CrlUnavailableError(`the CRL's thisUpdate ${crl.thisUpdate.toISOString()} is in the future`);
  if (crl.nextUpdate.getTime() <= now.getTime())
    throw new CrlUnavailableError(`the CRL is stale (nextUpdate ${crl.nextUpdate.toISOString()})`);
  if (crl.crlNumber === undefined) throw new CrlUnavailableError('the CRL has no CRL number');
  if (crl.crlNumber < highest)
    throw new CrlUnavailableError(`CRL number ${crl.crlNumber} is lower than ${highest}, already published or seen: rolled back`);
}

async function loadCrl(now: Date): Promise<CrlInfo> {
  const { crlKey } = config();
  const blobs = await adapter('blobs');
  // Both at once: the published number costs no time the CRL's read does not already take.
  const [bytes, published] = await Promise.all([blobs.get(crlKey), publishedNumber()]);
  if (!bytes) throw new CrlUnavailableError(`no CRL at ${crlKey}`);
  let crl: CrlInfo;
  try {
    crl = readCrl(bytes);
  } catch (error) {
    throw new CrlUnavailableError(`the CRL at ${crlKey} cannot be parsed: ${(error as Error).message}`);
  }
  checkCrl(crl, await caPublicKey(), now, published > highestNumber ? published : highestNumber);
  if (crl.crlNumber! > highestNumber) highestNumber = crl.crlNumber!;
  return crl;
}

let cache: { crl: Promise<CrlInfo>; until: number } | undefined;

/** The current CRL, cached for AGENT_CRL_CACHE_SECONDS and never past its nextUpdate. Throws when there is none usable. */
export function currentCrl(now = new Date()): Promise<CrlInfo> {
  if (cache && cache.until > now.getTime()) return cache.crl;
  const crl = loadCrl(now);
  // Concurrent callers share one read; a failure is not cached (the next request reads again).
  const entry = { crl, until: now.getTime() + cacheMs() };
  cache = entry;
  crl.then(
    (c) => {
      if (c.nextUpdate && cache === entry) entry.until = Math.min(entry.until, c.nextUpdate.getTime());
    },
    () => {
      if (cache === entry) cache = undefined;
    },
  );
  return crl;
}

/** Whether the serial (any usual hex form) is on the current CRL. Throws when the CRL is unavailable. */
export async function isRevoked(serial: string, now = new Date()): Promise<boolean> {
  return (await currentCrl(now)).revoked.has(normalizeSerial(serial));
}

/** Forgets the cached CRL (tests). */
export const resetCrlCache = (): void => {
  cache = undefined;
  highestNumber = -1n;
};
