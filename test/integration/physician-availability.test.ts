// The on-call physician's availability through the local gateway: the 90 days of São Paulo's today
// (today and day 89 in, yesterday and day 90 out), a day replaced whole but its RESERVADO windows
// kept, batches all or nothing, and every refusal a 400 naming the field with nothing written. Each
// test is a physician of its own (a fresh user id of demo), so the sandbox's seeds never get in the way.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { signPortalToken } from '#shared/auth/tokens';
import { db, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import * as keys from '#shared/db/keys';

const service = useLocalService();
const api = client(service);
const demo = () => service.sandbox.applications.demo;

const PATH = '/api/plantonista/disponibilidade';

/** Today in São Paulo, computed apart from the service's code. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const day = (offset: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

async function newPhysician() {
  const userId = await nextId();
  const token = await signPortalToken({ role: 'plantonista', aplicacaoId: demo().id, subject: String(userId), ttlSeconds: 3600 });
  const call = (method: string, url: string, body?: unknown) => api.call(method, url, bearer(token), body);
  return {
    userId,
    list: async () => {
      const reply = await call('GET', PATH);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body as unknown as Json[];
    },
    put: (body: unknown) => call('PUT', PATH, body),
    batch: (body: unknown) => call('PUT', `${PATH}/lote`, body),
    /** The stored item of a day, straight from the table. */
    stored: async (dia: string) =>
      (await db().send(new GetCommand({ TableName: tableName(), Key: keys.availabilityDay(demo().id, userId, dia), ConsistentRead: true })))
        .Item,
    /** A day with a reservation, as a booking would have written it. */
    reserve: (dia: string, inicio: string, fim: string) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.availabilityDay(demo().id, userId, dia),
            tipo: 'DISPONIBILIDADE',
            janelas: [{ inicio, fim, estado: 'RESERVADO' }],
            versao: 1,
          },
        }),
      ),
  };
}

const available = (data: string, inicio: string, fim: string) => ({ data, inicio, fim, estado: 'DISPONIVEL' });
const morning = [{ inicio: '08:00', fim: '12:00' }];

describe('access', () => {
  it('is 401 without a token, 403 for another role, and the sandbox physician`s own list', async () => {
    expect((await api.call('GET', PATH, {})).status).toBe(401);
    expect((await api.call('PUT', PATH, {}, { data: today(), periodos: morning })).status).toBe(401);
    expect((await api.call('PUT', `${PATH}/lote`, {}, { datas: [today()], periodos: morning })).status).toBe(401);
    const paciente = bearer(demo().tokens.paciente);
    expect((await api.call('GET', PATH, paciente)).status).toBe(403);
    expect((await api.call('PUT', PATH, paciente, { data: today(), periodos: morning })).status).toBe(403);
    expect((await api.call('PUT', `${PATH}/lote`, bearer(demo().tokens.prestador), { datas: [today()], periodos: morning })).status).toBe(
      403,
    );
    const own = await api.call('GET', PATH, bearer(demo().tokens.plantonista));
    expect(own.status).toBe(200);
    expect(Array.isArray(own.body)).toBe(true);
  });
});

describe('a day', () => {
  it('round trips: sorted by date then start, replaced whole, cleared by []; unknown fields ignored', async () => {
    const p = await newPhysician();
    expect(await p.list()).toEqual([]);
    const put = await p.put({ data: day(2), periodos: [{ inicio: '18:00', fim: '24:00' }, ...morning], extra: true });
    expect(put.status, JSON.stringify(put.body)).toBe(204);
    expect((await p.put({ data: day(1), periodos: [{ inicio: '00:00', fim: '06:00' }] })).status).toBe(204);
    expect(await p.list()).toEqual([
      available(day(1), '00:00', '06:00'),
      available(day(2), '08:00', '12:00'),
      available(day(2), '18:00', '24:00'),
    ]);

    expect(
      (
        await p.put({
          data: day(2),
          periodos: [
            { inicio: '10:00', fim: '12:00' },
            { inicio: '12:00', fim: '14:00' },
          ],
        })
      ).status,
    ).toBe(204);
    expect((await p.put({ data: day(1), periodos: [] })).status).toBe(204);
    expect(await p.list()).toEqual([available(day(2), '10:00', '12:00'), available(day(2), '12:00', '14:00')]);
    expect(await p.stored(day(2))).toMatchObject({ tipo: 'DISPONIBILIDADE', versao: 2 });
  });

  it('keeps the RESERVADO windows, and refuses a period overlapping one with nothing written', async () => {
    const p = await newPhysician();
    await p.reserve(day(3), '14:00', '16:00');
    expect(
      (
        await p.put({
          data: day(3),
          periodos: [
            { inicio: '08:00', fim: '14:00' },
            { inicio: '16:00', fim: '18:00' },
          ],
        })
      ).status,
    ).toBe(204);
    const after = [
      available(day(3), '08:00', '14:00'),
      { data: day(3), inicio: '14:00', fim: '16:00', estado: 'RESERVADO' },
      available(day(3), '16:00', '18:00'),
    ];
    expect(await p.list()).toEqual(after);

    const overlapping = await p.put({ data: day(3), periodos: [{ inicio: '15:00', fim: '17:00' }] });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body).toMatchObject({ error: 'validation_error', field: 'periodos.0' });
    expect(await p.list()).toEqual(after);

    expect((await p.put({ data: day(3), periodos: [] })).status).toBe(204);
    expect(await p.list()).toEqual([{ data: day(3), inicio: '14:00', fim: '16:00', estado: 'RESERVADO' }]);
    expect(await p.stored(day(3))).toMatchObject({ versao: 3 });
  });

  it('accepts today and day 89, refuses yesterday and day 90 naming the field, with nothing written', async () => {
    const p = await newPhysician();
    expect((await p.put({ data: today(), periodos: morning })).status).toBe(204);
    expect((await p.put({ data: day(89), periodos: morning })).status).toBe(204);
    for (const data of [day(-1), day(90)]) {
      const reply = await p.put({ data, periodos: morning });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: 'validation_error', field: 'data' });
      expect(await p.stored(data)).toBeUndefined();
    }
    expect(await p.list()).toEqual([available(today(), '08:00', '12:00'), available(day(89), '08:00', '12:00')]);
  });

  it.each([
    ['a malformed date', { data: '2026-13-01', periodos: morning }, 'data'],
    ['an impossible date', { data: '2027-02-30', periodos: morning }, 'data'],
    ['no date', { periodos: morning }, 'data'],
    ['a malformed start', { data: 'D', periodos: [{ inicio: '8:00', fim: '12:00' }] }, 'periodos.0.inicio'],
    ['a start at 24:00', { data: 'D', periodos: [{ inicio: '24:00', fim: '24:00' }] }, 'periodos.0.inicio'],
    ['an end past 24:00', { data: 'D', periodos: [{ inicio: '08:00', fim: '24:01' }] }, 'periodos.0.fim'],
    ['an end before the start', { data: 'D', periodos: [{ inicio: '12:00', fim: '08:00' }] }, 'periodos.0.fim'],
    ['an empty period', { data: 'D', periodos: [{ inicio: '12:00', fim: '12:00' }] }, 'periodos.0.fim'],
    ['overlapping periods', { data: 'D', periodos: [...morning, { inicio: '11:00', fim: '13:00' }] }, 'periodos.1'],
    ['more than 24 periods', { data: 'D', periodos: Array.from({ length: 25 }, () => morning[0]) }, 'periodos'],
    ['no periods', { data: 'D' }, 'periodos'],
  ])('refuses %s (400 naming the field, nothing written)', async (_what, body, field) => {
    const p = await newPhysician();
    const data = (body as { data?: string }).data === 'D' ? day(5) : (body as { data?: string }).data;
    const reply = await p.put({ ...body, ...(data === undefined ? {} : { data }) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body).toMatchObject({ error: 'validation_error', field });
    expect(await p.list()).toEqual([]);
  });

  it('never loses a write under concurrent replacements of the same day', async () => {
    const p = await newPhysician();
    const hours = Array.from({ length: 6 }, (_, h) => [{ inicio: `${String(h + 8).padStart(2, '0')}:00`, fim: '20:00' }]);
    const replies = await Promise.all(hours.map((periodos) => p.put({ data: day(6), periodos })));
    const written = replies.filter((r) => r.status === 204).length;
    expect(replies.every((r) => r.status === 204 || r.status === 409)).toBe(true);
    expect(written).toBeGreaterThan(0);
    // every accepted write counted once: no write went over another unseen
    expect(await p.stored(day(6))).toMatchObject({ versao: written });
    expect(await p.list()).toHaveLength(1);
  });
});

describe('a batch', () => {
  it('applies the periods to every day, keeping each day`s reservations', async () => {
    const p = await newPhysician();
    await p.reserve(day(11), '18:00', '20:00');
    const periodos = [{ inicio: '13:00', fim: '18:00' }, ...morning];
    const reply = await p.batch({ datas: [day(12), day(10), day(11)], periodos });
    expect(reply.status, JSON.stringify(reply.body)).toBe(204);
    expect(await p.list()).toEqual([
      available(day(10), '08:00', '12:00'),
      available(day(10), '13:00', '18:00'),
      available(day(11), '08:00', '12:00'),
      available(day(11), '13:00', '18:00'),
      { data: day(11), inicio: '18:00', fim: '20:00', estado: 'RESERVADO' },
      available(day(12), '08:00', '12:00'),
      available(day(12), '13:00', '18:00'),
    ]);
    // the whole window at once, today to day 89
    const all = Array.from({ length: 90 }, (_, i) => day(i));
    expect((await p.batch({ datas: all, periodos: [{ inicio: '06:00', fim: '07:00' }] })).status).toBe(204);
    const listed = await p.list();
    expect(listed.filter((w) => w.inicio === '06:00')).toHaveLength(90);
    expect(listed.find((w) => w.estado === 'RESERVADO')).toMatchObject({ data: day(11) });
  });

  it.each([
    ['one day out of the window', () => [day(20), day(90)], morning, 'datas.1'],
    ['yesterday', () => [day(-1), day(20)], morning, 'datas.0'],
    ['a malformed day', () => [day(20), '2026-1-1'], morning, 'datas.1'],
    ['a repeated day', () => [day(20), day(21), day(20)], morning, 'datas.2'],
    ['no day', () => [], morning, 'datas'],
    ['more than 90 days', () => Array.from({ length: 91 }, (_, i) => day(i)), morning, 'datas'],
    ['a period overlapping one day`s reservation', () => [day(20), day(21)], [{ inicio: '09:00', fim: '10:00' }], 'periodos.0'],
    ['overlapping periods', () => [day(20)], [...morning, { inicio: '07:00', fim: '08:30' }], 'periodos.1'],
  ])('writes none of the days with %s (400 naming the field)', async (_what, days, periodos, field) => {
    // The days are made when the test runs, not when the table is read: a run that crosses midnight in São Paulo
    // would otherwise ask for yesterday's window.
    const datas = days();
    const p = await newPhysician();
    await p.reserve(day(21), '09:30', '11:00');
    const reply = await p.batch({ datas, periodos });
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body).toMatchObject({ error: 'validation_error', field });
    expect(await p.list()).toEqual([{ data: day(21), inicio: '09:30', fim: '11:00', estado: 'RESERVADO' }]);
    expect(await p.stored(day(20))).toBeUndefined();
  });
});
