// The HTTP side of an outbound webhook delivery: resolving a target's host for the SSRF check, and
// the POST itself. The POST connects only to the addresses the check approved (a `lookup` that
// answers with them, never a second DNS query: a rebinding answer between the check and the
// connection would bypass it), follows no redirect (a 3xx is a failed attempt), and gives up after
// the configured timeout (15 s). TLS still verifies the certificate against the URL's host name.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIPv6, type LookupFunction } from 'node:net';
import { config } from '#shared/config';
import type { AttemptOutcome } from '#shared/domain/outbound-webhooks/deliveries';
import type { CheckedTarget, ResolveHost, WebhookTargetPolicy } from '#shared/domain/outbound-webhooks/target-urls';

/** Every address the host resolves to (A and AAAA), as the system resolver answers. */
export const resolveHost: ResolveHost = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** In AWS only public https targets; under `npm start` and the integration tests, loopback too. */
export const webhookTargetPolicy = (): WebhookTargetPolicy => ({ allowLoopback: config().runtime === 'local' });

/** How much of an answer's body is kept (the delivery record keeps 2048 characters of it, 500 in a refusal's error). */
const MAX_BODY_BYTES = 2048;

/** A lookup that answers with the checked addresses only, whatever the family or `all` asked. */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  return (_hostname, options, callback) => {
    const family = options?.family === 4 || options?.family === 6 ? options.family : undefined;
    const usable = family ? entries.filter((e) => e.family === family) : entries;
    if (usable.length === 0) {
      const error = Object.assign(new Error(`no checked IPv${family} address`), { code: 'ENOTFOUND' });
      callback(error, '', 0);
      return;
    }
    if (options?.all) (callback as unknown as (e: null, all: typeof usable) => void)(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}

export interface WebhookPost {
  headers: Record<string, string>;
  body: string;
}

/** POSTs one delivery to a checked target; never throws: a failure is an outcome (`{error}`). */
export async function postWebhook(
  target: CheckedTarget,
  post: WebhookPost,
  timeoutMs = config().webhookTimeoutMs,
): Promise<AttemptOutcome> {
  const { url } = target;
  // Loaded on the first delivery, not at the cold start (node:https brings TLS: measured +25% of init).
  const client = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    let status: number | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        lookup: pinnedLookup(target.addresses),
        // A fresh connection per attempt: a pooled one may have been opened to another address.
        agent: false,
      },
      (response) => {
        status = response.statusCode ?? 0;
        // The status is what counts: a body cut short (or cut by us) still answers the attempt.
        response.on('error', answered);
        response.on('aborted', answered);
        // The body (its first 2 KB) is kept for the delivery log, whatever the status: what the receiver said.
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
          size += chunk.length;
          if (size >= MAX_BODY_BYTES) answered();
        });
        response.on('end', answered);
      },
    );
    const answered = () => {
      const body = Buffer.concat(chunks).toString('utf8');
      finish(body ? { status: status!, body } : { status: status! });
    };
    const timer = setTimeout(() => (status === undefined ? finish({ error: `no answer within ${timeoutMs} ms` }) : answered()), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ error: error.code ? `${error.code}: ${error.message}` : error.message }),
    );
    request.end(post.body);
  });
}
