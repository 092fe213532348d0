// The published contract against the running service: GET /openapi.json serves the committed
// document, /docs renders it with local assets, and real exchanges (the requests the other
// integration tests make, and the answers they get) match the document's schemas, checked by Ajv.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRoute, type Route } from '#shared/http/routes';
import { contractChecker, readDocument, requestChecker } from '../support/contract-check.ts';
import { accessToken, apiKeyHeaders, bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const { call, newApplication } = client(service);
const document = readDocument();
const checkAnswer = contractChecker(document);
const checkRequest = requestChecker(document);

const routeOf = (method: string, path: string): Route => {
  const route = findRoute(method, path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route;
};

/**
 * Sends a JSON request, checks the request (unless it is invalid on purpose) and the answer against
 * the document, and returns the answer.
 */
async function exchange(method: string, resource: string, url: string, headers: Record<string, string>, body?: Json, invalid = false) {
  const route = routeOf(method, resource);
  if (body !== undefined) expect(checkRequest(route, 'application/json', body) === undefined).toBe(!invalid);
  const response = await fetch(`${service.baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const raw = Buffer.from(await response.arrayBuffer());
  const answer = { route, status: response.status, headers: Object.fromEntries(response.headers), body: raw };
  expect(checkAnswer(answer)).toBeUndefined();
  return { ...answer, json: raw.length ? (JSON.parse(raw.toString('utf8')) as Json) : {} };
}

describe('GET /openapi.json and /docs', () => {
  it('serves the committed document, cacheable, without credentials', async () => {
    const response = await fetch(`${service.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await response.json()).toEqual(JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')));
  });

  it('renders the reference page from the swagger-ui-dist package, not from the internet', async () => {
    const page = await fetch(`${service.baseUrl}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("fetch('/openapi.json')");
    // Try it out is addressed to this page's own origin (the service's port), not to a fixed 127.0.0.1:3000.
    expect(html).toContain("{ url: location.origin, description: 'This local run' }");
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.every((s) => s.startsWith('/docs/'))).toBe(true);
    for (const source of sources) expect((await fetch(`${service.baseUrl}${source}`)).status, source).toBe(200);
  });
});

describe('real exchanges match the document', () => {
  it('a send, the message, the list, the balance and the statement (API key)', async () => {
    const app = apiKeyHeaders(await newApplication('link', '10.00'));
    const sent = await exchange('POST', '/api/external/messages/send', '/api/external/messages/send', app, {
      telefone: '+5511988887777',
      mensagem: 'Olá',
      contexto: 'TESTE',
    });
    expect(sent.status).toBe(200);
    const id = sent.json.mensagemId as number;
    expect((await exchange('GET', '/api/external/messages/{id}', `/api/external/messages/${id}`, app)).status).toBe(200);
    expect((await exchange('GET', '/api/external/messages', '/api/external/messages?size=5', app)).status).toBe(200);
    expect((await exchange('GET', '/api/external/financeiro/saldo', '/api/external/financeiro/saldo', app)).status).toBe(200);
    expect((await exchange('GET', '/api/external/financeiro/extrato', '/api/external/financeiro/extrato', app)).json.totalElements).toBe(2);
    expect((await exchange('GET', '/api/external/messages/{id}', '/api/external/messages/999999999', app)).status).toBe(404);
    expect(
      (await exchange('POST', '/api/external/messages/send', '/api/external/messages/send', app, { mensagem: 'x' }, true)).status,
    ).toBe(400);
  });

  it('an appointment created, read, listed and confirmed (OAuth2), and the refusals', async () => {
    const token = bearer(await accessToken(service, service.sandbox.applications.demo.oauth));
    const V2 = '/api/external/v2/agendamentos';
    const created = await exchange('POST', V2, V2, token, { pacienteTelefone: '+5511977776666', procedimento: 'Hemograma' });
    expect(created.status).toBe(201);
    const url = `${V2}/${created.json.id}`;
    expect((await exchange('GET', `${V2}/{id}`, url, token)).status).toBe(200);
    expect((await exchange('GET', V2, `${V2}?status=IMPORTADO&size=3`, token)).status).toBe(200);
    expect((await exchange('PATCH', `${V2}/{id}`, url, token, { status: 'CONFIRMADO' })).status).toBe(200);
    expect((await exchange('PATCH', `${V2}/{id}`, url, token, { status: 'REALIZADO' })).status).toBe(422);
    expect((await exchange('POST', V2, V2, token, { procedimento: 'Hemograma' }, true)).status).toBe(400);
    expect((await exchange('GET', `${V2}/{id}`, `${V2}/999999999`, token)).status).toBe(404);
  });

  it('the public status and the admin’s application list (portal JWT)', async () => {
    expect((await exchange('GET', '/api/status', '/api/status', {})).status).toBe(200);
    const admin = bearer(service.sandbox.applications.demo.tokens.admin);
    expect((await exchange('GET', '/api/admin/aplicacoes', '/api/admin/aplicacoes', admin)).status).toBe(200);
  });
});

describe('the contract check itself', () => {
  it('reports an answer whose body lacks a documented field, and a status the route does not document', async () => {
    const app = apiKeyHeaders(await newApplication('link', '1.00'));
    const real = await call('GET', '/api/external/financeiro/saldo', app);
    const route = routeOf('GET', '/api/external/financeiro/saldo');
    const answer = (status: number, body: Json) => ({
      route,
      status,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(body)),
    });
    expect(checkAnswer(answer(200, real.body))).toBeUndefined();
    expect(checkAnswer(answer(200, { moeda: 'BRL' }))).toMatch(/saldo/);
    expect(checkAnswer(answer(200, { ...real.body, extra: 1 }))).toMatch(/additional/);
    expect(checkAnswer(answer(418, { error: 'teapot', message: 'x' }))).toMatch(/418: status not documented/);
  });
});
