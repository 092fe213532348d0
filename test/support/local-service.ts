// The one fixture of the integration tests: the whole local service (a table of its own in the run's DynamoDB Local, the
// local gateway with the real authorizers and handlers, queues, simulators) started once per test
// file, in a data folder of its own that is removed afterwards, and the helpers every file needs to
// call it with the sandbox's credentials.
//
//   const service = useLocalService();                  // or useLocalService({ schedules: true })
//   const api = client(service);
//   it('...', async () => {
//     const token = await accessToken(service, service.sandbox.applications.demo.oauth, 'agendamentos:read');
//     const reply = await api.call('GET', '/api/external/v2/agendamentos', { Authorization: `Bearer ${token}` });
//   });
//
// `service` stands for the service the file's beforeAll started: its properties are read from the
// running one, so test code writes `service.baseUrl` as if it held it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS } from '#infra/constructs/aws-limits';
import type { SandboxApp } from '#infra/local/seed';
import { defaultConsumer } from '#infra/local/queues';
import { startLocalService, type LocalService, type LocalServiceOptions } from '#infra/local/service';
import { contractChecker } from './contract-check.ts';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies under test

/**
 * Starts the service before the file's tests and stops it after them. Defaults: a free port, a table of its
 * own in the run's DynamoDB Local, no banner, no schedules, group functions given API Gateway's 29 s (options override them).
 */
export function useLocalService(options: LocalServiceOptions & { env?: Record<string, string> } = {}): LocalService {
  const { env = {}, ...serviceOptions } = options;
  let running: LocalService | undefined;
  let dataDir: string | undefined;
  // Every answer the file's tests get is checked against docs/openapi.json (CONTRACT_CHECK=0 turns it off):
  // the file fails, listing each answer whose status or body the document does not describe.
  const mismatches = new Set<string>();
  const check = process.env.CONTRACT_CHECK === '0' ? undefined : contractChecker();
  const observe = check ? (answer: Parameters<typeof check>[0]) => void mismatches.add(check(answer) ?? '') : undefined;

  beforeAll(async () => {
    // Environment the service reads at start (e.g. LOGIN_LOCK_SECONDS), restored afterwards.
    Object.assign(process.env, env);
    dataDir = await mkdtemp(path.join(tmpdir(), 'local-service-'));
    running = await startLocalService({
      port: 0,
      inMemory: true,
      // The run's DynamoDB Local (test/support/dynamo-global.ts), warm, with a table of the file's own: a
      // Java process per file cost more CPU than most files' tests.
      sharedDynamo: { endpoint: inject('dynamoEndpoint'), tableName: `service-${randomUUID()}` },
      quiet: true,
      schedules: false,
      console: false,
      dataDir,
      observe,
      // API Gateway's 29 s rather than the groups' 15 s: DynamoDB Local under the whole suite is several times
      // slower than DynamoDB (infra/local/gateway.ts, groupTimeoutMs).
      groupTimeoutMs: API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS * 1000,
      ...serviceOptions,
    });
  });

  afterAll(async () => {
    await running?.stop();
    for (const name of Object.keys(env)) delete process.env[name];
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    mismatches.delete('');
    if (mismatches.size > 0) throw new Error(`answers that do not match docs/openapi.json:\n${[...mismatches].join('\n')}`);
  });

  return new Proxy({} as LocalService, {
    get(_target, property) {
      if (!running) throw new Error('the local service is not running (used outside a test or hook?)');
      const service = running;
      const value: unknown = Reflect.get(service, property);
      return typeof value === 'function' ? (...args: unknown[]) => Reflect.apply(value, service, args) : value;
    },
  });
}

/**
 * Queue consumers without the appointment flow: its queue's messages are acknowledged and dropped, so
 * a file testing PATCH, /execucao or the list sees only the moves it makes (the flow has its own tests).
 */
export const consumersWithoutFlow: NonNullable<NonNullable<LocalServiceOptions['queues']>['consumer']> = async (queue) =>
  queue === 'appointmentFlow' ? async () => ({ batchItemFailures: [] }) : defaultConsumer(queue);

export interface Reply {
  status: number;
  body: Json;
  headers: Headers;
}

export const apiKeyHeaders = (app: { apiKey: string; apiSecret: string }) => ({ 'X-Api-Key': app.apiKey, 'X-Api-Secret': app.apiSecret });
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An OAuth2 access token of a sandbox client (client credentials, HTTP Basic); all its scopes when none is asked. */
export async function accessToken(service: LocalService, oauth: SandboxApp['oauth'], scope?: string): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  const response = await fetch(`${service.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${oauth.clientId}:${oauth.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form,
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`token: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** JSON calls to the service, the sandbox's admin, API-key calls and fresh applications. */
export function client(service: LocalService) {
  const call = async (method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Reply> => {
    const response = await fetch(`${service.baseUrl}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {}, headers: response.headers };
  };
  const admin = (method: string, url: string, body?: unknown) =>
    call(method, url, bearer(service.sandbox.applications.demo.tokens.admin), body);
  const external = (app: { apiKey: string; apiSecret: string }) => ({
    get: (url: string) => call('GET', url, apiKeyHeaders(app)),
    send: (body: unknown) => call('POST', '/api/external/messages/send', apiKeyHeaders(app), body),
  });
  let slugs = 0;
  /** A fresh application through the admin API (platform admin of demo), optionally credited. */
  const newApplication = async (provider: 'link' | 'provider_a' = 'link', credit?: string) => {
    const slug = `app-${process.pid}-${++slugs}-${Date.now() % 100000}`;
    const created = await admin('POST', '/api/admin/aplicacoes', { nome: 'Clínica de Teste', slug, provider });
    if (created.status !== 201) throw new Error(`create application: ${created.status} ${JSON.stringify(created.body)}`);
    if (credit) {
      const credited = await admin('POST', `/api/admin/aplicacoes/${created.body.id}/creditos`, { valor: credit });
      if (credited.status !== 201) throw new Error(`credit: ${credited.status} ${JSON.stringify(credited.body)}`);
    }
    return {
      id: created.body.id as number,
      apiKey: created.body.credenciais.apiKey as string,
      apiSecret: created.body.credenciais.apiSecret as string,
    };
  };
  /** A tenant admin of application `aplicacaoId` (a new user, logged in): its portal token. */
  const adminOf = async (aplicacaoId: number) => {
    const email = `admin-${aplicacaoId}-${++slugs}@clinica.example`;
    const senha = 'senha-forte-de-teste-123';
    const created = await admin('POST', '/api/admin/usuarios', { nome: 'Secretária', email, senha, role: 'admin', aplicacaoId });
    if (created.status !== 201) throw new Error(`admin user: ${created.status} ${JSON.stringify(created.body)}`);
    const login = await call('POST', '/api/auth/login', {}, { email, senha });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    return login.body.access_token as string;
  };
  /** Resolves once the stream's followers have seen every write so far: the statement days (4c) are then current. */
  const followed = () => service.streams.drained();
  return { call, admin, external, newApplication, adminOf, followed };
}

/**
 * A patient of `outra` writing through the provider_a simulator (the provider's signed webhook call), and the
 * attendance its messages landed in, read with outra's admin token once it is in `status`.
 */
export function outraPatients(service: LocalService) {
  const api = client(service);
  const outra = () => service.sandbox.applications.outra;
  const admin = (url: string) => api.call('GET', url, bearer(outra().tokens.admin));
  return {
    patientWrites: async (from: string, texto: string, profileName: string): Promise<void> => {
      const response = await fetch(`${service.simulators.providerA.url}/simular/mensagem`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ from, to: outra().numerosWhatsapp[0], texto, profileName }),
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      await service.queues.drained(15_000);
    },
    attendanceOf: async (telefone: string, status: string): Promise<Json> => {
      let found: Json | undefined;
      await expect
        .poll(async () => {
          const received = await admin(`/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(telefone)}&size=100`);
          const id = (received.body.content as Json[] | undefined)?.[0]?.atendimentoId;
          found = id ? (await admin(`/api/admin/atendimentos/${id}`)).body : undefined;
          return found?.status;
        })
        .toBe(status);
      return found!;
    },
  };
}
