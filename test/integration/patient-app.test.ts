// The patient app through the local gateway with real patient tokens (one-time code on WhatsApp, read
// from the local outbox): the profile (the v2 patient record of the phone, CPF masked, partial PUT, 400
// naming the field with nothing written) and the device consents (batch all or nothing, revoke/grant
// with the history never rewritten, the flow's opt-out following NOTIFICACOES_WHATSAPP).
import { randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { db } from '#shared/db/client';

const service = useLocalService();
const api = client(service);
const demo = () => service.sandbox.applications.demo;

/** A new paciente user of demo, logged in with a one-time code: its phone and token. */
async function newPatient(): Promise<{ telefone: string; token: string }> {
  const telefone = `+55479${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
  const created = await api.admin('POST', '/api/admin/usuarios', {
    nome: 'Paciente de Teste',
    email: `paciente-${randomUUID().slice(0, 8)}@example.com`,
    role: 'paciente',
    telefone,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await api.call('POST', '/api/auth/paciente/codigo', {}, { aplicacao: demo().slug, telefone })).status).toBe(202);
  // The code is sent by the patient-code queue's consumer, after the answer.
  await service.queues.drained();
  const outbox = path.join(service.dataDir, 'outbox');
  let code: string | undefined;
  for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.includes('-whatsapp-'))) {
    const text = JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as { to: string; body: string };
    if (text.to === telefone) code = /(\d{6})/.exec(text.body)?.[1];
  }
  const exchanged = await api.call('POST', '/api/auth/paciente/token', {}, { aplicacao: demo().slug, telefone, codigo: code });
  expect(exchanged.status).toBe(200);
  return { telefone, token: String(exchanged.body.access_token) };
}

/** A CPF no other test uses: nine random digits and their check digits. */
function newCpf(): string {
  const digits = Array.from({ length: 9 }, () => randomInt(0, 10));
  for (const length of [9, 10]) {
    const sum = digits.reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}
const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

const as = (token: string) => bearer(token);
const optOutOf = async (telefone: string) =>
  (await db().send(new GetCommand({ TableName: service.tableName, Key: { pk: `APP#${demo().id}`, sk: `OPTOUT#${telefone}` } }))).Item;

describe('patient app: authentication', () => {
  it('answers 401 without a token and 403 for another portal role', async () => {
    for (const [method, url] of [
      ['GET', '/api/v4/saude/perfil'],
      ['PUT', '/api/v4/saude/perfil'],
      ['GET', '/api/v4/saude/consentimentos'],
      ['PUT', '/api/v4/saude/consentimentos'],
      ['PUT', '/api/v4/saude/consentimentos/CAMERA/revogar'],
      ['PUT', '/api/v4/saude/consentimentos/CAMERA/conceder'],
    ] as const) {
      const body = method === 'PUT' ? {} : undefined;
      expect((await api.call(method, url, {}, body)).status, `${method} ${url} without a token`).toBe(401);
      expect((await api.call(method, url, as(demo().tokens.plantonista), body)).status, `${method} ${url} as plantonista`).toBe(403);
    }
  });
});

describe('GET/PUT /api/v4/saude/perfil', () => {
  it('shows the sandbox patient a complete profile with the CPF masked', async () => {
    const answer = await api.call('GET', '/api/v4/saude/perfil', as(demo().tokens.paciente));

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ nome: expect.any(String), sexo: 'F', dataNascimento: '1985-04-12', cidade: 'São Paulo' });
  });

  it('is the v2 patient record of the phone: the CPF the application set is shown masked', async () => {
    const { telefone, token } = await newPatient();
    const oauth = await accessToken(service, demo().oauth);
    const cpf = newCpf();
    const set = await api.call('POST', '/api/external/v2/pacientes', bearer(oauth), { telefone, cpf });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const answer = await api.call('GET', '/api/v4/saude/perfil', as(token));

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ telefone, cpf: masked(cpf) });
    expect(JSON.stringify(answer.body)).not.toContain(cpf);
  });

  it('changes only the fields sent and answers the whole profile; a GET shows the same', async () => {
    const { telefone, token } = await newPatient();
    await api.call('PUT', '/api/v4/saude/perfil', as(token), { nome: '  Joana Prado ', cidade: 'Curitiba' });

    const put = await api.call('PUT', '/api/v4/saude/perfil', as(token), { sexo: 'F', dataNascimento: '1990-02-28', bairro: null });
    const get = await api.call('GET', '/api/v4/saude/perfil', as(token));

    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      nome: 'Joana Prado',
      cidade: 'Curitiba',
      sexo: 'F',
      dataNascimento: '1990-02-28',
      bairro: null,
      telefone,
    });
    expect(get.body).toEqual(put.body);
  });

  it('takes back what its GET answered, read-only fields unchanged, and applies the edited ones', async () => {
    // Prepare: a patient whose CPF the application set, so the profile shows it masked.
    const { telefone, token } = await newPatient();
    const oauth = await accessToken(service, demo().oauth);
    const cpf = newCpf();
    const set = await api.call('POST', '/api/external/v2/pacientes', bearer(oauth), { telefone, cpf });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const read = await api.call('GET', '/api/v4/saude/perfil', as(token));

    // Act: the whole object back, with the name edited.
    const put = await api.call('PUT', '/api/v4/saude/perfil', as(token), { ...read.body, nome: 'Joana Round Trip' });

    // Assess
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: read.body.id, telefone, cpf: masked(cpf), nome: 'Joana Round Trip' });
  });

  it.each([
    [{ sexo: 'X' }, 'sexo'],
    [{ dataNascimento: '1990-02-30' }, 'dataNascimento'],
    [{ dataNascimento: '2999-01-01' }, 'dataNascimento'],
    [{ nome: '   ' }, 'nome'],
    [{ cidade: 'x'.repeat(101) }, 'cidade'],
    [{ telefone: '+5511999990000' }, 'telefone'],
    [{ cpf: '52998224725' }, 'cpf'],
  ])('answers 400 naming the field for %j, with nothing written', async (body, field) => {
    const { token } = await newPatient();
    const before = await api.call('GET', '/api/v4/saude/perfil', as(token));

    const answer = await api.call('PUT', '/api/v4/saude/perfil', as(token), { nome: 'Outro Nome', ...body });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field });
    expect((await api.call('GET', '/api/v4/saude/perfil', as(token))).body).toEqual(before.body);
  });
});

describe('/api/v4/saude/consentimentos', () => {
  const putBatch = (token: string, consentimentos: Json[]) =>
    api.call('PUT', '/api/v4/saude/consentimentos', as(token), { dispositivo: 'Pixel 8', versaoTermos: '2026.2', consentimentos });

  it('registers several consents at once and lists them', async () => {
    const { token } = await newPatient();

    const put = await putBatch(token, [
      { tipo: 'CAMERA', concedido: true },
      { tipo: 'LOCALIZACAO', concedido: false },
    ]);
    const get = await api.call('GET', '/api/v4/saude/consentimentos', as(token));

    expect(put.status).toBe(200);
    expect(put.body).toEqual([
      expect.objectContaining({ tipo: 'CAMERA', concedido: true, dispositivo: 'Pixel 8', versaoTermos: '2026.2', revogadoEm: null }),
      expect.objectContaining({ tipo: 'LOCALIZACAO', concedido: false, concedidoEm: null, revogadoEm: expect.any(String) }),
    ]);
    expect(get.body).toHaveLength(2);
  });

  it('keeps every grant and revocation in the history, with what the app sent with a revocation', async () => {
    const { token } = await newPatient();

    await api.call('PUT', '/api/v4/saude/consentimentos/NOTIFICACOES_PUSH/conceder', as(token));
    const revoked = await api.call('PUT', '/api/v4/saude/consentimentos/NOTIFICACOES_PUSH/revogar', as(token), {
      motivo: 'muitas notificações',
      versaoApp: '3.4.1',
    });
    const again = await api.call('PUT', '/api/v4/saude/consentimentos/NOTIFICACOES_PUSH/conceder', as(token));
    const repeat = await api.call('PUT', '/api/v4/saude/consentimentos/NOTIFICACOES_PUSH/conceder', as(token));

    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ concedido: false, revogadoEm: expect.any(String) });
    expect(again.body).toMatchObject({ concedido: true });
    const history = (again.body.historico as Json[]).map((h) => [h.acao, h.detalhes]);
    expect(history).toEqual([
      ['CONCEDIDO', null],
      ['REVOGADO', { motivo: 'muitas notificações', versaoApp: '3.4.1' }],
      ['CONCEDIDO', null],
    ]);
    // A grant of a granted consent changes nothing and adds nothing.
    expect(repeat.body).toEqual(again.body);
  });

  it('stops the automated WhatsApp messages when NOTIFICACOES_WHATSAPP is revoked, and resumes them when granted', async () => {
    const { telefone, token } = await newPatient();

    await api.call('PUT', '/api/v4/saude/consentimentos/NOTIFICACOES_WHATSAPP/revogar', as(token));
    const afterRevoke = await optOutOf(telefone);
    await api.call('PUT', '/api/v4/saude/consentimentos/NOTIFICACOES_WHATSAPP/conceder', as(token));

    expect(afterRevoke).toMatchObject({ origem: 'CONSENTIMENTO' });
    expect(await optOutOf(telefone)).toBeUndefined();
  });

  it('answers 404 for an unknown tipo in the path and 400 in a batch, with nothing written', async () => {
    const { token } = await newPatient();

    const path404 = await api.call('PUT', '/api/v4/saude/consentimentos/MICROFONE/conceder', as(token));
    const bad = await putBatch(token, [
      { tipo: 'CAMERA', concedido: true },
      { tipo: 'MICROFONE', concedido: true },
    ]);
    const duplicate = await putBatch(token, [
      { tipo: 'CAMERA', concedido: true },
      { tipo: 'CAMERA', concedido: false },
    ]);
    const badDetails = await api.call('PUT', '/api/v4/saude/consentimentos/CAMERA/revogar', as(token), { motivo: 42 });

    expect(path404.status).toBe(404);
    expect(bad.status).toBe(400);
    expect(String(bad.body.field)).toContain('consentimentos');
    expect(duplicate.status).toBe(400);
    expect(badDetails.status).toBe(400);
    expect((await api.call('GET', '/api/v4/saude/consentimentos', as(token))).body).toEqual([]);
  });

  it("never shows another patient's consents", async () => {
    const [first, second] = [await newPatient(), await newPatient()];
    await api.call('PUT', '/api/v4/saude/consentimentos/CAMERA/conceder', as(first.token));

    expect((await api.call('GET', '/api/v4/saude/consentimentos', as(second.token))).body).toEqual([]);
  });
});
