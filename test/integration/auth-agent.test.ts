// The on-premises agent channel end to end: the local service's mTLS port (infra/local/agent-tls.ts)
// in front of the local gateway, the real agent authorizer (certificate + CRL + access token) and the
// agent group (any answer of the route itself means "let in"). Sandbox credentials from sandbox.json:
// the agent's client certificate and the OAuth2 clients of the demo application.
import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, useLocalService } from '../support/local-service.ts';
import type { Sandbox, SandboxAgent, SandboxApp } from '#infra/local/seed';
import { createAgentCa, issueAgentCertificate } from '#shared/ca/agent-ca';
import { loadAgentCa, revokeAgentCertificate } from '#shared/ca/revoke';
import { readCrl } from '#shared/ca/x509-lite';
import { gatewayResponses } from '#shared/http/gateway-responses';
import { routes } from '#shared/http/routes';

/** The authorizer keeps the CRL this long here (60 s by default), so the revocation test waits little. */
const CRL_CACHE_SECONDS = 1;

let agent: SandboxAgent;
let demo: SandboxApp;

const service = useLocalService({ env: { AGENT_CRL_CACHE_SECONDS: String(CRL_CACHE_SECONDS) } });

beforeAll(async () => {
  agent = service.sandbox.agent!;
  demo = service.sandbox.applications.demo;
});

afterAll(async () => {
  delete process.env.AGENT_CRL_CACHE_SECONDS;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown>;
}

/** One request over its own TLS connection to the agent port, with a client certificate or none. */
function agentCall(
  method: string,
  route: string,
  options: { identity?: { cert: string; key: string } | null; authorization?: string; body?: string } = {},
): Promise<Answer> {
  const identity = options.identity === undefined ? { cert: agent.certPem, key: agent.keyPem } : options.identity;
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers.Authorization = options.authorization;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(`${agent.url}${route}`, { method, headers, ca: agent.caPem, agent: false, ...(identity ?? {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const agentRoutes = routes.filter((r) => r.group === 'agent');
const bodyOf = (method: string) => (method === 'GET' ? undefined : '{}');

describe('agent channel: client certificate and access token', () => {
  it('writes the agent port, client certificate and CA to sandbox.json', async () => {
    const onDisk = JSON.parse(await readFile(service.sandboxFile, 'utf8')) as Sandbox;

    expect(onDisk.agent).toEqual(agent);
    expect(agent.url).toBe(service.agentUrl);
    expect(agent.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(agent.certPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(agent.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(onDisk.applications.demo.id).toBe(demo.id); // the App shape is untouched
  });

  it.each(agentRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s lets in a valid certificate with a token of the route scope',
    async (_, route) => {
      const token = await accessToken(service, demo.oauth, route.scopes!.join(' '));

      const answer = await agentCall(route.method, route.path, { authorization: `Bearer ${token}`, body: bodyOf(route.method) });

      // Let in: the route itself answers (a 400 for the empty body, or its data), never the authorizer's 401/403.
      expect([401, 403]).not.toContain(answer.status);
    },
  );

  it('refuses with the gateway 401 over the plain HTTP port (no client certificate there)', async () => {
    const token = await accessToken(service, demo.oauth);

    const response = await fetch(`${service.baseUrl}/api/external/integracoes/banco`, { headers: { Authorization: `Bearer ${token}` } });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(gatewayResponses.UNAUTHORIZED.body);
  });

  it('refuses with the gateway 401 over HTTPS without a client certificate', async () => {
    const token = await accessToken(service, demo.oauth);

    const answer = await agentCall('GET', '/api/external/integracoes/banco', { identity: null, authorization: `Bearer ${token}` });

    expect(answer.status).toBe(401);
    expect(answer.json).toEqual(gatewayResponses.UNAUTHORIZED.body);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="whatsapp-platform"');
  });

  it('refuses with the gateway 401 a certificate of another CA, and an expired certificate of ours', async () => {
    const token = await accessToken(service, demo.oauth);
    const other = await createAgentCa();
    const foreign = await issueAgentCertificate(other, { commonName: 'sandbox-agent' });
    const expired = await issueAgentCertificate(await loadAgentCa(), {
      commonName: 'sandbox-agent',
      now: new Date(Date.now() - 10 * 86_400_000),
      validDays: 1,
    });

    const answers = await Promise.all(
      [foreign, expired].map((c) =>
        agentCall('GET', '/api/external/integracoes/banco', {
          identity: { cert: c.certPem, key: c.privateKeyPkcs8Pem },
          authorization: `Bearer ${token}`,
        }),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual([401, 401]);
    expect(answers.map((a) => a.json)).toEqual([gatewayResponses.UNAUTHORIZED.body, gatewayResponses.UNAUTHORIZED.body]);
  });

  it('refuses a certificate once it is revoked, as soon as the authorizer reads the new CRL', async () => {
    // Prepare: a second agent certificate of our CA, let in
    const token = await accessToken(service, demo.oauth);
    const issued = await issueAgentCertificate(await loadAgentCa(), {
      commonName: 'agent-to-revoke',
      binding: { aplicacaoId: demo.id, integracaoId: agent.integracaoId },
    });
    const identity = { cert: issued.certPem, key: issued.privateKeyPkcs8Pem };
    const call = () => agentCall('GET', '/api/external/integracoes/banco', { identity, authorization: `Bearer ${token}` });
    expect((await call()).status).toBe(200);

    // Act
    await revokeAgentCertificate(issued.serialHex);
    await new Promise((resolve) => setTimeout(resolve, CRL_CACHE_SECONDS * 1000 + 200));

    // Assess: refused; the sandbox agent, not revoked, still gets in; the published CRL lists the serial
    const refused = await call();
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual(gatewayResponses.UNAUTHORIZED.body);
    expect((await agentCall('GET', '/api/external/integracoes/banco', { authorization: `Bearer ${token}` })).status).toBe(200);
    const published = await fetch(`${service.baseUrl}/api/external/crl`);
    expect(readCrl(new Uint8Array(await published.arrayBuffer())).revoked.has(issued.serialHex)).toBe(true);
  });

  it('with a valid certificate, refuses a missing token with the gateway 401', async () => {
    const answer = await agentCall('GET', '/api/external/integracoes/banco');

    expect(answer.status).toBe(401);
    expect(answer.json).toEqual(gatewayResponses.UNAUTHORIZED.body);
  });

  it('with a valid certificate, answers an invalid token with 401 invalid_token (RFC 6750)', async () => {
    const token = await accessToken(service, demo.oauth);

    const answer = await agentCall('GET', '/api/external/integracoes/banco', { authorization: `Bearer ${token.slice(0, -4)}AAAA` });

    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ error: 'invalid_token' });
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="whatsapp-platform", error="invalid_token"');
  });

  it('with a valid certificate, answers a token without the route scope with 403 insufficient_scope', async () => {
    const limited = await accessToken(service, demo.oauthLimited); // agendamentos:read only
    const readOnly = await accessToken(service, demo.oauth, 'integracoes:read');

    const banco = await agentCall('GET', '/api/external/integracoes/banco', { authorization: `Bearer ${limited}` });
    const registros = await agentCall('POST', '/api/external/integracoes/registros', { authorization: `Bearer ${readOnly}`, body: '{}' });

    expect(banco.status).toBe(403);
    expect(banco.json).toMatchObject({ error: 'insufficient_scope' });
    expect(banco.headers['www-authenticate']).toBe(
      'Bearer realm="whatsapp-platform", error="insufficient_scope", scope="integracoes:read"',
    );
    expect(registros.status).toBe(403);
    expect(registros.headers['www-authenticate']).toContain('scope="registros:importar"');
  });
});
