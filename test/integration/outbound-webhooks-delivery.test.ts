// Outbound webhook deliveries end to end on the local service: an appointment event committed to
// the outbox (as a move commits it) and queued, the consumer's fan-out and signed POSTs to real
// loopback receivers, the retries on a short schedule (the production one is configuration), the
// final failure, the delivery log and the replay through the gateway, and the sweep's re-queue of
// an event left pending. Deliveries are verified with the `standardwebhooks` package, an
// independent implementation of the scheme.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requeuePendingEvents } from '#functions/scheduled/appointment-sweep';
import { client, useLocalService, type Json } from '../support/local-service.ts';
import type { SandboxApp } from '#infra/local/seed';
import { adapter } from '#shared/adapters/index';
import { signPortalToken } from '#shared/auth/tokens';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { nextId } from '#shared/db/ids';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { commitWrites } from '#shared/db/unit-of-work';
import { appointmentEvent, appointmentEventId, type AppointmentEventType } from '#shared/domain/appointments/events';
import { newAppointment } from '#shared/domain/appointments/moves';
import { parseAppointmentCreate } from '#shared/domain/appointments/inputs';
import { registerPrestador } from '#shared/domain/applications/registration';
import { scheduledFunctions } from '#infra/functions';
import { asFunction } from '#infra/local/iam-guard';

const SCHEDULE = '0,100ms,100ms'; // three attempts, each retry a one-second hop
const TIMEOUT_MS = 300;

let demo: SandboxApp;
const servers: Server[] = [];

const service = useLocalService({ env: { WEBHOOK_RETRY_SCHEDULE: SCHEDULE, WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
const api = client(service);

beforeAll(async () => {
  demo = service.sandbox.applications.demo;
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
});

// ---------------------------------------------------------------------------------------------
// Helpers

interface Request {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on loopback that answers each request with the next of `answers` (the last repeats); `null` never answers. */
async function receiver(answers: (number | null)[]) {
  const requests: Request[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      requests.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers[Math.min(requests.length - 1, answers.length - 1)];
      if (status !== null && status !== undefined) response.writeHead(status).end(status >= 300 ? `falhou ${requests.length}` : '');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, requests, answers };
}

/** A provider of demo of its own (its events reach only its webhooks), with a portal token. */
async function newProvider() {
  const prestador = await registerPrestador(dynamoApplicationRepository(), demo.id, { nome: `Clínica ${await nextId()}` }, new Date());
  const token = await signPortalToken({
    role: 'prestador',
    aplicacaoId: demo.id,
    subject: `p${prestador.id}`,
    ttlSeconds: 3600,
    prestadorId: prestador.id,
  });
  const call = (method: string, url: string, body?: unknown) => api.call(method, url, { Authorization: `Bearer ${token}` }, body);
  return { id: prestador.id, call };
}

type Provider = Awaited<ReturnType<typeof newProvider>>;

async function addWebhook(provider: Provider, url: string): Promise<{ id: number; secret: string }> {
  const created = await provider.call('POST', '/api/prestador/webhooks', { url });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id, secret: created.body.secret };
}

/** An appointment move's event committed to the outbox, as the move's transaction writes it; queued unless told not to. */
async function emit(
  prestadorId: number,
  type: AppointmentEventType = 'AGENDAMENTO_REALIZADO',
  options: { queue?: boolean; at?: Date } = {},
) {
  const agendamentoId = await nextId();
  const at = options.at ?? new Date();
  const appointment = newAppointment(parseAppointmentCreate({ pacienteTelefone: '+5511999998888', procedimento: 'Ressonância' }), {
    id: agendamentoId,
    aplicacaoId: demo.id,
    prestadorId,
    clientId: demo.oauth.clientId,
    at,
  });
  const eventId = appointmentEventId(agendamentoId, 1);
  const payload = appointmentEvent(type, appointment, at);
  const outcome = await commitWrites([
    dynamoOutboundEventRepository().write({ eventId, aplicacaoId: demo.id, prestadorId, payload, criadoEm: at.toISOString() }),
  ]);
  expect(outcome.committed).toBe(true);
  if (options.queue !== false) await (await adapter('queue')).send('outboundWebhooks', { kind: 'evento', aplicacaoId: demo.id, eventId });
  return { eventId, agendamentoId, payload };
}

const deliveryLog = async (provider: Provider, webhookId: number): Promise<Json[]> => {
  const log = await provider.call('GET', `/api/prestador/webhooks/${webhookId}/entregas`);
  expect(log.status).toBe(200);
  return log.body.content as Json[];
};

const settle = () => service.queues.drained(20_000);

// ---------------------------------------------------------------------------------------------

describe('a delivery', () => {
  it('is a signed JSON POST that the standardwebhooks package verifies', async () => {
    // Prepare
    const provider = await newProvider();
    const target = await receiver([204]);
    const webhook = await addWebhook(provider, target.url);

    // Act
    const { eventId, agendamentoId } = await emit(provider.id, 'AGENDAMENTO_CANCELADO');
    await settle();

    // Assess
    expect(target.requests).toHaveLength(1);
    const [request] = target.requests;
    expect(request!.headers).toMatchObject({ 'content-type': 'application/json', 'webhook-id': eventId });
    expect(request!.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const verified = new Webhook(webhook.secret).verify(request!.body, request!.headers) as Json;
    expect(verified).toEqual({
      type: 'AGENDAMENTO_CANCELADO',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      data: {
        agendamento: expect.objectContaining({ id: agendamentoId, pacienteTelefone: '+5511999998888', procedimento: 'Ressonância' }),
      },
    });
    expect(verified.data.agendamento).not.toHaveProperty('aplicacaoId');
    expect(() => new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(request!.body, request!.headers)).toThrow();
    expect(await deliveryLog(provider, webhook.id)).toEqual([
      expect.objectContaining({
        eventoId: eventId,
        evento: 'AGENDAMENTO_CANCELADO',
        tentativas: 1,
        ultimoStatusHttp: 204,
        estado: 'ENTREGUE',
      }),
    ]);
  });

  it("reaches the sandbox's local receiver, which verifies it and files it under the data folder", async () => {
    // Act
    const { eventId } = await emit(demo.prestador.id, 'AGENDAMENTO_REALIZADO');
    await settle();

    // Assess
    expect(service.sandbox.webhooks).toMatchObject({
      receiverDir: path.join(service.dataDir, 'webhooks'),
      aplicacaoId: demo.id,
      prestadorId: demo.prestador.id,
    });
    const filed = (await service.webhookReceiver.received()).filter((r) => r.headers['webhook-id'] === eventId);
    expect(filed).toEqual([expect.objectContaining({ verified: true, body: expect.objectContaining({ type: 'AGENDAMENTO_REALIZADO' }) })]);
  });

  it('goes only to the active webhooks that want the event', async () => {
    // Prepare
    const provider = await newProvider();
    const wants = await receiver([200]);
    const other = await receiver([200]);
    const off = await receiver([200]);
    await addWebhook(provider, wants.url);
    const otherHook = await addWebhook(provider, other.url);
    const offHook = await addWebhook(provider, off.url);
    expect((await provider.call('PUT', `/api/prestador/webhooks/${otherHook.id}`, { eventos: ['AGENDAMENTO_CONFIRMADO'] })).status).toBe(
      200,
    );
    expect((await provider.call('PUT', `/api/prestador/webhooks/${offHook.id}`, { ativo: false })).status).toBe(200);

    // Act
    await emit(provider.id, 'AGENDAMENTO_FALTOU');
    await settle();

    // Assess
    expect([wants.requests.length, other.requests.length, off.requests.length]).toEqual([1, 0, 0]);
  });
});

describe('retries', () => {
  it('a receiver answering 500 twice, then 200, gets the event once more after the retries and nothing after', async () => {
    // Prepare
    const provider = await newProvider();
    const target = await receiver([500, 500, 200]);
    const webhook = await addWebhook(provider, target.url);

    // Act
    const { eventId } = await emit(provider.id);
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 1500)); // room for a stray retry, which must not come

    // Assess
    expect(target.requests).toHaveLength(3);
    expect(target.requests.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId, eventId]);
    for (const request of target.requests) expect(() => new Webhook(webhook.secret).verify(request.body, request.headers)).not.toThrow();
    expect(await deliveryLog(provider, webhook.id)).toEqual([
      expect.objectContaining({
        eventoId: eventId,
        tentativas: 3,
        ultimoStatusHttp: 200,
        ultimoErro: null,
        proximaTentativa: null,
        estado: 'ENTREGUE',
      }),
    ]);
  });

  it('a receiver that never answers ends failed after every attempt of the schedule, kept in the log; a replay then delivers it', async () => {
    // Prepare
    const provider = await newProvider();
    const target = await receiver([null]);
    const webhook = await addWebhook(provider, target.url);

    // Act
    const { eventId } = await emit(provider.id, 'AGENDAMENTO_CONFIRMADO');
    await settle();

    // Assess
    expect(target.requests).toHaveLength(3);
    const [failed] = await deliveryLog(provider, webhook.id);
    expect(failed).toMatchObject({
      id: `${eventId}.${webhook.id}`,
      eventoId: eventId,
      evento: 'AGENDAMENTO_CONFIRMADO',
      tentativas: 3,
      ultimoStatusHttp: null,
      ultimoErro: `no answer within ${TIMEOUT_MS} ms`,
      proximaTentativa: null,
      estado: 'FALHOU',
    });

    // Act: the receiver is back; the provider resends the failed delivery
    target.answers.push(200);
    const replay = await provider.call('POST', `/api/prestador/webhooks/${webhook.id}/entregas/${failed!.id}/reenviar`);
    await settle();

    // Assess
    expect(replay.status).toBe(202);
    expect(target.requests).toHaveLength(4);
    expect(await deliveryLog(provider, webhook.id)).toEqual([
      expect.objectContaining({ tentativas: 4, ultimoStatusHttp: 200, estado: 'ENTREGUE' }),
    ]);
  });

  it('a refused status is logged with the start of its body', async () => {
    const provider = await newProvider();
    const target = await receiver([503]);
    const webhook = await addWebhook(provider, target.url);

    await emit(provider.id);
    await settle();

    expect(await deliveryLog(provider, webhook.id)).toEqual([
      expect.objectContaining({ tentativas: 3, ultimoStatusHttp: 503, ultimoErro: 'HTTP 503: falhou 3', estado: 'FALHOU' }),
    ]);
  });

  it('a replay of an inactive webhook is refused (409)', async () => {
    const provider = await newProvider();
    const target = await receiver([200]);
    const webhook = await addWebhook(provider, target.url);
    const { eventId } = await emit(provider.id);
    await settle();
    await provider.call('PUT', `/api/prestador/webhooks/${webhook.id}`, { ativo: false });

    const replay = await provider.call('POST', `/api/prestador/webhooks/${webhook.id}/entregas/${eventId}.${webhook.id}/reenviar`);

    expect(replay.status).toBe(409);
    expect(target.requests).toHaveLength(1);
  });
});

describe('the outbox', () => {
  it('an event left pending (its queue message lost) is queued again by the sweep, and delivered once', async () => {
    // Prepare: committed three minutes ago, never queued
    const provider = await newProvider();
    const target = await receiver([200]);
    await addWebhook(provider, target.url);
    const { eventId } = await emit(provider.id, 'AGENDAMENTO_REALIZADO', { queue: false, at: new Date(Date.now() - 3 * 60_000) });

    // Act
    const requeued = await asFunction(scheduledFunctions.appointmentSweep.id, () => requeuePendingEvents());
    await settle();
    const again = await asFunction(scheduledFunctions.appointmentSweep.id, () => requeuePendingEvents());

    // Assess
    expect(requeued).toBeGreaterThanOrEqual(1);
    expect(again).toBe(0);
    expect(target.requests.map((r) => r.headers['webhook-id'])).toEqual([eventId]);
  });

  it('a repeated fan-out of the same event adds no delivery', async () => {
    const provider = await newProvider();
    const target = await receiver([200]);
    const webhook = await addWebhook(provider, target.url);
    const { eventId } = await emit(provider.id);
    await settle();

    await (await adapter('queue')).send('outboundWebhooks', { kind: 'evento', aplicacaoId: demo.id, eventId });
    await settle();

    expect(target.requests).toHaveLength(1);
    expect(await deliveryLog(provider, webhook.id)).toHaveLength(1);
  });
});
