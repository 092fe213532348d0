// The agent authorizer's view of the CRL: the light DER reader (shared/ca/x509-lite.ts) against
// what the CA code issues and what @peculiar/x509 reads, and the container cache of
// shared/ca/crl-check.ts (TTL, nextUpdate, fail closed).
import 'reflect-metadata';
import { X509Certificate, X509Crl, X509CrlReason } from '@peculiar/x509';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import type { BlobPort } from '#shared/adapters/ports';
import { createAgentCa, issueAgentCertificate, issueCrl, type AgentCa } from '#shared/ca/agent-ca';
import { checkCrl, CrlUnavailableError, currentCrl, isRevoked, resetCrlCache, usePublishedCrlNumber } from '#shared/ca/crl-check';
import { X509Certificate as NodeX509Certificate } from 'node:crypto';
import { normalizeSerial } from '#shared/ca/serial';
import { pemToDer, readCertificate, readCrl } from '#shared/ca/x509-lite';
import { config, resetConfig } from '#shared/config';

const SECOND = 1000;

function memoryBucket(): BlobPort & { objects: Map<string, Uint8Array>; reads: number; failWith?: Error } {
  const bucket = {
    objects: new Map<string, Uint8Array>(),
    reads: 0,
    failWith: undefined as Error | undefined,
    async get(key: string) {
      bucket.reads++;
      if (bucket.failWith) throw bucket.failWith;
      return bucket.objects.get(key);
    },
    async put(key: string, bytes: Uint8Array) {
      bucket.objects.set(key, bytes);
    },
  };
  return bucket;
}

let ca: AgentCa;
beforeAll(async () => {
  ca = await createAgentCa();
});

describe('reading certificates and CRLs without an X.509 library', () => {
  it('reads serial, issuer, validity and authority key id of an agent certificate as @peculiar/x509 does', async () => {
    // Prepare
    const issued = await issueAgentCertificate(ca, { commonName: 'agent-1', serialHex: '00A1B2C3D4' });
    const reference = new X509Certificate(issued.certPem);

    // Act
    const info = readCertificate(pemToDer(issued.certPem));

    // Assess
    expect(info.serial).toBe('a1b2c3d4');
    expect(info.notBefore.getTime()).toBe(reference.notBefore.getTime());
    expect(info.notAfter.getTime()).toBe(reference.notAfter.getTime());
    expect(Buffer.from(info.issuer)).toEqual(Buffer.from(readCertificate(pemToDer(ca.certPem)).issuer)); // the CA's subject
    expect(info.authorityKeyId).toMatch(/^[0-9a-f]{40}$/);
  });

  it('reads issuer, dates, CRL Number, AKI and every revoked serial of a CRL, reason codes included', async () => {
    // Prepare
    const revoked = Array.from({ length: 300 }, (_, i) => ({
      serialHex: (0x1000 + i).toString(16),
      revokedAt: new Date('2026-01-01T00:00:00Z'),
      ...(i % 2 ? { reason: X509CrlReason.keyCompromise } : {}),
    }));
    const thisUpdate = new Date('2026-11-22T01:00:00Z');
    const der = await issueCrl(ca, { crlNumber: 77, revoked, thisUpdate, validForHours: 6 });
    const client = await issueAgentCertificate(ca, { commonName: 'agent' });

    // Act
    const crl = readCrl(der);

    // Assess
    const reference = new X509Crl(der);
    expect(crl.revoked).toEqual(new Set(reference.entries.map((e) => normalizeSerial(e.serialNumber))));
    expect(crl.revoked.size).toBe(300);
    expect(crl.crlNumber).toBe(77n);
    expect(crl.thisUpdate).toEqual(thisUpdate);
    expect(crl.nextUpdate).toEqual(new Date('2026-11-22T07:00:00Z'));
    expect(Buffer.from(crl.issuer)).toEqual(Buffer.from(readCertificate(pemToDer(client.certPem)).issuer));
    expect(crl.authorityKeyId).toBe(readCertificate(pemToDer(client.certPem)).authorityKeyId);
  });

  it('reads GeneralizedTime dates (from 2050 on) and an empty CRL', async () => {
    const der = await issueCrl(ca, { crlNumber: 1, thisUpdate: new Date('2051-03-04T05:06:07Z'), validForHours: 1 });

    const crl = readCrl(der);

    expect(crl.thisUpdate).toEqual(new Date('2051-03-04T05:06:07Z'));
    expect(crl.nextUpdate).toEqual(new Date('2051-03-04T06:06:07Z'));
    expect(crl.revoked.size).toBe(0);
  });

  it('throws on bytes that are not a CRL or not a certificate', () => {
    expect(() => readCrl(Uint8Array.from([0x30, 0x03, 0x02, 0x01, 0x01]))).toThrow();
    expect(() => readCrl(Uint8Array.from([0x30, 0x82, 0x01]))).toThrow();
    expect(() => readCrl(new Uint8Array(0))).toThrow();
    expect(() => pemToDer('not a pem')).toThrow();
    expect(() => readCertificate(Uint8Array.from([0x04, 0x00]))).toThrow();
  });
});

describe('the CRL as cached in the container', () => {
  let bucket: ReturnType<typeof memoryBucket>;
  /** The number of the latest CRL published, as the table holds it (pattern 45c). */
  let published: bigint;
  const put = async (revokedSerials: string[], options: { crlNumber?: number; thisUpdate?: Date; validForHours?: number } = {}) =>
    bucket.put(
      config().crlKey,
      await issueCrl(ca, {
        crlNumber: options.crlNumber ?? 1,
        revoked: revokedSerials.map((serialHex) => ({ serialHex, revokedAt: new Date() })),
        thisUpdate: options.thisUpdate,
        validForHours: options.validForHours,
      }),
      'application/pkix-crl',
    );

  beforeEach(() => {
    delete process.env.AGENT_CRL_CACHE_SECONDS;
    resetConfig();
    process.env.CRL_KEY = 'crl/agent-ca.crl';
    resetConfig();
    resetCrlCache();
    bucket = memoryBucket();
    useAdapters({ blobs: bucket, secrets: { get: async () => JSON.stringify({ keys: [], agentCaCertPem: ca.certPem }) } });
    published = 0n;
    usePublishedCrlNumber(async () => published);
  });
  afterEach(() => {
    delete process.env.AGENT_CRL_CACHE_SECONDS;
    resetConfig();
    resetAdapters();
    resetCrlCache();
    usePublishedCrlNumber(undefined);
  });

  it('answers from the CRL in the bucket, whatever the serial form', async () => {
    await put(['0a1b2c']);

    expect(await isRevoked('0A:1B:2C')).toBe(true);
    expect(await isRevoked('a1b2c')).toBe(true);
    expect(await isRevoked('a1b2d')).toBe(false);
  });

  it('keeps the parsed CRL for 60 s by default: one read, then a revocation is seen after the TTL', async () => {
    // Prepare
    const t0 = Date.now();
    await put([], { crlNumber: 1 });
    expect(await isRevoked('abcd', new Date(t0))).toBe(false);
    await put(['abcd'], { crlNumber: 2 });

    // Act
    const within = await isRevoked('abcd', new Date(t0 + 59 * SECOND));
    const after = await isRevoked('abcd', new Date(t0 + 61 * SECOND));

    // Assess
    expect(within).toBe(false);
    expect(after).toBe(true);
    expect(bucket.reads).toBe(2);
  });

  it('takes its TTL from AGENT_CRL_CACHE_SECONDS', async () => {
    process.env.AGENT_CRL_CACHE_SECONDS = '2';
    resetConfig();
    const t0 = Date.now();
    await put([]);
    await isRevoked('abcd', new Date(t0));
    await put(['abcd'], { crlNumber: 2 });

    expect(await isRevoked('abcd', new Date(t0 + 1 * SECOND))).toBe(false);
    expect(await isRevoked('abcd', new Date(t0 + 3 * SECOND))).toBe(true);
  });

  it('shares one read between concurrent first callers', async () => {
    await put(['01']);

    const answers = await Promise.all(Array.from({ length: 20 }, () => isRevoked('01')));

    expect(answers.every(Boolean)).toBe(true);
    expect(bucket.reads).toBe(1);
  });

  it('never keeps a CRL past its nextUpdate, and refuses a stale one', async () => {
    // Prepare: a CRL valid for one hour (nextUpdate = t0 + 1 h), cache TTL two hours.
    process.env.AGENT_CRL_CACHE_SECONDS = '7200';
    resetConfig();
    const t0 = Date.now();
    await put([], { thisUpdate: new Date(t0), validForHours: 1 });
    await currentCrl(new Date(t0));

    // Act
    const stale = currentCrl(new Date(t0 + 3601 * SECOND));

    // Assess: re-read at nextUpdate, and the same CRL is now stale
    await expect(stale).rejects.toThrow(CrlUnavailableError);
    await expect(stale).rejects.toThrow(/stale/);
    expect(bucket.reads).toBe(2);
  });

  it('fails closed when there is no CRL, when it is not a CRL, or when the bucket cannot be read; a failure is not cached', async () => {
    await expect(isRevoked('01')).rejects.toThrow(CrlUnavailableError);

    await bucket.put(config().crlKey, new TextEncoder().encode('not a crl'), 'application/pkix-crl');
    await expect(isRevoked('01')).rejects.toThrow(/cannot be parsed/);

    bucket.failWith = new Error('AccessDenied');
    await expect(isRevoked('01')).rejects.toThrow('AccessDenied');

    bucket.failWith = undefined;
    await put(['01']);
    expect(await isRevoked('01')).toBe(true);
  });

  it('refuses a CRL below the latest one published, also in a container that never saw that one, and reads the number with the CRL only', async () => {
    // Prepare: CRL 8 was published (the table says so), then CRL 7 was put back in the bucket.
    published = 8n;
    await put([], { crlNumber: 7 });
    let reads = 0;
    usePublishedCrlNumber(async () => {
      reads++;
      return published;
    });

    // Act: a fresh container loads the CRL.
    const loaded = currentCrl();

    // Assess: refused (fail closed), then accepted once the current CRL is back; the number is read per load, not per request.
    await expect(loaded).rejects.toThrow(/lower than 8.*rolled back/);
    await put([], { crlNumber: 8 });
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) expect(await isRevoked('01', new Date(t0 + i))).toBe(false);
    expect(reads).toBe(2);
  });

  it('fails closed when the number of the latest CRL published cannot be read', async () => {
    await put([]);
    usePublishedCrlNumber(async () => {
      throw new Error('the table is unreachable');
    });

    await expect(currentCrl()).rejects.toThrow(CrlUnavailableError);
    await expect(currentCrl()).rejects.toThrow(/latest CRL published cannot be read/);
  });

  it('fails closed on a forged CRL, a rolled-back one, and one without nextUpdate or from the future', async () => {
    // A forged CRL: the same issuer name, signed by another key.
    const forger = await createAgentCa();
    await bucket.put(config().crlKey, await issueCrl(forger, { crlNumber: 99 }), 'application/pkix-crl');
    await expect(currentCrl()).rejects.toThrow(/signature/);

    // Accept number 5, then a validly signed number 4 is a rollback.
    await bucket.put(config().crlKey, await issueCrl(ca, { crlNumber: 5 }), 'application/pkix-crl');
    expect((await currentCrl(new Date())).crlNumber).toBe(5n);
    await bucket.put(config().crlKey, await issueCrl(ca, { crlNumber: 4 }), 'application/pkix-crl');
    await expect(currentCrl(new Date(Date.now() + 61 * SECOND))).rejects.toThrow(/rolled back/);

    const good = readCrl(await issueCrl(ca, { crlNumber: 6 }));
    const key = new NodeX509Certificate(ca.certPem).publicKey;
    expect(() => checkCrl(good, key, new Date(), 5n)).not.toThrow();
    expect(() => checkCrl({ ...good, nextUpdate: undefined }, key, new Date(), 5n)).toThrow(/nextUpdate/);
    expect(() => checkCrl(good, key, new Date(good.thisUpdate.getTime() - 5 * 60 * SECOND), 5n)).toThrow(/future/);
    expect(() => checkCrl({ ...good, crlNumber: undefined }, key, new Date(), 5n)).toThrow(/CRL number/);
  });
});
