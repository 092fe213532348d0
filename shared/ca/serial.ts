// Certificate serial numbers as the service writes and compares them: lower-case hex without
// separators or leading zero bytes. API Gateway's mTLS context gives `a1:b2:...`, @peculiar/x509
// gives plain hex, OpenSSL upper case: all of them normalise to the same string here.
// No X.509 library is imported, so authorizers can use this at no cold-start cost.

/** `A1:B2:03` / `0a1b203` / `0xA1B203` -> `a1b203`. Throws on anything that is not hex. */
export function normalizeSerial(serial: string): string {
  let hex = serial.trim().toLowerCase().replace(/^0x/, '').replace(/[:\s]/g, '');
  if (!/^[0-9a-f]+$/.test(hex)) throw new Error(`not a hexadecimal serial number: ${serial}`);
  hex = hex.replace(/^0+/, '');
  if (hex === '') return '00';
  return hex.length % 2 ? `0${hex}` : hex;
}
