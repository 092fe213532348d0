// Revoking an agent certificate: a new CRL with a higher CRL Number listing every serial the
// current one lists plus the new ones, signed by the agent CA and put where the CRL is served
// from (adapter('blobs') at config().crlKey). Tooling for the local run, operators and tests;
// it imports @peculiar/x509 (through agent-ca.ts), so no request handler imports it.
// Read-modify-write of one object: run one revocation at a time.
import 'reflect-metadata';
import { X509Crl } from '@peculiar/x509';
import { adapter } from '#shared/adapters/index';
import { issueCrl, type AgentCa, type RevokedCertificate, type X509CrlReason } from '#shared/ca/agent-ca';
import { normalizeSerial } from '#shared/ca/serial';
import { readCrl } from '#shared/ca/x509-lite';
import { config } from '#shared/config';

/** The secret holding the agent CA as JSON {certPem, privateKeyPkcs8Pem} (infra/local/seed.ts writes it). */
export const AGENT_CA_SECRET = 'agent-ca';

export async function loadAgentCa(secretId = AGENT_CA_SECRET): Promise<AgentCa> {
  const ca = JSON.parse(await (await adapter('secrets')).get(secretId)) as Partial<AgentCa>;
  if (typeof ca.certPem !== 'string' || typeof ca.privateKeyPkcs8Pem !== 'string') throw new Error(`secret ${secretId} is not an agent CA`);
  return ca as AgentCa;
}

export interface RevokeOptions {
  reason?: X509CrlReason;
  /** Default now. */
  revokedAt?: Date;
  /** nextUpdate - thisUpdate of the new CRL. Default: the current CRL's (24 hours when there is none). */
  validForHours?: number;
  ca?: AgentCa;
}

/** Puts a new CRL revoking `serials` (any hex form); returns its CRL Number. Already revoked serials keep their entry. */
export async function revokeAgentCertificates(serials: string[], options: RevokeOptions = {}): Promise<bigint> {
  const ca = options.ca ?? (await loadAgentCa());
  const blobs = await adapter('blobs');
  const { crlKey } = config();
  const current = await blobs.get(crlKey);

  const entries = new Map<string, RevokedCertificate>();
  let crlNumber = 0n;
  let validForHours = options.validForHours ?? 24;
  if (current) {
    const info = readCrl(current);
    crlNumber = info.crlNumber ?? 0n;
    // Same publication period as the CRL it replaces (the local seed's lasts a year, issued ones a day).
    if (options.validForHours === undefined && info.nextUpdate)
      validForHours = (info.nextUpdate.getTime() - info.thisUpdate.getTime()) / 3_600_000;
    // The library keeps each entry's date and reason, which the new CRL must carry unchanged.
    for (const entry of new X509Crl(current).entries) {
      const serialHex = normalizeSerial(entry.serialNumber);
      entries.set(serialHex, { serialHex, revokedAt: entry.revocationDate, ...(entry.reason ? { reason: entry.reason } : {}) });
    }
  }
  const revokedAt = options.revokedAt ?? new Date();
  for (const serial of serials) {
    const serialHex = normalizeSerial(serial);
    if (!entries.has(serialHex)) entries.set(serialHex, { serialHex, revokedAt, ...(options.reason ? { reason: options.reason } : {}) });
  }

  // RFC 5280 5.2.3: each CRL of a CA carries a higher number than the one before.
  const next = crlNumber + 1n;
  const der = await issueCrl(ca, { crlNumber: next, revoked: [...entries.values()], validForHours });
  await blobs.put(crlKey, der, 'application/pkix-crl');
  return next;
}

export const revokeAgentCertificate = (serial: string, options?: RevokeOptions) => revokeAgentCertificates([serial], options);
