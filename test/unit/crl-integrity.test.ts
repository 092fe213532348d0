// What the agent authorizer trusts in a certificate's subject and in a CRL, with no X.509 library:
// the application and integration a certificate is bound to (x509-lite), and a CRL's signature,
// dates and number (crl-check's checkCrl, with the CA certificate of the verification-key secret).
import 'reflect-metadata';
import { createPrivateKey, sign, verify, X509Certificate as NodeX509Certificate } from 'node:crypto';
import { X509CertificateGenerator } from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import { createAgentCa, issueAgentCertificate, type AgentCa } from '#shared/ca/agent-ca';
import { checkCrl, currentCrl, resetCrlCache, usePublishedCrlNumber } from '#shared/ca/crl-check';
import { BIT_STRING, readTlvs, SEQUENCE, tlv } from '#shared/ca/der';
import { signCrl } from '#shared/ca/issuer';
import { pemToDer, readCertificate, readCrl } from '#shared/ca/x509-lite';
import { config, resetConfig } from '#shared/config';

const SECOND = 1000;
let ca: AgentCa;
let key: ReturnType<typeof publicKeyOf>;
const publicKeyOf = (pem: string) => new NodeX509Certificate(pem).publicKey;

beforeAll(async () => {
  ca = await createAgentCa();
  key = publicKeyOf(ca.certPem);
});

/** A certificate with exactly this subject (any attributes), self-signed: only the subject is read here. */
async function withSubject(name: string): Promise<Uint8Array> {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
  const keys = await webcrypto.subtle.generateKey(alg, false, ['sign', 'verify']);
  const cert = await X509CertificateGenerator.createSelfSigned({ serialNumber: '01', name, keys, signingAlgorithm: alg });
  return new Uint8Array(cert.rawData);
}

/** The CRL with its tbsCertList rewritten by `edit` and signed again by `signer` (ECDSA SHA-256, or another algorithm's OID). */
function resigned(der: Uint8Array, signer: AgentCa, edit: (fields: Uint8Array[]) => Uint8Array[]): Uint8Array {
  const [list] = readTlvs(der);
  const [tbs, algorithm] = readTlvs(list!.content);
  const newTbs = tlv(SEQUENCE, ...edit(readTlvs(tbs!.content).map((f) => f.raw)));
  const signature = sign('sha256', newTbs, { key: createPrivateKey(signer.privateKeyPkcs8Pem), dsaEncoding: 'der' });
  return tlv(SEQUENCE, newTbs, algorithm!.raw, tlv(BIT_STRING, Uint8Array.of(0), signature));
}

describe('the application and integration a certificate is bound to', () => {
  it('reads O=aplicacao:<id> and OU=integracao:<id> of a bound certificate, nothing of an unbound one', async () => {
    const bound = await issueAgentCertificate(ca, { commonName: 'x', binding: { aplicacaoId: 12, integracaoId: 345 } });
    const unbound = await issueAgentCertificate(ca, { commonName: 'aplicacao:12' });

    expect(readCertificate(pemToDer(bound.certPem))).toMatchObject({ aplicacaoId: 12, integracaoId: 345 });
    expect(readCertificate(pemToDer(unbound.certPem))).toMatchObject({ aplicacaoId: undefined, integracaoId: undefined });
  });

  it.each([
    ['two organisations', 'O=aplicacao:1, O=aplicacao:2, OU=integracao:3'],
    ['a leading zero', 'O=aplicacao:01, OU=integracao:3'],
    ['another prefix', 'O=app:1, OU=integracao:3'],
    ['trailing text', 'O=aplicacao:1 x, OU=integracao:3'],
    ['the id in the common name only', 'CN=aplicacao:1, OU=integracao:3'],
  ])('binds no application with %s', async (_, name) => {
    expect(readCertificate(await withSubject(name)).aplicacaoId).toBeUndefined();
  });

  it('reads the ids whatever the string type and the order of the attributes', async () => {
    expect(readCertificate(await withSubject('CN=agente, OU=integracao:8, O=aplicacao:9'))).toMatchObject({
      aplicacaoId: 9,
      integracaoId: 8,
    });
  });
});

describe('a CRL the authorizer trusts', () => {
  const now = Date.now();
  const crlOf = (options: Partial<Parameters<typeof signCrl>[1]> = {}, signer = ca) =>
    readCrl(signCrl(signer, { crlNumber: 10n, revoked: [], validForHours: 168, thisUpdate: new Date(now), ...options }));

  it('exposes what its signature covers, so it is verified with the CA key alone', () => {
    const crl = crlOf();

    expect(crl.signed.algorithm).toBe('2a8648ce3d040302');
    expect(verify('sha256', crl.signed.tbs, { key, dsaEncoding: 'der' }, crl.signed.signature)).toBe(true);
    expect(() => checkCrl(crl, key, new Date(now), 0n)).not.toThrow();
  });

  it('refuses one signed by another key under the same name, or by another algorithm', async () => {
    const forger = await createAgentCa();
    const forged = crlOf({}, forger);
    const der = signCrl(ca, { crlNumber: 10n, revoked: [], validForHours: 168 });
    const [list] = readTlvs(der);
    const [tbs, , signature] = readTlvs(list!.content);
    const sha384 = tlv(
      SEQUENCE,
      tbs!.raw,
      tlv(SEQUENCE, tlv(0x06, Uint8Array.from([0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x03]))),
      signature!.raw,
    );

    expect(Buffer.from(forged.issuer).equals(Buffer.from(crlOf().issuer))).toBe(true);
    expect(() => checkCrl(forged, key, new Date(now), 0n)).toThrow(/signature/);
    expect(() => checkCrl(readCrl(sha384), key, new Date(now), 0n)).toThrow(/signature/);
  });

  it('refuses a validly signed one without nextUpdate', () => {
    const der = resigned(signCrl(ca, { crlNumber: 10n, revoked: [], validForHours: 168 }), ca, (fields) =>
      fields.filter((_, i) => i !== 4),
    );
    const crl = readCrl(der);

    expect(crl.nextUpdate).toBeUndefined();
    expect(() => checkCrl(crl, key, new Date(now), 0n)).toThrow(/nextUpdate/);
  });

  it('allows 60 s of clock skew on thisUpdate and refuses more, and refuses one past its nextUpdate', () => {
    expect(() => checkCrl(crlOf({ thisUpdate: new Date(now + 59 * SECOND) }), key, new Date(now), 0n)).not.toThrow();
    expect(() => checkCrl(crlOf({ thisUpdate: new Date(now + 62 * SECOND) }), key, new Date(now), 0n)).toThrow(/future/);
    expect(() => checkCrl(crlOf({ validForHours: 1 }), key, new Date(now + 3601 * SECOND), 0n)).toThrow(/stale/);
  });

  it('accepts the same number again and a higher one, refuses a lower one (rollback)', () => {
    expect(() => checkCrl(crlOf({ crlNumber: 10n }), key, new Date(now), 10n)).not.toThrow();
    expect(() => checkCrl(crlOf({ crlNumber: 11n }), key, new Date(now), 10n)).not.toThrow();
    expect(() => checkCrl(crlOf({ crlNumber: 9n }), key, new Date(now), 10n)).toThrow(/rolled back/);
  });

  describe('in the container', () => {
    let verificationSecret: string;
    let stored: Uint8Array | undefined;
    beforeEach(() => {
      process.env.CRL_KEY = 'crl/agent-ca.crl';
      resetConfig();
      resetCrlCache();
      verificationSecret = JSON.stringify({ keys: [], agentCaCertPem: ca.certPem });
      stored = signCrl(ca, { crlNumber: 3n, revoked: [], validForHours: 168 });
      useAdapters({
        blobs: { get: async () => stored, put: async () => undefined },
        secrets: { get: async (id) => (id === config().verificationKeySecretId ? verificationSecret : '') },
      });
      usePublishedCrlNumber(async () => 0n); // no table here: nothing published on record
    });
    afterEach(() => {
      resetAdapters();
      resetCrlCache();
      usePublishedCrlNumber(undefined);
    });

    it('takes the CA key from the verification-key secret only, and fails closed without it', async () => {
      expect((await currentCrl()).crlNumber).toBe(3n);

      resetCrlCache();
      verificationSecret = JSON.stringify({ keys: [] });
      await expect(currentCrl()).rejects.toThrow(/agentCaCertPem/);
      resetCrlCache();
      verificationSecret = JSON.stringify({ keys: [], agentCaCertPem: (await createAgentCa()).certPem }); // another CA's
      await expect(currentCrl()).rejects.toThrow(/signature/);
    });

    it('remembers the highest number it accepted: a lower one later is refused until a current one is back', async () => {
      const later = Date.now() + 61 * SECOND; // past the cache
      stored = signCrl(ca, { crlNumber: 7n, revoked: [], validForHours: 168 });
      expect((await currentCrl()).crlNumber).toBe(7n);

      stored = signCrl(ca, { crlNumber: 6n, revoked: [], validForHours: 168 });
      await expect(currentCrl(new Date(later))).rejects.toThrow(/rolled back/);

      stored = signCrl(ca, { crlNumber: 8n, revoked: [], validForHours: 168 });
      expect((await currentCrl(new Date(later))).crlNumber).toBe(8n);
    });
  });
});
