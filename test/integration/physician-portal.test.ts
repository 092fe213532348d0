// The physician portal through the local gateway: preferences per secretariat, the profile (personal
// data masked, contact/address/specialty editable, the address geocoded by the local geocoder) and the
// vacancy-search profile; 401 without a token, 403 for another role, 400 naming the field with nothing
// written. Availability has its own file (physician-availability.test.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);
const demo = () => service.sandbox.applications.demo;

/** A new plantonista of demo, logged in with its password. */
async function newPhysician(): Promise<Record<string, string>> {
  const email = `plantonista-${randomUUID().slice(0, 8)}@example.com`;
  const senha = 'senha-de-teste-123';
  const created = await api.admin('POST', '/api/admin/usuarios', { nome: 'Dra. Teste', email, role: 'plantonista', senha });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const login = await api.call('POST', '/api/auth/login', {}, { email, senha });
  expect(login.status).toBe(200);
  return bearer(String(login.body.access_token));
}

const address = { logradouro: 'Rua XV de Novembro', numero: '100', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR', cep: '80020310' };

describe('physician portal: authentication', () => {
  it('answers 401 without a token and 403 for another portal role', async () => {
    for (const url of [
      '/api/plantonista/predilecoes',
      '/api/plantonista/perfil',
      '/api/plantonista/perfil-busca',
      '/api/plantonista/disponibilidade',
    ]) {
      expect((await api.call('GET', url, {})).status, url).toBe(401);
      expect((await api.call('GET', url, bearer(demo().tokens.paciente))).status, url).toBe(403);
      expect((await api.call('PUT', url, bearer(demo().tokens.prestador), {})).status, url).toBe(403);
    }
  });
});

describe('the sandbox physician', () => {
  it('sees real data on the first GET: a preference, a search profile, and availability with a RESERVADO window', async () => {
    const token = bearer(demo().tokens.plantonista);

    const preferences = await api.call('GET', '/api/plantonista/predilecoes', token);
    const search = await api.call('GET', '/api/plantonista/perfil-busca', token);
    const availability = await api.call('GET', '/api/plantonista/disponibilidade', token);

    expect(preferences.body).toEqual([expect.objectContaining({ secretariaId: 'sms-sao-paulo', ativo: true })]);
    expect(search.body).toMatchObject({ raioKm: 30, diasSemana: expect.arrayContaining(['SEG']) });
    const states = (availability.body as unknown as Json[]).map((w) => w.estado);
    expect(states).toContain('RESERVADO');
    expect(states).toContain('DISPONIVEL');
  });
});

describe('/api/plantonista/predilecoes', () => {
  const preference = { secretariaId: 'sms-curitiba', turnos: ['NOITE'], unidades: ['UPA Boqueirão'], valorMinimo: '1800.00', ativo: true };

  it('adds, updates and deactivates a preference; GET lists the active ones', async () => {
    const physician = await newPhysician();

    const added = await api.call('PUT', '/api/plantonista/predilecoes', physician, preference);
    await api.call('PUT', '/api/plantonista/predilecoes', physician, { ...preference, secretariaId: 'sms-londrina' });
    const updated = await api.call('PUT', '/api/plantonista/predilecoes', physician, { ...preference, turnos: ['MANHA', 'TARDE'] });
    const listed = await api.call('GET', '/api/plantonista/predilecoes', physician);
    await api.call('PUT', '/api/plantonista/predilecoes', physician, { ...preference, ativo: false });
    const afterDeactivation = await api.call('GET', '/api/plantonista/predilecoes', physician);

    expect(added.status).toBe(200);
    expect(added.body).toMatchObject(preference);
    expect(updated.body).toMatchObject({ secretariaId: 'sms-curitiba', turnos: ['MANHA', 'TARDE'] });
    expect((listed.body as unknown as Json[]).map((p) => p.secretariaId).sort()).toEqual(['sms-curitiba', 'sms-londrina']);
    expect((afterDeactivation.body as unknown as Json[]).map((p) => p.secretariaId)).toEqual(['sms-londrina']);
  });

  it.each([
    [{ secretariaId: 'com espaço' }, 'secretariaId'],
    [{ turnos: ['DIA'] }, 'turnos'],
    [{ valorMinimo: '12,50' }, 'valorMinimo'],
    [{ ativo: 'sim' }, 'ativo'],
  ])('answers 400 naming the field for %j, with nothing written', async (change, field) => {
    const physician = await newPhysician();

    const answer = await api.call('PUT', '/api/plantonista/predilecoes', physician, { ...preference, ...change });

    expect(answer.status).toBe(400);
    expect(String(answer.body.field)).toContain(field);
    expect((await api.call('GET', '/api/plantonista/predilecoes', physician)).body).toEqual([]);
  });
});

describe('/api/plantonista/perfil', () => {
  it('shows the sandbox physician a complete profile with CPF, phone, e-mail and CRM masked', async () => {
    const answer = await api.call('GET', '/api/plantonista/perfil', bearer(demo().tokens.plantonista));

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      cpf: '***.982.247-**',
      crm: '***456/SP',
      telefone: '+55 11 *****-7777',
      email: expect.stringMatching(/^p\*\*\*@/),
      especialidade: 'Clínica médica',
      localizacao: { latitude: expect.any(Number), longitude: expect.any(Number) },
    });
  });

  it('changes contact, address (geocoded) and specialty; a GET shows the same', async () => {
    const physician = await newPhysician();

    const put = await api.call('PUT', '/api/plantonista/perfil', physician, {
      telefone: '+55 41 99876-5432',
      especialidade: 'Pediatria',
      endereco: address,
    });
    const get = await api.call('GET', '/api/plantonista/perfil', physician);

    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      telefone: '+55 41 *****-5432',
      especialidade: 'Pediatria',
      endereco: { ...address, cep: '80020-310', complemento: null },
      localizacao: { latitude: expect.any(Number), longitude: expect.any(Number) },
    });
    const { latitude, longitude } = put.body.localizacao as { latitude: number; longitude: number };
    expect(latitude).toBeGreaterThan(-34);
    expect(latitude).toBeLessThan(6);
    expect(longitude).toBeGreaterThan(-75);
    expect(longitude).toBeLessThan(-33);
    expect(get.body).toEqual(put.body);
  });

  it('takes back what its GET answered (masked phone and e-mail included) and applies the edited fields', async () => {
    const physician = await newPhysician();
    await api.call('PUT', '/api/plantonista/perfil', physician, { telefone: '+55 41 99876-5432', endereco: address });
    const read = await api.call('GET', '/api/plantonista/perfil', physician);

    const put = await api.call('PUT', '/api/plantonista/perfil', physician, { ...read.body, especialidade: 'Cardiologia' });

    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ...read.body, especialidade: 'Cardiologia', atualizadoEm: expect.any(String) });
  });

  it.each([
    [{ endereco: { ...address, logradouro: 'Rua Inexistente' } }, 'endereco'],
    [{ endereco: { ...address, uf: 'XX' } }, 'endereco.uf'],
    [{ endereco: { ...address, cep: '123' } }, 'endereco.cep'],
    [{ telefone: 'abc' }, 'telefone'],
    [{ email: 'not-an-email' }, 'email'],
    [{ cpf: '52998224725' }, 'cpf'],
  ])('answers 400 naming the field for %j, with nothing written', async (body, field) => {
    const physician = await newPhysician();
    const before = await api.call('GET', '/api/plantonista/perfil', physician);

    const answer = await api.call('PUT', '/api/plantonista/perfil', physician, { especialidade: 'Ortopedia', ...body });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field });
    expect((await api.call('GET', '/api/plantonista/perfil', physician)).body).toEqual(before.body);
  });
});

describe('/api/plantonista/perfil-busca', () => {
  const search = {
    diasSemana: ['SEG', 'SAB'],
    valorMinimoPorTurno: '950.50',
    raioKm: 25,
    periodos: ['NOITE', { inicio: '22:00', fim: '06:00' }],
  };

  it('starts empty, then answers what a PUT saved', async () => {
    const physician = await newPhysician();

    const empty = await api.call('GET', '/api/plantonista/perfil-busca', physician);
    const put = await api.call('PUT', '/api/plantonista/perfil-busca', physician, search);
    const get = await api.call('GET', '/api/plantonista/perfil-busca', physician);

    expect(empty.body).toMatchObject({ diasSemana: [], periodos: [], raioKm: null });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject(search);
    expect(get.body).toEqual(put.body);
  });

  it.each([
    [{ raioKm: 0 }, 'raioKm'],
    [{ raioKm: 501 }, 'raioKm'],
    [{ raioKm: 2.5 }, 'raioKm'],
    [{ diasSemana: ['SEG', 'SEG'] }, 'diasSemana'],
    [{ diasSemana: ['MONDAY'] }, 'diasSemana'],
    [{ valorMinimoPorTurno: '-5' }, 'valorMinimoPorTurno'],
    [{ periodos: [{ inicio: '25:00', fim: '06:00' }] }, 'periodos'],
    [{ periodos: [] }, 'periodos'],
  ])('answers 400 naming the field for %j, with nothing written', async (change, field) => {
    const physician = await newPhysician();

    const answer = await api.call('PUT', '/api/plantonista/perfil-busca', physician, { ...search, ...change });

    expect(answer.status).toBe(400);
    expect(String(answer.body.field)).toContain(field);
    expect((await api.call('GET', '/api/plantonista/perfil-busca', physician)).body).toMatchObject({ diasSemana: [] });
  });
});
