import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { secretsExtension } from '#shared/adapters/aws/secrets-extension';

describe('secrets through the Parameters and Secrets extension', () => {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    if (!req.url?.includes('secretId=signing-keys')) return void res.writeHead(400).end('{"error":"unknown"}');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ Name: 'signing-keys', SecretString: '{"keys":[]}' }));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String((server.address() as AddressInfo).port));
    vi.stubEnv('AWS_SESSION_TOKEN', 'session-token');
  });

  afterAll(() => {
    vi.unstubAllEnvs();
    server.close();
  });

  it('asks the extension on localhost with the session token and returns the secret string', async () => {
    const localFetch: typeof fetch = (url, init) => fetch((url as string).replace('localhost', '127.0.0.1'), init);

    const value = await secretsExtension(localFetch).get('signing-keys');

    expect(value).toBe('{"keys":[]}');
    expect(requests.at(-1)?.headers['x-aws-parameters-secrets-token']).toBe('session-token');
  });

  it('asks for the exact version when one is named (a provider secret is read by the version its application item names)', async () => {
    const localFetch: typeof fetch = (url, init) => fetch((url as string).replace('localhost', '127.0.0.1'), init);

    await secretsExtension(localFetch).get('signing-keys', 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111');

    const asked = new URL(requests.at(-1)!.url!, 'http://localhost');
    expect(asked.pathname).toBe('/secretsmanager/get');
    expect(asked.searchParams.get('secretId')).toBe('signing-keys');
    expect(asked.searchParams.get('versionId')).toBe('a1b2c3d4-5678-90ab-cdef-EXAMPLE11111');
  });

  it('fails loudly when the extension refuses', async () => {
    const localFetch: typeof fetch = (url, init) => fetch((url as string).replace('localhost', '127.0.0.1'), init);

    await expect(secretsExtension(localFetch).get('other')).rejects.toThrow(/extension answered 400/);
  });
});
