import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthorityKeyIdentifierExtension, SubjectKeyIdentifierExtension, X509Certificate, X509Crl, X509CrlReason } from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorityKeyIdentifierOid,
  createAgentCa,
  crlNumberDer,
  crlNumberOid,
  defaultCaSubject,
  issueAgentCertificate,
  issueCrl,
  type AgentCa,
} from '#shared/ca/agent-ca';
import { normalizeSerial } from '#shared/ca/serial';

const openssl = (args: string[]) => spawnSync('openssl', args, { encoding: 'utf8' });

/** The CRL Number carried in the extension's value (a DER INTEGER). */
const crlNumberOf = (crl: X509Crl): bigint => {
  const ext = crl.getExtension(crlNumberOid);
  const value = Buffer.from(ext!.value);
  expect(value[0]).toBe(0x02);
  return BigInt(`0x${value.subarray(2).toString('hex') || '0'}`);
};

describe('agent channel CA and CRL', () => {
  let ca: AgentCa;
  let caCert: X509Certificate;
  let dir: string;

  beforeAll(async () => {
    ca = await createAgentCa();
    caCert = new X509Certificate(ca.certPem);
    dir = mkdtempSync(join(tmpdir(), 'crl-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a self-signed ECDSA P-256 CA allowed to sign certificates and CRLs', async () => {
    expect(caCert.subject).toBe(defaultCaSubject);
    expect(caCert.issuer).toBe(caCert.subject);
    expect(await caCert.verify({ publicKey: caCert.publicKey, signatureOnly: true })).toBe(true);
    expect(caCert.publicKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
    expect(ca.privateKeyPkcs8Pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('issues a v2 CRL naming the CA, with AKI, CRL Number, thisUpdate/nextUpdate and a valid signature', async () => {
    // Prepare
    const thisUpdate = new Date('2026-11-22T01:00:00Z');
    const revokedAt = new Date('2026-11-20T12:00:00Z');

    // Act
    const der = await issueCrl(ca, {
      crlNumber: 42,
      thisUpdate,
      validForHours: 48,
      revoked: [
        { serialHex: 'A1:B2:C3', revokedAt },
        { serialHex: '0fedcb', revokedAt, reason: X509CrlReason.keyCompromise },
      ],
    });

    // Assess
    const crl = new X509Crl(der);
    expect(crl.version).toBe(1); // v2 is encoded as 1
    expect(crl.issuer).toBe(caCert.subject);
    expect(crl.thisUpdate.toISOString()).toBe('2026-11-22T01:00:00.000Z');
    expect(crl.nextUpdate?.toISOString()).toBe('2026-11-24T01:00:00.000Z');
    expect(crlNumberOf(crl)).toBe(42n);
    const aki = crl.getExtension(AuthorityKeyIdentifierExtension);
    expect(aki?.type).toBe(authorityKeyIdentifierOid);
    expect(aki?.keyId).toBe(caCert.getExtension(SubjectKeyIdentifierExtension)!.keyId);
    expect(crl.entries.map((e) => e.serialNumber)).toEqual(['a1b2c3', '0fedcb']);
    expect(crl.findRevoked('a1b2c3')?.revocationDate.toISOString()).toBe(revokedAt.toISOString());
    expect(crl.findRevoked('0fedcb')?.reason).toBe(X509CrlReason.keyCompromise);
    expect(await crl.verify({ publicKey: caCert.publicKey })).toBe(true);
  });

  it('refuses a CRL whose bytes were altered', async () => {
    const der = await issueCrl(ca, { crlNumber: 1, revoked: [{ serialHex: '01', revokedAt: new Date() }] });
    const tampered = Uint8Array.from(der);
    const at = Buffer.from(tampered).indexOf(Buffer.from([0x02, 0x01, 0x01])); // the revoked serial 01
    tampered[at + 2] = 0x02;

    expect(await new X509Crl(tampered).verify({ publicKey: caCert.publicKey })).toBe(false);
  });

  it('writes no empty entry-extension SEQUENCE (RFC 5280: SIZE 1..MAX) for an entry without reason', async () => {
    const der = Buffer.from(await issueCrl(ca, { crlNumber: 2, revoked: [{ serialHex: '7f', revokedAt: new Date() }] }));

    // serial INTEGER 7f, then the UTCTime revocation date, then nothing more in the entry
    const entryStart = der.indexOf(Buffer.from([0x30, 0x12, 0x02, 0x01, 0x7f, 0x17, 0x0d]));
    expect(entryStart).toBeGreaterThan(0);
    expect(new X509Crl(der).entries).toHaveLength(1);
  });

  it('encodes large CRL numbers up to 20 octets and refuses bigger or negative ones', async () => {
    const max = 2n ** 159n - 1n;
    const crl = new X509Crl(await issueCrl(ca, { crlNumber: max }));

    expect(crlNumberOf(crl)).toBe(max);
    expect(Buffer.from(crlNumberDer(128n)).toString('hex')).toBe('02020080');
    expect(Buffer.from(crlNumberDer(0n)).toString('hex')).toBe('020100');
    expect(() => crlNumberDer(2n ** 159n)).toThrow(/20 octets/);
    expect(() => crlNumberDer(-1n)).toThrow();
  });

  it('issues agent client certificates that chain to the CA and are found in the CRL once revoked', async () => {
    const agent = await issueAgentCertificate(ca, { commonName: 'agente-clinica-1', serialHex: '0A:BC:DE' });
    const cert = new X509Certificate(agent.certPem);

    const crl = new X509Crl(await issueCrl(ca, { crlNumber: 3, revoked: [{ serialHex: agent.serialHex, revokedAt: new Date() }] }));

    expect(agent.serialHex).toBe('0abcde');
    expect(cert.subject).toBe('CN=agente-clinica-1');
    expect(cert.issuer).toBe(caCert.subject);
    expect(await cert.verify({ publicKey: caCert.publicKey, signatureOnly: true })).toBe(true);
    expect(crl.findRevoked(cert)).not.toBeNull();
  });

  // OpenSSL is a prerequisite (.ci/run installs it): without it these fail, they never skip.
  describe('read by OpenSSL', () => {
    it('parses the DER CRL and verifies its signature with the CA certificate', async () => {
      const agent = await issueAgentCertificate(ca, { commonName: 'agente-2' });
      const der = await issueCrl(ca, {
        crlNumber: 7,
        revoked: [
          { serialHex: agent.serialHex, revokedAt: new Date('2026-01-01T00:00:00Z') },
          { serialHex: 'a1b2', revokedAt: new Date('2026-01-02T00:00:00Z'), reason: X509CrlReason.superseded },
        ],
      });
      writeFileSync(join(dir, 'crl.der'), der);
      writeFileSync(join(dir, 'ca.pem'), ca.certPem);

      const text = openssl(['crl', '-inform', 'DER', '-in', join(dir, 'crl.der'), '-noout', '-text']);
      const verified = openssl(['crl', '-inform', 'DER', '-in', join(dir, 'crl.der'), '-CAfile', join(dir, 'ca.pem'), '-noout']);

      expect(text.status, text.stderr).toBe(0);
      expect(text.stdout).toContain('Version 2 (0x1)');
      expect(text.stdout).toMatch(/Issuer: CN ?= ?WhatsApp Platform Agent Channel CA/);
      expect(text.stdout).toContain('Next Update:');
      expect(text.stdout).toContain('X509v3 Authority Key Identifier');
      expect(text.stdout).toMatch(/X509v3 CRL Number: *\n\s*7\n/);
      expect(text.stdout).toContain(agent.serialHex.toUpperCase());
      expect(text.stdout).toContain('Superseded');
      expect(verified.status, verified.stderr).toBe(0);
      expect(verified.stderr).toContain('verify OK');
    });

    it('makes OpenSSL refuse a revoked agent certificate and accept a valid one', async () => {
      const revoked = await issueAgentCertificate(ca, { commonName: 'revogado' });
      const valid = await issueAgentCertificate(ca, { commonName: 'valido' });
      const der = await issueCrl(ca, { crlNumber: 8, revoked: [{ serialHex: revoked.serialHex, revokedAt: new Date() }] });
      writeFileSync(join(dir, 'crl8.der'), der);
      writeFileSync(join(dir, 'ca.pem'), ca.certPem);
      writeFileSync(join(dir, 'revoked.pem'), revoked.certPem);
      writeFileSync(join(dir, 'valid.pem'), valid.certPem);
      const pem = openssl(['crl', '-inform', 'DER', '-in', join(dir, 'crl8.der'), '-out', join(dir, 'crl8.pem')]);
      expect(pem.status, pem.stderr).toBe(0);

      const check = (cert: string) =>
        openssl(['verify', '-crl_check', '-CAfile', join(dir, 'ca.pem'), '-CRLfile', join(dir, 'crl8.pem'), join(dir, cert)]);

      expect(check('valid.pem').status).toBe(0);
      const refused = check('revoked.pem');
      expect(refused.status).not.toBe(0);
      expect(refused.stdout + refused.stderr).toContain('certificate revoked');
    });
  });
});

describe('serial numbers', () => {
  it('normalises the forms API Gateway, OpenSSL and @peculiar/x509 use to one', () => {
    expect(normalizeSerial('A1:B2:C3')).toBe('a1b2c3');
    expect(normalizeSerial('00a1b2c3')).toBe('a1b2c3');
    expect(normalizeSerial('0x0ABC')).toBe('0abc');
    expect(normalizeSerial('abc')).toBe('0abc');
    expect(normalizeSerial('00')).toBe('00');
    expect(() => normalizeSerial('zz')).toThrow();
  });
});
