// The on-premises agent channel end to end: the local service's mTLS port (infra/local/agent-tls.ts)
// in front of the local gateway, the real agent authorizer (certificate + CRL + access token) and the
// agent group (a let-in is the route's own success status). Sandbox credentials from sandbox.json:
// the agent's client certificate and the OAuth2 clients of the demo application.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, useLocalService } from '../support/local-service.ts';
import { agentCall as call, type AgentCallOptions } from '../support/agent.ts';
import type { Sandbox, SandboxAgent, SandboxApp } from '#infra/local/seed';
import { adapter } from '#shared/adapters/index';
import { createAgentCa, issueAgentCertificate, type IssuedCertificate } from '#shared/ca/agent-ca';
import { loadAgentCaSecret } from '#shared/ca/ca-secret';
import { publishCrl, revokeAgentCertificate } from '#shared/ca/crl-publisher';
import { signCrl } from '#shared/ca/issuer';
import { readCrl } from '#shared/ca/x509-lite';
import { config } from '#shared/config';
import { dynamoAgentCertificateRepository } from '#shared/db/agent-certificates';
import { gatewayResponses } from '#shared/http/gateway-responses';
import { routes } from '#shared/http/routes';

/** The authorizer keeps the CRL this long here (60 s by default), so the revocation test waits little. */
const CRL_CACHE_SECONDS = 1;
const waitForCrl = () => new Promise((resolve) => setTimeout(resolve, CRL_CACHE_SECONDS * 1000 + 200));

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

/** One request over its own TLS connection to the agent port (test/support/agent.ts), the sandbox agent's certificate by default. */
const agentCall = (method: string, route: string, options: AgentCallOptions = {}) => call(service, method, route, options);
const identityOf = (issued: IssuedCertificate) => ({ cert: issued.certPem, key: issued.privateKeyPkcs8Pem });

const agentRoutes = routes.filter((r) => r.group === 'agent');
/**
 * A request each agent route answers with its success status, on the integration of the sandbox agent's certificate
 * (a registros batch whose one record is refused is still a 200: each record is judged alone).
 */
const successfulRequest = (key: string): { query: string; body?: unknown; status: number } => {
  const integracaoId = agent.integracaoId;
  const requests: Record<string, { query: string; body?: unknown; status: number }> = {
    'GET /api/external/integracoes/banco': { query: '', status: 200 },
    'GET /api/external/integracoes/api': { query: '', status: 200 },
    'POST /api/external/integracoes/logs': {
      query: '',
      body: {
        integracaoId,
        execucoes: [
          {
            queryId: 1,
            query: 'Q',
            inicio: '2025-01-01T10:00:00.000Z',
            fim: '2025-01-01T10:00:01.000Z',
            linhasLidas: 0,
            status: 'SUCESSO',
            erro: null,
          },
        ],
      },
      status: 201,
    },
    'POST /api/external/integracoes/registros': {
      query: '',
      body: { integracaoId, registros: [{ tipo: 'PACIENTE', idLegado: 'LET-IN', dados: { telefone: '123' } }] },
      status: 200,
    },
    'GET /api/external/integracoes/queries': { query: `?integracaoId=${integracaoId}`, status: 200 },
    'PUT /api/external/integracoes/queries': { query: `?integracaoId=${integracaoId}`, body: [], status: 200 },
  };
  const request = requests[key];
  if (!request) throw new Error(`no successful request written for ${key}: add one`);
  return request;
};

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

      const request = successfulRequest(`${route.method} ${route.path}`);

      const answer = await agentCall(route.method, `${route.path}${request.query}`, {
        authorization: `Bearer ${token}`,
        body: request.body,
      });

      // Let in: the route does its work and answers its success status (not a 401/403, nor a 4xx or 500 of its own).
      expect(answer.status, JSON.stringify(answer.json)).toBe(request.status);
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
    const binding = { aplicacaoId: demo.id, integracaoId: agent.integracaoId };
    const foreign = await issueAgentCertificate(other, { commonName: 'sandbox-agent', binding });
    const expired = await issueAgentCertificate(await loadAgentCaSecret(), {
      commonName: 'sandbox-agent',
      binding,
      now: new Date(Date.now() - 10 * 86_400_000),
      validDays: 1,
    });

    const answers = await Promise.all(
      [foreign, expired].map((c) => agentCall('GET', '/api/external/integracoes/banco', { identity: identityOf(c), authorization: token })),
    );

    expect(answers.map((a) => a.status)).toEqual([401, 401]);
    expect(answers.map((a) => a.json)).toEqual([gatewayResponses.UNAUTHORIZED.body, gatewayResponses.UNAUTHORIZED.body]);
  });

  it('refuses with the gateway 401 a certificate of our CA bound to another application, and one bound to none', async () => {
    // Prepare: a demo token; a certificate of outra's, and one naming no application (issued before the binding)
    const token = await accessToken(service, demo.oauth);
    const outra = service.sandbox.applications.outra;
    const ca = await loadAgentCaSecret();
    const ofOutra = await issueAgentCertificate(ca, { commonName: 'agent', binding: { aplicacaoId: outra.id, integracaoId: 1 } });
    const unbound = await issueAgentCertificate(ca, { commonName: 'sandbox-agent' });

    const answers = await Promise.all(
      [ofOutra, unbound].map((c) => agentCall('GET', '/api/external/integracoes/banco', { identity: identityOf(c), authorization: token })),
    );
    // outra's certificate with outra's own token is let in: the refusal above was the application, not the certificate
    const withOwnToken = await agentCall('GET', '/api/external/integracoes/banco', {
      identity: identityOf(ofOutra),
      authorization: await accessToken(service, outra.oauth),
    });
    // and the sandbox agent's (demo's) with outra's token is refused
    const demoCertOutraToken = await agentCall('GET', '/api/external/integracoes/banco', {
      authorization: await accessToken(service, outra.oauth),
    });

    expect(answers.map((a) => a.status)).toEqual([401, 401]);
    expect(answers.map((a) => a.json)).toEqual([gatewayResponses.UNAUTHORIZED.body, gatewayResponses.UNAUTHORIZED.body]);
    expect([401, 403]).not.toContain(withOwnToken.status);
    expect(demoCertOutraToken.status).toBe(401);
  });

  it('refuses a certificate once it is revoked (revokeAgentCertificate), as soon as the authorizer reads the new CRL', async () => {
    // Prepare: a second agent certificate of the sandbox integration, recorded as the admin route records one, let in
    const token = await accessToken(service, demo.oauth);
    const binding = { aplicacaoId: demo.id, integracaoId: agent.integracaoId };
    const issued = await issueAgentCertificate(await loadAgentCaSecret(), { commonName: 'agent-to-revoke', binding });
    await dynamoAgentCertificateRepository().record({
      ...binding,
      serial: issued.serialHex,
      subject: `CN=agente-integracao-${binding.integracaoId}, OU=integracao:${binding.integracaoId}, O=aplicacao:${binding.aplicacaoId}`,
      sha256: '00'.repeat(32),
      emitidoEm: new Date().toISOString(),
      validoAte: new Date(Date.now() + 86_400_000).toISOString(),
      revogadoEm: null,
      motivo: null,
    });
    const callWith = () => agentCall('GET', '/api/external/integracoes/banco', { identity: identityOf(issued), authorization: token });
    expect([401, 403]).not.toContain((await callWith()).status);

    // Act
    const outcome = await revokeAgentCertificate(binding.aplicacaoId, binding.integracaoId, issued.serialHex, 'teste');
    await waitForCrl();

    // Assess: refused; the sandbox agent, not revoked, still gets in; the published CRL lists the serial
    expect(outcome).toBe('revoked');
    const refused = await callWith();
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual(gatewayResponses.UNAUTHORIZED.body);
    expect([401, 403]).not.toContain((await agentCall('GET', '/api/external/integracoes/banco', { authorization: token })).status);
    const published = await fetch(`${service.baseUrl}/api/external/crl`);
    expect(readCrl(new Uint8Array(await published.arrayBuffer())).revoked.has(issued.serialHex)).toBe(true);
  });

  describe('fails closed (every agent 401) on a CRL it cannot trust, and recovers when the CRL is restored', () => {
    /** Puts `bytes` in place of the published CRL, checks the sandbox agent is refused, then puts the original back and checks it gets in again. */
    async function refusedWhileReplaced(bytes: Uint8Array): Promise<void> {
      const blobs = await adapter('blobs');
      const original = (await blobs.get(config().crlKey))!;
      const token = await accessToken(service, demo.oauth);
      const banco = () => agentCall('GET', '/api/external/integracoes/banco', { authorization: token });
      await waitForCrl();
      expect([401, 403]).not.toContain((await banco()).status); // the current CRL accepted (its number remembered)
      try {
        await blobs.put(config().crlKey, bytes, 'application/pkix-crl');
        await waitForCrl();

        const refused = await banco();

        expect(refused.status).toBe(401);
        expect(refused.json).toEqual(gatewayResponses.UNAUTHORIZED.body);
      } finally {
        await blobs.put(config().crlKey, original, 'application/pkix-crl');
      }
      await waitForCrl();
      expect([401, 403]).not.toContain((await banco()).status);
    }

    it('a forged CRL: the CA name and a higher number, signed by another key', async () => {
      const current = readCrl((await (await adapter('blobs')).get(config().crlKey))!);
      const forger = await createAgentCa(); // same default subject as ours, another key
      const forged = signCrl(forger, { crlNumber: current.crlNumber! + 100n, revoked: [], validForHours: 168 });
      expect(Buffer.from(readCrl(forged).issuer).equals(Buffer.from(current.issuer))).toBe(true);

      await refusedWhileReplaced(forged);
    });

    it('a rolled-back CRL: validly signed by our CA, with a lower number than one already accepted', async () => {
      await publishCrl(); // a number above 1 at least, whatever ran before
      const current = readCrl((await (await adapter('blobs')).get(config().crlKey))!);
      const older = signCrl(await loadAgentCaSecret(), { crlNumber: current.crlNumber! - 1n, revoked: [], validForHours: 168 });

      await refusedWhileReplaced(older);
    });
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
