// The provider_b adapter (shared/providers/clients.ts, providerBClient) against the loopback simulator
// (infra/local/simulators/provider-b.ts), whose status events are captured by a small server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_RECIPIENTS } from '#infra/local/simulators/common';
import { startProviderBSimulator, type ProviderBSimulator } from '#infra/local/simulators/provider-b';
import type { Application } from '#shared/domain/applications/records';
import type { ProviderBSettings } from '#shared/domain/applications/secrets';
import { providerFor, ProviderError } from '#shared/providers/clients';
import { verifyProviderBSignature } from '#shared/providers/signatures';

const number = { phoneNumberId: '123456789012345', accessToken: 'EAAtoken-b-123', appSecret: 'app-secret-b' };
let simulator: ProviderBSimulator;
let capture: Server;
const captured: { url: string; headers: Record<string, string | string[] | undefined>; raw: Buffer }[] = [];

const app = (settings: Partial<ProviderBSettings> = {}): Application => ({
  id: 2,
  nome: 'Clínica B',
  slug: 'clinica-b',
  provider: 'provider_b',
  ativo: true,
  criadoEm: '2024-01-01T00:00:00.000Z',
  providerB: { ...number, verifyToken: 'v', baseUrl: simulator.url, ...settings },
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ProviderError,
  );

beforeAll(async () => {
  capture = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      captured.push({ url: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  simulator = await startProviderBSimulator({
    phoneNumbers: async (id) =>
      id === number.phoneNumberId ? { accessToken: number.accessToken, appSecret: number.appSecret, slug: 'clinica-b' } : undefined,
    callbackBaseUrl: `http://127.0.0.1:${(capture.address() as AddressInfo).port}`,
    callbackDelayMs: { min: 1, max: 5 },
    hangMs: 2_000,
  });
});

afterAll(async () => {
  await simulator?.stop();
  await new Promise((resolve) => capture?.close(resolve));
});

describe('provider_b adapter', () => {
  it('sends the text as JSON with the Bearer token, the number as digits, and returns the wamid', async () => {
    const result = await providerFor(app()).send({ to: '+5511987654321', body: 'Olá', statusCallbackUrl: 'unused' });

    expect(result.messageSid).toMatch(/^wamid\./);
    expect(simulator.sent().find((s) => s.id === result.messageSid)).toMatchObject({
      phoneNumberId: number.phoneNumberId,
      to: '5511987654321',
      body: 'Olá',
      answeredStatus: 200,
    });
  });

  it("is followed by status events to the owner's webhook, signed over the exact bytes", async () => {
    // Prepare
    captured.length = 0;

    // Act
    const { messageSid } = await providerFor(app()).send({ to: '+5511900000001', body: 'x', statusCallbackUrl: 'unused' });
    await simulator.idle();

    // Assess
    const mine = captured.filter((c) => c.raw.toString().includes(messageSid));
    expect(mine).toHaveLength(3);
    for (const c of mine) {
      expect(c.url).toBe('/api/webhooks/whatsapp/meta/clinica-b');
      expect(verifyProviderBSignature(c.raw, number.appSecret, c.headers['x-hub-signature-256'] as string)).toBe(true);
    }
    const statuses = mine.map(
      (c) =>
        (JSON.parse(c.raw.toString()) as { entry: { changes: { value: { statuses: Record<string, unknown>[] } }[] }[] }).entry[0]!
          .changes[0]!.value.statuses[0]!,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual(['delivered', 'read', 'sent']);
    const delivered = statuses.find((s) => s.status === 'delivered')!;
    expect(delivered).toMatchObject({
      id: messageSid,
      recipient_id: '5511900000001',
      pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
    });
    expect(delivered.timestamp).toMatch(/^\d{10}$/);
  });

  it("sends every third message's read before its delivered", async () => {
    // Prepare
    captured.length = 0;
    const sids: string[] = [];

    // Act: three more messages, whatever the count so far
    for (let i = 0; i < 3; i++)
      sids.push((await providerFor(app()).send({ to: `+551190000001${i}`, body: 'x', statusCallbackUrl: 'unused' })).messageSid);
    await simulator.idle();

    // Assess
    const orders = sids.map((sid) =>
      captured
        .filter((c) => c.raw.toString().includes(sid))
        .map((c) => JSON.parse(c.raw.toString()).entry[0].changes[0].value.statuses[0].status as string),
    );
    expect(orders.filter((o) => o.join() === 'sent,read,delivered')).toHaveLength(1);
    expect(orders.filter((o) => o.join() === 'sent,delivered,read')).toHaveLength(2);
  });

  it('maps an invalid parameter (400) to rejected with its code', async () => {
    const error = await rejection(providerFor(app()).send({ to: FAILURE_RECIPIENTS.rejected, body: 'x', statusCallbackUrl: 'unused' }));

    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'rejected', providerCode: '100', providerMessage: '(#100) Invalid parameter' });
  });

  it('maps a 500 to unavailable', async () => {
    const error = await rejection(providerFor(app()).send({ to: FAILURE_RECIPIENTS.serverError, body: 'x', statusCallbackUrl: 'unused' }));

    expect(error).toMatchObject({ kind: 'unavailable' });
  });

  it('gives up after the timeout when the provider does not answer', async () => {
    const error = await rejection(
      providerFor(app(), { timeoutMs: 300 }).send({ to: FAILURE_RECIPIENTS.noAnswer, body: 'x', statusCallbackUrl: 'unused' }),
    );

    expect(error).toMatchObject({ kind: 'unavailable', providerMessage: 'no answer within 300 ms' });
  });

  it('maps a refused access token (401) to unavailable, without the token in the error', async () => {
    const error = await rejection(
      providerFor(app({ accessToken: 'EAAwrong-secret-token' })).send({ to: '+5511900000002', body: 'x', statusCallbackUrl: 'unused' }),
    );

    expect(error).toMatchObject({ kind: 'unavailable', providerCode: '190' });
    expect(error?.message).not.toContain('EAAwrong-secret-token');
  });
});
