// Outbound webhooks: the checks a target URL must pass (https, no private address: SSRF). Pure
// domain code: DNS resolution comes in as a parameter; the consumer connects to the addresses
// checked here (docs/appointments.md, "Outbound deliveries").
import { isIP, isIPv4, isIPv6 } from 'node:net';
import { invalid } from '#shared/domain/errors';

// ---------------------------------------------------------------------------------------------
// Addresses a delivery may never reach (SSRF)

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'multicast'
  | 'documentation'
  | 'reserved'
  | 'invalid';

interface Range {
  base: bigint;
  prefix: number;
  /** A class, or 'embedded': the address carries an IPv4 address (low 32 bits, or bits 16-47 for 6to4), classified instead. */
  is: Exclude<AddressClass, 'public' | 'invalid'> | 'embedded' | 'embedded6to4';
}

function ipv4Value(ip: string): bigint | undefined {
  if (!isIPv4(ip)) return undefined;
  return ip.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Value(ip: string): bigint | undefined {
  if (!isIPv6(ip)) return undefined;
  let text = ip.toLowerCase();
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two hex words.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const first = head ? head.split(':') : [];
  const last = rest === undefined ? undefined : rest ? rest.split(':') : [];
  const words = last === undefined ? first : [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  if (words.length !== 8) return undefined;
  return words.reduce((acc, word) => (acc << 16n) | BigInt(parseInt(word, 16)), 0n);
}

const range = (text: string, prefix: number, is: Range['is']): Range => ({ base: (ipv4Value(text) ?? ipv6Value(text))!, prefix, is });

// First match wins, so a specific entry sits before the wider range holding it. Built on first use:
// parsing the literals compiles node:net's IPv6 pattern, which cost every cold start about 6 ms.
let tables: { ipv4: readonly Range[]; ipv6: readonly Range[]; globalUnicast: Range } | undefined;
const rangeTables = () =>
  (tables ??= {
    ipv4: [
      range('0.0.0.0', 8, 'unspecified'),
      range('10.0.0.0', 8, 'private'),
      range('100.64.0.0', 10, 'cgnat'),
      range('127.0.0.0', 8, 'loopback'),
      range('169.254.169.254', 32, 'metadata'),
      range('169.254.0.0', 16, 'link-local'),
      range('172.16.0.0', 12, 'private'),
      range('192.0.0.0', 24, 'reserved'),
      range('192.0.2.0', 24, 'documentation'),
      range('192.88.99.0', 24, 'reserved'),
      range('192.168.0.0', 16, 'private'),
      range('198.18.0.0', 15, 'reserved'),
      range('198.51.100.0', 24, 'documentation'),
      range('203.0.113.0', 24, 'documentation'),
      range('224.0.0.0', 4, 'multicast'),
      range('240.0.0.0', 4, 'reserved'),
    ],
    ipv6: [
      range('::', 128, 'unspecified'),
      range('::1', 128, 'loopback'),
      range('::ffff:0:0', 96, 'embedded'), // IPv4-mapped
      range('64:ff9b::', 96, 'embedded'), // NAT64 to an IPv4 address
      range('2002::', 16, 'embedded6to4'),
      range('::', 96, 'reserved'), // IPv4-compatible, deprecated
      range('64:ff9b:1::', 48, 'reserved'), // local-use NAT64
      range('100::', 64, 'reserved'), // discard
      range('2001::', 32, 'reserved'), // Teredo (the IPv4 address inside is obfuscated)
      range('2001:db8::', 32, 'documentation'),
      range('3fff::', 20, 'documentation'),
      range('fd00:ec2::254', 128, 'metadata'), // EC2 instance metadata over IPv6
      range('fc00::', 7, 'unique-local'),
      range('fe80::', 10, 'link-local'),
      range('fec0::', 10, 'private'), // site-local, deprecated
      range('ff00::', 8, 'multicast'),
    ],
    /** Only 2000::/3 is global unicast; anything else not listed above is unallocated. */
    globalUnicast: range('2000::', 3, 'reserved'),
  });

const inRange = (value: bigint, bits: number, r: Range): boolean => value >> BigInt(bits - r.prefix) === r.base >> BigInt(bits - r.prefix);

function classifyIPv4(value: bigint): AddressClass {
  const hit = rangeTables().ipv4.find((r) => inRange(value, 32, r));
  return (hit?.is as AddressClass | undefined) ?? 'public';
}

/** What an IP address (literal, as DNS or a URL gives it) is; only 'public' may be a webhook target. */
export function classifyAddress(address: string): AddressClass {
  const ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // A zone id (fe80::1%eth0) only exists for scoped, non-global addresses.
  if (ip.includes('%')) return isIPv6(ip) ? 'link-local' : 'invalid';
  const v4 = ipv4Value(ip);
  if (v4 !== undefined) return classifyIPv4(v4);
  const v6 = ipv6Value(ip);
  if (v6 === undefined) return 'invalid';
  const { ipv6, globalUnicast } = rangeTables();
  const hit = ipv6.find((r) => inRange(v6, 128, r));
  if (hit?.is === 'embedded') return classifyIPv4(v6 & 0xffff_ffffn);
  if (hit?.is === 'embedded6to4') return classifyIPv4((v6 >> 80n) & 0xffff_ffffn);
  if (hit) return hit.is;
  return inRange(v6, 128, globalUnicast) ? 'public' : 'reserved';
}

// ---------------------------------------------------------------------------------------------
// Target URLs

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
