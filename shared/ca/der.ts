// The little DER the CA code needs beyond @peculiar/x509: read and write TLVs, encode INTEGERs,
// turn a WebCrypto ECDSA signature (r || s) into the DER ECDSA-Sig-Value X.509 carries.

export interface Tlv {
  tag: number;
  /** The content octets (without tag and length). */
  content: Uint8Array;
  /** The whole element, tag and length included. */
  raw: Uint8Array;
}

const encodeLength = (length: number): number[] => {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return [0x80 | bytes.length, ...bytes];
};

/** One element: tag, DER length, content. */
export function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const content = Buffer.concat(contents);
  return Uint8Array.from([tag, ...encodeLength(content.length), ...content]);
}

/** Reads the elements laid one after another in `bytes` (single-byte tags only, which X.509 uses). */
export function readTlvs(bytes: Uint8Array): Tlv[] {
  const out: Tlv[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const start = offset;
    const tag = bytes[offset++]!;
    if ((tag & 0x1f) === 0x1f) throw new Error('multi-byte DER tags are not supported');
    let length = bytes[offset++];
    if (length === undefined) throw new Error('truncated DER');
    if (length & 0x80) {
      const count = length & 0x7f;
      if (count === 0 || count > 4) throw new Error('unsupported DER length');
      length = 0;
      for (let i = 0; i < count; i++) length = length * 256 + bytes[offset++]!;
    }
    const end = offset + length;
    if (end > bytes.length) throw new Error('truncated DER');
    out.push({ tag, content: bytes.subarray(offset, end), raw: bytes.subarray(start, end) });
    offset = end;
  }
  return out;
}

export const SEQUENCE = 0x30;
export const INTEGER = 0x02;
export const BIT_STRING = 0x03;

/** DER INTEGER of an unsigned big-endian magnitude (leading zeros dropped, sign byte added when needed). */
export function derUnsignedInteger(magnitude: Uint8Array): Uint8Array {
  let i = 0;
  while (i < magnitude.length - 1 && magnitude[i] === 0) i++;
  let content = magnitude.subarray(i);
  if (content.length === 0) content = Uint8Array.of(0);
  if (content[0]! & 0x80) content = Uint8Array.from([0, ...content]);
  return tlv(INTEGER, content);
}

/** DER INTEGER of a non-negative bigint. */
export function derBigInt(value: bigint): Uint8Array {
  if (value < 0n) throw new Error('negative integers are not supported');
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return derUnsignedInteger(Buffer.from(hex, 'hex'));
}

/** WebCrypto ECDSA signature (IEEE P1363, r || s) -> DER `SEQUENCE { r INTEGER, s INTEGER }`. */
export function ecdsaSignatureToDer(p1363: Uint8Array): Uint8Array {
  const half = p1363.length / 2;
  return tlv(SEQUENCE, derUnsignedInteger(p1363.subarray(0, half)), derUnsignedInteger(p1363.subarray(half)));
}
