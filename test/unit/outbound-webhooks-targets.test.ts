// Where outbound webhooks may go: https only (http to loopback under the local run), no address of a
// private, loopback, link-local, unique-local, CGNAT or metadata range, however it is written (IPv4,
// IPv6, IPv4-mapped, NAT64, 6to4: the classes are test/unit/ip-ranges.test.ts's) or hidden behind a
// DNS name; and the Standard Webhooks secrets.
import { describe, expect, it } from 'vitest';
import { DomainError } from '#shared/domain/errors';
import { checkWebhookTarget, parseWebhookUrl, type ResolveHost } from '#shared/domain/outbound-webhooks/target-urls';
import { generateWebhookSecret, isWebhookSecret } from '#shared/domain/outbound-webhooks/secrets';
import { signStandardWebhook } from '#shared/providers/signatures';

const aws = { allowLoopback: false };
const local = { allowLoopback: true };

/** A resolver answering from a fixed table; an unknown name fails like a DNS NXDOMAIN. */
const resolver =
  (table: Record<string, string[]>): ResolveHost =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return addresses;
  };

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}

describe('parseWebhookUrl', () => {
  it('accepts an https URL', () => {
    expect(parseWebhookUrl(' https://hooks.example.com:8443/in?x=1 ', aws).href).toBe('https://hooks.example.com:8443/in?x=1');
  });

  it.each([
    ['http://hooks.example.com/in', aws, 'url must use https'],
    ['http://127.0.0.1:3000/in', aws, 'url must use https'],
    ['http://hooks.example.com/in', local, 'url must use https (http only to a loopback address)'],
    ['ftp://hooks.example.com/in', aws, 'url must use https'],
    ['/relative', aws, 'url must be an absolute URL, e.g. https://example.com/webhooks'],
    ['https://user:pw@hooks.example.com/', aws, 'url must not carry a user name or password'],
    ['https://hooks.example.com/#frag', aws, 'url must not have a fragment'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, aws, 'url must have at most 2048 characters'],
  ])('refuses %s', (url, policy, message) => {
    const error = (() => {
      try {
        parseWebhookUrl(url, policy);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'validation', details: { field: 'url' }, message });
  });

  it('allows http to a loopback host under the local run only', () => {
    expect(parseWebhookUrl('http://127.0.0.1:3000/in', local).port).toBe('3000');
    expect(parseWebhookUrl('http://localhost:3000/in', local).hostname).toBe('localhost');
    expect(parseWebhookUrl('http://[::1]:3000/in', local).hostname).toBe('[::1]');
  });
});

describe('checkWebhookTarget', () => {
  const dns = resolver({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'internal.example.com': ['10.0.0.5'],
    'mixed.example.com': ['93.184.216.34', '192.168.0.10'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
    'v6-private.example.com': ['fd00::1'],
    'empty.example.com': [],
    localhost: ['127.0.0.1', '::1'],
  });

  it('passes a host resolving only to public addresses, and returns them for the connection', async () => {
    const target = await checkWebhookTarget('https://hooks.example.com/in', dns, aws);
    expect(target.url.href).toBe('https://hooks.example.com/in');
    expect(target.addresses).toEqual(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
  });

  it('passes a public address literal without a lookup', async () => {
    const target = await checkWebhookTarget('https://93.184.216.34/in', resolver({}), aws);
    expect(target.addresses).toEqual(['93.184.216.34']);
  });

  it.each([
    'https://internal.example.com/in',
    'https://mixed.example.com/in',
    'https://mapped.example.com/in',
    'https://metadata.example.com/latest/meta-data',
    'https://v6-private.example.com/in',
    'https://localhost/in',
    'https://127.0.0.1/in',
    'https://0x7f000001/in', // the URL parser reads it as 127.0.0.1
    'https://2130706433/in',
    'https://[::ffff:169.254.169.254]/in',
    'https://[fe80::1]/in',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.1.1/in',
    'https://0.0.0.0/in',
  ])('refuses %s', async (url) => {
    const error = await refusal(checkWebhookTarget(url, dns, aws));
    expect(error).toMatchObject({ kind: 'validation', details: { field: 'url' }, message: 'url must point to a public internet address' });
  });

  it('refuses a host that does not resolve', async () => {
    expect((await refusal(checkWebhookTarget('https://nowhere.example.com/in', dns, aws))).message).toBe(
      'url host nowhere.example.com could not be resolved',
    );
    expect((await refusal(checkWebhookTarget('https://empty.example.com/in', dns, aws))).message).toBe(
      'url host empty.example.com does not resolve to any address',
    );
  });

  it('allows loopback under the local run, and still refuses the other private ranges there', async () => {
    await expect(checkWebhookTarget('http://localhost:3105/in', dns, local)).resolves.toMatchObject({ addresses: ['127.0.0.1', '::1'] });
    await expect(checkWebhookTarget('https://127.0.0.1:3105/in', dns, local)).resolves.toMatchObject({ addresses: ['127.0.0.1'] });
    expect((await refusal(checkWebhookTarget('https://internal.example.com/in', dns, local))).kind).toBe('validation');
    expect((await refusal(checkWebhookTarget('https://metadata.example.com/in', dns, local))).kind).toBe('validation');
  });

  it('refuses an http URL under the local run whose loopback name resolves elsewhere', async () => {
    const error = await refusal(checkWebhookTarget('http://localhost/in', resolver({ localhost: ['93.184.216.34'] }), local));
    expect(error.message).toBe('url must point to a public internet address');
  });
});

describe('webhook secrets', () => {
  it('generates whsec_ + base64 of 32 random bytes, different each time, usable by signStandardWebhook', () => {
    // Act
    const secret = generateWebhookSecret();
    const other = generateWebhookSecret();

    // Assess
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(other).not.toBe(secret);
    expect(isWebhookSecret(secret)).toBe(true);
    expect(signStandardWebhook({ secret, id: 'msg_1_1', timestamp: 1700000000, body: '{}' })).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it.each([
    ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', true], // Standard Webhooks' example (24 bytes)
    ['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', false], // no prefix
    ['whsec_c2hvcnQ=', false], // 5 bytes
    ['whsec_not base64 at all!!', false],
    [`whsec_${Buffer.alloc(65, 1).toString('base64')}`, false],
    [`whsec_${Buffer.alloc(64, 1).toString('base64')}`, true],
  ])('%s valid: %s', (secret, expected) => {
    expect(isWebhookSecret(secret)).toBe(expected);
  });
});
