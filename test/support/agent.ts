// Calls to the agent channel's mutual-TLS port of a local service (infra/local/agent-tls.ts), each over
// its own TLS connection, with the sandbox agent's client certificate unless told otherwise.
import { request } from 'node:https';
import type { LocalService } from '#infra/local/service';
import { issueAgentCertificate } from '#shared/ca/agent-ca';
import { loadAgentCaSecret } from '#shared/ca/ca-secret';
import { dynamoIntegrationRepository } from '#shared/db/integrations';

export interface AgentAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

/** A client certificate and its private key (PEM). */
export interface AgentIdentity {
  cert: string;
  key: string;
}

export interface AgentCallOptions {
  /** The client certificate and key; null: none; default: the sandbox agent's. */
  identity?: AgentIdentity | null;
  /** The Authorization header value (`Bearer <token>`), or a token alone. */
  authorization?: string;
  /** A JSON value (stringified), or a string sent as it is. */
  body?: unknown;
}

export function agentCall(service: LocalService, method: string, route: string, options: AgentCallOptions = {}): Promise<AgentAnswer> {
  const agent = service.sandbox.agent;
  if (!agent) throw new Error('the local service has no agent port');
  const identity = options.identity === undefined ? { cert: agent.certPem, key: agent.keyPem } : options.identity;
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined)
    headers.Authorization = /^\S+ /.test(options.authorization) ? options.authorization : `Bearer ${options.authorization}`;
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(`${agent.url}${route}`, { method, headers, ca: agent.caPem, agent: false, ...(identity ?? {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : {};
        } catch {
          json = { text };
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A BANCO integration of `aplicacaoId` put straight into the table (the admin routes have their own tests); its id. */
export async function storedIntegration(aplicacaoId: number, ativo = true): Promise<number> {
  const repo = dynamoIntegrationRepository();
  const id = await repo.newId();
  const iso = new Date().toISOString();
  await repo.create({
    id,
    aplicacaoId,
    tipoIntegracao: 'BANCO',
    nome: `Hospital ${id}`,
    conexao: { driver: 'postgresql', host: 'db.local', porta: 5432, banco: 'x', usuario: null, parametros: null },
    segredos: {},
    intervaloMinutos: null,
    ativo,
    versao: 1,
    criadoEm: iso,
    atualizadoEm: iso,
  });
  return id;
}

const identities = new Map<string, Promise<AgentIdentity>>();

/**
 * A client certificate of the running service's agent CA bound to one application and integration (the subject
 * the admin's issuing route gives), issued once per CA and binding: the agent of that integration.
 */
export async function integrationIdentity(aplicacaoId: number, integracaoId: number): Promise<AgentIdentity> {
  const ca = await loadAgentCaSecret();
  const key = `${ca.certPem}|${aplicacaoId}|${integracaoId}`;
  let identity = identities.get(key);
  if (!identity) {
    identity = issueAgentCertificate(ca, { commonName: 'test-agent', binding: { aplicacaoId, integracaoId } }).then((issued) => ({
      cert: issued.certPem,
      key: issued.privateKeyPkcs8Pem,
    }));
    identities.set(key, identity);
  }
  return identity;
}
