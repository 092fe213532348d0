// The provider simulators inside the local service: the sandbox applications are pointed at them
// at start, a send with the sandbox credentials reaches them over real HTTP, and their status
// callbacks are made to the service, signed with the sandbox secrets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLocalService } from '../support/local-service.ts';
import { FAILURE_RECIPIENTS } from '#infra/local/simulators/index';
import { dynamoApplicationRepository } from '#shared/db/applications';
import type { Application } from '#shared/domain/applications/records';
import { providerFor } from '#shared/providers/clients';
import { paramsOf, providerASignature, verifyProviderASignature, verifyProviderBSignature } from '#shared/providers/signatures';

let capture: Server;
let captureUrl: string;
const captured: { url: string; headers: Record<string, string | string[] | undefined>; raw: Buffer }[] = [];

const application = async (id: number): Promise<Application> => {
  const app = await dynamoApplicationRepository().getApplication(id);
  if (!app) throw new Error(`application ${id} missing`);
  return app;
};

const service = useLocalService({ simulators: { callbackDelayMs: { min: 1, max: 10 } } });

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
  captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => capture?.close(resolve));
});

describe('provider simulators in the local service', () => {
  it("listen on loopback and every sandbox application's provider settings point at them", async () => {
    expect(service.simulators.providerA.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/provider-a$/);
    expect(service.simulators.providerB.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/provider-b$/);
    for (const { id } of Object.values(service.sandbox.applications)) {
      const app = await application(id);
      expect(app.providerA?.baseUrl).toBe(service.simulators.providerA.url);
      expect(app.providerB?.baseUrl).toBe(service.simulators.providerB.url);
    }
  });

  it('provider_a: the "outra" sandbox app sends, and its callbacks reach the service signed with its auth token', async () => {
    // Prepare
    const sandbox = service.sandbox.applications.outra;
    const app = await application(sandbox.id);
    const statusCallbackUrl = `${service.baseUrl}/api/webhooks/whatsapp/status`;

    // Act
    const { messageSid } = await providerFor(app).send({ to: '+5511987650001', body: 'Lembrete', statusCallbackUrl });
    await service.simulators.providerA.idle();

    // Assess: attempted at the service (whatever the webhook answers today) and correctly signed
    expect(service.simulators.providerA.sent().find((s) => s.sid === messageSid)).toMatchObject({
      to: 'whatsapp:+5511987650001',
      body: 'Lembrete',
    });
    const attempts = service.simulators.providerA.callbacks().filter((c) => c.messageSid === messageSid);
    expect(attempts.map((a) => a.status).sort()).toEqual(['delivered', 'read', 'sent']);
    for (const attempt of attempts) {
      expect(attempt.url).toBe(statusCallbackUrl);
      expect(attempt.answeredStatus).not.toBeNull();
      const params = paramsOf(new URLSearchParams(attempt.body));
      expect(
        verifyProviderASignature({
          url: statusCallbackUrl,
          params,
          authToken: sandbox.providerA.authToken,
          signature: attempt.headers['X-Provider-A-Signature'],
        }),
      ).toBe(true);
    }
  });

  it('provider_a: a callback URL elsewhere (a capture server) gets the same signed form', async () => {
    // Prepare
    captured.length = 0;
    const sandbox = service.sandbox.applications.outra;
    const statusCallbackUrl = `${captureUrl}/status?tenant=outra`;

    // Act
    const { messageSid } = await providerFor(await application(sandbox.id)).send({ to: '+5511987650002', body: 'x', statusCallbackUrl });
    await service.simulators.providerA.idle();

    // Assess
    const mine = captured.filter((c) => new URLSearchParams(c.raw.toString()).get('MessageSid') === messageSid);
    expect(mine).toHaveLength(3);
    for (const c of mine) {
      expect(c.url).toBe('/status?tenant=outra');
      const params = paramsOf(new URLSearchParams(c.raw.toString()));
      expect(c.headers['x-provider-a-signature']).toBe(providerASignature(statusCallbackUrl, params, sandbox.providerA.authToken));
    }
  });

  it('provider_b: the "sem-saldo" sandbox app sends, and its events go to /api/webhooks/whatsapp/meta/sem-saldo signed with its app secret', async () => {
    // Prepare
    const sandbox = service.sandbox.applications.semSaldo;
    const app = await application(sandbox.id);

    // Act: first to the service, then redirected to the capture server to read the bytes
    const first = await providerFor(app).send({ to: '+5511987650003', body: 'Olá', statusCallbackUrl: 'unused' });
    await service.simulators.providerB.idle();
    service.simulators.providerB.setCallbackBaseUrl(captureUrl);
    captured.length = 0;
    const second = await providerFor(app).send({ to: '+5511987650004', body: 'Olá', statusCallbackUrl: 'unused' });
    await service.simulators.providerB.idle();
    service.simulators.providerB.setCallbackBaseUrl(service.baseUrl);

    // Assess
    const atService = service.simulators.providerB.callbacks().filter((c) => c.messageSid === first.messageSid);
    expect(atService).toHaveLength(3);
    for (const attempt of atService) {
      expect(attempt.url).toBe(`${service.baseUrl}/api/webhooks/whatsapp/meta/sem-saldo`);
      expect(attempt.answeredStatus).not.toBeNull();
    }
    const mine = captured.filter((c) => c.raw.toString().includes(second.messageSid));
    expect(mine).toHaveLength(3);
    for (const c of mine) {
      expect(c.url).toBe('/api/webhooks/whatsapp/meta/sem-saldo');
      expect(verifyProviderBSignature(c.raw, sandbox.providerB.appSecret, c.headers['x-hub-signature-256'] as string)).toBe(true);
    }
  });

  it('answers a send with wrong credentials 401, and the failure recipients with their errors', async () => {
    // Prepare
    const app = await application(service.sandbox.applications.outra.id);
    const wrong: Application = { ...app, providerA: { ...app.providerA!, authToken: 'not-the-token' } };

    // Act + Assess
    await expect(providerFor(wrong).send({ to: '+5511987650005', body: 'x', statusCallbackUrl: `${captureUrl}/s` })).rejects.toMatchObject({
      kind: 'unavailable',
      providerCode: '20003',
    });
    await expect(
      providerFor(app).send({ to: FAILURE_RECIPIENTS.rejected, body: 'x', statusCallbackUrl: `${captureUrl}/s` }),
    ).rejects.toMatchObject({ kind: 'rejected', providerCode: '21211' });
    await expect(
      providerFor(app).send({ to: FAILURE_RECIPIENTS.serverError, body: 'x', statusCallbackUrl: `${captureUrl}/s` }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
