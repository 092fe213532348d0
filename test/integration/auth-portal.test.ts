// Portal JWTs end to end through the local gateway (DynamoDB Local, the real portal-jwt
// authorizer and group handlers) with the sandbox's tokens: each portal lets in its own role
// only, forged or foreign tokens get the gateway's 401, and an admin creates users who then
// log in and use their portal. Routes whose operations belong to later issues answer 501: for
// these tests anything but 401/403 means "let in".
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalService } from '../support/local-service.ts';
import type { SandboxApp } from '#infra/local/seed';
import { currentSigningKey, generateSigningKeyJwk } from '#shared/auth/signing-keys';
import { signAccessToken } from '#shared/auth/tokens';
import { config } from '#shared/config';
import { db } from '#shared/db/client';
import { gatewayResponses } from '#shared/http/gateway-responses';
import type { PortalRole } from '#shared/http/routes';

let demo: SandboxApp;
let outra: SandboxApp;

const service = useLocalService();

beforeAll(async () => {
  ({ demo, outra } = service.sandbox.applications);
});

interface Answer {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

async function call(method: string, route: string, token?: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${service.baseUrl}${route}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** One route per portal that answers its own token 200: a let-in is exactly that answer. */
const portalRoutes: Record<PortalRole, [string, string]> = {
  admin: ['GET', '/api/admin/whatsapp/setores'],
  prestador: ['GET', '/api/prestador/webhooks'],
  plantonista: ['GET', '/api/plantonista/perfil'],
  paciente: ['GET', '/api/v4/saude/perfil'],
};
const roles = Object.keys(portalRoutes) as PortalRole[];

const expectLetIn = (answer: Answer) => expect(answer.status, JSON.stringify(answer.json)).toBe(200);
const expectGatewayRefusal = (answer: Answer) => {
  expect(answer.status).toBe(401);
  expect(answer.json).toEqual(gatewayResponses.UNAUTHORIZED.body);
};

describe('the portal JWT authorizer', () => {
  it('lets the plantonista token into the physician portal', async () => {
    const answer = await call('GET', '/api/plantonista/perfil', demo.tokens.plantonista);

    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ nome: expect.any(String) });
  });

  it.each(roles)('lets the %s token into its own portal only', async (role) => {
    for (const portal of roles) {
      // Act
      const [method, route] = portalRoutes[portal];
      const answer = await call(method, route, demo.tokens[role]);

      // Assess
      if (portal === role) expectLetIn(answer);
      else {
        expect(answer.status, `${role} token on the ${portal} portal`).toBe(403);
        expect(answer.json).toMatchObject({ error: 'forbidden' });
      }
    }
  });

  it('refuses the patient and the admin token of the same application on the physician portal', async () => {
    for (const token of [demo.tokens.paciente, demo.tokens.admin]) {
      const answer = await call('GET', '/api/plantonista/perfil', token);

      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ error: 'forbidden', message: 'This token is not valid for this portal' });
    }
  });

  it('refuses a missing or non-Bearer Authorization with the gateway 401', async () => {
    expectGatewayRefusal(await call('GET', '/api/plantonista/perfil'));
    const basic = await fetch(`${service.baseUrl}/api/plantonista/perfil`, {
      headers: { Authorization: `Basic ${demo.tokens.plantonista}` },
    });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual(gatewayResponses.UNAUTHORIZED.body);
  });

  it('refuses a token whose signature was tampered with', async () => {
    // Prepare: same header and claims, one signature character changed.
    const [header, payload, signature] = demo.tokens.plantonista.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;

    // Act / Assess
    expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', `${header}.${payload}.${flipped}`));
  });

  it('refuses a token whose claims were changed (another application, another role)', async () => {
    const [header, , signature] = demo.tokens.plantonista.split('.') as [string, string, string];
    const claims = decodeJwt(demo.tokens.plantonista);
    for (const changed of [
      { ...claims, aplicacao_id: outra.id },
      { ...claims, role: 'admin' },
    ]) {
      const payload = Buffer.from(JSON.stringify(changed)).toString('base64url');

      expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', `${header}.${payload}.${signature}`));
    }
  });

  it('refuses alg none and HS256 tokens carrying valid claims', async () => {
    const claims = decodeJwt(demo.tokens.plantonista);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('a-guessed-shared-secret-of-32-bytes!'));

    expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', none));
    expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', hs256));
  });

  describe('tokens signed with the service key but wrong in one respect', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const claims = () => ({ role: 'plantonista', aplicacao_id: demo.id });
    async function sign(
      body: Record<string, unknown>,
      options: { typ?: string; aud?: string; iss?: string; exp?: number; key?: JWK } = {},
    ): Promise<string> {
      const current = await currentSigningKey();
      const key = options.key ? await importJWK(options.key, 'RS256') : current.privateKey;
      return new SignJWT(body)
        .setProtectedHeader({ alg: 'RS256', typ: options.typ ?? 'JWT', kid: options.key?.kid ?? current.kid })
        .setIssuer(options.iss ?? config().issuer)
        .setAudience(options.aud ?? config().portalAudience)
        .setSubject(decodeJwt(demo.tokens.plantonista).sub!) // demo's plantonista, whose profile exists
        .setIssuedAt(now() - 60)
        .setExpirationTime(options.exp ?? now() + 600)
        .setJti(randomUUID())
        .sign(key);
    }

    it('lets the well-formed control token in', async () => {
      expectLetIn(await call('GET', '/api/plantonista/perfil', await sign(claims())));
    });

    it('refuses an expired token', async () => {
      expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', await sign(claims(), { exp: now() - 1 })));
    });

    it('refuses an OAuth2 access token (typ at+jwt, the API audience) of the same application', async () => {
      const accessToken = await signAccessToken({ clientId: demo.oauth.clientId, aplicacaoId: demo.id, scopes: ['agendamentos:read'] });

      expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', accessToken));
      expectGatewayRefusal(await call('GET', '/api/admin/whatsapp/setores/1', accessToken));
    });

    it('refuses a wrong audience, issuer or typ, each alone', async () => {
      expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', await sign(claims(), { aud: config().accessTokenAudience })));
      expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', await sign(claims(), { iss: 'urn:someone-else' })));
      expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', await sign(claims(), { typ: 'at+jwt' })));
    });

    it('refuses a key outside the key set, an unknown role and a token without a tenant', async () => {
      const stranger = await generateSigningKeyJwk();
      expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', await sign(claims(), { key: stranger })));
      expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', await sign({ ...claims(), role: 'medico' })));
      expectGatewayRefusal(await call('GET', '/api/plantonista/perfil', await sign({ role: 'plantonista' })));
    });
  });
});

describe('POST /api/admin/usuarios', () => {
  const strongPassword = 'uma senha bem comprida 42';
  const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@clinica.example`;
  const login = (address: string, senha: string) => call('POST', '/api/auth/login', undefined, { email: address, senha });

  it('creates a plantonista who logs in and uses the physician portal, and only it', async () => {
    // Prepare
    const address = email('plantonista');

    // Act
    const created = await call('POST', '/api/admin/usuarios', outra.tokens.admin, {
      nome: 'Dra. Ana',
      email: address,
      role: 'plantonista',
      senha: strongPassword,
    });
    const loggedIn = await login(address, strongPassword);

    // Assess
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(Number), nome: 'Dra. Ana', email: address, role: 'plantonista', aplicacaoId: outra.id });
    expect(loggedIn.status).toBe(200);
    const token = loggedIn.json.access_token as string;
    expect(decodeJwt(token)).toMatchObject({ role: 'plantonista', aplicacao_id: outra.id, sub: String(created.json.id) });
    expectLetIn(await call('GET', '/api/plantonista/perfil', token));
    expect((await call('GET', '/api/prestador/webhooks/1', token)).status).toBe(403);
    expect((await call('GET', '/api/admin/whatsapp/setores/1', token)).status).toBe(403);
  });

  it('creates a prestador user for a provider of the application; its token carries the provider', async () => {
    const address = email('prestador');

    const created = await call('POST', '/api/admin/usuarios', demo.tokens.admin, {
      nome: 'Recepção',
      email: address,
      role: 'prestador',
      senha: strongPassword,
      prestadorId: demo.prestador.id,
    });
    const loggedIn = await login(address, strongPassword);

    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ role: 'prestador', prestadorId: demo.prestador.id, aplicacaoId: demo.id });
    const claims = decodeJwt(loggedIn.json.access_token as string);
    expect(claims).toMatchObject({ role: 'prestador', prestador_id: demo.prestador.id, aplicacao_id: demo.id });
    expectLetIn(await call('GET', '/api/prestador/webhooks', loggedIn.json.access_token as string));
  });

  it("refuses a prestador user without a provider, or with another application's or an unknown one (400)", async () => {
    for (const prestadorId of [undefined, outra.prestador.id, 999_999_999]) {
      const answer = await call('POST', '/api/admin/usuarios', demo.tokens.admin, {
        nome: 'X',
        email: email('semprestador'),
        role: 'prestador',
        senha: strongPassword,
        prestadorId,
      });

      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: 'validation_error', field: 'prestadorId' });
    }
  });

  it('creates an admin whose login token manages users of its own application', async () => {
    const address = email('admin');
    await call('POST', '/api/admin/usuarios', outra.tokens.admin, { nome: 'Gestor', email: address, role: 'admin', senha: strongPassword });

    const loggedIn = await login(address, strongPassword);
    const token = loggedIn.json.access_token as string;
    const made = await call('POST', '/api/admin/usuarios', token, {
      nome: 'Paciente',
      email: email('p'),
      role: 'paciente',
      telefone: '+5511988887777',
    });

    expect(loggedIn.json).toMatchObject({ token_type: 'Bearer', role: 'admin', expires_in: 900 });
    expect(decodeJwt(token).plataforma).toBeUndefined();
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ role: 'paciente', telefone: '+5511988887777', aplicacaoId: outra.id });
  });

  it('lets a platform admin create users in any application, and a tenant admin only in its own (404)', async () => {
    // Act
    const byPlatform = await call('POST', '/api/admin/usuarios', demo.tokens.admin, {
      nome: 'Plantonista da Outra',
      email: email('cross'),
      role: 'plantonista',
      senha: strongPassword,
      aplicacaoId: outra.id,
    });
    const byTenant = await call('POST', '/api/admin/usuarios', outra.tokens.admin, {
      nome: 'Intruso',
      email: email('intruso'),
      role: 'plantonista',
      senha: strongPassword,
      aplicacaoId: demo.id,
    });
    const ownByTenant = await call('POST', '/api/admin/usuarios', outra.tokens.admin, {
      nome: 'Na própria',
      email: email('propria'),
      role: 'plantonista',
      senha: strongPassword,
      aplicacaoId: outra.id,
    });
    const unknownApp = await call('POST', '/api/admin/usuarios', demo.tokens.admin, {
      nome: 'Lugar nenhum',
      email: email('nenhum'),
      role: 'plantonista',
      senha: strongPassword,
      aplicacaoId: 987_654_321,
    });

    // Assess
    expect(byPlatform.status).toBe(201);
    expect(byPlatform.json.aplicacaoId).toBe(outra.id);
    expect(byTenant.status).toBe(404);
    expect(ownByTenant.status).toBe(201);
    expect(unknownApp.status).toBe(404);
  });

  it('lets only a platform admin make a platform admin, whose login token carries plataforma', async () => {
    const address = email('operador');
    const refused = await call('POST', '/api/admin/usuarios', outra.tokens.admin, {
      nome: 'Operador',
      email: email('operador'),
      role: 'admin',
      senha: strongPassword,
      plataforma: true,
    });
    const created = await call('POST', '/api/admin/usuarios', demo.tokens.admin, {
      nome: 'Operador',
      email: address,
      role: 'admin',
      senha: strongPassword,
      plataforma: true,
    });
    const loggedIn = await login(address, strongPassword);
    const crossTenant = await call('POST', '/api/admin/usuarios', loggedIn.json.access_token as string, {
      nome: 'Criado pelo operador',
      email: email('op'),
      role: 'plantonista',
      senha: strongPassword,
      aplicacaoId: outra.id,
    });

    expect(refused.status).toBe(403);
    expect(created.status).toBe(201);
    expect(decodeJwt(loggedIn.json.access_token as string)).toMatchObject({ role: 'admin', plataforma: true });
    expect(crossTenant.status).toBe(201);
  });

  it('refuses an e-mail already in use on the platform, whatever its case (409)', async () => {
    const address = email('repetido');
    const first = await call('POST', '/api/admin/usuarios', demo.tokens.admin, {
      nome: 'A',
      email: address,
      role: 'plantonista',
      senha: strongPassword,
    });

    const again = await call('POST', '/api/admin/usuarios', outra.tokens.admin, {
      nome: 'B',
      email: address.toUpperCase(),
      role: 'plantonista',
      senha: strongPassword,
    });
    const sandboxAdmin = await call('POST', '/api/admin/usuarios', outra.tokens.admin, {
      nome: 'C',
      email: 'admin@demo.sandbox.local',
      role: 'admin',
      senha: strongPassword,
    });

    expect(first.status).toBe(201);
    expect(again.status).toBe(409);
    expect(sandboxAdmin.status).toBe(409);
  });

  it('refuses a patient phone already registered in the application (409)', async () => {
    const body = { nome: 'Paciente', role: 'paciente', telefone: '+5511977776666' };
    const first = await call('POST', '/api/admin/usuarios', demo.tokens.admin, { ...body, email: email('pac') });
    const again = await call('POST', '/api/admin/usuarios', demo.tokens.admin, { ...body, email: email('pac') });
    const otherApp = await call('POST', '/api/admin/usuarios', outra.tokens.admin, { ...body, email: email('pac') });

    expect(first.status).toBe(201);
    expect(again.status).toBe(409);
    expect(otherApp.status).toBe(201);
  });

  it.each([
    ['a short password', { role: 'plantonista', senha: 'curta-11chr' }, 'senha'],
    ['no password for a plantonista', { role: 'plantonista' }, 'senha'],
    ['a password for a paciente', { role: 'paciente', telefone: '+5511966665555', senha: strongPassword }, 'senha'],
    ['a paciente without telefone', { role: 'paciente' }, 'telefone'],
    ['a telefone not in E.164', { role: 'paciente', telefone: '11 99999-0000' }, 'telefone'],
    ['an unknown role', { role: 'medico', senha: strongPassword }, 'role'],
    ['an invalid e-mail', { role: 'plantonista', senha: strongPassword, email: 'not-an-email' }, 'email'],
  ])('answers 400 naming the field for %s', async (_, fields, field) => {
    const answer = await call('POST', '/api/admin/usuarios', demo.tokens.admin, { nome: 'X', email: email('inv'), ...fields });

    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: 'validation_error', field });
  });

  it('is refused to every non-admin token', async () => {
    for (const role of ['prestador', 'plantonista', 'paciente'] as const) {
      const answer = await call('POST', '/api/admin/usuarios', demo.tokens[role], {
        nome: 'X',
        email: email('x'),
        role: 'admin',
        senha: strongPassword,
      });
      expect(answer.status).toBe(403);
    }
  });

  it('stores only the scrypt hash of the password and never answers with it', async () => {
    // Prepare
    const address = email('hash');
    const secret = `segredo-${randomUUID()}`;

    // Act
    const created = await call('POST', '/api/admin/usuarios', demo.tokens.admin, {
      nome: 'H',
      email: address,
      role: 'plantonista',
      senha: secret,
    });

    // Assess
    expect(JSON.stringify(created.json)).not.toContain(secret);
    expect(Object.keys(created.json)).not.toContain('senha');
    const items = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db().send(new ScanCommand({ TableName: service.tableName, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    expect(JSON.stringify(items)).not.toContain(secret);
    const lookup = items.find((item) => item.pk === `USEREMAIL#${address}`);
    expect(lookup?.senhaHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    const user = items.find((item) => item.sk === `USER#${String(created.json.id)}`);
    expect(user).toBeDefined();
    expect(user).not.toHaveProperty('senhaHash');
  });
});
