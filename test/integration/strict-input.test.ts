// Strict input at the edge (#25 item 9), through the local gateway: a body is read only when it is of a
// media type the route takes (415 otherwise, 400 invalid_request at the token endpoint: a JSON body sent
// as text/plain, as a cross-site form can, is never processed), is well-formed UTF-8 with no lone surrogate escaped in its strings (400), and is
// what the route takes (a missing, `null` or non-object body is one 400 on every route). Nothing is
// written on a refusal; what is written reads back as the same text.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SandboxApp } from '#infra/local/seed';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);

const SUBSCRIPTIONS = '/api/admin/webhooks-entrada';

/** A call with the exact bytes and Content-Type given (none when undefined). */
async function raw(method: string, url: string, headers: Record<string, string>, bytes?: Buffer | string, contentType?: string) {
  const response = await fetch(`${service.baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(contentType === undefined ? {} : { 'Content-Type': contentType }) },
    body: bytes,
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: body, json: body.length ? (JSON.parse(body.toString('utf8')) as Json) : {} };
}

const admin = (app: SandboxApp) => bearer(app.tokens.admin);
const subscriptions = async (app: SandboxApp) => (await api.call('GET', SUBSCRIPTIONS, admin(app))).body as Json[];

describe('POST /api/admin/webhooks-entrada, the body the fuzzer found', () => {
  it.each([
    ['no body', undefined, undefined],
    ['no body, sent as JSON', undefined, 'application/json'],
    ['null', 'null', 'application/json'],
    ['an array', '[]', 'application/json'],
    ['a string', '"ERP"', 'application/json'],
  ])('answers %s with 400 body must be a JSON object and creates no subscription', async (_, bytes, contentType) => {
    const demo = service.sandbox.applications.demo;
    const before = await subscriptions(demo);

    const reply = await raw('POST', SUBSCRIPTIONS, admin(demo), bytes, contentType);

    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ error: 'validation_error', message: 'body must be a JSON object', field: 'body' });
    expect(await subscriptions(demo)).toEqual(before);
  });

  it('answers a body that is not well-formed UTF-8 with 400 invalid_encoding and creates no subscription', async () => {
    const demo = service.sandbox.applications.demo;
    const before = await subscriptions(demo);
    const latin1 = Buffer.from('{"descricao":"Integração"}', 'latin1');

    const reply = await raw('POST', SUBSCRIPTIONS, admin(demo), latin1, 'application/json');

    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ error: 'invalid_encoding' });
    expect(await subscriptions(demo)).toEqual(before);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['text/plain with a charset', 'text/plain;charset=UTF-8'],
    ['JSON in UTF-7', 'application/json; charset=utf-7'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['no Content-Type', undefined],
  ])('refuses a JSON body sent as %s with 415 and creates no subscription', async (_, contentType) => {
    const demo = service.sandbox.applications.demo;
    const before = await subscriptions(demo);

    const reply = await raw('POST', SUBSCRIPTIONS, admin(demo), Buffer.from('{"descricao":"csrf"}'), contentType);

    expect(reply.status).toBe(415);
    expect(reply.json).toEqual({
      error: 'unsupported_media_type',
      message: 'The request body must be sent as application/json (charset utf-8 only)',
    });
    expect(await subscriptions(demo)).toEqual(before);
  });

  it('refuses a description escaping a lone surrogate, and stores one with any character as text that reads back the same', async () => {
    const demo = service.sandbox.applications.demo;
    const before = await subscriptions(demo);

    const lone = await raw('POST', SUBSCRIPTIONS, admin(demo), '{"descricao":"ERP \\ud83d"}', 'application/json');
    const paired = await raw(
      'POST',
      SUBSCRIPTIONS,
      admin(demo),
      '{"descricao":"ERP \\ud83d\\ude00 ção"}',
      'application/json; charset=utf-8',
    );

    expect(lone.status).toBe(400);
    expect(lone.json).toMatchObject({ error: 'invalid_encoding' });
    expect(paired.status).toBe(201);
    const listed = await raw('GET', SUBSCRIPTIONS, admin(demo));
    expect(listed.bytes.toString('utf8')).toContain('"descricao":"ERP 😀 ção"');
    expect((listed.json as unknown as Json[]).length).toBe(before.length + 1);
  });
});

describe('the same answers on other routes', () => {
  it('a JSON action route: without a body or with a JSON object it acts, a text/plain body is 415 and nothing happens', async () => {
    const demo = service.sandbox.applications.demo;
    const template = await api.call('POST', '/api/admin/whatsapp/templates-hsm', admin(demo), {
      nome: `estrito_${Date.now()}`,
      idioma: 'pt_BR',
      categoria: 'UTILITY',
      corpo: 'Olá {{1}}, seu exame {{2}} está pronto.',
      variaveis: ['pacienteNome', 'procedimento'],
      botoes: ['Confirmar', 'Cancelar'],
      procedimentos: [`Exame estrito ${Date.now()}`],
    });
    expect(template.status).toBe(201);
    const url = `/api/admin/whatsapp/templates-hsm/${template.body.id}/arquivar`;

    const asText = await raw('POST', url, admin(demo), '{}', 'text/plain');
    const state = (await api.call('GET', `/api/admin/whatsapp/templates-hsm/${template.body.id}`, admin(demo))).body.estado;
    const archived = await raw('POST', url, admin(demo), '{}', 'application/json');

    expect(asText.status).toBe(415);
    expect(state).toBe('RASCUNHO');
    expect(archived.status).toBe(200);
    expect(archived.json.estado).toBe('ARQUIVADO');
  });

  it('the token endpoint takes only a form: JSON is RFC 6749 400 invalid_request, the one error form OAuth clients read there', async () => {
    const { clientId, clientSecret } = service.sandbox.applications.demo.oauth;

    const reply = await raw(
      'POST',
      '/oauth2/token',
      {},
      JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      'application/json',
    );

    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('the provider_a status callback takes only a form: JSON is 415', async () => {
    const reply = await raw(
      'POST',
      '/api/webhooks/whatsapp/status',
      {},
      JSON.stringify({ MessageSid: 'SM1', MessageStatus: 'sent' }),
      'application/json',
    );

    expect(reply.status).toBe(415);
  });

  it('the generic inbound webhook refuses a payload escaping a lone surrogate, signed or not, and keeps nothing', async () => {
    const demo = service.sandbox.applications.demo;
    const events = async () => {
      await service.queues.drained(15_000);
      return (await api.call('GET', '/api/admin/webhooks-entrada/eventos?size=100', admin(demo))).body.content as Json[];
    };
    const before = (await events()).length;
    const body = '{"paciente":"Maria \\udc00"}';
    const signature = `sha256=${createHmac('sha256', demo.inboundSecret).update(body).digest('hex')}`;

    const reply = await raw(
      'POST',
      `/api/v1/webhooks/inbound/${demo.slug}/strict`,
      { 'X-Service-Signature': signature },
      body,
      'application/json',
    );
    const asText = await raw(
      'POST',
      `/api/v1/webhooks/inbound/${demo.slug}/strict`,
      { 'X-Service-Signature': signature },
      '{}',
      'text/plain',
    );

    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ error: 'invalid_encoding' });
    expect(asText.status).toBe(415);
    expect(await events()).toHaveLength(before);
  });
});

describe('the bounds docs/openapi.json states are the ones the handlers enforce', () => {
  type Schema = { maxItems?: number; properties?: Record<string, Schema> };
  const document = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>>;
  };
  const bodySchema = (path: string, method: string) => document.paths[path]![method]!.requestBody.content['application/json']!.schema;

  it('a list of WhatsApp numbers one entry over its maxItems (repeats included) is 400 naming numeros, changing nothing', async () => {
    const demo = service.sandbox.applications.demo;
    const maxItems = bodySchema('/api/admin/aplicacoes/{id}/numeros', 'put').properties!.numeros!.maxItems!;
    const own = demo.numerosWhatsapp[0]!;

    const reply = await api.call('PUT', `/api/admin/aplicacoes/${demo.id}/numeros`, admin(demo), {
      numeros: [...demo.numerosWhatsapp, ...Array<string>(maxItems + 1 - demo.numerosWhatsapp.length).fill(own)],
    });

    expect(maxItems).toBe(200);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: 'validation_error', field: 'numeros' });
    expect((await api.call('GET', `/api/admin/aplicacoes/${demo.id}`, admin(demo))).body.numerosWhatsapp).toEqual(demo.numerosWhatsapp);
  });

  it("an OAuth client's scopes one over their maxItems are 400 naming scopes, and no client is registered", async () => {
    const demo = service.sandbox.applications.demo;
    const maxItems = bodySchema('/api/admin/aplicacoes/{id}/oauth-clients', 'post').properties!.scopes!.maxItems!;
    const clients = async () => (await api.call('GET', `/api/admin/aplicacoes/${demo.id}/oauth-clients`, admin(demo))).body;
    const before = await clients();

    const reply = await api.call('POST', `/api/admin/aplicacoes/${demo.id}/oauth-clients`, admin(demo), {
      nome: 'Muitos escopos',
      scopes: Array<string>(maxItems + 1).fill('agendamentos:read'),
    });

    expect(maxItems).toBe(32);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: 'validation_error', field: 'scopes' });
    expect(await clients()).toEqual(before);
  });
});
