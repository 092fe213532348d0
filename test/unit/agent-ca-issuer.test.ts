// The Lambda-side issuing (node:crypto on a DER walk) checked by independent verifiers: OpenSSL verifies
// the certificate's chain and the CRL's signature, and reads the subject the service chose.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgentCa, type AgentCa } from '#shared/ca/agent-ca';
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
});
