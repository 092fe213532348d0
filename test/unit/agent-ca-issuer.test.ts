// The Lambda-side issuing (node:crypto on a DER walk) checked by independent verifiers: OpenSSL verifies
// the certificate's chain and the CRL's signature, and reads the subject the service chose.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgentCa, issueAgentCertificate, issueCrl, type AgentCa } from '#shared/ca/agent-ca';
import {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  ExtendedKeyUsage,
  ExtendedKeyUsageExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  SubjectKeyIdentifierExtension,
  X509Certificate as PeculiarCertificate,
  X509Crl,
} from '@peculiar/x509';
import { CsrError, issueFromCsr, signCrl } from '#shared/ca/issuer';
import { pemToDer, readCertificate, readCrl } from '#shared/ca/x509-lite';

let ca: AgentCa;
const dir = mkdtempSync(join(tmpdir(), 'issuer-'));
const file = (name: string, content?: string | Uint8Array) => {
  const path = join(dir, name);
  if (content !== undefined) writeFileSync(path, content);
  return path;
};
const openssl = (...args: string[]) => execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** What `openssl crl -verify` says of a DER CRL (OpenSSL 3.0 writes `verify OK` / `verify failure` on stderr, exit status 0 either way). */
const crlVerify = (name: string, der: Uint8Array): string => {
  const out = spawnSync('openssl', ['crl', '-verify', '-inform', 'DER', '-in', file(name, der), '-CAfile', file('ca.pem'), '-noout'], {
    encoding: 'utf8',
  });
  return `${out.stdout}${out.stderr}`.trim();
};

function csr(name: string, keyArgs: string[]): string {
  openssl('req', '-new', ...keyArgs, '-nodes', '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', '/CN=ignored/O=other');
  return readFileSync(file(`${name}.csr`), 'utf8');
}

beforeAll(async () => {
  ca = await createAgentCa();
  file('ca.pem', ca.certPem);
});

describe('certificate from a CSR', () => {
  it.each([
    ['ec', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']],
    ['ec384', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-384']],
    ['rsa', ['-newkey', 'rsa:2048']],
  ])('issues a certificate OpenSSL verifies against the CA, bound by its subject (%s key)', (name, keyArgs) => {
    const issued = issueFromCsr(ca, csr(name, keyArgs), { aplicacaoId: 7, integracaoId: 42 });

    expect(openssl('verify', '-CAfile', file('ca.pem'), '-purpose', 'sslclient', file(`${name}.crt`, issued.certPem))).toContain(': OK');
    const cert = new X509Certificate(issued.certPem);
    expect(cert.subject.split('\n')).toEqual(['O=aplicacao:7', 'OU=integracao:42', 'CN=agente-integracao-42']);
    expect(cert.publicKey.export({ format: 'pem', type: 'spki' })).toBe(openssl('pkey', '-in', file(`${name}.key`), '-pubout'));
    expect(cert.serialNumber.toLowerCase().replace(/^0+/, '')).toBe(issued.serialHex.replace(/^0+/, ''));
    expect(cert.ca).toBe(false);
    expect(readCertificate(pemToDer(issued.certPem))).toMatchObject({ serial: issued.serialHex, aplicacaoId: 7, integracaoId: 42 });
    expect(issued.notAfter.getTime() - issued.notBefore.getTime()).toBe(365 * 86_400_000);
  });

  it('writes the extensions of a client certificate, as @peculiar/x509 reads them, and the subject agent-ca.ts gives a bound one', async () => {
    const issued = issueFromCsr(ca, csr('ext', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']), {
      aplicacaoId: 3,
      integracaoId: 9,
    });
    const cert = new PeculiarCertificate(issued.certPem);
    const caCert = new PeculiarCertificate(ca.certPem);

    expect(await cert.verify({ publicKey: caCert, signatureOnly: true })).toBe(true);
    const basic = cert.getExtension(BasicConstraintsExtension)!;
    expect([basic.critical, basic.ca]).toEqual([true, false]);
    const usage = cert.getExtension(KeyUsagesExtension)!;
    expect([usage.critical, usage.usages]).toEqual([true, KeyUsageFlags.digitalSignature]);
    expect(cert.getExtension(ExtendedKeyUsageExtension)!.usages).toEqual([ExtendedKeyUsage.clientAuth]);
    const ski = cert.getExtension(SubjectKeyIdentifierExtension)!;
    expect(ski.keyId).toBe((await SubjectKeyIdentifierExtension.create(cert.publicKey)).keyId);
    expect(cert.getExtension(AuthorityKeyIdentifierExtension)!.keyId).toBe(caCert.getExtension(SubjectKeyIdentifierExtension)!.keyId);
    expect(cert.issuer).toBe(caCert.subject);
    expect(Buffer.from(cert.serialNumber, 'hex')[0]! & 0x80).toBe(0); // positive
    expect(cert.serialNumber.length).toBe(32); // 16 bytes
    expect(issued.sha256).toBe(Buffer.from(await cert.getThumbprint('SHA-256')).toString('hex'));
    expect(issued.subject).toBe('CN=agente-integracao-9, OU=integracao:9, O=aplicacao:3');
    // The tooling's bound certificate (agent-ca.ts) carries the same subject, in the same order
    const tooling = await issueAgentCertificate(ca, { commonName: 'x', binding: { aplicacaoId: 3, integracaoId: 9 } });
    expect(new X509Certificate(tooling.certPem).subject).toBe(new X509Certificate(issued.certPem).subject);
    expect(readCertificate(pemToDer(tooling.certPem))).toMatchObject({ aplicacaoId: 3, integracaoId: 9 });
  });

  it('takes the validity asked for, up to 825 days, and ignores what the CSR asks for its subject', () => {
    const request = csr('days', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']);
    const now = new Date('2026-11-23T12:00:00.500Z');

    const issued = issueFromCsr(ca, request, { aplicacaoId: 1, integracaoId: 2 }, { validDays: 825, now });

    expect(issued.notBefore.toISOString()).toBe('2026-11-23T11:55:00.000Z');
    expect(issued.notAfter.getTime() - issued.notBefore.getTime()).toBe(825 * 86_400_000);
    expect(new X509Certificate(issued.certPem).subject).not.toContain('ignored');
    expect(() => issueFromCsr(ca, request, { aplicacaoId: 1, integracaoId: 2 }, { validDays: 826 })).toThrow(/825/);
    expect(() => issueFromCsr(ca, request, { aplicacaoId: 1, integracaoId: 2 }, { validDays: 0 })).toThrow(/825/);
  });

  it('refuses a tampered CSR, a non-PEM text and a weak key, naming why', () => {
    const good = csr('tamper', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']);
    const lines = good.split('\n');
    lines[3] = lines[3]!.slice(0, 10) + (lines[3]![10] === 'A' ? 'B' : 'A') + lines[3]!.slice(11);
    const weak = csr('weak', ['-newkey', 'rsa:1024']);

    for (const [text, reason] of [
      [lines.join('\n'), /signature|well-formed|public key/],
      ['hello', /PEM/],
      [weak, /at least 2048/],
    ] as const) {
      expect(() => issueFromCsr(ca, text, { aplicacaoId: 1, integracaoId: 1 })).toThrow(CsrError);
      expect(() => issueFromCsr(ca, text, { aplicacaoId: 1, integracaoId: 1 })).toThrow(reason);
    }
  });
});

describe('CRL', () => {
  it('signs a v2 CRL OpenSSL verifies, with its number and entries', () => {
    const der = signCrl(ca, {
      crlNumber: 12n,
      revoked: [{ serialHex: '0a1b2c', revokedAt: new Date('2026-11-01T10:00:00Z') }],
      validForHours: 168,
    });

    const text = execFileSync(
      'openssl',
      ['crl', '-inform', 'DER', '-in', file('x.crl', der), '-CAfile', file('ca.pem'), '-noout', '-text'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    expect(text).toMatch(/X509v3 CRL Number:\s*\n\s*12/);
    expect(text).toMatch(/Serial Number: 0A1B2C/);
    const info = readCrl(der);
    expect(info.crlNumber).toBe(12n);
    expect([...info.revoked]).toEqual(['0a1b2c']);
    expect(info.nextUpdate!.getTime() - info.thisUpdate.getTime()).toBe(168 * 3_600_000);
  });

  it('is verified by `openssl crl -verify` and @peculiar/x509, and means what agent-ca.ts issueCrl means', async () => {
    const revoked = [
      { serialHex: '0a1b2c', revokedAt: new Date('2026-11-01T10:00:00Z') },
      { serialHex: 'ff00', revokedAt: new Date('2026-11-02T10:00:00Z') },
    ];
    const thisUpdate = new Date('2026-11-20T00:00:00Z');
    const light = signCrl(ca, { crlNumber: 300n, revoked, thisUpdate, validForHours: 168 });
    const heavy = await issueCrl(ca, { crlNumber: 300n, revoked, thisUpdate, validForHours: 168 });

    const verified = crlVerify('light.crl', light);
    const caCert = new PeculiarCertificate(ca.certPem);
    const crl = new X509Crl(light);
    expect(verified).toBe('verify OK');
    expect(await crl.verify({ publicKey: await caCert.publicKey.export() })).toBe(true);
    expect(crl.getExtension(AuthorityKeyIdentifierExtension)!.keyId).toBe(caCert.getExtension(SubjectKeyIdentifierExtension)!.keyId);
    expect(crl.entries.map((e) => [e.serialNumber, e.extensions.length])).toEqual([
      ['0a1b2c', 0],
      ['ff00', 0],
    ]);
    // The same fields as the @peculiar/x509 CRL: issuer, dates, number, AKI, entries (only the signature differs)
    const { signed: lightSigned, ...lightFields } = readCrl(light);
    const { signed: heavySigned, ...heavyFields } = readCrl(heavy);
    expect(lightFields).toEqual(heavyFields);
    expect(lightSigned.algorithm).toBe(heavySigned.algorithm);
  });

  it('is refused by openssl once a byte of it changes', () => {
    const der = signCrl(ca, { crlNumber: 5n, revoked: [], validForHours: 1 });
    der[der.length - 10]! ^= 0x01; // inside the signature's s

    expect(crlVerify('bad.crl', der)).toBe('verify failure');
    expect(crlVerify('good.crl', signCrl(ca, { crlNumber: 5n, revoked: [], validForHours: 1 }))).toBe('verify OK');
  });
});
