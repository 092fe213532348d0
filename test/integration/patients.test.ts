// /api/external/v2/pacientes through the local gateway with OAuth2 tokens of the sandbox clients:
// create or update by phone (and by CPF), conflicts and bad input with nothing written, paging and the
// three filters, another application's patients never shown, and one patient for concurrent creates.
import { describe, expect, it } from 'vitest';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);

let n = 0;
const phone = () => `+55418${String(process.pid % 1000).padStart(3, '0')}${String(++n).padStart(5, '0')}`;
const cpfs = ['52998224725', '11144477735', '39053344705', '15350946056', '06059006801'];

const tokenOf = (key: 'demo' | 'outra', scope?: string) => accessToken(service, service.sandbox.applications[key].oauth, scope);
const post = async (body: unknown, key: 'demo' | 'outra' = 'demo') =>
  api.call('POST', '/api/external/v2/pacientes', bearer(await tokenOf(key)), body);
const list = async (query = '', key: 'demo' | 'outra' = 'demo') =>
  api.call('GET', `/api/external/v2/pacientes${query}`, bearer(await tokenOf(key)));

describe('POST /api/external/v2/pacientes', () => {
  it('creates a patient (201), then updates the same phone (200) keeping what the update leaves out', async () => {
    const telefone = phone();
    const created = await post({ telefone, nome: 'Maria da Silva', dataNascimento: '1985-04-12', sexo: 'F', cidade: 'Curitiba' });
    const updated = await post({ telefone: telefone.replace('+55', '+55 '), bairro: 'Centro', email: 'Maria@Example.com' });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      nome: 'Maria da Silva',
      telefone,
      cpf: null,
      criadoEm: expect.any(String),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      nome: 'Maria da Silva',
      cidade: 'Curitiba',
      bairro: 'Centro',
      email: 'maria@example.com',
    });
  });

  it('finds the patient by CPF when the phone is new, and moves the phone', async () => {
    const [first, second] = [phone(), phone()];
    const created = await post({ telefone: first, nome: 'João Souza', cpf: '529.982.247-25' });
    const moved = await post({ telefone: second, cpf: '52998224725' });

    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: created.body.id, telefone: second, cpf: '52998224725' });
    expect((await list(`?telefone=${encodeURIComponent(first)}`)).body.total).toBe(0);
    expect((await list(`?telefone=${encodeURIComponent(second)}`)).body.content[0].id).toBe(created.body.id);
  });

  it('answers 409 with nothing written for a phone and a CPF of two patients, or a CPF taken by another', async () => {
    const [a, b] = [phone(), phone()];
    await post({ telefone: a, nome: 'Ana', cpf: cpfs[1] });
    await post({ telefone: b, nome: 'Bia' });

    const both = await post({ telefone: b, cpf: cpfs[1], nome: 'Trocada' });

    expect(both.status).toBe(409);
    const stored = (await list(`?telefone=${encodeURIComponent(b)}`)).body.content[0] as Json;
    expect(stored).toMatchObject({ nome: 'Bia', cpf: null });
  });

  it('answers 400 naming the field, with nothing written', async () => {
    const telefone = phone();
    for (const [body, field] of [
      [{ nome: 'Sem telefone' }, 'telefone'],
      [{ telefone: '11999990000' }, 'telefone'],
      [{ telefone, cpf: '123.456.789-00' }, 'cpf'],
      [{ telefone, dataNascimento: '2099-01-01' }, 'dataNascimento'],
      [{ telefone, dataNascimento: '1990-02-30' }, 'dataNascimento'],
      [{ telefone, sexo: 'X' }, 'sexo'],
      [{ telefone, email: 'not-an-email' }, 'email'],
      [{ telefone, nome: 'x'.repeat(201) }, 'nome'],
      [{ telefone, cidade: 42 }, 'cidade'],
    ] as const) {
      const reply = await post(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body).toMatchObject({ error: 'validation_error', field });
    }
    expect((await list(`?telefone=${encodeURIComponent(telefone)}`)).body.total).toBe(0);
  });

  it('ends with one patient when the same new phone is posted several times at once', async () => {
    const telefone = phone();
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => post({ telefone, nome: `Concorrente ${i}` })));

    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(4);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect((await list(`?telefone=${encodeURIComponent(telefone)}`)).body.total).toBe(1);
  });
});

describe('GET /api/external/v2/pacientes', () => {
  it('pages by name and filters by name prefix (accents and case ignored), phone and CPF', async () => {
    const prefix = `Zuleica${process.pid}`;
    const telefones = [phone(), phone(), phone()];
    await post({ telefone: telefones[0], nome: `${prefix} Álvares` });
    await post({ telefone: telefones[1], nome: `${prefix} Barbosa`, cpf: cpfs[2] });
    await post({ telefone: telefones[2], nome: `${prefix} Castro` });

    const first = await list(`?nome=${encodeURIComponent(prefix.toUpperCase())}&size=2`);
    const second = await list(`?nome=${encodeURIComponent(prefix.toLowerCase())}&size=2&page=1`);
    const byCpf = await list(`?cpf=${cpfs[2]}`);
    const accents = await list(`?nome=${encodeURIComponent(`${prefix} alva`)}`);

    expect(first.body).toMatchObject({ total: 3, page: 0, size: 2, totalPages: 2 });
    expect((first.body.content as Json[]).map((p) => p.nome)).toEqual([`${prefix} Álvares`, `${prefix} Barbosa`]);
    expect((second.body.content as Json[]).map((p) => p.nome)).toEqual([`${prefix} Castro`]);
    expect(byCpf.body.content).toHaveLength(1);
    expect(byCpf.body.content[0]).toMatchObject({ telefone: telefones[1] });
    expect(accents.body.total).toBe(1);
    expect((await list('?size=100')).body.total).toBeGreaterThanOrEqual(3);
  });

  it('lists a name before the longer names it begins (Ana, Ana Maria, Anabela)', async () => {
    const prefix = `Yara${process.pid}`;
    for (const nome of [`${prefix} Anabela`, `${prefix} Ana Maria`, `${prefix} Ana`]) await post({ telefone: phone(), nome });

    const listed = await list(`?nome=${encodeURIComponent(prefix)}`);

    expect((listed.body.content as Json[]).map((p) => p.nome)).toEqual([`${prefix} Ana`, `${prefix} Ana Maria`, `${prefix} Anabela`]);
  });

  it("never shows another application's patients", async () => {
    const telefone = phone();
    await post({ telefone, nome: 'Só da Demo', cpf: cpfs[3] });

    expect((await list(`?telefone=${encodeURIComponent(telefone)}`, 'outra')).body.total).toBe(0);
    expect((await list(`?cpf=${cpfs[3]}`, 'outra')).body.total).toBe(0);
    expect(JSON.stringify((await list('?size=100', 'outra')).body)).not.toContain('Só da Demo');
    // the same phone in another application is another patient
    const there = await post({ telefone, nome: 'Da Outra' }, 'outra');
    expect(there.status).toBe(201);
  });

  it('answers 400 for an unparseable filter, 401 without a token and 403 without the scope', async () => {
    expect((await list('?telefone=abc')).body).toMatchObject({ field: 'telefone' });
    expect((await list('?cpf=123')).body).toMatchObject({ field: 'cpf' });
    expect((await list('?size=101')).status).toBe(400);
    expect((await api.call('GET', '/api/external/v2/pacientes', {})).status).toBe(401);
    const limited = await accessToken(service, service.sandbox.applications.demo.oauthLimited);
    expect((await api.call('GET', '/api/external/v2/pacientes', bearer(limited))).status).toBe(403);
    expect((await api.call('POST', '/api/external/v2/pacientes', bearer(limited), { telefone: phone() })).status).toBe(403);
  });
});
