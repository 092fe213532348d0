// The few fields of an X.509 certificate and of a v2 CRL the agent authorizer needs, read with a
// plain DER walk (shared/ca/der.ts). @peculiar/x509 would parse them too, but it drags
// reflect-metadata, tsyringe and the asn1 schema machinery into the authorizer's cold start for
// fields that sit at fixed positions (RFC 5280, 4.1 and 5.1). Signatures are not verified here.
import { BIT_STRING, INTEGER, readTlvs, SEQUENCE, type Tlv } from '#shared/ca/der';
import { normalizeSerial } from '#shared/ca/serial';

const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;
const OID = 0x06;
const BOOLEAN = 0x01;
const OCTET_STRING = 0x04;
const CONTEXT_0 = 0xa0; // [0] EXPLICIT: a certificate's version, a CRL's extensions
const CONTEXT_3 = 0xa3; // [3] EXPLICIT: a certificate's extensions
const KEY_IDENTIFIER = 0x80; // AuthorityKeyIdentifier.keyIdentifier [0] IMPLICIT OCTET STRING

/** DER of OID 2.5.29.35 (Authority Key Identifier). */
const AKI_OID = Uint8Array.of(0x55, 0x1d, 0x23);
/** DER of OID 2.5.29.20 (CRL Number). */
const CRL_NUMBER_OID = Uint8Array.of(0x55, 0x1d, 0x14);

export interface CertificateInfo {
  /** Normalised serial (see normalizeSerial). */
  serial: string;
  /** The issuer Name exactly as encoded (compared byte for byte with the CRL's issuer). */
  issuer: Uint8Array;
  notBefore: Date;
  notAfter: Date;
  /** keyIdentifier of the Authority Key Identifier extension, lower-case hex, when present. */
  authorityKeyId?: string;
  /** The application and integration the certificate is bound to (subject `O=aplicacao:<id>`, `OU=integracao:<id>`), when it is. */
  aplicacaoId?: number;
  integracaoId?: number;
}

export interface CrlInfo {
  issuer: Uint8Array;
  thisUpdate: Date;
  nextUpdate?: Date;
  crlNumber?: bigint;
  authorityKeyId?: string;
  /** Normalised serials of the revoked certificates. */
  revoked: Set<string>;
  /** What the signature covers (the tbsCertList, exactly as encoded), the signature algorithm's OID (hex DER) and the signature. */
  signed: { tbs: Uint8Array; algorithm: string; signature: Uint8Array };
}

const fail = (what: string): never => {
  throw new Error(`malformed DER: ${what}`);
};

/** The single element `bytes` holds (no trailing bytes). */
function only(bytes: Uint8Array, tag: number, what: string): Tlv {
  const items = readTlvs(bytes);
  if (items.length !== 1 || items[0]!.tag !== tag) fail(what);
  return items[0]!;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** UTCTime `YYMMDDHHMMSSZ` or GeneralizedTime `YYYYMMDDHHMMSSZ`, the only forms RFC 5280 allows. */
export function readTime(t: Tlv): Date {
  const text = Buffer.from(t.content).toString('latin1');
  const m =
    t.tag === UTC_TIME
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : t.tag === GENERALIZED_TIME
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
        : null;
  if (!m) return fail('time');
  let year = Number(m[1]);
  if (t.tag === UTC_TIME) year += year >= 50 ? 1900 : 2000; // RFC 5280 4.1.2.5.1
  const ms = Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return Number.isNaN(ms) ? fail('time') : new Date(ms);
}

const isTime = (t: Tlv | undefined) => t?.tag === UTC_TIME || t?.tag === GENERALIZED_TIME;

/** Extensions ::= SEQUENCE OF Extension { extnID, critical DEFAULT FALSE, extnValue OCTET STRING } -> value by OID. */
function extensionValue(extensions: Tlv | undefined, oid: Uint8Array): Uint8Array | undefined {
  if (!extensions) return undefined;
  for (const ext of readTlvs(only(extensions.content, SEQUENCE, 'extensions').content)) {
    const [id, second, third] = readTlvs(ext.content);
    if (id?.tag !== OID || !sameBytes(id.content, oid)) continue;
    const value = second?.tag === BOOLEAN ? third : second;
    return value?.tag === OCTET_STRING ? value.content : fail('extension value');
  }
  return undefined;
}

function authorityKeyId(extensions: Tlv | undefined): string | undefined {
  const value = extensionValue(extensions, AKI_OID);
  if (!value) return undefined;
  const keyId = readTlvs(only(value, SEQUENCE, 'authority key identifier').content).find((t) => t.tag === KEY_IDENTIFIER);
  return keyId ? hex(keyId.content) : undefined;
}

/** DER of OIDs 2.5.4.10 (organizationName) and 2.5.4.11 (organizationalUnitName). */
const O_OID = '55040a';
const OU_OID = '55040b';

/** The number after `prefix` in the subject attribute `oid` (RFC 5280 Name: SEQUENCE OF SET OF {type, value}), when it is there once. */
function boundId(subject: Tlv, oidHex: string, prefix: string): number | undefined {
  const values: string[] = [];
  for (const rdn of readTlvs(subject.content)) {
    for (const attribute of readTlvs(rdn.content)) {
      const [type, value] = readTlvs(attribute.content);
      if (type?.tag === OID && hex(type.content) === oidHex && value) values.push(Buffer.from(value.content).toString('utf8'));
    }
  }
  const m = values.length === 1 ? new RegExp(`^${prefix}:([1-9]\\d{0,15})$`).exec(values[0]!) : null;
  return m ? Number(m[1]) : undefined;
}

const serialOf = (t: Tlv | undefined) => (t?.tag === INTEGER && t.content.length > 0 ? normalizeSerial(hex(t.content)) : fail('serial'));

/** The certificate's serial, issuer, validity and AKI (RFC 5280 4.1). Throws on malformed DER. */
export function readCertificate(der: Uint8Array): CertificateInfo {
  const [tbs] = readTlvs(only(der, SEQUENCE, 'certificate').content);
  if (tbs?.tag !== SEQUENCE) return fail('tbsCertificate');
  const fields = readTlvs(tbs.content);
  let i = fields[0]?.tag === CONTEXT_0 ? 1 : 0; // version, absent for v1
  const serial = serialOf(fields[i++]);
  i++; // signature AlgorithmIdentifier
  const issuer = fields[i++];
  const validity = fields[i++];
  const subject = fields[i];
  if (issuer?.tag !== SEQUENCE || validity?.tag !== SEQUENCE || subject?.tag !== SEQUENCE) return fail('issuer, validity or subject');
  const [notBefore, notAfter] = readTlvs(validity.content);
  if (!isTime(notBefore) || !isTime(notAfter)) return fail('validity');
  return {
    serial,
    issuer: issuer.raw,
    notBefore: readTime(notBefore!),
    notAfter: readTime(notAfter!),
    authorityKeyId: authorityKeyId(fields.find((f) => f.tag === CONTEXT_3)),
    aplicacaoId: boundId(subject, O_OID, 'aplicacao'),
    integracaoId: boundId(subject, OU_OID, 'integracao'),
  };
}

/** The first CERTIFICATE block of a PEM text, as DER. */
export function pemToDer(pem: string): Uint8Array {
  const m = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/.exec(pem);
  if (!m) return fail('no CERTIFICATE PEM block');
  return new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64'));
}

/** The CRL's issuer, dates, number, AKI and revoked serials (RFC 5280 5.1). Throws on malformed DER. */
export function readCrl(der: Uint8Array): CrlInfo {
  const [tbs, algorithm, signature] = readTlvs(only(der, SEQUENCE, 'certificate list').content);
  if (tbs?.tag !== SEQUENCE) return fail('tbsCertList');
  const algorithmOid = algorithm?.tag === SEQUENCE ? readTlvs(algorithm.content)[0] : undefined;
  if (algorithmOid?.tag !== OID || signature?.tag !== BIT_STRING || signature.content[0] !== 0) return fail('signature');
  const fields = readTlvs(tbs.content);
  let i = fields[0]?.tag === INTEGER ? 1 : 0; // version, v2 only
  i++; // signature AlgorithmIdentifier
  const issuer = fields[i++];
  const thisUpdate = fields[i++];
  if (issuer?.tag !== SEQUENCE || !isTime(thisUpdate)) return fail('issuer or thisUpdate');
  const nextUpdate = isTime(fields[i]) ? fields[i++] : undefined;
  const revokedList = fields[i]?.tag === SEQUENCE ? fields[i++] : undefined;
  const extensions = fields[i]?.tag === CONTEXT_0 ? fields[i++] : undefined;
  if (i !== fields.length) fail('tbsCertList fields');

  const revoked = new Set<string>();
  for (const entry of revokedList ? readTlvs(revokedList.content) : []) {
    if (entry.tag !== SEQUENCE) fail('revoked entry');
    revoked.add(serialOf(readTlvs(entry.content)[0]));
  }
  const number = extensionValue(extensions, CRL_NUMBER_OID);
  const numberTlv = number ? only(number, INTEGER, 'CRL number') : undefined;
  return {
    issuer: issuer.raw,
    thisUpdate: readTime(thisUpdate!),
    nextUpdate: nextUpdate ? readTime(nextUpdate) : undefined,
    crlNumber: numberTlv ? BigInt(`0x${hex(numberTlv.content) || '0'}`) : undefined,
    authorityKeyId: authorityKeyId(extensions),
    revoked,
    signed: { tbs: tbs.raw, algorithm: hex(algorithmOid.content), signature: signature.content.subarray(1) },
  };
}

export { sameBytes };
