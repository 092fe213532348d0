import { describe, expect, it } from 'vitest';
import {
  appointmentChange,
  importedAppointment,
  triggerOfImportedStatus,
  type AppointmentDados,
} from '#shared/domain/agent-import/appointments';
import { importPhases, summarize } from '#shared/domain/agent-import/results';
import { isRejection, MAX_CONTENT_BYTES, parseBatch, parseRecord, recordHash } from '#shared/domain/agent-import/inputs';

/** The moment the records are parsed at (a birth date after its day is refused). */
const now = new Date('2026-11-20T12:00:00Z');

describe('agent import records', () => {
  it('parses each type, with the phone normalised, and names the field of a refusal from the batch', () => {
    const patient = parseRecord({ tipo: 'PACIENTE', idLegado: ' P1 ', dados: { telefone: '+55 11 98765-4321', nome: 'Ana' } }, 0, now);
    expect(patient).toMatchObject({ tipo: 'PACIENTE', idLegado: 'P1', dados: { telefone: '+5511987654321', nome: 'Ana' } });

    expect(parseRecord({ tipo: 'AGENDAMENTO', idLegado: 'A', dados: { procedimento: 'X' } }, 3, now)).toMatchObject({
      campo: 'registros[3].dados.pacienteTelefone',
    });
    expect(
      parseRecord(
        { tipo: 'AGENDAMENTO', idLegado: 'A', dados: { pacienteTelefone: '+5511987654321', procedimento: 'X', status: 'ENVIADO' } },
        4,
        now,
      ),
    ).toMatchObject({
      campo: 'registros[4].dados.status',
    });
    expect(
      parseRecord({ tipo: 'REGISTRO_CLINICO', idLegado: 'C', dados: { tipoRegistro: 'x', data: '2026-01-01' } }, 5, now),
    ).toMatchObject({
      campo: 'registros[5].dados.pacienteIdLegado',
    });
    expect(parseRecord({ tipo: 'PACIENTE', idLegado: 'a\u0007b', dados: {} }, 6, now)).toMatchObject({
      campo: 'registros[6].idLegado',
      idLegado: 'a\u0007b',
    });
    expect(isRejection(parseRecord('nothing', 7, now))).toBe(true);
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

describe('agent import decisions', () => {
  const ctx = { aplicacaoId: 1, integracaoId: 7, at: new Date('2026-10-01T12:00:00Z') };
  const dados = (extra: Partial<AppointmentDados> = {}): AppointmentDados => ({
    pacienteTelefone: '+5511987654321',
    procedimento: 'Consulta',
    pacienteNome: null,
    pacienteCpf: null,
    prestador: null,
    numeroPedido: null,
    dataLimiteRetirada: null,
    localRetirada: null,
    observacoes: null,
    medicoSolicitante: null,
    status: null,
    ...extra,
  });

  it('creates an imported appointment IMPORTADO and due at once, or moved to the legacy status from there', () => {
    const fresh = importedAppointment(dados(), 10, ctx);
    expect(fresh).toMatchObject({ id: 10, status: 'IMPORTADO', prestadorId: null, vencimento: ctx.at.toISOString(), passo: 'processar' });
    expect(fresh.historico[0]!.por).toEqual({ tipo: 'cliente', id: 'integracao:7' });

    const done = importedAppointment(dados({ status: 'REALIZADO' }), 11, ctx);
    expect(done.status).toBe('REALIZADO');
    expect(done.historico.map((h) => [h.de, h.para, h.por.tipo])).toEqual([
      [null, 'IMPORTADO', 'cliente'],
      ['IMPORTADO', 'REALIZADO', 'prestador'],
    ]);
    expect(done.vencimento).toBeNull();
  });

  it('maps legacy statuses to the triggers of the state machine', () => {
    expect(triggerOfImportedStatus('CONFIRMADO')).toEqual({ by: 'cliente', status: 'CONFIRMADO' });
    expect(triggerOfImportedStatus('CANCELADO')).toEqual({ by: 'cliente', status: 'CANCELADO' });
    expect(triggerOfImportedStatus('REALIZADO')).toEqual({ by: 'prestador', resultado: 'REALIZADO' });
    expect(triggerOfImportedStatus('FALTOU')).toEqual({ by: 'prestador', resultado: 'FALTOU' });
  });

  it('changes fields of an open appointment and moves it only when the legacy status changed', () => {
    const current = importedAppointment(dados(), 10, ctx);
    expect(appointmentChange(current, dados(), null, ctx)).toEqual({ kind: 'none' });

    const edited = appointmentChange(current, dados({ procedimento: 'Retorno', observacoes: 'Em jejum' }), null, ctx);
    expect(edited).toMatchObject({ kind: 'change', moved: false, fields: { procedimento: 'Retorno', observacoes: 'Em jejum' } });

    const confirmed = appointmentChange(current, dados({ status: 'CONFIRMADO' }), null, ctx);
    expect(confirmed).toMatchObject({ kind: 'change', moved: true, fields: {}, after: { status: 'CONFIRMADO' } });

    // The legacy status last imported is not asked again, even when the appointment moved on meanwhile.
    const cancelled = { ...current, status: 'CANCELADO' as const };
    expect(appointmentChange(cancelled, dados({ status: 'CONFIRMADO' }), 'CONFIRMADO', ctx)).toEqual({ kind: 'none' });
  });

  it('refuses an illegal jump naming dados.status with the state machine’s reason, and fields of a closed appointment', () => {
    const done = importedAppointment(dados({ status: 'REALIZADO' }), 10, ctx);
    expect(() => appointmentChange(done, dados({ status: 'CONFIRMADO' }), 'REALIZADO', ctx)).toThrow(
      expect.objectContaining({
        campo: 'dados.status',
        message: 'cliente:CONFIRMADO is not allowed: the appointment is already closed (REALIZADO)',
      }),
    );
    expect(() => appointmentChange(done, dados({ status: 'REALIZADO', localRetirada: 'Sala 2' }), 'REALIZADO', ctx)).toThrow(
      expect.objectContaining({ campo: 'dados.localRetirada' }),
    );
    const notified = { ...importedAppointment(dados(), 10, ctx), status: 'ENVIADO' as const };
    expect(() => appointmentChange(notified, dados({ pacienteTelefone: '+5511900000000' }), null, ctx)).toThrow(
      expect.objectContaining({ campo: 'dados.pacienteTelefone' }),
    );
    expect(appointmentChange(notified, dados(), null, ctx)).toEqual({ kind: 'none' });
  });

  it('applies patients first, then the rest; the records of one key together, in batch order', () => {
    const v = (indice: number, tipo: 'PACIENTE' | 'AGENDAMENTO' | 'REGISTRO_CLINICO', idLegado: string) => ({
      indice,
      record: { tipo, idLegado },
    });
    const phases = importPhases([
      v(0, 'REGISTRO_CLINICO', 'C1'),
      v(1, 'PACIENTE', 'P1'),
      v(2, 'AGENDAMENTO', 'P1'),
      v(3, 'PACIENTE', 'P2'),
      v(4, 'PACIENTE', 'P1'),
    ]);
    expect(phases.map((groups) => groups.map((g) => g.map((x) => x.indice)))).toEqual([
      [[1, 4], [3]],
      [[0], [2]],
    ]);
  });

  it('checks clinical records: a real date, the content size, one way to the patient', () => {
    const clinical = (d: Record<string, unknown>) =>
      parseRecord(
        { tipo: 'REGISTRO_CLINICO', idLegado: 'C', dados: { pacienteIdLegado: 'P', tipoRegistro: 'X', data: '2026-10-01', ...d } },
        0,
        now,
      );
    expect(isRejection(clinical({}))).toBe(false);
    expect(isRejection(clinical({ data: '2026-10-01T09:30:00-03:00' }))).toBe(false);
    expect(clinical({ data: '2026-02-30' })).toMatchObject({ campo: 'registros[0].dados.data' });
    expect(clinical({ data: '01/10/2026' })).toMatchObject({ campo: 'registros[0].dados.data' });
    expect(clinical({ descricao: 'x'.repeat(2001) })).toMatchObject({ campo: 'registros[0].dados.descricao' });
    expect(clinical({ conteudo: { x: 'y'.repeat(MAX_CONTENT_BYTES) } })).toMatchObject({ campo: 'registros[0].dados.conteudo' });
    expect(clinical({ pacienteIdLegado: null, pacienteTelefone: '12' })).toMatchObject({ campo: 'registros[0].dados.pacienteTelefone' });
  });

  it('fingerprints a legacy status as part of the record, and counts the outcomes', () => {
    const a = parseRecord({ tipo: 'AGENDAMENTO', idLegado: 'A', dados: { pacienteTelefone: '+5511987654321', procedimento: 'X' } }, 0, now);
    const b = parseRecord(
      { tipo: 'AGENDAMENTO', idLegado: 'A', dados: { pacienteTelefone: '+5511987654321', procedimento: 'X', status: 'CONFIRMADO' } },
      0,
      now,
    );
    expect((a as { hash: string }).hash).not.toBe((b as { hash: string }).hash);
    expect(
      summarize([
        { indice: 0, tipo: 'PACIENTE', idLegado: 'a', resultado: 'criado', id: 1 },
        { indice: 1, tipo: 'PACIENTE', idLegado: 'a', resultado: 'inalterado', id: 1 },
        { indice: 2, tipo: null, idLegado: null, resultado: 'rejeitado', campo: 'registros[2]', motivo: 'x' },
      ]),
    ).toEqual({ criado: 1, atualizado: 0, inalterado: 1, rejeitado: 1 });
  });
});
