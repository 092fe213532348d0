import { describe, expect, it } from 'vitest';
import {
  addDays,
  availabilityWindow,
  checkDay,
  checkPeriods,
  isDate,
  listAvailability,
  replaceAvailabilityBatch,
  replaceAvailable,
  replaceDayAvailability,
  type AvailabilityDay,
  type AvailabilityRepository,
  type DayWrite,
  type Window,
} from '#shared/domain/availability';
import { DomainError } from '#shared/domain/errors';

/** The validation error `run` throws: its message and field. */
function refusal(run: () => unknown): { message: string; field: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'validation') return { message: error.message, field: error.details.field };
    throw error;
  }
  throw new Error('not refused');
}

async function refusalOf(run: () => Promise<unknown>): Promise<DomainError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('not refused');
}

/** An in-memory store with DynamoDB's conditional semantics; `before` runs ahead of each save (a racing writer). */
function memoryRepo(before?: (store: Map<string, AvailabilityDay>) => void) {
  const store = new Map<string, AvailabilityDay>();
  const saves: DayWrite[][] = [];
  const repo: AvailabilityRepository = {
    range: async (_a, _u, first, last) => [...store.values()].filter((d) => d.dia >= first && d.dia <= last),
    days: async (_a, _u, dias) => dias.flatMap((dia) => (store.has(dia) ? [structuredClone(store.get(dia)!)] : [])),
    save: async (_a, _u, writes) => {
      before?.(store);
      saves.push([...writes]);
      if (!writes.every((w) => store.get(w.dia)?.versao === w.antes)) return false;
      for (const w of writes) store.set(w.dia, { dia: w.dia, janelas: w.janelas, versao: w.versao });
      return true;
    },
  };
  return { repo, store, saves };
}

const physician = { aplicacaoId: 1, userId: 7 };
// 2026-11-22 12:00 in São Paulo (UTC-3)
const now = new Date('2026-11-22T15:00:00Z');
const reserved: Window = { inicio: '14:00', fim: '16:00', estado: 'RESERVADO' };

describe('the 90-day window', () => {
  it('starts today in São Paulo: at 2026-11-23T01:30Z it is still 2026-11-22 there', () => {
    expect(availabilityWindow(new Date('2026-11-23T01:30:00Z'))).toEqual({ first: '2026-11-22', last: '2027-02-19' });
    expect(availabilityWindow(new Date('2026-11-23T03:00:00Z'))).toEqual({ first: '2026-11-23', last: '2027-02-20' });
  });

  it('accepts today and day 89, refuses yesterday and day 90, naming the field', () => {
    const window = availabilityWindow(now);
    expect(() => checkDay('2026-11-22', window, 'data')).not.toThrow();
    expect(() => checkDay(addDays('2026-11-22', 89), window, 'data')).not.toThrow();
    expect(refusal(() => checkDay('2026-11-21', window, 'data'))).toMatchObject({ field: 'data' });
    expect(refusal(() => checkDay(addDays('2026-11-22', 90), window, 'datas.3'))).toMatchObject({
      field: 'datas.3',
      message: expect.stringContaining('between 2026-11-22 and 2027-02-19'),
    });
  });

  it('knows real dates', () => {
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2026-13-01')).toBe(false);
    expect(isDate('2026-1-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('periods', () => {
  it('accepts adjacent periods and 24:00 as an end', () => {
    expect(() =>
      checkPeriods([
        { inicio: '10:00', fim: '12:00' },
        { inicio: '12:00', fim: '14:00' },
        { inicio: '22:00', fim: '24:00' },
        { inicio: '00:00', fim: '00:30' },
      ]),
    ).not.toThrow();
  });

  it.each([
    [[{ inicio: '9:00', fim: '10:00' }], 'periodos.0.inicio'],
    [[{ inicio: '24:00', fim: '24:00' }], 'periodos.0.inicio'],
    [[{ inicio: '10:00', fim: '24:30' }], 'periodos.0.fim'],
    [[{ inicio: '10:00', fim: '10:60' }], 'periodos.0.fim'],
    [[{ inicio: '10:00', fim: '10:00' }], 'periodos.0.fim'],
    [[{ inicio: '22:00', fim: '06:00' }], 'periodos.0.fim'],
    [
      [
        { inicio: '08:00', fim: '09:00' },
        { inicio: '10:00', fim: '12:00' },
        { inicio: '11:59', fim: '13:00' },
      ],
      'periodos.2',
    ],
    [
      [
        { inicio: '10:00', fim: '12:00' },
        { inicio: '10:00', fim: '12:00' },
      ],
      'periodos.1',
    ],
  ])('refuses %j naming %s', (periodos, field) => {
    expect(refusal(() => checkPeriods(periodos)).field).toBe(field);
  });

  it('takes at most 24 periods a day', () => {
    const hours = Array.from({ length: 25 }, (_, h) => ({ inicio: `${String(h % 24).padStart(2, '0')}:00`, fim: '24:00' }));
    expect(refusal(() => checkPeriods(hours)).field).toBe('periodos');
  });
});

describe('the merge', () => {
  it('replaces the available windows and keeps the reserved ones as stored, sorted by start', () => {
    const stored: Window[] = [{ inicio: '08:00', fim: '10:00', estado: 'DISPONIVEL' }, { ...reserved, reservaId: 'r1' } as Window];
    expect(
      replaceAvailable('2026-11-30', stored, [
        { inicio: '16:00', fim: '18:00' },
        { inicio: '12:00', fim: '14:00' },
      ]),
    ).toEqual([
      { inicio: '12:00', fim: '14:00', estado: 'DISPONIVEL' },
      { inicio: '14:00', fim: '16:00', estado: 'RESERVADO', reservaId: 'r1' },
      { inicio: '16:00', fim: '18:00', estado: 'DISPONIVEL' },
    ]);
    expect(replaceAvailable('2026-11-30', stored, [])).toEqual([{ ...reserved, reservaId: 'r1' }]);
  });

  it('refuses a period overlapping a reserved window', () => {
    expect(
      refusal(() =>
        replaceAvailable(
          '2026-11-30',
          [reserved],
          [
            { inicio: '08:00', fim: '09:00' },
            { inicio: '15:00', fim: '17:00' },
          ],
        ),
      ),
    ).toEqual({
      field: 'periodos.1',
      message: 'periodos.1 overlaps the RESERVADO window 14:00-16:00 of 2026-11-30',
    });
  });
});

describe('operations', () => {
  it('lists the window`s days by date then start, and nothing outside it', async () => {
    const { repo, store } = memoryRepo();
    store.set('2026-11-21', { dia: '2026-11-21', janelas: [{ inicio: '08:00', fim: '09:00', estado: 'DISPONIVEL' }], versao: 1 });
    await replaceDayAvailability(
      repo,
      physician,
      {
        data: '2026-11-24',
        periodos: [
          { inicio: '18:00', fim: '20:00' },
          { inicio: '08:00', fim: '10:00' },
        ],
      },
      now,
    );
    await replaceDayAvailability(repo, physician, { data: '2026-11-22', periodos: [{ inicio: '07:00', fim: '08:00' }] }, now);
    expect(await listAvailability(repo, physician, now)).toEqual([
      { data: '2026-11-22', inicio: '07:00', fim: '08:00', estado: 'DISPONIVEL' },
      { data: '2026-11-24', inicio: '08:00', fim: '10:00', estado: 'DISPONIVEL' },
      { data: '2026-11-24', inicio: '18:00', fim: '20:00', estado: 'DISPONIVEL' },
    ]);
  });

  it('counts versions, writes nothing for an unchanged or empty day, and clears available windows with []', async () => {
    const { repo, store, saves } = memoryRepo();
    await replaceDayAvailability(repo, physician, { data: '2026-11-25', periodos: [] }, now);
    expect(saves).toHaveLength(0);
    const periodos = [{ inicio: '08:00', fim: '10:00' }];
    await replaceDayAvailability(repo, physician, { data: '2026-11-25', periodos }, now);
    await replaceDayAvailability(repo, physician, { data: '2026-11-25', periodos }, now);
    expect(saves).toHaveLength(1);
    expect(saves[0]).toEqual([{ dia: '2026-11-25', antes: undefined, versao: 1, janelas: [{ ...periodos[0], estado: 'DISPONIVEL' }] }]);
    store.get('2026-11-25')!.janelas.push(reserved);
    await replaceDayAvailability(repo, physician, { data: '2026-11-25', periodos: [] }, now);
    expect(store.get('2026-11-25')).toEqual({ dia: '2026-11-25', janelas: [reserved], versao: 2 });
  });

  it('refuses a repeated day, an empty batch and a batch with one bad day, writing none', async () => {
    const { repo, saves } = memoryRepo();
    const periodos = [{ inicio: '08:00', fim: '10:00' }];
    expect(
      (await refusalOf(() => replaceAvailabilityBatch(repo, physician, { datas: ['2026-11-23', '2026-11-23'], periodos }, now))).details,
    ).toEqual({
      field: 'datas.1',
    });
    expect((await refusalOf(() => replaceAvailabilityBatch(repo, physician, { datas: [], periodos }, now))).details).toEqual({
      field: 'datas',
    });
    expect(
      (await refusalOf(() => replaceAvailabilityBatch(repo, physician, { datas: ['2026-11-23', '2027-02-20'], periodos }, now))).details,
    ).toEqual({ field: 'datas.1' });
    expect(saves).toHaveLength(0);
  });

  it('re-reads after a lost race: a reservation made meanwhile is kept, or refuses the period now overlapping it', async () => {
    let raced = false;
    const { repo, store, saves } = memoryRepo((s) => {
      if (raced) return;
      raced = true;
      s.set('2026-11-26', { dia: '2026-11-26', janelas: [reserved], versao: 1 });
    });
    await replaceAvailabilityBatch(
      repo,
      physician,
      { datas: ['2026-11-27', '2026-11-26'], periodos: [{ inicio: '08:00', fim: '10:00' }] },
      now,
    );
    expect(saves).toHaveLength(2);
    expect(store.get('2026-11-26')).toEqual({
      dia: '2026-11-26',
      janelas: [{ inicio: '08:00', fim: '10:00', estado: 'DISPONIVEL' }, reserved],
      versao: 2,
    });

    raced = false;
    const again = memoryRepo((s) => {
      if (raced) return;
      raced = true;
      s.set('2026-11-26', { dia: '2026-11-26', janelas: [reserved], versao: 1 });
    });
    const error = await refusalOf(() =>
      replaceDayAvailability(again.repo, physician, { data: '2026-11-26', periodos: [{ inicio: '15:00', fim: '17:00' }] }, now),
    );
    expect(error.details).toEqual({ field: 'periodos.0' });
    expect(again.store.get('2026-11-26')?.versao).toBe(1);
  });

  it('answers a conflict when every attempt loses', async () => {
    const { repo } = memoryRepo((s) => {
      const day = s.get('2026-11-28');
      s.set('2026-11-28', { dia: '2026-11-28', janelas: [], versao: (day?.versao ?? 0) + 1 });
    });
    const error = await refusalOf(() =>
      replaceDayAvailability(repo, physician, { data: '2026-11-28', periodos: [{ inicio: '08:00', fim: '09:00' }] }, now),
    );
    expect(error.kind).toBe('conflict');
  });
});
