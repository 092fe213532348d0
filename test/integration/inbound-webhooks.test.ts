// Patients' messages and generic events through the webhook edge, the inbound queue and its consumer,
// all through the local gateway: provider_a's signed form (the application found by the number written
// to), provider_b's signed event, and the generic inbound webhook with every status code of the spec's
// inbound rules. Repeated deliveries are stored once; what fails its signature is not processed.
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SandboxApp } from '#infra/local/seed';
import { signPortalToken } from '#shared/auth/tokens';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { INBOUND_WEBHOOK_MAX_BODY_BYTES } from '#shared/http/routes';
import { providerASignature, providerBSignature } from '#shared/providers/signatures';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);

let phones = 0;
const newPhone = () => `+55219${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(5, '0')}`;
const sid = () => `SM${randomBytes(16).toString('hex')}`;

const admin = (app: SandboxApp) => bearer(app.tokens.admin);

async function received(app: SandboxApp | { adminToken: string }, telefone: string): Promise<Json[]> {
  await service.queues.drained(15_000);
  const token = 'adminToken' in app ? bearer(app.adminToken) : admin(app);
  const reply = await api.call('GET', `/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(telefone)}&size=100`, token);
  expect(reply.status).toBe(200);
  return reply.body.content as Json[];
}

/** provider_a posts an incoming message: signed over the URL it calls with the application's auth token, unless told otherwise. */
async function providerAPost(params: Record<string, string>, authToken: string | null) {
  const url = `${service.baseUrl}/api/webhooks/whatsapp/webhook`;
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (authToken) headers['X-Provider-A-Signature'] = providerASignature(url, params, authToken);
  const response = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
  return { status: response.status, body: (await response.json()) as Json };
}

const providerAForm = (app: SandboxApp, from: string, extra: Record<string, string> = {}) => ({
  MessageSid: sid(),
  SmsMessageSid: sid(),
  AccountSid: 'AC0000',
  From: `whatsapp:${from}`,
  To: `whatsapp:${app.numerosWhatsapp[0]}`,
  Body: 'Olá, preciso de ajuda',
  ProfileName: 'João Paciente',
  WaId: from.slice(1),
  NumMedia: '0',
  ApiVersion: '2010-04-01',
  ...extra,
});

describe('provider_a inbound messages', () => {
  it('reach the application that owns the To number, its patient and attendance, once under repeated deliveries', async () => {
    // Prepare
    const outra = service.sandbox.applications.outra;
    const from = newPhone();
    const form = providerAForm(outra, from, {
      NumMedia: '1',
      MediaUrl0: 'https://api.provider-a.example/Media/ME1',
      MediaContentType0: 'image/jpeg',
      Body: 'segue o pedido',
    });

    // Act: delivered three times
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await providerAPost(form, outra.providerA.authToken));

    // Assess
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const messages = await received(outra, from);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      provider: 'provider_a',
      providerMessageId: form.MessageSid,
      telefone: from,
      para: outra.numerosWhatsapp[0],
      tipoMensagem: 'midia',
      texto: 'segue o pedido',
      midias: [{ ref: 'https://api.provider-a.example/Media/ME1', contentType: 'image/jpeg' }],
    });
    const attendance = await api.call('GET', `/api/admin/atendimentos/${messages[0]!.atendimentoId}`, admin(outra));
    expect(attendance.body).toMatchObject({
      status: 'BOT',
      paciente: { nome: 'João Paciente', telefone: from },
      setor: { codigo: 'GERAL' },
    });
    // Not another application's
    expect(await received(service.sandbox.applications.demo, from)).toHaveLength(0);
  });

  it('answers 200 but processes nothing on a wrong or missing signature, an unknown number or a form without sender', async () => {
    // Prepare
    const outra = service.sandbox.applications.outra;
    const from = newPhone();

    // Act
    const wrong = await providerAPost(providerAForm(outra, from), 'not-the-auth-token');
    const missing = await providerAPost(providerAForm(outra, from), null);
    const unknown = await providerAPost(providerAForm(outra, from, { To: 'whatsapp:+5599999990000' }), outra.providerA.authToken);
    const invalid = await providerAPost({ MessageSid: sid(), Body: 'x' }, outra.providerA.authToken);

    // Assess
    expect([wrong.status, missing.status, unknown.status, invalid.status]).toEqual([200, 200, 200, 200]);
    expect(await received(outra, from)).toHaveLength(0);
  });

  it('turns a quick-reply button into a botao message', async () => {
    const outra = service.sandbox.applications.outra;
    const from = newPhone();
    await providerAPost(
      providerAForm(outra, from, { Body: 'Confirmar', ButtonText: 'Confirmar', ButtonPayload: 'CONFIRMAR' }),
      outra.providerA.authToken,
    );
    expect((await received(outra, from))[0]).toMatchObject({ tipoMensagem: 'botao', botao: { id: 'CONFIRMAR', titulo: 'Confirmar' } });
  });
});

describe('provider_a inbound messages to an application that does not receive through provider_a', () => {
  const platform = () => admin(service.sandbox.applications.demo);
  let slugs = 0;

  /** An application on `provider` with no provider_a settings (so no auth token: validation would be off), a number of its own, and its admin's token. */
  async function tenantWithoutProviderA(provider: 'provider_b' | 'link') {
    const created = await api.call('POST', '/api/admin/aplicacoes', platform(), {
      nome: `Clínica ${provider}`,
      slug: `entrada-${provider.replace('_', '-')}-${process.pid % 1000}-${++slugs}`,
      provider,
      ...(provider === 'provider_b'
        ? { providerB: { phoneNumberId: '1065403522', accessToken: 'EAA-test', appSecret: 'app-secret', verifyToken: 'verify' } }
        : {}),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const numero = newPhone();
    const numbers = await api.call('PUT', `/api/admin/aplicacoes/${id}/numeros`, platform(), { numeros: [numero] });
    expect(numbers.status).toBe(200);
    const adminToken = await signPortalToken({ role: 'admin', aplicacaoId: id, subject: '1', ttlSeconds: 600 });
    return { id, numero, adminToken };
  }

  it("are not processed, signed or not: nobody posts a provider_b or link tenant's patient replies", async () => {
    // Prepare: tenants without a provider_a auth token, and the sandbox's link and provider_b tenants, which have one
    const tenants = [await tenantWithoutProviderA('provider_b'), await tenantWithoutProviderA('link')];
    const { demo, semSaldo } = service.sandbox.applications;
    expect([demo.provider, semSaldo.provider]).toEqual(['link', 'provider_b']);
    const patient = newPhone();
    const reply = (to: string) => ({ ...providerAForm(demo, patient, { Body: '2' }), To: `whatsapp:${to}` });

    // Act: a forged reply ("2" cancels an appointment) without a signature to each tenant without a token,
    // and a correctly signed one to the sandbox tenants that have a provider_a token but do not use provider_a
    const answers = [
      ...(await Promise.all(tenants.map((t) => providerAPost(reply(t.numero), null)))),
      await providerAPost(reply(demo.numerosWhatsapp[0]!), demo.providerA.authToken),
      await providerAPost(reply(semSaldo.numerosWhatsapp[0]!), semSaldo.providerA.authToken),
    ];

    // Assess: answered 200 (the provider never retries) and nothing reached any of them
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const tenant of tenants) expect(await received(tenant, patient)).toEqual([]);
    expect(await received(demo, patient)).toEqual([]);
    expect(await received(semSaldo, patient)).toEqual([]);
  });

  it("cannot take over a provider_a tenant's number: claiming it is refused with 409", async () => {
    const tenant = await tenantWithoutProviderA('provider_b');
    const outra = service.sandbox.applications.outra;

    const claimed = await api.call('PUT', `/api/admin/aplicacoes/${tenant.id}/numeros`, platform(), {
      numeros: [tenant.numero, outra.numerosWhatsapp[0]],
    });

    expect(claimed.status).toBe(409);
    const after = await api.call('GET', `/api/admin/aplicacoes/${tenant.id}`, platform());
    expect(after.body.numerosWhatsapp).toEqual([tenant.numero]);
  });
});

describe('provider_b inbound messages', () => {
  const event = (app: SandboxApp, from: string, messages: Json[]) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: app.numerosWhatsapp[0]!.slice(1), phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Ana Paciente' }, wa_id: from.slice(1) }],
              messages,
            },
          },
        ],
      },
    ],
  });

  async function post(app: SandboxApp, body: string, secret = app.providerB.appSecret) {
    const response = await fetch(`${service.baseUrl}/api/webhooks/whatsapp/meta/${app.slug}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': providerBSignature(body, secret) },
      body,
    });
    return response.status;
  }

  it('queues each message of a signed event, normalised, and stores a repeated event once', async () => {
    // Prepare
    const app = service.sandbox.applications.semSaldo;
    const from = newPhone();
    const ts = String(Math.floor(Date.now() / 1000));
    const wamid = () => `wamid.${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify(
      event(app, from, [
        { from: from.slice(1), id: wamid(), timestamp: ts, type: 'text', text: { body: 'Bom dia!' } },
        {
          from: from.slice(1),
          id: wamid(),
          timestamp: ts,
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'CONFIRMAR', title: 'Confirmo' } },
        },
        {
          from: from.slice(1),
          id: wamid(),
          timestamp: ts,
          type: 'image',
          image: { id: '1479537139650973', mime_type: 'image/jpeg', caption: 'exame' },
        },
      ]),
    );

    // Act: the same event twice
    const statuses = [await post(app, body), await post(app, body)];

    // Assess
    expect(statuses).toEqual([200, 200]);
    const messages = await received(app, from);
    expect(messages).toHaveLength(3);
    expect(messages.map((m) => [m.tipoMensagem, m.texto]).sort()).toEqual([
      ['botao', 'Confirmo'],
      ['midia', 'exame'],
      ['texto', 'Bom dia!'],
    ]);
    expect(messages.find((m) => m.tipoMensagem === 'midia')).toMatchObject({
      midias: [{ ref: '1479537139650973', contentType: 'image/jpeg' }],
    });
    expect(messages.every((m) => m.profileName === 'Ana Paciente' && m.para === app.numerosWhatsapp[0])).toBe(true);
    expect(new Set(messages.map((m) => m.atendimentoId)).size).toBe(1);
  });

  it('refuses an event with a wrong signature (401) and processes none of its messages', async () => {
    const app = service.sandbox.applications.semSaldo;
    const from = newPhone();
    const body = JSON.stringify(
      event(app, from, [{ from: from.slice(1), id: 'wamid.x1', timestamp: '1', type: 'text', text: { body: 'oi' } }]),
    );
    expect(await post(app, body, 'wrong-secret')).toBe(401);
    expect(await received(app, from)).toHaveLength(0);
  });
});

describe('generic inbound webhook', () => {
  const sign = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const post = (slug: string, fluxo: string, body: string, signature?: string) =>
    api.call(
      'POST',
      `/api/v1/webhooks/inbound/${slug}/${fluxo}`,
      {
        'Content-Type': 'application/json',
        ...(signature ? { 'X-Service-Signature': signature } : {}),
      },
      body,
    );
  const events = async (app: SandboxApp) => {
    await service.queues.drained(15_000);
    return (await api.call('GET', '/api/admin/webhooks-entrada/eventos?size=100', admin(app))).body.content as Json[];
  };

  it('accepts a body signed with the active secret: 200 {aceito, aplicacao, fluxo}, kept for audit and handled', async () => {
    const demo = service.sandbox.applications.demo;
    const body = '{"pedido":123,"valor":12345678901234567890.5,"paciente":{"nome":"Maria"}}';
    const reply = await post(demo.slug, 'laboratorio.resultado', body, sign(body, demo.inboundSecret));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ aceito: true, aplicacao: 'demo', fluxo: 'laboratorio.resultado' });
    const kept = (await events(demo)).find((e) => e.fluxo === 'laboratorio.resultado');
    expect(kept).toMatchObject({ payload: { pedido: 123, paciente: { nome: 'Maria' } }, processadoEm: expect.any(String) });
  });

  it('answers 401 for a missing or wrong signature, 400 for invalid JSON or flow name, 404 for an unknown slug, 413 over 256 KB; nothing kept', async () => {
    const demo = service.sandbox.applications.demo;
    const body = JSON.stringify({ ok: true });
    const before = (await events(demo)).length;

    expect((await post(demo.slug, 'sem-assinatura', body)).status).toBe(401);
    expect((await post(demo.slug, 'errada', body, sign(body, 'other-secret'))).body).toMatchObject({ error: 'invalid_signature' });
    expect((await post(demo.slug, 'json', '{"x":', sign('{"x":', demo.inboundSecret))).body).toMatchObject({ error: 'invalid_json' });
    expect((await post(demo.slug, 'fluxo%20ruim', body, sign(body, demo.inboundSecret))).body).toMatchObject({ field: 'fluxo' });
    expect((await post('nao-existe', 'x', body)).status).toBe(404);
    const big = JSON.stringify({ dados: 'x'.repeat(256 * 1024) });
    const tooLarge = await post(demo.slug, 'grande', big, sign(big, demo.inboundSecret));
    expect(tooLarge.status).toBe(413);
    // The service's one 413 body, as the kit answers it on every route with a limit.
    expect(tooLarge.body).toEqual({
      error: 'payload_too_large',
      message: `The request body has ${Buffer.byteLength(big)} bytes; this route takes at most ${INBOUND_WEBHOOK_MAX_BODY_BYTES} bytes`,
      maxBytes: INBOUND_WEBHOOK_MAX_BODY_BYTES,
    });

    expect(await events(demo)).toHaveLength(before);
  });

  it('accepts a signature of any active secret, no longer a deactivated one, and no signature when no subscription has a secret', async () => {
    // Prepare: a fresh application (no subscriptions), administered by the platform admin
    const fresh = await api.newApplication();
    const demo = service.sandbox.applications.demo;
    const slug = (await api.admin('GET', `/api/admin/aplicacoes/${fresh.id}`)).body.slug as string;
    const body = JSON.stringify({ evento: 'teste' });

    // no subscription: accepted unsigned
    expect((await post(slug, 'aberto', body)).status).toBe(200);

    // two subscriptions of demo: either secret signs
    const second = await api.call('POST', '/api/admin/webhooks-entrada', admin(demo), { descricao: 'ERP' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ ativo: true, temSegredo: true, segredo: expect.any(String), descricao: 'ERP' });
    expect((await post(demo.slug, 'primeiro', body, sign(body, demo.inboundSecret))).status).toBe(200);
    expect((await post(demo.slug, 'segundo', body, sign(body, second.body.segredo))).status).toBe(200);
    // the subscription's item names where its key is in the secret store, never the key itself
    const stored = (await dynamoApplicationRepository().listInboundSubscriptions(demo.id)).find((s) => s.id === second.body.id);
    expect(stored).toMatchObject({ ativo: true, descricao: 'ERP' });
    expect(JSON.stringify(stored)).not.toContain(second.body.segredo);

    // the listing never shows a secret; deactivation stops the secret from signing
    const list = await api.call('GET', '/api/admin/webhooks-entrada', admin(demo));
    expect(JSON.stringify(list.body)).not.toContain(second.body.segredo);
    expect((await api.call('DELETE', `/api/admin/webhooks-entrada/${second.body.id}`, admin(demo))).status).toBe(204);
    expect((await api.call('DELETE', `/api/admin/webhooks-entrada/${second.body.id}`, admin(demo))).status).toBe(204);
    expect((await post(demo.slug, 'desativado', body, sign(body, second.body.segredo))).status).toBe(401);
    const after = (await api.call('GET', '/api/admin/webhooks-entrada', admin(demo))).body as Json[];
    expect(after.find((s) => s.id === second.body.id)).toMatchObject({ ativo: false, desativadoEm: expect.any(String) });

    // another application's subscription is a 404
    const outra = service.sandbox.applications.outra;
    expect((await api.call('DELETE', `/api/admin/webhooks-entrada/${second.body.id}`, admin(outra))).status).toBe(404);
  });
});
