// IP allowlists of provider credentials: exact IPv4/IPv6 addresses and CIDR ranges, on top of
// node:net's BlockList (binary prefix matching, no regex). An IPv4-mapped IPv6 address
// (::ffff:10.1.2.3) is the IPv4 address it carries, on either side of the comparison, because a
// dual-stack listener reports IPv4 callers that way.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

type Family = 'ipv4' | 'ipv6';

export interface AllowlistEntry {
  address: string;
  family: Family;
  /** Prefix length; undefined for an exact address. */
  prefix: number | undefined;
}

const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

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

/** A mapped IPv6 address written in dotted form becomes its IPv4 address; anything else is returned as is. */
function unmapped(address: string): { address: string; family: Family } | undefined {
  const mapped = MAPPED.exec(address);
  if (mapped && isIPv4(mapped[1] as string)) return { address: mapped[1] as string, family: 'ipv4' };
  const family = familyOf(address);
  return family ? { address, family } : undefined;
}

/**
 * A matcher for a list of entries. Malformed entries match nothing (they are refused when the list
 * is saved, so this only guards against a corrupted item). An empty list is not "allow all" here:
 * the caller decides that an empty allowlist means no restriction.
 */
export function compileAllowlist(entries: readonly string[]): (sourceIp: string) => boolean {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = parseAllowlistEntry(raw);
    if (!entry) continue;
    // BlockList already compares mapped and plain IPv4 both ways; a mapped range in dotted form
    // (::ffff:10.0.0.0/104) is added as written and matches plain IPv4 callers too.
    if (entry.prefix === undefined) list.addAddress(entry.address, entry.family);
    else list.addSubnet(entry.address, entry.prefix, entry.family);
  }
  return (sourceIp) => {
    const source = unmapped(sourceIp.trim());
    return source !== undefined && list.check(source.address, source.family);
  };
}

/** Whether `sourceIp` may use a credential with this allowlist (an empty list allows every address). */
export function ipAllowed(allowlist: readonly string[] | undefined, sourceIp: string): boolean {
  if (!allowlist || allowlist.length === 0) return true;
  return compileAllowlist(allowlist)(sourceIp);
}
