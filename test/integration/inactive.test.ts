// Inactive means inactive (#12 item 6), through the local gateway and its authorizers: an application
// marked inactive has its API key refused (401) and its sends refused (403, nothing charged) also for
// an OAuth token issued before; a prestador marked inactive has its credentials refused; a revoked
// OAuth client gets no new token. Each comes back when reactivated.
import { describe, expect, it } from 'vitest';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const { call, admin, external, newApplication } = client(service);

const setActive = (id: number, ativo: boolean) => admin('PUT', `/api/admin/aplicacoes/${id}/ativo`, { ativo });
const message = { telefone: '+5511955560001', mensagem: 'Sua consulta é amanhã' };

async function oauthClientOf(id: number) {
  const created = await admin('POST', `/api/admin/aplicacoes/${id}/oauth-clients`, { nome: 'integração', scopes: ['mensagens:enviar'] });
  expect(created.status).toBe(201);
  return { clientId: created.body.clientId as string, clientSecret: created.body.clientSecret as string, scopes: [] };
}

const tokenStatus = async (oauth: { clientId: string; clientSecret: string }) =>
  (
    await fetch(`${service.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${oauth.clientId}:${oauth.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
  ).status;

describe('an inactive application', () => {
  it('has its API key refused, also a key issued while inactive, until it is active again', async () => {
    const app = await newApplication('link', '1.00');
    expect((await external(app).send(message)).status).toBe(200);

    const deactivated = await setActive(app.id, false);
    const refused = await external(app).send(message);
    const balance = await external(app).get('/api/external/financeiro/saldo');
    const renewed = await admin('POST', `/api/admin/aplicacoes/${app.id}/credenciais`);
    const withNewKey = await external({ apiKey: renewed.body.apiKey, apiSecret: renewed.body.apiSecret }).get(
      '/api/external/financeiro/saldo',
    );
    const reactivated = await setActive(app.id, true);
    const again = await external({ apiKey: renewed.body.apiKey, apiSecret: renewed.body.apiSecret }).send(message);

    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id: app.id, ativo: false });
    expect(refused.status).toBe(401);
    expect(balance.status).toBe(401);
    expect(renewed.status).toBe(201);
    expect(withNewKey.status).toBe(401);
    expect(reactivated.body).toMatchObject({ ativo: true });
    expect(again.status).toBe(200);
    const statement = (
      await external({ apiKey: renewed.body.apiKey, apiSecret: renewed.body.apiSecret }).get('/api/external/financeiro/extrato?size=10')
    ).body.content as Json[];
    expect(statement.filter((e) => e.tipo === 'DEBIT')).toHaveLength(2);
  });

  it('sends nothing for an OAuth token issued before it was deactivated (403, nothing charged), and gets no new token', async () => {
    const app = await newApplication('link', '1.00');
    const oauth = await oauthClientOf(app.id);
    const token = await accessToken(service, oauth, 'mensagens:enviar');

    await setActive(app.id, false);
    const sent = await call('POST', '/api/external/v2/mensagens', bearer(token), message);
    const newToken = await tokenStatus(oauth);
    await setActive(app.id, true);

    expect(sent.status).toBe(403);
    expect(sent.body).toMatchObject({ error: 'forbidden' });
    expect(newToken).toBe(401);
    expect((await external(app).get('/api/external/financeiro/saldo')).body.saldo).toBe('1.00');
  });

  it('may only be deactivated by a platform administrator, and an unknown one is 404', async () => {
    const app = await newApplication('link');
    const byTenantAdmin = await call(
      'PUT',
      `/api/admin/aplicacoes/${app.id}/ativo`,
      bearer(service.sandbox.applications.outra.tokens.admin),
      {
        ativo: false,
      },
    );
    const unknown = await setActive(987654321, false);
    const invalid = await admin('PUT', `/api/admin/aplicacoes/${app.id}/ativo`, { ativo: 'no' });

    expect(byTenantAdmin.status).toBe(403);
    expect(unknown.status).toBe(404);
    expect(invalid.status).toBe(400);
    expect((await external(app).get('/api/external/financeiro/saldo')).status).toBe(200);
  });
});

describe('an inactive prestador', () => {
  it('has its credentials refused by their authorizer until it is active again', async () => {
    const demo = service.sandbox.applications.demo;
    const execucao = () =>
      call(
        'POST',
        '/api/external/prestador/v1/execucao',
        { 'X-Api-Key': demo.prestador.apiKey, 'X-Api-Secret': demo.prestador.apiSecret },
        {},
      );
    const path = `/api/admin/aplicacoes/${demo.id}/prestadores/${demo.prestador.id}/ativo`;

    const before = await execucao();
    const deactivated = await admin('PUT', path, { ativo: false });
    const refused = await execucao();
    await admin('PUT', path, { ativo: true });
    const after = await execucao();
    const unknown = await admin('PUT', `/api/admin/aplicacoes/${demo.id}/prestadores/987654/ativo`, { ativo: false });

    // An empty body is the operation's 400: the credential itself was accepted.
    expect(before.status).toBe(400);
    expect(deactivated.body).toEqual({ prestadorId: demo.prestador.id, ativo: false });
    expect(refused.status).toBe(401);
    expect(after.status).toBe(400);
    expect(unknown.status).toBe(404);
  });
});

describe('a revoked OAuth client', () => {
  it('gets no new token, shows when it was revoked, and is 404 under another application', async () => {
    const app = await newApplication('link');
    const other = await newApplication('link');
    const oauth = await oauthClientOf(app.id);
    expect(await tokenStatus(oauth)).toBe(200);

    const elsewhere = await admin('DELETE', `/api/admin/aplicacoes/${other.id}/oauth-clients/${oauth.clientId}`);
    const revoked = await admin('DELETE', `/api/admin/aplicacoes/${app.id}/oauth-clients/${oauth.clientId}`);
    const listed = await admin('GET', `/api/admin/aplicacoes/${app.id}/oauth-clients`);

    expect(elsewhere.status).toBe(404);
    expect(revoked.status).toBe(204);
    expect(await tokenStatus(oauth)).toBe(401);
    expect(listed.body).toEqual([expect.objectContaining({ clientId: oauth.clientId, revogadoEm: expect.any(String) })]);
  });
});
