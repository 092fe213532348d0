// The agent channel's integrations end to end: the admin manages them (secrets write-only, another
// application's integration is 404), the agent reads the integration of its certificate (when active)
// over mutual TLS with its secrets, never another integration's, and the admin issues agent certificates from the agent's CSR (bound to the
// application: refused with another application's token), lists them and revokes them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { agentCall, integrationIdentity } from '../support/agent.ts';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { db } from '#shared/db/client';

const CRL_CACHE_SECONDS = 1;
const service = useLocalService({ env: { AGENT_CRL_CACHE_SECONDS: String(CRL_CACHE_SECONDS) } });
const api = client(service);
const demo = () => service.sandbox.applications.demo;
const outra = () => service.sandbox.applications.outra;
const asOutra = (method: string, url: string, body?: unknown) => api.call(method, url, bearer(outra().tokens.admin), body);

const banco = (over: Record<string, unknown> = {}) => ({
  tipoIntegracao: 'BANCO',
  nome: `Hospital ${Math.random().toString(36).slice(2, 8)}`,
  conexao: { driver: 'postgresql', host: '10.0.0.12', porta: 5432, banco: 'hospital', usuario: 'leitor' },
  segredos: { senha: 'senha-super-secreta-9876' },
  intervaloMinutos: 30,
  ...over,
});

const apiIntegration = () => ({
  tipoIntegracao: 'API',
  nome: `Laboratório ${Math.random().toString(36).slice(2, 8)}`,
  conexao: { urlBase: 'https://lab.example.com/api', autenticacao: 'BEARER' },
  segredos: { token: 'token-do-laboratorio-1234' },
});

async function create(body: unknown, as = api.admin): Promise<Json> {
  const created = await as('POST', '/api/admin/integracoes', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A key pair and CSR made the way an agent makes them (OpenSSL); the key stays here. */
function agentCsr(kind: 'ec' | 'rsa' = 'ec'): { csr: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'agent-csr-'));
  const keyFile = join(dir, 'key.pem');
  const csrFile = join(dir, 'req.csr');
  const keyArgs = kind === 'ec' ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'] : ['-newkey', 'rsa:2048'];
  execFileSync('openssl', [
    'req',
    '-new',
    ...keyArgs,
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    csrFile,
    '-subj',
    '/CN=whatever-the-agent-asks',
  ]);
  return { csr: readFileSync(csrFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

function subjectOf(certPem: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-cert-'));
  writeFileSync(join(dir, 'cert.pem'), certPem);
  return execFileSync('openssl', ['x509', '-in', join(dir, 'cert.pem'), '-noout', '-subject', '-nameopt', 'RFC2253'], { encoding: 'utf8' });
}

describe('admin integrations', () => {
  it('creates a BANCO integration with its password write-only: masked in answers, absent from the table', async () => {
    const created = await create(banco());

    expect(created).toMatchObject({
      tipoIntegracao: 'BANCO',
      conexao: { driver: 'postgresql', host: '10.0.0.12', porta: 5432, banco: 'hospital', usuario: 'leitor', parametros: null },
      segredos: { senha: '****9876' },
      intervaloMinutos: 30,
      ativo: true,
      versao: 1,
    });
    const read = await api.admin('GET', `/api/admin/integracoes/${created.id}`);
    expect(read.body).toEqual(created);
    expect(JSON.stringify((await api.admin('GET', '/api/admin/integracoes')).body)).not.toContain('senha-super-secreta');
    const items = await db().send(
      new QueryCommand({
        TableName: service.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `APP#${demo().id}` },
      }),
    );
    expect(JSON.stringify(items.Items)).not.toContain('senha-super-secreta');
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = (await api.admin('GET', '/api/admin/integracoes')).body as unknown as Json[];
    const cases: [unknown, string][] = [
      [{ ...banco(), tipoIntegracao: undefined }, 'tipoIntegracao'],
      [{ ...banco(), tipoIntegracao: 'FTP' }, 'tipoIntegracao'],
      [banco({ conexao: { driver: 'postgresql', host: 'db', porta: 70000, banco: 'x' } }), 'conexao.porta'],
      [banco({ conexao: { driver: 'dbase', host: 'db', porta: 1, banco: 'x' } }), 'conexao.driver'],
      [banco({ nome: '  ' }), 'nome'],
      [banco({ intervaloMinutos: 0 }), 'intervaloMinutos'],
      [{ ...apiIntegration(), conexao: { urlBase: 'ftp://x' } }, 'conexao.urlBase'],
      [banco({ segredos: { token: 'x' } }), 'segredos'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.admin('POST', '/api/admin/integracoes', body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.field, JSON.stringify(answer.body)).toBe(field);
    }
    expect(((await api.admin('GET', '/api/admin/integracoes')).body as unknown as Json[]).length).toBe(before.length);
  });

  it('updates settings, keeps a secret left out, replaces one sent, removes one sent as null', async () => {
    const created = await create(banco());
    const url = `/api/admin/integracoes/${created.id}`;

    const kept = await api.admin('PUT', url, { ...banco({ nome: 'Renomeada' }), segredos: undefined });
    const replaced = await api.admin('PUT', url, { ...banco({ nome: 'Renomeada' }), segredos: { senha: 'outra-senha-5555' } });
    const removed = await api.admin('PUT', url, { ...banco({ nome: 'Renomeada', ativo: false }), segredos: { senha: null } });

    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ nome: 'Renomeada', segredos: { senha: '****9876' }, versao: 2 });
    expect(replaced.body).toMatchObject({ segredos: { senha: '****5555' }, versao: 3 });
    expect(removed.body).toMatchObject({ segredos: {}, ativo: false, versao: 4 });
  });

  it("answers 404 for another application's integration, on every route", async () => {
    const created = await create(banco());
    const url = `/api/admin/integracoes/${created.id}`;

    expect((await asOutra('GET', url)).status).toBe(404);
    expect((await asOutra('PUT', url, banco())).status).toBe(404);
    expect((await asOutra('DELETE', url)).status).toBe(404);
    expect((await asOutra('GET', `${url}/certificados`)).status).toBe(404);
    expect((await asOutra('POST', `${url}/certificados`, { csr: agentCsr().csr })).status).toBe(404);
    expect(JSON.stringify((await asOutra('GET', '/api/admin/integracoes')).body)).not.toContain(String(created.nome));
    expect((await api.admin('GET', url)).status).toBe(200);
    expect((await api.admin('GET', '/api/admin/integracoes/abc')).status).toBe(404);
  });

  it('deletes an integration (204), which then is 404', async () => {
    const created = await create(banco());
    const url = `/api/admin/integracoes/${created.id}`;

    expect((await api.admin('DELETE', url)).status).toBe(204);
    expect((await api.admin('GET', url)).status).toBe(404);
    expect((await api.admin('DELETE', url)).status).toBe(404);
  });
});

describe('agent reads its integrations', () => {
  it("answers only its certificate's integration, when active and of the type, with its secrets, over mutual TLS", async () => {
    // Prepare: demo's integrations (a database, another database, an inactive one, an API), one of outra, and their agents
    const active = await create(banco());
    const sibling = await create(banco({ segredos: { senha: 'senha-da-outra-integracao-5555' } }));
    const inactive = await create(banco({ ativo: false }));
    const lab = await create(apiIntegration());
    await create(banco({ segredos: { senha: 'senha-de-outra-aplicacao-4444' } }), (method, url, body) => asOutra(method, url, body));
    const token = await accessToken(service, demo().oauth, 'integracoes:read');
    const read = async (integration: Json, tipo: 'banco' | 'api') =>
      agentCall(service, 'GET', `/api/external/integracoes/${tipo}`, {
        identity: await integrationIdentity(demo().id, Number(integration.id)),
        authorization: token,
      });

    // Act
    const bancos = await read(active, 'banco');
    const apisOfDatabase = await read(active, 'api');
    const apis = await read(lab, 'api');
    const bancosOfApi = await read(lab, 'banco');
    const ofInactive = await read(inactive, 'banco');

    // Assess: the active database's agent gets its integration and nothing else
    expect(bancos.status).toBe(200);
    expect(bancos.json).toEqual([
      {
        id: active.id,
        tipoIntegracao: 'BANCO',
        nome: active.nome,
        conexao: active.conexao,
        segredos: { senha: 'senha-super-secreta-9876' },
        intervaloMinutos: 30,
        versao: active.versao,
      },
    ]);
    expect(apisOfDatabase.json).toEqual([]);
    expect((apis.json as Json[]).map((i) => i.id)).toEqual([lab.id]);
    expect((apis.json as Json[])[0]).toMatchObject({ segredos: { token: 'token-do-laboratorio-1234' } });
    expect(bancosOfApi.json).toEqual([]);
    expect(ofInactive.status).toBe(200);
    expect(ofInactive.json).toEqual([]);
    // No other integration's credentials, of this application or another, reach any of them
    const everything = JSON.stringify([bancos, apisOfDatabase, apis, bancosOfApi, ofInactive].map((a) => a.json));
    expect(everything).not.toContain('senha-da-outra-integracao-5555');
    expect(everything).not.toContain('senha-de-outra-aplicacao-4444');
    expect(everything).not.toContain(String(sibling.nome));
  });

  it('answers the sandbox agent its own sandbox integration only', async () => {
    const token = await accessToken(service, demo().oauth, 'integracoes:read');

    const bancos = await agentCall(service, 'GET', '/api/external/integracoes/banco', { authorization: token });

    expect(service.sandbox.agent).toMatchObject({ aplicacao: 'demo' });
    expect((bancos.json as Json[]).map((i) => i.id)).toEqual([service.sandbox.agent!.integracaoId]);
  });
});

describe('agent certificates from a CSR', () => {
  it('issues a certificate bound to the application and integration, which works with its token and not with another', async () => {
    const integration = await create(banco());
    const { csr, key } = agentCsr();
    const url = `/api/admin/integracoes/${integration.id}/certificados`;

    const issued = await api.admin('POST', url, { csr });

    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const certPem = String(issued.body.certificado);
    expect(certPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(subjectOf(certPem)).toContain(`O=aplicacao:${demo().id}`);
    expect(subjectOf(certPem)).toContain(`OU=integracao:${integration.id}`);
    expect(issued.body).toMatchObject({ serial: expect.stringMatching(/^[0-9a-f]+$/), revogado: false });
    const listed = await api.admin('GET', url);
    expect((listed.body as unknown as Json[]).map((c) => c.serial)).toEqual([issued.body.serial]);

    const identity = { cert: certPem, key };
    const demoToken = await accessToken(service, demo().oauth, 'integracoes:read');
    const outraToken = await accessToken(service, outra().oauth, 'integracoes:read');
    const own = await agentCall(service, 'GET', '/api/external/integracoes/banco', { identity, authorization: demoToken });
    expect(own.status).toBe(200);
    expect((own.json as Json[]).map((i) => i.id)).toEqual([integration.id]);
    expect((await agentCall(service, 'GET', '/api/external/integracoes/banco', { identity, authorization: outraToken })).status).toBe(401);
  });

  it('accepts an RSA CSR and refuses a malformed or tampered one with 400 naming csr', async () => {
    const integration = await create(banco());
    const url = `/api/admin/integracoes/${integration.id}/certificados`;
    const { csr } = agentCsr('ec');
    const body = csr.split('\n');
    // Flip one base64 character in the middle of the request: its signature no longer matches.
    const line = body[3]!;
    body[3] = line.slice(0, 10) + (line[10] === 'A' ? 'B' : 'A') + line.slice(11);

    expect((await api.admin('POST', url, { csr: agentCsr('rsa').csr })).status).toBe(201);
    for (const bad of ['not a csr', body.join('\n')]) {
      const answer = await api.admin('POST', url, { csr: bad });
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe('csr');
    }
    expect((await api.admin('POST', url, {})).status).toBe(400);
  });

  it('revokes a certificate: listed as revoked, the CRL re-issued at once, the agent refused', async () => {
    const integration = await create(banco());
    const { csr, key } = agentCsr();
    const url = `/api/admin/integracoes/${integration.id}/certificados`;
    const issued = await api.admin('POST', url, { csr });
    const identity = { cert: String(issued.body.certificado), key };
    const token = await accessToken(service, demo().oauth, 'integracoes:read');
    const call = () => agentCall(service, 'GET', '/api/external/integracoes/banco', { identity, authorization: token });
    expect((await call()).status).toBe(200);

    const revoked = await api.admin('POST', `${url}/${issued.body.serial}/revogar`, { motivo: 'notebook perdido' });
    const again = await api.admin('POST', `${url}/${issued.body.serial}/revogar`, {});
    await wait(CRL_CACHE_SECONDS * 1000 + 200);

    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ revogado: true, motivo: 'notebook perdido' });
    expect(again.status).toBe(200);
    expect((await call()).status).toBe(401);
    expect(((await api.admin('GET', url)).body as unknown as Json[])[0]).toMatchObject({ revogado: true });
    expect((await api.admin('POST', `${url}/ab12/revogar`, {})).status).toBe(404);
    expect((await api.admin('POST', `${url}/xyz/revogar`, {})).status).toBe(404);
  });

  it('deleting an integration revokes its certificates', async () => {
    const integration = await create(banco());
    const { csr, key } = agentCsr();
    const issued = await api.admin('POST', `/api/admin/integracoes/${integration.id}/certificados`, { csr });
    const identity = { cert: String(issued.body.certificado), key };
    const token = await accessToken(service, demo().oauth, 'integracoes:read');

    expect((await api.admin('DELETE', `/api/admin/integracoes/${integration.id}`)).status).toBe(204);
    await wait(CRL_CACHE_SECONDS * 1000 + 200);

    expect((await agentCall(service, 'GET', '/api/external/integracoes/banco', { identity, authorization: token })).status).toBe(401);
  });
});
