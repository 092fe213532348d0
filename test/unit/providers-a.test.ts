// The provider_a adapter (shared/providers/clients.ts, providerAClient) against the loopback simulator
// (infra/local/simulators/provider-a.ts): what is sent, the sid returned, and every failure
// mapped to rejected (the caller's input) or unavailable (nothing the caller can fix).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_RECIPIENTS } from '#infra/local/simulators/common';
import { startProviderASimulator, type ProviderASimulator } from '#infra/local/simulators/provider-a';
import type { Application } from '#shared/domain/applications/records';
import type { ProviderASettings } from '#shared/domain/applications/secrets';
import { providerFor, ProviderError } from '#shared/providers/clients';
import { paramsOf, verifyProviderASignature } from '#shared/providers/signatures';

const account = { accountSid: `AC${'a'.repeat(32)}`, authToken: 'token-a-1234567890' };
let simulator: ProviderASimulator;
let capture: Server;
let captureUrl: string;
const captured: { url: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];

const app = (settings: Partial<ProviderASettings> = {}): Application => ({
  id: 1,
  nome: 'Clínica',
  slug: 'clinica',
  provider: 'provider_a',
  ativo: true,
  criadoEm: '2024-01-01T00:00:00.000Z',
  providerA: { ...account, fromNumber: '+5511999990000', baseUrl: simulator.url, ...settings },
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ProviderError,
  );

beforeAll(async () => {
  simulator = await startProviderASimulator({
    accounts: async (sid) => (sid === account.accountSid ? { authToken: account.authToken } : undefined),
    callbackDelayMs: { min: 1, max: 5 },
    hangMs: 2_000,
  });
  capture = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      captured.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await simulator?.stop();
  await new Promise((resolve) => capture?.close(resolve));
});

describe('provider_a adapter', () => {
  it('sends the text form-encoded with Basic auth and returns the provider sid', async () => {
    // Act
    const result = await providerFor(app()).send({
      to: '+5511987654321',
      body: 'Olá, sua consulta é amanhã',
      statusCallbackUrl: `${captureUrl}/api/webhooks/whatsapp/status`,
    });

    // Assess
    expect(result.messageSid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(result.link).toBeUndefined();
    const received = simulator.sent().find((s) => s.sid === result.messageSid);
    expect(received).toMatchObject({
      accountSid: account.accountSid,
      to: 'whatsapp:+5511987654321',
      from: 'whatsapp:+5511999990000',
      body: 'Olá, sua consulta é amanhã',
      statusCallback: `${captureUrl}/api/webhooks/whatsapp/status`,
      answeredStatus: 201,
    });
  });

  it('is followed by signed status callbacks for sent, delivered and read', async () => {
    // Prepare
    captured.length = 0;
    const statusCallbackUrl = `${captureUrl}/api/webhooks/whatsapp/status`;

    // Act
    const { messageSid } = await providerFor(app()).send({ to: '+5511900000001', body: 'x', statusCallbackUrl });
    await simulator.idle();

    // Assess
    const mine = captured.filter((c) => new URLSearchParams(c.body).get('MessageSid') === messageSid);
    expect(mine.map((c) => new URLSearchParams(c.body).get('MessageStatus')).sort()).toEqual(['delivered', 'read', 'sent']);
    for (const c of mine) {
      const params = paramsOf(new URLSearchParams(c.body));
      const signature = c.headers['x-provider-a-signature'] as string;
      expect(verifyProviderASignature({ url: statusCallbackUrl, params, authToken: account.authToken, signature })).toBe(true);
      expect(verifyProviderASignature({ url: statusCallbackUrl, params, authToken: 'another-token', signature })).toBe(false);
    }
    const delivered = new URLSearchParams(mine.find((c) => c.body.includes('MessageStatus=delivered'))!.body);
    expect(delivered.get('Price')).toBe('-0.0050');
    expect(delivered.get('PriceUnit')).toBe('USD');
    expect(delivered.get('To')).toBe('whatsapp:+5511900000001');
  });

  it('maps an invalid number (the provider 400) to rejected with its code and message', async () => {
    const error = await rejection(
      providerFor(app()).send({ to: FAILURE_RECIPIENTS.rejected, body: 'x', statusCallbackUrl: `${captureUrl}/s` }),
    );

    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'rejected',
      providerCode: '21211',
      providerMessage: "The 'To' number is not a valid phone number.",
    });
  });

  it('maps a provider 500 to unavailable', async () => {
    const error = await rejection(
      providerFor(app()).send({ to: FAILURE_RECIPIENTS.serverError, body: 'x', statusCallbackUrl: `${captureUrl}/s` }),
    );

    expect(error).toMatchObject({ kind: 'unavailable', providerCode: '20500' });
  });

  it('gives up after the timeout when the provider does not answer', async () => {
    const started = Date.now();

    const error = await rejection(
      providerFor(app(), { timeoutMs: 300 }).send({ to: FAILURE_RECIPIENTS.noAnswer, body: 'x', statusCallbackUrl: `${captureUrl}/s` }),
    );

    expect(error).toMatchObject({ kind: 'unavailable', providerMessage: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('maps our own wrong credentials (401) to unavailable, without the token in the error', async () => {
    const error = await rejection(
      providerFor(app({ authToken: 'wrong-token-secret' })).send({ to: '+5511900000002', body: 'x', statusCallbackUrl: `${captureUrl}/s` }),
    );

    expect(error).toMatchObject({ kind: 'unavailable', providerCode: '20003' });
    expect(JSON.stringify({ ...error, message: error?.message })).not.toContain('wrong-token-secret');
  });

  it('maps a network error to unavailable', async () => {
    // Prepare: a port nothing listens on
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const error = await rejection(
      providerFor(app({ baseUrl: `http://127.0.0.1:${port}` })).send({
        to: '+5511900000003',
        body: 'x',
        statusCallbackUrl: `${captureUrl}/s`,
      }),
    );

    expect(error).toMatchObject({ kind: 'unavailable', providerCode: null, providerMessage: 'provider unreachable' });
  });

  it('maps a 2xx answer without a sid to unavailable', async () => {
    const fakeFetch = (async () => new Response('{}', { status: 201 })) as typeof fetch;

    const error = await rejection(
      providerFor(app(), { fetch: fakeFetch }).send({ to: '+5511900000004', body: 'x', statusCallbackUrl: 'https://x/s' }),
    );

    expect(error).toMatchObject({ kind: 'unavailable' });
  });
});

describe("service texts through the application's provider (shared/adapters/provider-whatsapp.ts)", () => {
  it('loads the application and sends the text through its provider with the status webhook as callback', async () => {
    // Prepare
    const { providerWhatsApp } = await import('#shared/adapters/provider-whatsapp');
    const port = providerWhatsApp({
      repo: { getApplication: async (id) => (id === 1 ? app() : undefined) },
      statusCallbackUrl: `${captureUrl}/api/webhooks/whatsapp/status`,
    });

    // Act
    await port.sendText({ aplicacaoId: 1, to: '+5511911112222', body: 'Seu código é 123456' });

    // Assess
    expect(simulator.sent().at(-1)).toMatchObject({ to: 'whatsapp:+5511911112222', body: 'Seu código é 123456', answeredStatus: 201 });
    await expect(port.sendText({ aplicacaoId: 99, to: '+5511911112222', body: 'x' })).rejects.toThrow(/not found/);
  });
});
