// The agent channel's CRL as the agent authorizer sees it: the DER CRL from the CRL bucket
// (adapter('blobs') at config().crlKey), parsed once and kept in the container for a short time,
// so a request costs a Set lookup while a revocation still takes effect within a minute.
// API Gateway's mTLS checks chain and dates but not revocation: this is the revocation check.
// Every failure (no CRL, unreadable, past its nextUpdate) throws: the caller refuses (fail closed).
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

async function loadCrl(now: number): Promise<CrlInfo> {
  const { crlKey } = config();
  const bytes = await (await adapter('blobs')).get(crlKey);
  if (!bytes) throw new CrlUnavailableError(`no CRL at ${crlKey}`);
  let crl: CrlInfo;
  try {
    crl = readCrl(bytes);
  } catch (error) {
    throw new CrlUnavailableError(`the CRL at ${crlKey} cannot be parsed: ${(error as Error).message}`);
  }
  if (crl.nextUpdate && crl.nextUpdate.getTime() <= now) {
    // RFC 5280 5.1.2.5: past nextUpdate the CRL no longer says what is revoked now.
    throw new CrlUnavailableError(`the CRL at ${crlKey} is stale (nextUpdate ${crl.nextUpdate.toISOString()})`);
  }
  return crl;
}

let cache: { crl: Promise<CrlInfo>; until: number } | undefined;

/** The current CRL, cached for AGENT_CRL_CACHE_SECONDS and never past its nextUpdate. Throws when there is none usable. */
export function currentCrl(now = Date.now()): Promise<CrlInfo> {
  if (cache && cache.until > now) return cache.crl;
  const crl = loadCrl(now);
  // Concurrent callers share one read; a failure is not cached (the next request reads again).
  const entry = { crl, until: now + cacheMs() };
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
export async function isRevoked(serial: string, now = Date.now()): Promise<boolean> {
  return (await currentCrl(now)).revoked.has(normalizeSerial(serial));
}

/** Forgets the cached CRL (tests). */
export const resetCrlCache = (): void => {
  cache = undefined;
};
