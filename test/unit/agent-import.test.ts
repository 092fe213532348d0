import { describe, expect, it } from 'vitest';
import { isRejection, parseBatch, parseRecord, recordHash } from '#shared/domain/agent-import';

describe('agent import records', () => {
  it('parses each type, with the phone normalised, and names the field of a refusal from the batch', () => {
    const patient = parseRecord({ tipo: 'PACIENTE', idLegado: ' P1 ', dados: { telefone: '+55 11 98765-4321', nome: 'Ana' } }, 0);
    expect(patient).toMatchObject({ tipo: 'PACIENTE', idLegado: 'P1', dados: { telefone: '+5511987654321', nome: 'Ana' } });

    expect(parseRecord({ tipo: 'AGENDAMENTO', idLegado: 'A', dados: { procedimento: 'X' } }, 3)).toMatchObject({
      campo: 'registros[3].dados.pacienteTelefone',
    });
    expect(
      parseRecord(
        { tipo: 'AGENDAMENTO', idLegado: 'A', dados: { pacienteTelefone: '+5511987654321', procedimento: 'X', status: 'ENVIADO' } },
        4,
      ),
    ).toMatchObject({
      campo: 'registros[4].dados.status',
    });
    expect(parseRecord({ tipo: 'REGISTRO_CLINICO', idLegado: 'C', dados: { tipoRegistro: 'x', data: '2026-01-01' } }, 5)).toMatchObject({
      campo: 'registros[5].dados.pacienteIdLegado',
    });
    expect(parseRecord({ tipo: 'PACIENTE', idLegado: 'a\u0007b', dados: {} }, 6)).toMatchObject({
      campo: 'registros[6].idLegado',
      idLegado: 'a\u0007b',
    });
    expect(isRejection(parseRecord('nothing', 7))).toBe(true);
  });

  it('fingerprints a record whatever the order of its fields', () => {
    expect(recordHash({ a: 1, b: { c: [1, 2], d: null } })).toBe(recordHash({ b: { d: null, c: [1, 2] }, a: 1 }));
    expect(recordHash({ a: 1 })).not.toBe(recordHash({ a: 2 }));
  });

  it('refuses a batch over 500 records as too large, and names a missing integracaoId', () => {
    expect(() => parseBatch({ integracaoId: 1, registros: new Array(501).fill({}) })).toThrow(
      expect.objectContaining({ kind: 'too_large' }),
    );
    expect(() => parseBatch({ registros: [{}] })).toThrow(expect.objectContaining({ details: { field: 'integracaoId' } }));
  });
});
