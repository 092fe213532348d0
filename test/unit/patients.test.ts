import { describe, expect, it } from 'vitest';
import { applyPatientInput, foldName, isBirthDate, matchPatient, normalizeCpf, patientFromMessage } from '#shared/domain/patients';

describe('CPF', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['52998224725', '52998224725'],
    ['111.444.777-35', '11144477735'],
  ])('accepts %s as %s', (raw, cpf) => {
    expect(normalizeCpf(raw)).toBe(cpf);
  });

  it.each(['529.982.247-24', '52998224735', '111.111.111-11', '00000000000', '1234567890', '5299822472a', ''])('refuses %j', (raw) => {
    expect(normalizeCpf(raw)).toBeUndefined();
  });
});

describe('birth dates', () => {
  it.each([
    ['1990-02-28', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['1990-13-01', false],
    ['2027-01-01', false],
    ['1899-12-31', false],
    ['01/02/1990', false],
  ])('%s -> %s', (value, ok) => {
    expect(isBirthDate(value, '2026-11-23')).toBe(ok);
  });
});

describe('upsert rules', () => {
  const base = patientFromMessage({ id: 1, aplicacaoId: 9, telefone: '+5511900000001', nome: 'Maria', at: '2026-01-01T00:00:00Z' });

  it('keeps the fields a request leaves out, clears those it sends as null, and counts the version', () => {
    const withCity = applyPatientInput(
      base,
      { telefone: base.telefone, cidade: 'São Paulo', email: 'm@x.com' },
      { id: 1, aplicacaoId: 9, at: 'later' },
    );
    const cleared = applyPatientInput(withCity, { telefone: base.telefone, email: null }, { id: 1, aplicacaoId: 9, at: 'later' });
    expect(withCity).toMatchObject({ nome: 'Maria', cidade: 'São Paulo', email: 'm@x.com', versao: 2 });
    expect(cleared).toMatchObject({ nome: 'Maria', cidade: 'São Paulo', email: null, versao: 3 });
  });

  it('finds by phone, else by CPF, and refuses a phone and a CPF of two different patients', () => {
    const other = { ...base, id: 2 };
    expect(matchPatient(base, undefined)).toBe(base);
    expect(matchPatient(undefined, other)).toBe(other);
    expect(matchPatient(base, base)).toBe(base);
    expect(() => matchPatient(base, other)).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });

  it('folds names for the listing: lower case, no accents, single spaces', () => {
    expect(foldName('  JOÃO   da  Conceição ')).toBe('joao da conceicao');
    expect(foldName(null)).toBe('');
    expect(foldName('Ana\u0001Maria\tSilva')).toBe('anamaria silva'); // control characters never reach a key
  });
});
