// The provider portal's webhook routes through the local gateway (the real portal-JWT authorizer)
// with the sandbox prestador's token: status codes, the secret shown once, bad input refused with a
// 400 naming the field and nothing written, and another provider's or application's webhook a 404.
// Public targets are IP literals: the tests need no DNS.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useLocalService, type Json } from '../support/local-service.ts';
import type { SandboxApp } from '#infra/local/seed';
import { signPortalToken } from '#shared/auth/tokens';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { commitWrites } from '#shared/db/unit-of-work';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { dynamoWebhookSubscriptionRepository } from '#shared/db/webhooks';
import { webhookSigningSecret } from '#shared/secrets/webhooks';
import { nextId } from '#shared/db/ids';
import { adapter } from '#shared/adapters/index';
import { appointmentEvent, appointmentEventId } from '#shared/domain/appointments/events';
import { newAppointment } from '#shared/domain/appointments/moves';
import { parseAppointmentCreate } from '#shared/domain/appointments/inputs';
import { registerPrestador } from '#shared/domain/applications/registration';

let demo: SandboxApp;
let outra: SandboxApp;
/** A second provider of demo, with its own portal token. */
let vizinho: { id: number; token: string };

const as = (token: string) => ({
  call: (method: string, url: string, body?: unknown) => api.call(method, url, { Authorization: `Bearer ${token}` }, body),
});
const prestador = () => as(demo.tokens.prestador);

const BASE = '/api/prestador/webhooks';
const ALL_EVENTS = ['AGENDAMENTO_CONFIRMADO', 'AGENDAMENTO_CANCELADO', 'AGENDAMENTO_REALIZADO', 'AGENDAMENTO_FALTOU'];
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';

const service = useLocalService();
const api = client(service);

beforeAll(async () => {
  demo = service.sandbox.applications.demo;
  outra = service.sandbox.applications.outra;
  const other = await registerPrestador(dynamoApplicationRepository(), demo.id, { nome: 'Clínica Vizinha' }, new Date());
  vizinho = {
    id: other.id,
    token: await signPortalToken({ role: 'prestador', aplicacaoId: demo.id, subject: 'vizinho', ttlSeconds: 3600, prestadorId: other.id }),
  };
});

const storedCount = async (aplicacaoId = demo.id, prestadorId = demo.prestador.id) =>
  (await dynamoWebhookSubscriptionRepository().listByProvider(aplicacaoId, prestadorId)).length;

const create = async (body: Json, who = prestador()) => {
  const response = await who.call('POST', BASE, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

describe('POST /api/prestador/webhooks', () => {
  it('creates a webhook for all four events with a generated secret shown once (201)', async () => {
    // Act
    const response = await prestador().call('POST', BASE, { url: 'https://93.184.216.34/in' });

    // Assess
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      id: expect.any(Number),
      url: 'https://93.184.216.34/in',
      eventos: ALL_EVENTS,
      ativo: true,
      criadoEm: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      atualizadoEm: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const shown = await prestador().call('GET', `${BASE}/${response.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).not.toHaveProperty('secret');
  });

  it('keeps a given secret, event list and active flag; loopback http is allowed under the local run', async () => {
    const body = await create({ url: 'http://127.0.0.1:9/hook', secret: SECRET, eventos: ['AGENDAMENTO_FALTOU'], ativo: false });

    expect(body).toMatchObject({ url: 'http://127.0.0.1:9/hook', secret: SECRET, eventos: ['AGENDAMENTO_FALTOU'], ativo: false });
  });

  it.each([
    [undefined, 'body', 'body must be a JSON object'],
    [{}, 'url', 'url is required'],
    [{ url: 'ftp://hooks.example.com/in' }, 'url', 'url must use https (http only to a loopback address)'],
    [{ url: 'http://hooks.example.com/in' }, 'url', 'url must use https (http only to a loopback address)'],
    [{ url: 'https://user:pw@hooks.example.com/in' }, 'url', 'url must not carry a user name or password'],
    [{ url: 'https://10.1.2.3/in' }, 'url', 'url must point to a public internet address'],
    [{ url: 'https://169.254.169.254/latest/meta-data' }, 'url', 'url must point to a public internet address'],
    [{ url: 'https://[fd00:ec2::254]/' }, 'url', 'url must point to a public internet address'],
    [{ url: 'https://93.184.216.34/in', eventos: [] }, 'eventos', 'eventos must not be empty'],
    [
      { url: 'https://93.184.216.34/in', eventos: ['AGENDAMENTO_CRIADO'] },
      'eventos.0',
      expect.stringContaining('eventos.0 must be one of'),
    ],
    [{ url: 'https://93.184.216.34/in', secret: 'segredo' }, 'secret', expect.stringContaining('secret must be whsec_')],
    [{ url: 'https://93.184.216.34/in', ativo: 'sim' }, 'ativo', 'ativo must be a boolean'],
  ])('refuses %j with a 400 naming %s, writing nothing', async (body, field, message) => {
    // Prepare
    const before = await storedCount();

    // Act
    const response = await prestador().call('POST', BASE, body);

    // Assess
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'validation_error', field, message });
    expect(await storedCount()).toBe(before);
  });

  it('answers 401 without a token and 403 with a token of another portal role', async () => {
    expect((await api.call('POST', BASE, {}, { url: 'https://93.184.216.34/in' })).status).toBe(401);
    expect((await as(demo.tokens.admin).call('POST', BASE, { url: 'https://93.184.216.34/in' })).status).toBe(403);
  });
});

describe('GET /api/prestador/webhooks', () => {
  it("lists the provider's own webhooks only, never their secrets", async () => {
    // Prepare
    const mine = await create({ url: 'https://93.184.216.34/mine' });
    const theirs = await create({ url: 'https://93.184.216.34/theirs' }, as(vizinho.token));

    // Act
    const response = await prestador().call('GET', BASE);

    // Assess
    expect(response.status).toBe(200);
    const ids = (response.body as unknown as Json[]).map((w) => w.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(service.sandbox.webhooks!.webhookId);
    expect(ids).not.toContain(theirs.id);
    for (const webhook of response.body as unknown as Json[]) expect(webhook).not.toHaveProperty('secret');
  });
});

describe('GET, PUT and DELETE /api/prestador/webhooks/{id}', () => {
  it('changes only the fields a PUT carries; a blank secret keeps the current one and is not shown', async () => {
    // Prepare
    const created = await create({ url: 'https://93.184.216.34/put', secret: SECRET });

    // Act
    const kept = await prestador().call('PUT', `${BASE}/${created.id}`, { secret: '', eventos: ['AGENDAMENTO_CANCELADO'], ativo: false });

    // Assess
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ id: created.id, url: 'https://93.184.216.34/put', eventos: ['AGENDAMENTO_CANCELADO'], ativo: false });
    expect(kept.body).not.toHaveProperty('secret');
    // the item names where the key is in the secret store, never the key itself
    const stored = await dynamoWebhookSubscriptionRepository().get(demo.id, created.id);
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    expect(stored?.secret).toEqual({ versao: expect.any(String), mascara: `****${SECRET.slice(-4)}` });
    expect(await webhookSigningSecret(stored!)).toBe(SECRET);

    const replaced = await prestador().call('PUT', `${BASE}/${created.id}`, { secret: 'whsec_bm92by1zZWdyZWRvLW5vdm8tc2VncmVkby1ub3Zv' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ secret: 'whsec_bm92by1zZWdyZWRvLW5vdm8tc2VncmVkby1ub3Zv', eventos: ['AGENDAMENTO_CANCELADO'] });
    const rotated = await dynamoWebhookSubscriptionRepository().get(demo.id, created.id);
    expect(JSON.stringify(rotated)).not.toContain('whsec_bm92by1zZWdyZWRvLW5vdm8tc2VncmVkby1ub3Zv');
    expect(await webhookSigningSecret(rotated!)).toBe('whsec_bm92by1zZWdyZWRvLW5vdm8tc2VncmVkby1ub3Zv');
  });

  it('refuses a bad PUT with a 400 naming the field, leaving the webhook as it was', async () => {
    // Prepare
    const created = await create({ url: 'https://93.184.216.34/bad-put' });

    // Act
    const responses = [
      await prestador().call('PUT', `${BASE}/${created.id}`, { url: 'https://192.168.0.10/x' }),
      await prestador().call('PUT', `${BASE}/${created.id}`, { eventos: 'AGENDAMENTO_FALTOU' }),
      await prestador().call('PUT', `${BASE}/${created.id}`, { secret: 'whsec_short' }),
    ];

    // Assess
    expect(responses.map((r) => [r.status, r.body.field])).toEqual([
      [400, 'url'],
      [400, 'eventos'],
      [400, 'secret'],
    ]);
    const shown = await prestador().call('GET', `${BASE}/${created.id}`);
    expect(shown.body).toMatchObject({ url: 'https://93.184.216.34/bad-put', eventos: ALL_EVENTS, atualizadoEm: created.atualizadoEm });
  });

  it('deletes (204), after which the webhook is 404', async () => {
    const created = await create({ url: 'https://93.184.216.34/delete' });

    expect((await prestador().call('DELETE', `${BASE}/${created.id}`)).status).toBe(204);
    expect((await prestador().call('GET', `${BASE}/${created.id}`)).status).toBe(404);
    expect((await prestador().call('DELETE', `${BASE}/${created.id}`)).status).toBe(404);
  });

  it("answers 404 for another provider's or another application's webhook, an unknown id or a malformed one", async () => {
    // Prepare
    const theirs = await create({ url: 'https://93.184.216.34/vizinho' }, as(vizinho.token));
    const elsewhere = await create({ url: 'https://93.184.216.34/outra' }, as(outra.tokens.prestador));
    const targets = [theirs.id, elsewhere.id, 999_999_999, 'abc'];

    // Act + Assess
    for (const id of targets) {
      const url = `${BASE}/${id}`;
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { ativo: false }],
        ['DELETE', undefined],
      ] as const) {
        const response = await prestador().call(method, url, body);
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.body).toMatchObject({ error: 'not_found', message: 'webhook not found' });
      }
      expect((await prestador().call('GET', `${url}/entregas`)).status).toBe(404);
      expect((await prestador().call('POST', `${url}/entregas/msg_1_1.${id}/reenviar`)).status).toBe(404);
      for (const [method, path] of [
        ['GET', 'segredo'],
        ['POST', 'teste'],
      ] as const) {
        const response = await prestador().call(method, `${url}/${path}`);
        expect(response.status, `${method} ${url}/${path}`).toBe(404);
        expect(response.body).toMatchObject({ error: 'not_found', message: 'webhook not found' });
      }
    }
    // Untouched
    expect((await as(vizinho.token).call('GET', `${BASE}/${theirs.id}`)).body).toMatchObject({ ativo: true });
    expect((await as(outra.tokens.prestador).call('GET', `${BASE}/${elsewhere.id}`)).body).toMatchObject({ ativo: true });
  });
});

describe('the delivery log and its replay', () => {
  it('pages the log (GET .../entregas), and resends a stored delivery (202), 404 for an unknown one', async () => {
    // Prepare: a provider whose only webhook points at the local receiver (it verifies with the sandbox secret), and one of its events
    const own = await registerPrestador(dynamoApplicationRepository(), demo.id, { nome: 'Clínica do Log' }, new Date());
    const portal = as(
      await signPortalToken({ role: 'prestador', aplicacaoId: demo.id, subject: 'log', ttlSeconds: 3600, prestadorId: own.id }),
    );
    const webhook = await create({ url: service.webhookReceiver.url, secret: service.sandbox.webhooks!.secret }, portal);
    const webhookId = webhook.id as number;
    const agendamentoId = await nextId();
    const now = new Date();
    const appointment = newAppointment(parseAppointmentCreate({ pacienteTelefone: '+5511999998888', procedimento: 'Exame' }), {
      id: agendamentoId,
      aplicacaoId: demo.id,
      prestadorId: own.id,
      clientId: demo.oauth.clientId,
      at: now,
    });
    const eventId = appointmentEventId(agendamentoId, 1);
    const payload = appointmentEvent('AGENDAMENTO_CONFIRMADO', appointment, now);
    await commitWrites([
      dynamoOutboundEventRepository().write({ eventId, aplicacaoId: demo.id, prestadorId: own.id, payload, criadoEm: now.toISOString() }),
    ]);
    await (await adapter('queue')).send('outboundWebhooks', { kind: 'evento', aplicacaoId: demo.id, eventId });
    await service.queues.drained();

    // Act
    const log = await portal.call('GET', `${BASE}/${webhookId}/entregas?size=1`);
    const replay = await portal.call('POST', `${BASE}/${webhookId}/entregas/${eventId}.${webhookId}/reenviar`);
    await service.queues.drained();

    // Assess
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ total: 1, page: 0, size: 1, totalPages: 1 });
    expect(log.body.content).toEqual([
      {
        id: `${eventId}.${webhookId}`,
        eventoId: eventId,
        webhookId,
        evento: 'AGENDAMENTO_CONFIRMADO',
        tentativas: 1,
        ultimoStatusHttp: 200,
        ultimoErro: null,
        proximaTentativa: null,
        estado: 'ENTREGUE',
        criadoEm: expect.any(String),
        atualizadoEm: expect.any(String),
        corpo: payload,
        ultimaResposta: '{"recebido":true}',
        ultimaDuracaoMs: expect.any(Number),
      },
    ]);
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ id: `${eventId}.${webhookId}`, estado: 'PENDENTE', tentativas: 1 });
    const after = await portal.call('GET', `${BASE}/${webhookId}/entregas?size=1`);
    expect(after.body.content[0]).toMatchObject({ eventoId: eventId, tentativas: 2, estado: 'ENTREGUE', ultimoStatusHttp: 200 });
    const received = (await service.webhookReceiver.received()).filter((r) => r.headers['webhook-id'] === eventId);
    expect(received.map((r) => r.verified)).toEqual([true, true]);

    expect((await portal.call('POST', `${BASE}/${webhookId}/entregas/msg_0_0.${webhookId}/reenviar`)).status).toBe(404);
    expect((await portal.call('POST', `${BASE}/${webhookId}/entregas/${eventId}.1/reenviar`)).status).toBe(404);
    // Another provider of the application sees neither the log nor the delivery.
    expect((await prestador().call('GET', `${BASE}/${webhookId}/entregas`)).status).toBe(404);
    expect((await prestador().call('POST', `${BASE}/${webhookId}/entregas/${eventId}.${webhookId}/reenviar`)).status).toBe(404);
    expect((await portal.call('GET', `${BASE}/${webhookId}/entregas?size=500`)).body).toMatchObject({
      error: 'validation_error',
      field: 'size',
    });
  });
});

describe('a webhook`s signing secret, revealed on demand', () => {
  it('answers the current secret (no-store): the one created with, then the one a PUT replaced it with', async () => {
    // Prepare
    const webhook = await create({ url: 'https://93.184.216.34/segredo', secret: SECRET });

    // Act
    const first = await prestador().call('GET', `${BASE}/${webhook.id}/segredo`);
    const replaced = await prestador().call('PUT', `${BASE}/${webhook.id}`, { secret: '' });
    const kept = await prestador().call('GET', `${BASE}/${webhook.id}/segredo`);
    const generated = await create({ url: 'https://93.184.216.34/segredo-gerado' });
    const second = await prestador().call('GET', `${BASE}/${generated.id}/segredo`);

    // Assess
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toEqual({ secret: SECRET });
    expect(replaced.status).toBe(200);
    expect(kept.body).toEqual({ secret: SECRET });
    expect(second.body).toEqual({ secret: generated.secret });
    // The key the consumer signs with.
    const stored = await dynamoWebhookSubscriptionRepository().get(demo.id, generated.id as number);
    expect(await webhookSigningSecret(stored!)).toBe(generated.secret);
  });

  it('answers 403 to a token of another portal role', async () => {
    const webhook = await create({ url: 'https://93.184.216.34/segredo-admin' });
    expect((await as(demo.tokens.admin).call('GET', `${BASE}/${webhook.id}/segredo`)).status).toBe(403);
  });
});

describe('a test event', () => {
  /** A provider of demo of its own, whose webhooks only the test events reach. */
  const ownPortal = async (nome: string) => {
    const own = await registerPrestador(dynamoApplicationRepository(), demo.id, { nome }, new Date());
    return as(await signPortalToken({ role: 'prestador', aplicacaoId: demo.id, subject: nome, ttlSeconds: 3600, prestadorId: own.id }));
  };

  it('is delivered to that webhook alone, signed, with an example appointment, and logged with the answer (202)', async () => {
    // Prepare: two webhooks of the provider at the local receiver (it verifies with the sandbox secret)
    const portal = await ownPortal('Clínica do Teste');
    const secret = service.sandbox.webhooks!.secret;
    const webhook = await create(
      { url: service.webhookReceiver.url, secret, eventos: ['AGENDAMENTO_FALTOU', 'AGENDAMENTO_REALIZADO'] },
      portal,
    );
    const other = await create({ url: service.webhookReceiver.url, secret }, portal);

    // Act
    const sent = await portal.call('POST', `${BASE}/${webhook.id}/teste`);
    const chosen = await portal.call('POST', `${BASE}/${webhook.id}/teste`, { evento: 'AGENDAMENTO_REALIZADO' });
    await service.queues.drained();

    // Assess
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toMatchObject({
      webhookId: webhook.id,
      evento: 'AGENDAMENTO_FALTOU',
      estado: 'PENDENTE',
      tentativas: 0,
      corpo: { type: 'AGENDAMENTO_FALTOU', data: { agendamento: { id: 0, status: 'FALTOU' } } },
    });
    expect(sent.body.eventoId).toMatch(/^msg_teste_[A-Za-z0-9_-]+$/);
    expect(sent.body.id).toBe(`${sent.body.eventoId}.${webhook.id}`);
    expect(chosen.body).toMatchObject({ evento: 'AGENDAMENTO_REALIZADO', corpo: { type: 'AGENDAMENTO_REALIZADO' } });
    const log = await portal.call('GET', `${BASE}/${webhook.id}/entregas`);
    expect(log.body.content).toEqual([
      expect.objectContaining({ eventoId: chosen.body.eventoId, estado: 'ENTREGUE', tentativas: 1, ultimoStatusHttp: 200 }),
      expect.objectContaining({
        eventoId: sent.body.eventoId,
        estado: 'ENTREGUE',
        tentativas: 1,
        ultimoStatusHttp: 200,
        ultimaResposta: '{"recebido":true}',
        ultimaDuracaoMs: expect.any(Number),
        corpo: sent.body.corpo,
      }),
    ]);
    const received = (await service.webhookReceiver.received()).filter((r) => r.headers['webhook-id'] === sent.body.eventoId);
    expect(received.map((r) => [r.verified, r.body])).toEqual([[true, sent.body.corpo]]);
    // The other webhook got nothing, and the test's delivery can be resent as any other.
    expect((await portal.call('GET', `${BASE}/${other.id}/entregas`)).body).toMatchObject({ total: 0 });
    const resent = await portal.call('POST', `${BASE}/${webhook.id}/entregas/${sent.body.id}/reenviar`);
    expect(resent.status).toBe(202);
    await service.queues.drained();
  });

  it('refuses an event the webhook does not subscribe to (400 naming evento) and an inactive webhook (409), writing nothing', async () => {
    // Prepare
    const portal = await ownPortal('Clínica Recusada');
    const webhook = await create({ url: 'https://93.184.216.34/teste', eventos: ['AGENDAMENTO_FALTOU'] }, portal);
    const inactive = await create({ url: 'https://93.184.216.34/teste-inativo', ativo: false }, portal);

    // Act
    const unsubscribed = await portal.call('POST', `${BASE}/${webhook.id}/teste`, { evento: 'AGENDAMENTO_CONFIRMADO' });
    const unknown = await portal.call('POST', `${BASE}/${webhook.id}/teste`, { evento: 'AGENDAMENTO_CRIADO' });
    const refused = await portal.call('POST', `${BASE}/${inactive.id}/teste`);

    // Assess
    expect(unsubscribed.status).toBe(400);
    expect(unsubscribed.body).toMatchObject({ error: 'validation_error', field: 'evento' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'validation_error', field: 'evento' });
    expect(refused.status).toBe(409);
    for (const id of [webhook.id, inactive.id])
      expect((await portal.call('GET', `${BASE}/${id}/entregas`)).body).toMatchObject({ total: 0 });
  });
});
