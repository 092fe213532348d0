// shared/ip-ranges.ts: the allowlists of provider credentials (exact addresses and CIDR ranges,
// IPv4-mapped addresses on either side) and the classes of addresses no outbound webhook may reach,
// however they are written (IPv4, IPv6, IPv4-mapped, NAT64, 6to4).
import { describe, expect, it } from 'vitest';
import { classifyAddress, compileAllowlist, ipAllowed, isValidAllowlistEntry, parseAllowlistEntry } from '#shared/ip-ranges';

const allows = (entries: string[], ip: string) => compileAllowlist(entries)(ip);

describe('IP allowlist: exact addresses', () => {
  it('matches an exact IPv4 address and nothing next to it', () => {
    expect(allows(['203.0.113.7'], '203.0.113.7')).toBe(true);
    expect(allows(['203.0.113.7'], '203.0.113.8')).toBe(false);
    expect(allows(['203.0.113.7'], '203.0.113.6')).toBe(false);
  });

  it('matches an exact IPv6 address whatever its spelling', () => {
    expect(allows(['::1'], '0:0:0:0:0:0:0:1')).toBe(true);
    expect(allows(['2001:db8::1'], '2001:DB8:0:0::1')).toBe(true);
    expect(allows(['2001:DB8::1'], '2001:db8::1')).toBe(true);
    expect(allows(['2001:db8::1'], '2001:db8::2')).toBe(false);
  });

  it('keeps the families apart: ::1 is not 127.0.0.1', () => {
    expect(allows(['::1'], '127.0.0.1')).toBe(false);
    expect(allows(['127.0.0.1'], '::1')).toBe(false);
  });

  it('matches when any one entry matches', () => {
    expect(allows(['10.0.0.0/8', '::1', '127.0.0.1/32'], '127.0.0.1')).toBe(true);
    expect(allows(['10.0.0.0/8', '::1'], '127.0.0.1')).toBe(false);
  });
});

describe('IP allowlist: CIDR ranges', () => {
  it('covers exactly the addresses of an IPv4 range, edges included', () => {
    const inTen = compileAllowlist(['10.0.0.0/8']);
    expect(inTen('10.0.0.0')).toBe(true);
    expect(inTen('10.255.255.255')).toBe(true);
    expect(inTen('9.255.255.255')).toBe(false);
    expect(inTen('11.0.0.0')).toBe(false);

    const slash25 = compileAllowlist(['192.168.1.128/25']);
    expect(slash25('192.168.1.127')).toBe(false);
    expect(slash25('192.168.1.128')).toBe(true);
    expect(slash25('192.168.1.255')).toBe(true);
  });

  it('reads a range written with host bits set as its network', () => {
    expect(allows(['10.1.2.3/8'], '10.200.0.1')).toBe(true);
  });

  it('/32 is one IPv4 address and /0 is every IPv4 address', () => {
    expect(allows(['198.51.100.1/32'], '198.51.100.1')).toBe(true);
    expect(allows(['198.51.100.1/32'], '198.51.100.2')).toBe(false);
    expect(allows(['0.0.0.0/0'], '0.0.0.0')).toBe(true);
    expect(allows(['0.0.0.0/0'], '255.255.255.255')).toBe(true);
    expect(allows(['0.0.0.0/0'], '2001:db8::1')).toBe(false);
  });

  it('covers exactly the addresses of an IPv6 range, with /128 one address and ::/0 every IPv6 address', () => {
    const net64 = compileAllowlist(['2001:db8:0:1::/64']);
    expect(net64('2001:db8:0:1::')).toBe(true);
    expect(net64('2001:db8:0:1:ffff:ffff:ffff:ffff')).toBe(true);
    expect(net64('2001:db8:0:0:ffff:ffff:ffff:ffff')).toBe(false);
    expect(net64('2001:db8:0:2::')).toBe(false);

    expect(allows(['2001:db8::5/128'], '2001:db8::5')).toBe(true);
    expect(allows(['2001:db8::5/128'], '2001:db8::6')).toBe(false);
    expect(allows(['::/0'], 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(allows(['::/0'], '::')).toBe(true);
  });
});

describe('IP allowlist: IPv4-mapped IPv6 addresses', () => {
  it('a mapped caller (::ffff:10.1.2.3) matches the IPv4 range it belongs to', () => {
    expect(allows(['10.0.0.0/8'], '::ffff:10.1.2.3')).toBe(true);
    expect(allows(['10.0.0.0/8'], '::FFFF:10.1.2.3')).toBe(true);
    expect(allows(['10.0.0.0/8'], '::ffff:a01:203')).toBe(true); // the same address in hex
    expect(allows(['10.0.0.0/8'], '::ffff:11.1.2.3')).toBe(false);
    expect(allows(['127.0.0.1'], '::ffff:127.0.0.1')).toBe(true);
  });

  it('a mapped entry matches the plain IPv4 caller', () => {
    expect(allows(['::ffff:10.0.0.0/104'], '10.1.2.3')).toBe(true);
    expect(allows(['::ffff:10.0.0.0/104'], '11.1.2.3')).toBe(false);
    expect(allows(['::ffff:192.0.2.1'], '192.0.2.1')).toBe(true);
  });

  it('::/0 takes in IPv4 callers too, since IPv4 is the mapped part of the IPv6 space', () => {
    expect(allows(['::/0'], '10.1.2.3')).toBe(true);
    expect(allows(['2001:db8::/32'], '10.1.2.3')).toBe(false);
  });
});

describe('IP allowlist: entries', () => {
  it.each([
    ['203.0.113.7', { address: '203.0.113.7', family: 'ipv4', prefix: undefined }],
    ['10.0.0.0/8', { address: '10.0.0.0', family: 'ipv4', prefix: 8 }],
    ['0.0.0.0/0', { address: '0.0.0.0', family: 'ipv4', prefix: 0 }],
    ['::1', { address: '::1', family: 'ipv6', prefix: undefined }],
    ['2001:db8::/32', { address: '2001:db8::', family: 'ipv6', prefix: 32 }],
    ['::/128', { address: '::', family: 'ipv6', prefix: 128 }],
    [' 192.0.2.1/24 ', { address: '192.0.2.1', family: 'ipv4', prefix: 24 }],
  ])('accepts %j', (entry, parsed) => {
    expect(parseAllowlistEntry(entry)).toEqual(parsed);
  });

  it.each([
    '',
    ' ',
    'localhost',
    '1.2.3',
    '1.2.3.4.5',
    '256.0.0.1',
    '01.2.3.4',
    '0x7f.0.0.1',
    '10.0.0.0/',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/+8',
    '10.0.0.0/08',
    '10.0.0.0/8/8',
    '10.0.0.0/8.5',
    '/8',
    '::/129',
    '1:2:3:4:5:6:7:8:9',
    '2001:db8:::1',
    'fe80::1%eth0',
    '10.0.0.1 10.0.0.2',
    '10.0.0.0 /8',
  ])('rejects %j', (entry) => {
    expect(isValidAllowlistEntry(entry)).toBe(false);
  });

  it('lets a malformed stored entry match nothing, without failing the others', () => {
    const check = compileAllowlist(['not an address', '10.0.0.0/99', '192.0.2.1']);

    expect(check('192.0.2.1')).toBe(true);
    expect(check('10.0.0.1')).toBe(false);
  });

  it('refuses a caller whose address is missing or malformed', () => {
    expect(allows(['0.0.0.0/0', '::/0'], '')).toBe(false);
    expect(allows(['0.0.0.0/0', '::/0'], 'unknown')).toBe(false);
  });
});

describe('ipAllowed', () => {
  it('allows every address when the list is empty or absent', () => {
    expect(ipAllowed([], '198.51.100.9')).toBe(true);
    expect(ipAllowed(undefined, '2001:db8::9')).toBe(true);
  });

  it('allows only listed addresses when the list has entries', () => {
    expect(ipAllowed(['198.51.100.0/24'], '198.51.100.9')).toBe(true);
    expect(ipAllowed(['198.51.100.0/24'], '198.51.101.9')).toBe(false);
  });
});

describe('classifyAddress', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.1', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['::10.0.0.1', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['[::1]', 'loopback'],
    ['not-an-ip', 'invalid'],
    ['1.2.3', 'invalid'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });
});
