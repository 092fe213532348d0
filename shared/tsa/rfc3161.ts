// RFC 3161 time stamps, the client's side: the request (SHA-256 imprint, a nonce, certReq) and the checks of the
// answer before its token is kept: the status granted, the nonce and the imprint ours, the CMS signature valid by the
// TSA certificate the token carries (extendedKeyUsage timeStamping, critical: RFC 3161 2.3), and, when the TSA's CA
// is configured, that certificate's chain to it. pkijs and asn1js do the DER and the CMS (no hand-written ASN.1).
//
// Cold start: pkijs is heavy (docs/stamps.md). Only the stamping worker (functions/scheduled/stamps.ts,
// functions/streams/stamps.ts) imports this module; the request Lambdas write a pending stamp and never wait on a TSA.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export const SHA256_OID = '2.16.840.1.101.3.4.2.1';
/** id-ct-TSTInfo (RFC 3161 2.4.2): the eContentType of a TimeStampToken. */
export const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';
/** id-kp-timeStamping (RFC 3161 2.3). */
export const TIME_STAMPING_OID = '1.3.6.1.5.5.7.3.8';
const EXTENDED_KEY_USAGE_OID = '2.5.29.37';

/** A TSA answer or token refused, with why. */
export class TimeStampError extends Error {
  override name = 'TimeStampError';
}

const bytes = (view: ArrayBuffer | ArrayBufferView): Uint8Array =>
  view instanceof ArrayBuffer ? new Uint8Array(view) : new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
/** A copy of exactly these bytes (a Buffer's slice shares its pool's ArrayBuffer). */
const buffer = (data: Uint8Array): ArrayBuffer => {
  const copy = new Uint8Array(data.byteLength);
  copy.set(data);
  return copy.buffer;
};
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && timingSafeEqual(a, b);

export const sha256 = (data: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(data).digest());

export interface TimeStampRequest {
  /** The DER TimeStampReq, to POST as application/timestamp-query. */
  der: Uint8Array;
  nonce: Uint8Array;
  /** The bytes stamped. */
  data: Uint8Array;
}

/** A TimeStampReq for the SHA-256 of `data`, with a fresh 64-bit nonce and certReq (the token carries the TSA's certificate). */
export function timeStampRequest(data: Uint8Array): TimeStampRequest {
  const digest = sha256(data);
  // A positive INTEGER: the high bit cleared, never a leading zero byte.
  const nonce = new Uint8Array(randomBytes(8));
  nonce[0] = (nonce[0]! & 0x7f) | 0x01;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256_OID }),
      hashedMessage: new asn1js.OctetString({ valueHex: buffer(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: buffer(nonce) }),
    certReq: true,
  });
  return { der: bytes(request.toSchema().toBER()), nonce, data };
}

interface ParsedToken {
  signed: pkijs.SignedData;
  info: pkijs.TSTInfo;
}

function parseToken(token: Uint8Array): ParsedToken {
  try {
    const content = pkijs.ContentInfo.fromBER(buffer(token));
    if (content.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new TimeStampError('the token is not a CMS SignedData');
    const signed = new pkijs.SignedData({ schema: content.content });
    if (signed.encapContentInfo.eContentType !== TST_INFO_OID) throw new TimeStampError('the token does not carry a TSTInfo');
    const eContent = signed.encapContentInfo.eContent;
    if (!eContent) throw new TimeStampError('the token has no TSTInfo');
    return { signed, info: pkijs.TSTInfo.fromBER(eContent.getValue()) };
  } catch (error) {
    if (error instanceof TimeStampError) throw error;
    throw new TimeStampError(`the token is not valid DER: ${(error as Error).message}`);
  }
}

/** The certificate of a PEM (one or several: a CA bundle). */
export function certificatesOfPem(pem: string): pkijs.Certificate[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)].map((m) =>
    pkijs.Certificate.fromBER(buffer(new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')))),
  );
}

export interface TokenCheck {
  /** The stamped bytes: the token must name their SHA-256 (its messageImprint). */
  data: Uint8Array;
  /** The request's nonce, when checking a fresh answer. */
  nonce?: Uint8Array;
  /** The TSA's CA: when given, the signer's certificate must chain to it. */
  trusted?: readonly pkijs.Certificate[];
}

/** The token's genTime when it names the SHA-256 of `data` (and `nonce`), is signed by a time-stamping certificate and verifies; else TimeStampError. */
export async function checkToken(token: Uint8Array, check: TokenCheck): Promise<Date> {
  const { signed, info } = parseToken(token);
  const digest = sha256(check.data);
  const imprint = info.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== SHA256_OID) throw new TimeStampError('the token does not name a SHA-256 imprint');
  if (!same(bytes(imprint.hashedMessage.valueBlock.valueHexView), digest)) {
    throw new TimeStampError('the token stamps other data (messageImprint)');
  }
  if (check.nonce && !(info.nonce && same(bytes(info.nonce.valueBlock.valueHexView), check.nonce))) {
    throw new TimeStampError('the answer does not carry the request nonce');
  }
  if (signed.signerInfos.length !== 1) throw new TimeStampError('the token must have one signer');
  const certificates = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  let result: pkijs.SignedDataVerifyResult;
  try {
    result = await signed.verify({
      signer: 0,
      data: buffer(check.data),
      checkChain: Boolean(check.trusted?.length),
      trustedCerts: [...(check.trusted ?? [])],
      checkDate: info.genTime,
      extendedMode: true,
    });
  } catch (error) {
    const message = (error as { message?: string }).message ?? String(error);
    throw new TimeStampError(`the token's signature does not verify: ${message}`);
  }
  if (!result.signatureVerified) throw new TimeStampError('the token’s signature does not verify');
  const signer = result.signerCertificate ?? certificates[0];
  const eku = signer?.extensions?.find((e) => e.extnID === EXTENDED_KEY_USAGE_OID);
  const usages = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  if (!eku?.critical || usages.length !== 1 || usages[0] !== TIME_STAMPING_OID) {
    throw new TimeStampError('the signer is not a time-stamping certificate (critical extendedKeyUsage timeStamping)');
  }
  return info.genTime;
}

/** The DER TimeStampToken of a TimeStampResp, after every check of checkToken with the request's nonce. */
export async function tokenOfResponse(
  response: Uint8Array,
  request: { nonce: Uint8Array; data: Uint8Array },
  trusted?: readonly pkijs.Certificate[],
): Promise<{ token: Uint8Array; genTime: Date }> {
  let parsed: pkijs.TimeStampResp;
  try {
    parsed = pkijs.TimeStampResp.fromBER(buffer(response));
  } catch (error) {
    throw new TimeStampError(`the answer is not a TimeStampResp: ${(error as Error).message}`);
  }
  const status = parsed.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    throw new TimeStampError(`the TSA refused the request (PKIStatus ${status})`);
  }
  if (!parsed.timeStampToken) throw new TimeStampError('the answer carries no token');
  const token = bytes(parsed.timeStampToken.toSchema().toBER());
  const genTime = await checkToken(token, { data: request.data, nonce: request.nonce, trusted });
  return { token, genTime };
}
