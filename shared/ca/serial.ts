// Certificate serial numbers as the service writes and compares them: lower-case hex without
// separators or leading zero bytes. API Gateway's mTLS context gives `a1:b2:...`, @peculiar/x509
// gives plain hex, OpenSSL upper case: all of them normalise to the same string here.
// No X.509 library is imported, so authorizers can use this at no cold-start cost.

/** The longest serial text taken: 20 octets (RFC 5280) as `a1:b2:...` with `0x` and some room; longer is not a serial. */
export const MAX_SERIAL_TEXT = 64;

/** `A1:B2:03` / `0a1b203` / `0xA1B203` -> `a1b203`. Throws on anything that is not hex (or longer than MAX_SERIAL_TEXT). */
export function normalizeSerial(serial: string): string {
  if (serial.length > MAX_SERIAL_TEXT) throw new Error('not a serial number: too long');
  let hex = serial.trim().toLowerCase().replace(/^0x/, '').replace(/[:\s]/g, '');
  if (!/^[0-9a-f]+$/.test(hex)) throw new Error(`not a hexadecimal serial number: ${serial}`);
  hex = hex.replace(/^0+/, '');
  if (hex === '') return '00';
  return hex.length % 2 ? `0${hex}` : hex;
}
