// The time-stamp authority the stamping worker asks (TSA_URL): RFC 3161 over HTTP (3.4), a POST of the
// application/timestamp-query, its application/timestamp-reply checked (shared/tsa/rfc3161.ts) before the token is
// kept. Under `npm start` TSA_URL is the loopback TSA (infra/local/simulators/tsa.ts): the same client runs locally and on AWS.
import { config } from '#shared/config';
import type { TimeStampAuthority } from '#shared/domain/stamps';
import { certificatesOfPem, timeStampRequest, tokenOfResponse, TimeStampError } from '#shared/tsa/rfc3161';

/** The TSA of the configuration (read on each call, so a test's TSA_URL applies). */
export function httpTimeStampAuthority(): TimeStampAuthority {
  return {
    async stamp(data) {
      const { tsaUrl, tsaCaPem, tsaTimeoutMs } = config();
      const request = timeStampRequest(data);
      const response = await fetch(tsaUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/timestamp-query', Accept: 'application/timestamp-reply' },
        body: request.der,
        signal: AbortSignal.timeout(tsaTimeoutMs),
      });
      const body = new Uint8Array(await response.arrayBuffer());
      if (!response.ok) throw new TimeStampError(`the TSA answered ${response.status}`);
      const trusted = tsaCaPem ? certificatesOfPem(tsaCaPem) : undefined;
      return (await tokenOfResponse(body, request, trusted)).token;
    },
  };
}
