// Shared by the messaging integration tests: the local service, HTTP helpers with the sandbox credentials.
import type { LocalService } from '#infra/local/service';
import type { SandboxApp } from '#infra/local/seed';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export interface Reply {
  status: number;
  body: Json;
  headers: Headers;
}

export const apiKeyHeaders = (app: { apiKey: string; apiSecret: string }) => ({ 'X-Api-Key': app.apiKey, 'X-Api-Secret': app.apiSecret });

export function client(service: () => LocalService) {
  const call = async (method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Reply> => {
    const response = await fetch(`${service().baseUrl}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {}, headers: response.headers };
  };
  const admin = (method: string, url: string, body?: unknown) =>
    call(method, url, { Authorization: `Bearer ${service().sandbox.applications.demo.tokens.admin}` }, body);
  const external = (app: { apiKey: string; apiSecret: string }) => ({
    get: (url: string) => call('GET', url, apiKeyHeaders(app)),
    send: (body: unknown) => call('POST', '/api/external/messages/send', apiKeyHeaders(app), body),
  });
  let slugs = 0;
  /** A fresh application through the admin API (platform admin of demo), optionally credited. */
  const newApplication = async (provider: 'link' | 'provider_a' = 'link', credit?: string) => {
    const created = await admin('POST', '/api/admin/aplicacoes', { nome: 'Clínica Mensagens', slug: `msg-${process.pid}-${++slugs}-${Date.now() % 100000}`, provider });
    if (created.status !== 201) throw new Error(`create application: ${created.status} ${JSON.stringify(created.body)}`);
    if (credit) {
      const credited = await admin('POST', `/api/admin/aplicacoes/${created.body.id}/creditos`, { valor: credit });
      if (credited.status !== 201) throw new Error(`credit: ${credited.status} ${JSON.stringify(credited.body)}`);
    }
    return { id: created.body.id as number, apiKey: created.body.credenciais.apiKey as string, apiSecret: created.body.credenciais.apiSecret as string };
  };
  return { call, admin, external, newApplication };
}

export type Sandboxed = SandboxApp;
