// The console's sessions (#26) end to end through the local gateway (DynamoDB Local, the real token
// handler): the password login sets the refresh cookie, /api/auth/refresh rotates it, a spent token
// presented again revokes its family, /api/auth/logout revokes, two refreshes of one token never both
// succeed, and a token is bound to its user and application.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useLocalService, type Reply } from '../support/local-service.ts';
import type { SandboxApp } from '#infra/local/seed';
import { hashPassword } from '#shared/auth/passwords';
import { db } from '#shared/db/client';
import * as keys from '#shared/db/keys';

const service = useLocalService();
const { call, admin, newApplication } = client(service);

let demo: SandboxApp;
let outra: SandboxApp;

beforeAll(() => {
  ({ demo, outra } = service.sandbox.applications);
});

const password = 'uma senha bem comprida 42';
const COOKIE = /^refresh_token=([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}); HttpOnly; Secure; SameSite=Strict; Path=\/api\/auth; Max-Age=43200$/;
const CLEARED = 'refresh_token=; HttpOnly; Secure; SameSite=Strict; Path=/api/auth; Max-Age=0';
const console_ = { 'X-Requested-With': 'console' };

interface User {
  id: number;
  email: string;
  aplicacaoId: number;
}

async function newUser(app: { id: number; tokens?: SandboxApp['tokens'] }, role = 'plantonista'): Promise<User> {
  const email = `${role}-${randomUUID().slice(0, 8)}@clinica.example`;
  const created = await admin('POST', '/api/admin/usuarios', { nome: 'Secretária', email, role, senha: password, aplicacaoId: app.id });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as number, email, aplicacaoId: app.id };
}

/** The refresh token of an answer's Set-Cookie (the whole `<id>.<secret>`), failing when there is none. */
function cookieOf(answer: Reply): string {
  const header = answer.headers.get('set-cookie') ?? '';
  const token = COOKIE.exec(header)?.[1];
  expect(token, `a refresh cookie in ${JSON.stringify(header)}`).toBeDefined();
  return token!;
}

async function login(user: User): Promise<{ answer: Reply; token: string }> {
  const answer = await call('POST', '/api/auth/login', {}, { email: user.email, senha: password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { answer, token: cookieOf(answer) };
}

const refresh = (token: string | undefined, headers: Record<string, string> = console_, body?: unknown) =>
  call(
    'POST',
    '/api/auth/refresh',
    { ...headers, ...(token === undefined ? {} : { Cookie: `tema=escuro; refresh_token=${token}` }) },
    body,
  );
const logout = (token: string | undefined, headers: Record<string, string> = console_) =>
  call('POST', '/api/auth/logout', { ...headers, ...(token === undefined ? {} : { Cookie: `refresh_token=${token}` }) });

const refused = { error: 'invalid_grant', message: 'The refresh token is invalid, expired or revoked' };

const familyOf = async (aplicacaoId: number, token: string) => {
  const tokenItem = (await db().send(new GetCommand({ TableName: service.tableName, Key: keys.refreshToken(token.split('.')[0]!) }))).Item;
  const family = tokenItem
    ? (await db().send(new GetCommand({ TableName: service.tableName, Key: keys.sessionFamily(aplicacaoId, String(tokenItem.familiaId)) })))
        .Item
    : undefined;
  return { tokenItem, family };
};

describe('POST /api/auth/login', () => {
  it('sets the refresh cookie with exactly its attributes; the JSON answer is unchanged', async () => {
    // Prepare
    const user = await newUser(demo);

    // Act
    const { answer, token } = await login(user);

    // Assess
    expect(answer.headers.get('set-cookie')).toMatch(COOKIE);
    expect(answer.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, role: 'plantonista' });
    // Stored hashed: the secret is nowhere in the token's item or its family.
    const { tokenItem, family } = await familyOf(demo.id, token);
    const secret = token.split('.')[1]!;
    expect(JSON.stringify(tokenItem)).not.toContain(secret);
    expect(tokenItem).toMatchObject({ tipo: 'REFRESH', aplicacaoId: demo.id, segredoHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(family).toMatchObject({ tipo: 'SESSAO', userId: user.id, role: 'plantonista' });
    expect(JSON.stringify(family)).not.toContain(secret);
  });
});

describe('POST /api/auth/refresh', () => {
  it('answers a new access token and rotates the cookie; the new token works once more', async () => {
    // Prepare
    const user = await newUser(demo, 'admin');
    const { token: first } = await login(user);

    // Act
    const rotated = await refresh(first);
    const second = cookieOf(rotated);
    const again = await refresh(second);

    // Assess
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900, role: 'admin' });
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(second).not.toBe(first);
    expect(decodeJwt(rotated.body.access_token as string)).toMatchObject({ sub: String(user.id), role: 'admin', aplicacao_id: demo.id });
    expect(again.status).toBe(200);
    expect(cookieOf(again)).not.toBe(second);
    // The access token is a portal token the portal routes accept.
    const used = await call('GET', '/api/admin/aplicacoes/' + demo.id, { Authorization: `Bearer ${again.body.access_token as string}` });
    expect(used.status).toBe(200);
  });

  it('revokes the whole family when a spent token is presented again', async () => {
    // Prepare
    const user = await newUser(demo);
    const { token: first } = await login(user);
    const second = cookieOf(await refresh(first));
    const { token: otherSession } = await login(user);

    // Act
    const reused = await refresh(first);
    const afterReuse = await refresh(second);

    // Assess
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual(refused);
    expect(reused.headers.get('set-cookie')).toBe(CLEARED);
    expect(afterReuse.status).toBe(401);
    expect((await familyOf(demo.id, second)).family).toMatchObject({ motivo: 'reuse', revogadoEm: expect.any(Number) });
    // Another session of the same user is its own family, untouched.
    expect((await refresh(otherSession)).status).toBe(200);
  });

  it('lets exactly one of concurrent refreshes of one token through', async () => {
    // Prepare
    const user = await newUser(demo);
    const { token } = await login(user);

    // Act
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(token)));

    // Assess: one 200; the others presented a spent token, which revokes the family (the winner's next token too).
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(7);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await refresh(cookieOf(winner))).status).toBe(401);
  });

  it('refuses a token of a deactivated, deleted or re-passworded user, and of an inactive application', async () => {
    // Prepare: four users with a session each, then each changed.
    const app = await newApplication();
    const [deactivated, deleted, repassworded, ofInactiveApp] = await Promise.all([
      newUser(demo),
      newUser(demo),
      newUser(demo),
      newUser(app),
    ]);
    const tokens = await Promise.all([deactivated, deleted, repassworded, ofInactiveApp].map(async (u) => (await login(u)).token));
    const TableName = service.tableName;
    await db().send(
      new UpdateCommand({
        TableName,
        Key: keys.portalUser(demo.id, deactivated.id),
        UpdateExpression: 'SET ativo = :f',
        ExpressionAttributeValues: { ':f': false },
      }),
    );
    await db().send(new DeleteCommand({ TableName, Key: keys.portalUser(demo.id, deleted.id) }));
    await db().send(
      new UpdateCommand({
        TableName,
        Key: keys.userEmail(repassworded.email),
        UpdateExpression: 'SET senhaHash = :h',
        ExpressionAttributeValues: { ':h': await hashPassword('outra senha bem comprida 43') },
      }),
    );
    expect((await admin('PUT', `/api/admin/aplicacoes/${app.id}/ativo`, { ativo: false })).status).toBe(200);

    // Act
    const answers = await Promise.all(tokens.map((t) => refresh(t)));

    // Assess
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(refused);
    }
    // Revoked: reactivating the application does not bring the session back.
    expect((await admin('PUT', `/api/admin/aplicacoes/${app.id}/ativo`, { ativo: true })).status).toBe(200);
    expect((await refresh(tokens[3])).status).toBe(401);
  });

  it("issues tokens of the user's own application, and keeps its session under that application", async () => {
    // Prepare
    const [ofDemo, ofOutra] = await Promise.all([newUser(demo, 'admin'), newUser(outra, 'admin')]);
    const [a, b] = await Promise.all([login(ofDemo), login(ofOutra)]);

    // Act
    const [ra, rb] = await Promise.all([refresh(a.token), refresh(b.token)]);

    // Assess
    expect(decodeJwt(ra.body.access_token as string)).toMatchObject({ aplicacao_id: demo.id, sub: String(ofDemo.id) });
    expect(decodeJwt(rb.body.access_token as string)).toMatchObject({ aplicacao_id: outra.id, sub: String(ofOutra.id) });
    expect((await familyOf(outra.id, b.token)).family).toMatchObject({ userId: ofOutra.id });
    expect((await familyOf(demo.id, b.token)).family).toBeUndefined();
  });

  it('refuses without the X-Requested-With header (403, the token not spent), a body, no cookie and a forged token', async () => {
    // Prepare
    const user = await newUser(demo);
    const { token } = await login(user);
    const [id] = token.split('.');

    // Act
    const noHeader = await refresh(token, {});
    const wrongHeader = await refresh(token, { 'X-Requested-With': 'XMLHttpRequest' });
    const withBody = await refresh(token, console_, { grant_type: 'refresh_token' });
    const noCookie = await refresh(undefined);
    const forged = await refresh(`${id}.${'A'.repeat(43)}`);
    const stillGood = await refresh(token);

    // Assess
    expect([noHeader.status, wrongHeader.status]).toEqual([403, 403]);
    expect(noHeader.body).toMatchObject({ error: 'forbidden' });
    expect(withBody.status).toBe(400);
    expect(noCookie.status).toBe(401);
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual(refused);
    expect(stillGood.status).toBe(200); // neither the refusals nor the forged secret spent or revoked it
  });

  it('grants no CORS preflight, so another origin cannot send the header', async () => {
    // Act
    const preflight = await fetch(`${service.baseUrl}/api/auth/refresh`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://attacker.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-requested-with',
      },
    });

    // Assess
    expect(preflight.ok).toBe(false);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('takes an empty JSON object as the body', async () => {
    const { token } = await login(await newUser(demo));

    expect((await refresh(token, console_, {})).status).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the family and clears the cookie', async () => {
    // Prepare
    const user = await newUser(demo);
    const { token: first } = await login(user);
    const second = cookieOf(await refresh(first));

    // Act
    const out = await logout(second);
    const after = await refresh(second);

    // Assess
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe(CLEARED);
    expect(after.status).toBe(401);
    expect((await familyOf(demo.id, second)).family).toMatchObject({ motivo: 'logout' });
  });

  it('needs the X-Requested-With header, and answers 204 without a cookie', async () => {
    const { token } = await login(await newUser(demo));

    const refusedLogout = await logout(token, {});
    const noCookie = await logout(undefined);

    expect(refusedLogout.status).toBe(403);
    expect(noCookie.status).toBe(204);
    expect((await refresh(token)).status).toBe(200); // the refused logout revoked nothing
  });
});
