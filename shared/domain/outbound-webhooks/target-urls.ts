// Outbound webhooks: the checks a target URL must pass (https, no private address: SSRF). Pure
// domain code: DNS resolution comes in as a parameter; the consumer connects to the addresses
// checked here (docs/appointments.md, "Outbound deliveries"). Which ranges no delivery may reach is
// shared/ip-ranges.ts's classifyAddress.
import { isIP } from 'node:net';
import { invalid } from '#shared/domain/errors';
import { classifyAddress } from '#shared/ip-ranges';

/** Where deliveries may go. In AWS: https to public addresses only. Under the local run, also loopback (and http only to it). */
export interface WebhookTargetPolicy {
  allowLoopback: boolean;
}

export const MAX_URL_LENGTH = 2048;

/** Resolves a host name to its addresses (dns.lookup with `all: true` in the consumer; a fake in tests). */
export type ResolveHost = (host: string) => Promise<string[]>;

const hostOf = (url: URL): string => (url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname);

const badUrl = (message: string) => invalid(`url ${message}`, 'url');

/** The syntax checks, no DNS: absolute https URL (http only to loopback under the local run), no credentials, no fragment. */
export function parseWebhookUrl(raw: string, policy: WebhookTargetPolicy): URL {
  const text = raw.trim();
  if (text.length > MAX_URL_LENGTH) throw badUrl(`must have at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badUrl('must be an absolute URL, e.g. https://example.com/webhooks');
  }
  // Credentials in a URL end up in logs; the secret is what authenticates a delivery.
  if (url.username || url.password) throw badUrl('must not carry a user name or password');
  if (url.hash) throw badUrl('must not have a fragment');
  const host = hostOf(url);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && policy.allowLoopback && (host === 'localhost' || classifyAddress(host) === 'loopback')) return url;
  throw badUrl(policy.allowLoopback ? 'must use https (http only to a loopback address)' : 'must use https');
}

export interface CheckedTarget {
  url: URL;
  /** The addresses checked: the consumer connects to one of these (not to a second lookup), so DNS cannot be swapped in between. */
  addresses: string[];
}

/**
 * The full check of a target: the syntax, then every address the host resolves to must be public
 * (or loopback under the local run; an http URL must resolve to loopback only). Run when a
 * subscription is saved and again before every delivery attempt.
 */
export async function checkWebhookTarget(raw: string, resolve: ResolveHost, policy: WebhookTargetPolicy): Promise<CheckedTarget> {
  const url = parseWebhookUrl(raw, policy);
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw badUrl(`host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw badUrl(`host ${host} does not resolve to any address`);
  for (const address of addresses) {
    const kind = classifyAddress(address);
    const allowed = url.protocol === 'https:' ? kind === 'public' || (policy.allowLoopback && kind === 'loopback') : kind === 'loopback';
    // The message does not say which address or range: the answer must not map the inside of the network.
    if (!allowed) throw badUrl('must point to a public internet address');
  }
  return { url, addresses };
}
