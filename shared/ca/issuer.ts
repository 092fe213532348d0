// The agent CA's issuing in a Lambda: an agent certificate from the agent's CSR (PKCS#10) and the
// CRL, written with the DER helpers and signed with node:crypto. agent-ca.ts does the same with
// @peculiar/x509 for tooling, but that library (reflect-metadata, tsyringe, asn1 schemas) is too heavy
// for a cold start. The issued certificate's subject is the service's, not the CSR's: it names the
// application and the integration (`O=aplicacao:<id>`, `OU=integracao:<id>`), which the agent
// authorizer compares with the token's application.
import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import type { AgentCa } from '#shared/ca/agent-ca';
import { BIT_STRING, derBigInt, INTEGER, readTlvs, SEQUENCE, tlv, type Tlv } from '#shared/ca/der';
import { normalizeSerial } from '#shared/ca/serial';

export interface CertificateBinding {
  aplicacaoId: number;
  integracaoId: number;
}

export interface IssuedFromCsr {
  certPem: string;
  serialHex: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the certificate's DER, lower-case hex. */
  sha256: string;
}

/** A CSR the service will not sign; the message says why. */
export class CsrError extends Error {
  override name = 'CsrError';
}

const DAY_MS = 86_400_000;
export const DEFAULT_VALID_DAYS = 365;
export const MAX_VALID_DAYS = 825;

const OID = 0x06;
const BOOLEAN_TRUE = Uint8Array.of(0x01, 0x01, 0xff);
const OCTET_STRING = 0x04;
const UTF8_STRING = 0x0c;
const SET = 0x31;
const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s/g, ''), 'hex'));
const oid = (bytes: string) => tlv(OID, hex(bytes));

const ECDSA_SHA256 = tlv(SEQUENCE, oid('2a8648ce3d040302'));
/** Signature algorithms a CSR may use, by the DER of their OID, with the digest node:crypto verifies with. */
const csrAlgorithms: Record<string, string> = {
  '2a8648ce3d040302': 'sha256', // ecdsa-with-SHA256
  '2a8648ce3d040303': 'sha384', // ecdsa-with-SHA384
  '2a864886f70d01010b': 'sha256', // sha256WithRSAEncryption
  '2a864886f70d01010c': 'sha384',
  '2a864886f70d01010d': 'sha512',
};

const ext = (id: string, critical: boolean, value: Uint8Array) =>
  tlv(SEQUENCE, oid(id), ...(critical ? [BOOLEAN_TRUE] : []), tlv(OCTET_STRING, value));

/** `YYMMDDHHMMSSZ` (UTCTime) up to 2049, GeneralizedTime after, as RFC 5280 4.1.2.5 says. */
function derTime(date: Date): Uint8Array {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

/** The Name `O=aplicacao:<id>, OU=integracao:<id>, CN=agente-integracao-<id>`. */
function boundName(binding: CertificateBinding): { der: Uint8Array; text: string } {
  const rdn = (attr: string, value: string) => tlv(SET, tlv(SEQUENCE, oid(attr), tlv(UTF8_STRING, Buffer.from(value))));
  const o = `aplicacao:${binding.aplicacaoId}`;
  const ou = `integracao:${binding.integracaoId}`;
  const cn = `agente-integracao-${binding.integracaoId}`;
  return { der: tlv(SEQUENCE, rdn('55040a', o), rdn('55040b', ou), rdn('550403', cn)), text: `CN=${cn}, OU=${ou}, O=${o}` };
}

function pemBody(pem: string, label: RegExp): Uint8Array | undefined {
  const m = new RegExp(`-----BEGIN ${label.source}-----([A-Za-z0-9+/=\\s]+)-----END ${label.source}-----`).exec(pem);
  return m ? Uint8Array.from(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')) : undefined;
}

const toPem = (der: Uint8Array, label: string) =>
  `-----BEGIN ${label}-----\n${(
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? []
  ).join('\n')}\n-----END ${label}-----\n`;

/** The CA's subject Name (exact bytes) and key identifier, read from its certificate. */
function caParts(ca: AgentCa): { subject: Uint8Array; keyId: Uint8Array; key: KeyObject } {
  const der = pemBody(ca.certPem, /CERTIFICATE/);
  if (!der) throw new Error('the agent CA certificate is not PEM');
  const [tbs] = readTlvs(readTlvs(der)[0]!.content);
  const fields = readTlvs(tbs!.content);
  const i = fields[0]!.tag === 0xa0 ? 1 : 0;
  const subject = fields[i + 4]!.raw; // serial, signature, issuer, validity, subject
  const spki = fields[i + 5]!;
  let keyId: Uint8Array | undefined;
  const extensions = fields.find((f) => f.tag === 0xa3);
  for (const e of extensions ? readTlvs(readTlvs(extensions.content)[0]!.content) : []) {
    const [id, ...rest] = readTlvs(e.content);
    if (Buffer.from(id!.content).toString('hex') === '551d0e') keyId = readTlvs(rest[rest.length - 1]!.content)[0]!.content;
  }
  return { subject, keyId: keyId ?? subjectKeyId(spki), key: createPrivateKey(ca.privateKeyPkcs8Pem) };
}

/** RFC 5280 4.2.1.2 method 1: SHA-1 of the subjectPublicKey BIT STRING's bits. */
function subjectKeyId(spki: Tlv): Uint8Array {
  const bits = readTlvs(spki.content)[1]!;
  return Uint8Array.from(createHash('sha1').update(bits.content.subarray(1)).digest());
}

/** The CSR's public key (SubjectPublicKeyInfo), once its self-signature proves the agent holds the private key. */
function verifiedCsrKey(csrPem: string): Tlv {
  const der = pemBody(csrPem, /(?:NEW )?CERTIFICATE REQUEST/);
  if (!der) throw new CsrError('must be a PEM "CERTIFICATE REQUEST" (PKCS#10)');
  let info: Tlv, algorithm: Tlv, signature: Tlv, spki: Tlv;
  try {
    const [request] = readTlvs(der);
    [info, algorithm, signature] = readTlvs(request!.content) as [Tlv, Tlv, Tlv];
    const fields = readTlvs(info.content);
    spki = fields[2]!;
    if (info.tag !== SEQUENCE || fields[0]?.tag !== INTEGER || spki.tag !== SEQUENCE || signature.tag !== BIT_STRING) throw new Error();
  } catch {
    throw new CsrError('is not a well-formed PKCS#10 request');
  }
  const digest = csrAlgorithms[Buffer.from(readTlvs(algorithm.content)[0]?.content ?? []).toString('hex')];
  if (!digest) throw new CsrError('must be signed with ECDSA or RSA and SHA-256, SHA-384 or SHA-512');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(spki.raw), format: 'der', type: 'spki' });
  } catch {
    throw new CsrError('has a public key that cannot be read');
  }
  const details = key.asymmetricKeyDetails ?? {};
  const acceptable =
    (key.asymmetricKeyType === 'ec' && ['prime256v1', 'secp384r1'].includes(details.namedCurve ?? '')) ||
    (key.asymmetricKeyType === 'rsa' && (details.modulusLength ?? 0) >= 2048);
  if (!acceptable) throw new CsrError('must hold an ECDSA P-256 or P-384 key, or an RSA key of at least 2048 bits');
  const valid = verify(digest, info.raw, { key, dsaEncoding: 'der' }, signature.content.subarray(1));
  if (!valid) throw new CsrError('signature does not match its public key');
  return spki;
}

/** A positive random serial of 16 bytes. */
function randomSerial(): Uint8Array {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return Uint8Array.from(bytes);
}

const signed = (tbs: Uint8Array, key: KeyObject) =>
  tlv(SEQUENCE, tbs, ECDSA_SHA256, tlv(BIT_STRING, Uint8Array.of(0), Uint8Array.from(sign('sha256', tbs, { key, dsaEncoding: 'der' }))));

/** Issues an agent client certificate for the CSR's key, bound to the application and integration. Throws CsrError for a CSR it will not sign. */
export function issueFromCsr(
  ca: AgentCa,
  csrPem: string,
  binding: CertificateBinding,
  options: { validDays?: number; now?: Date } = {},
): IssuedFromCsr {
  const spki = verifiedCsrKey(csrPem);
  const validDays = options.validDays ?? DEFAULT_VALID_DAYS;
  if (!(validDays >= 1 && validDays <= MAX_VALID_DAYS)) throw new Error(`validDays must be 1 to ${MAX_VALID_DAYS}`);
  const issuer = caParts(ca);
  const now = options.now ?? new Date();
  const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000 - 5 * 60_000); // small clock skew
  const notAfter = new Date(notBefore.getTime() + validDays * DAY_MS);
  const serial = randomSerial();
  const subject = boundName(binding);
  const extensions = tlv(
    SEQUENCE,
    ext('551d13', true, tlv(SEQUENCE)), // basicConstraints: not a CA
    ext('551d0f', true, Uint8Array.of(BIT_STRING, 0x02, 0x07, 0x80)), // keyUsage: digitalSignature
    ext('551d25', false, tlv(SEQUENCE, oid('2b06010505070302'))), // extendedKeyUsage: clientAuth
    ext('551d0e', false, tlv(OCTET_STRING, subjectKeyId(spki))),
    ext('551d23', false, tlv(SEQUENCE, tlv(0x80, issuer.keyId))),
  );
  const tbs = tlv(
    SEQUENCE,
    tlv(0xa0, tlv(INTEGER, Uint8Array.of(2))), // v3
    tlv(INTEGER, serial),
    ECDSA_SHA256,
    issuer.subject,
    tlv(SEQUENCE, derTime(notBefore), derTime(notAfter)),
    subject.der,
    spki.raw,
    tlv(0xa3, extensions),
  );
  const der = signed(tbs, issuer.key);
  return {
    certPem: toPem(der, 'CERTIFICATE'),
    serialHex: normalizeSerial(Buffer.from(serial).toString('hex')),
    subject: subject.text,
    notBefore,
    notAfter,
    sha256: createHash('sha256').update(der).digest('hex'),
  };
}

export interface CrlContent {
  crlNumber: bigint;
  revoked: { serialHex: string; revokedAt: Date }[];
  thisUpdate?: Date;
  validForHours: number;
}

/** A v2 CRL of the agent CA (AKI and CRL Number; entries without extensions), DER. */
export function signCrl(ca: AgentCa, content: CrlContent): Uint8Array {
  const issuer = caParts(ca);
  const thisUpdate = content.thisUpdate ?? new Date();
  const nextUpdate = new Date(thisUpdate.getTime() + content.validForHours * 3_600_000);
  const entries = content.revoked.map((r) => tlv(SEQUENCE, derBigInt(BigInt(`0x${normalizeSerial(r.serialHex)}`)), derTime(r.revokedAt)));
  const tbs = tlv(
    SEQUENCE,
    tlv(INTEGER, Uint8Array.of(1)), // v2
    ECDSA_SHA256,
    issuer.subject,
    derTime(thisUpdate),
    derTime(nextUpdate),
    ...(entries.length ? [tlv(SEQUENCE, ...entries)] : []),
    tlv(
      0xa0,
      tlv(SEQUENCE, ext('551d23', false, tlv(SEQUENCE, tlv(0x80, issuer.keyId))), ext('551d14', false, derBigInt(content.crlNumber))),
    ),
  );
  return signed(tbs, issuer.key);
}
