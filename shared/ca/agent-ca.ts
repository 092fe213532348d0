// The agent channel's internal certificate authority: a self-signed CA that issues the on-premises
// agents' client certificates (checked by API Gateway mTLS against the truststore) and signs the
// X.509 v2 CRL served as DER at GET /api/external/crl (the agent authorizer checks serials
// against it, because API Gateway does not check revocation).
//
// ECDSA P-256 with SHA-256: small keys and signatures, fast to generate in the local runner and
// tests, accepted by API Gateway mTLS truststores.
//
// Cold start: this module pulls in @peculiar/x509 and reflect-metadata. It is for the local runner,
// tooling and tests; request handlers must not import it (the CRL handler only reads bytes).
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  ExtendedKeyUsage,
  ExtendedKeyUsageExtension,
  Extension,
  KeyUsageFlags,
  KeyUsagesExtension,
  PemConverter,
  SubjectAlternativeNameExtension,
  SubjectKeyIdentifierExtension,
  X509Certificate,
  X509CertificateGenerator,
  X509CrlGenerator,
  X509CrlReason,
} from '@peculiar/x509';
import { BIT_STRING, derBigInt, ecdsaSignatureToDer, readTlvs, SEQUENCE, tlv } from '#shared/ca/der';
import { normalizeSerial } from '#shared/ca/serial';

const subtle = webcrypto.subtle;
type CryptoKey = webcrypto.CryptoKey;
const keyAlgorithm = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const signingAlgorithm = { name: 'ECDSA', hash: 'SHA-256' } as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** OID of the CRL Number extension (RFC 5280, 5.2.3). */
export const crlNumberOid = '2.5.29.20';
/** OID of the Authority Key Identifier extension (RFC 5280, 4.2.1.1 and 5.2.1). */
export const authorityKeyIdentifierOid = '2.5.29.35';

export const defaultCaSubject = 'CN=WhatsApp Platform Agent Channel CA, O=WhatsApp Platform';

export interface AgentCa {
  /** The self-signed CA certificate (also the mTLS truststore content). */
  certPem: string;
  /** The CA's private key, PKCS#8 PEM. Keep it secret. */
  privateKeyPkcs8Pem: string;
}

export interface RevokedCertificate {
  /** Serial number in any usual hex form (`a1b2`, `A1:B2`). */
  serialHex: string;
  revokedAt: Date;
  reason?: X509CrlReason;
}

export interface IssueCrlOptions {
  /** Must increase with every CRL this CA issues (RFC 5280, 5.2.3). */
  crlNumber: bigint | number;
  revoked?: RevokedCertificate[];
  /** nextUpdate - thisUpdate. Default 24 hours. */
  validForHours?: number;
  /** Default now. */
  thisUpdate?: Date;
}

export interface IssuedCertificate {
  certPem: string;
  privateKeyPkcs8Pem: string;
  /** Normalised serial (lower-case hex, see normalizeSerial). */
  serialHex: string;
}

/** A positive random serial of 16 bytes (RFC 5280 allows up to 20). */
function randomSerialHex(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0]! & 0x7f) | 0x01; // positive, and no leading zero byte to strip
  return Buffer.from(bytes).toString('hex');
}

async function exportPkcs8Pem(key: CryptoKey): Promise<string> {
  return PemConverter.encode(await subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

async function importPrivateKey(pem: string): Promise<CryptoKey> {
  const der = PemConverter.decode(pem)[0];
  if (!der) throw new Error('no PEM block in the private key');
  return subtle.importKey('pkcs8', der, keyAlgorithm, false, ['sign']);
}

/** DER encoding of a CRL Number (a non-negative INTEGER of at most 20 octets, RFC 5280 5.2.3). */
export function crlNumberDer(value: bigint): Uint8Array {
  if (value < 0n) throw new Error('a CRL number is never negative');
  const der = derBigInt(value);
  if (der.length - 2 > 20) throw new Error('a CRL number has at most 20 octets');
  return der;
}

/**
 * X509CrlGenerator writes an empty crlEntryExtensions SEQUENCE for an entry without a reason code;
 * RFC 5280 says Extensions has SIZE (1..MAX) and strict parsers (BouncyCastle) reject the empty one.
 * Drop those and sign the corrected TBSCertList again (ECDSA, as every key of this CA).
 */
async function withoutEmptyEntryExtensions(der: Uint8Array, signingKey: CryptoKey): Promise<Uint8Array> {
  const [certList] = readTlvs(der);
  const [tbs, signatureAlgorithm] = readTlvs(certList!.content);
  let changed = false;
  const fields = readTlvs(tbs!.content).map((field, index) => {
    // version, signature, issuer, thisUpdate, [nextUpdate], [revokedCertificates SEQUENCE], [0] crlExtensions
    if (index < 4 || field.tag !== SEQUENCE) return field.raw;
    const entries = readTlvs(field.content).map((entry) => {
      const [serial, revocationDate, extensions] = readTlvs(entry.content);
      if (extensions && extensions.tag === SEQUENCE && extensions.content.length === 0) {
        changed = true;
        return tlv(SEQUENCE, serial!.raw, revocationDate!.raw);
      }
      return entry.raw;
    });
    return tlv(SEQUENCE, ...entries);
  });
  if (!changed) return der;
  const correctedTbs = tlv(SEQUENCE, ...fields);
  const signature = new Uint8Array(await subtle.sign(signingAlgorithm, signingKey, correctedTbs));
  return tlv(SEQUENCE, correctedTbs, signatureAlgorithm!.raw, tlv(BIT_STRING, Uint8Array.of(0), ecdsaSignatureToDer(signature)));
}

/** The CA's key identifier: its SubjectKeyIdentifier, or the SHA-1 of its public key when absent. */
async function authorityKeyIdentifier(caCert: X509Certificate): Promise<AuthorityKeyIdentifierExtension> {
  const ski = caCert.getExtension(SubjectKeyIdentifierExtension);
  if (ski) return new AuthorityKeyIdentifierExtension(ski.keyId, false);
  return AuthorityKeyIdentifierExtension.create(caCert.publicKey, false);
}

/** Generates a new self-signed CA (ECDSA P-256), valid for `validDays` (default 10 years). */
export async function createAgentCa(options: { subject?: string; validDays?: number; now?: Date } = {}): Promise<AgentCa> {
  const now = options.now ?? new Date();
  const keys = await subtle.generateKey(keyAlgorithm, true, ['sign', 'verify']);
  const cert = await X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerialHex(),
    name: options.subject ?? defaultCaSubject,
    notBefore: new Date(now.getTime() - 5 * 60_000), // tolerate small clock skew
    notAfter: new Date(now.getTime() + (options.validDays ?? 3650) * DAY_MS),
    signingAlgorithm,
    keys,
    extensions: [
      new BasicConstraintsExtension(true, 0, true),
      new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign | KeyUsageFlags.digitalSignature, true),
      await SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: cert.toString('pem'), privateKeyPkcs8Pem: await exportPkcs8Pem(keys.privateKey) };
}

/**
 * Signs an X.509 v2 CRL and returns its DER bytes: issuer = the CA's subject, thisUpdate and
 * nextUpdate, the revoked serials, and the two extensions the generator does not add by itself:
 * Authority Key Identifier and CRL Number.
 */
export async function issueCrl(ca: AgentCa, options: IssueCrlOptions): Promise<Uint8Array> {
  const caCert = new X509Certificate(ca.certPem);
  const signingKey = await importPrivateKey(ca.privateKeyPkcs8Pem);
  const thisUpdate = options.thisUpdate ?? new Date();
  const validForHours = options.validForHours ?? 24;
  if (!(validForHours > 0)) throw new Error('validForHours must be positive');

  const crl = await X509CrlGenerator.create({
    issuer: caCert.subjectName,
    thisUpdate,
    nextUpdate: new Date(thisUpdate.getTime() + validForHours * HOUR_MS),
    signingAlgorithm,
    signingKey,
    extensions: [await authorityKeyIdentifier(caCert), new Extension(crlNumberOid, false, crlNumberDer(BigInt(options.crlNumber)))],
    entries: (options.revoked ?? []).map((entry) => ({
      serialNumber: normalizeSerial(entry.serialHex),
      revocationDate: entry.revokedAt,
      // `unspecified` (0) is left out, as RFC 5280 5.3.1 recommends.
      ...(entry.reason ? { reason: entry.reason } : {}),
    })),
  });
  return withoutEmptyEntryExtensions(new Uint8Array(crl.rawData), signingKey);
}

/**
 * Issues a certificate signed by the CA, with a fresh P-256 key: an agent's client certificate (TLS
 * client auth), or with `serverNames` a TLS server certificate for those addresses (the local mTLS port).
 */
export async function issueAgentCertificate(
  ca: AgentCa,
  options: {
    commonName: string;
    serialHex?: string;
    validDays?: number;
    now?: Date;
    serverNames?: { ip?: string[]; dns?: string[] };
    /** The application and integration a client certificate speaks for (the subject shared/ca/issuer.ts gives). */
    binding?: { aplicacaoId: number; integracaoId: number };
  },
): Promise<IssuedCertificate> {
  const caCert = new X509Certificate(ca.certPem);
  const signingKey = await importPrivateKey(ca.privateKeyPkcs8Pem);
  const keys = await subtle.generateKey(keyAlgorithm, true, ['sign', 'verify']);
  const now = options.now ?? new Date();
  const serialHex = normalizeSerial(options.serialHex ?? randomSerialHex());
  const cert = await X509CertificateGenerator.create({
    serialNumber: serialHex,
    subject: options.binding
      ? `O=aplicacao:${options.binding.aplicacaoId}, OU=integracao:${options.binding.integracaoId}, CN=agente-integracao-${options.binding.integracaoId}`
      : `CN=${options.commonName.replace(/[,+="\\<>;#]/g, '\\$&')}`,
    issuer: caCert.subjectName,
    notBefore: new Date(now.getTime() - 5 * 60_000),
    notAfter: new Date(now.getTime() + (options.validDays ?? 365) * DAY_MS),
    signingAlgorithm,
    publicKey: keys.publicKey,
    signingKey,
    extensions: [
      new BasicConstraintsExtension(false, undefined, true),
      new KeyUsagesExtension(KeyUsageFlags.digitalSignature, true),
      new ExtendedKeyUsageExtension([options.serverNames ? ExtendedKeyUsage.serverAuth : ExtendedKeyUsage.clientAuth], false),
      ...(options.serverNames
        ? [
            new SubjectAlternativeNameExtension([
              ...(options.serverNames.ip ?? []).map((value) => ({ type: 'ip' as const, value })),
              ...(options.serverNames.dns ?? []).map((value) => ({ type: 'dns' as const, value })),
            ]),
          ]
        : []),
      await SubjectKeyIdentifierExtension.create(keys.publicKey),
      await authorityKeyIdentifier(caCert),
    ],
  });
  return { certPem: cert.toString('pem'), privateKeyPkcs8Pem: await exportPkcs8Pem(keys.privateKey), serialHex };
}

export { X509CrlReason };
