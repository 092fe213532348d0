// IP addresses and ranges: the one module that reads them, for the allowlists of provider
// credentials (exact IPv4/IPv6 addresses and CIDR ranges a caller must come from) and for the
// addresses an outbound webhook may never reach (private, loopback, link-local...: SSRF). Addresses
// are compared as numbers (binary prefix matching, no regex). In an allowlist an IPv4-mapped IPv6
// address (::ffff:10.1.2.3) is the IPv4 address it carries, on either side of the comparison, because
// a dual-stack listener reports IPv4 callers that way. Imported by the domain and by auth alike.
import { isIPv4, isIPv6 } from 'node:net';

// ---------------------------------------------------------------------------------------------
// Addresses as numbers

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

/** Whether `value` (an address of `bits` bits) is in the range (`base`'s first `prefix` bits; host bits of `base` are ignored). */
const inRange = (value: bigint, bits: number, r: { base: bigint; prefix: number }): boolean =>
  value >> BigInt(bits - r.prefix) === r.base >> BigInt(bits - r.prefix);

// ---------------------------------------------------------------------------------------------
// Allowlists of provider credentials

type Family = 'ipv4' | 'ipv6';

export interface AllowlistEntry {
  address: string;
  family: Family;
  /** Prefix length; undefined for an exact address. */
  prefix: number | undefined;
}

/** The family of a plain address (no zone id, no prefix), or undefined when it is none. */
function familyOf(address: string): Family | undefined {
  if (isIPv4(address)) return 'ipv4';
  // A zone id (fe80::1%eth0) names an interface of one host: meaningless in an allowlist.
  if (!address.includes('%') && isIPv6(address)) return 'ipv6';
  return undefined;
}

/** Parses one allowlist entry ("203.0.113.7", "10.0.0.0/8", "2001:db8::/32", "::1"); undefined when malformed. */
export function parseAllowlistEntry(raw: string): AllowlistEntry | undefined {
  const text = raw.trim();
  const slash = text.indexOf('/');
  const address = slash < 0 ? text : text.slice(0, slash);
  const family = familyOf(address);
  if (!family) return undefined;
  if (slash < 0) return { address, family, prefix: undefined };
  const bits = text.slice(slash + 1);
  const max = family === 'ipv4' ? 32 : 128;
  if (!/^(?:0|[1-9]\d{0,2})$/.test(bits) || Number(bits) > max) return undefined; // no sign, no leading zero
  return { address, family, prefix: Number(bits) };
}

export const isValidAllowlistEntry = (raw: string): boolean => parseAllowlistEntry(raw) !== undefined;

/** ::ffff:0:0/96, where the IPv4 addresses sit in the IPv6 space. */
const IPV4_MAPPED = 0xffff_0000_0000n;

/**
 * A plain address (no zone id, no prefix) as a 128-bit number, an IPv4 address as its IPv4-mapped
 * form: so a mapped address written either way (::ffff:10.1.2.3, ::ffff:a01:203) is the IPv4 address,
 * an IPv4 range is the mapped range, and ::/0 takes in IPv4 callers too. Undefined when it is none.
 */
function allowlistValue(address: string): bigint | undefined {
  const family = familyOf(address);
  if (family === 'ipv4') return IPV4_MAPPED | ipv4Value(address)!;
  return family === 'ipv6' ? ipv6Value(address) : undefined;
}

/**
 * A matcher for a list of entries. Malformed entries match nothing (they are refused when the list
 * is saved, so this only guards against a corrupted item). An empty list is not "allow all" here:
 * the caller decides that an empty allowlist means no restriction.
 */
export function compileAllowlist(entries: readonly string[]): (sourceIp: string) => boolean {
  const ranges: { base: bigint; prefix: number }[] = [];
  for (const raw of entries) {
    const entry = parseAllowlistEntry(raw);
    const base = entry && allowlistValue(entry.address);
    if (!entry || base === undefined) continue;
    // An IPv4 prefix counts from the mapped range's 96 bits; an exact address is its own /128.
    const prefix = entry.prefix === undefined ? 128 : entry.family === 'ipv4' ? 96 + entry.prefix : entry.prefix;
    ranges.push({ base, prefix });
  }
  return (sourceIp) => {
    const source = allowlistValue(sourceIp.trim());
    return source !== undefined && ranges.some((r) => inRange(source, 128, r));
  };
}

/** Whether `sourceIp` may use a credential with this allowlist (an empty list allows every address). */
export function ipAllowed(allowlist: readonly string[] | undefined, sourceIp: string): boolean {
  if (!allowlist || allowlist.length === 0) return true;
  return compileAllowlist(allowlist)(sourceIp);
}

// ---------------------------------------------------------------------------------------------
// Addresses an outbound webhook delivery may never reach (SSRF)

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
