// The agent's batch import: each record's result, the batch's summary, and the order the valid
// records are applied in.
import type { ImportOutcome, RecordType, Rejection } from '#shared/domain/agent-import/inputs';

/** What became of one record: applied (with the id of what it is) or refused (naming the field). */
export type RecordResult =
  | {
      indice: number;
      tipo: RecordType;
      idLegado: string;
      resultado: Exclude<ImportOutcome, 'rejeitado'>;
      /** The patient, appointment or clinical record the legacy record is. */
      id: number;
    }
  | {
      indice: number;
      tipo: string | null;
      idLegado: string | null;
      resultado: 'rejeitado';
      /** The refused field, from the batch (`registros[7].dados.status`). */
      campo: string;
      motivo: string;
    };

export type ImportSummary = Record<ImportOutcome, number>;

export function summarize(results: readonly RecordResult[]): ImportSummary {
  const resumo: ImportSummary = { criado: 0, atualizado: 0, inalterado: 0, rejeitado: 0 };
  for (const r of results) resumo[r.resultado]++;
  return resumo;
}

export const rejectedResult = (indice: number, r: Rejection): RecordResult => ({
  indice,
  tipo: r.tipo,
  idLegado: r.idLegado,
  resultado: 'rejeitado',
  campo: r.campo,
  motivo: r.motivo,
});

/** A record refused while it was being applied; `campo` is relative to the record (`dados.status`). */
export class RecordRefused extends Error {
  constructor(
    readonly campo: string,
    message: string,
  ) {
    super(message);
  }
}

export const recordKey = (r: { tipo: string; idLegado: string }): string => `${r.tipo}#${r.idLegado}`;

/**
 * The batch's valid records in the order they are applied: patients first (a clinical record may name
 * one of the same batch by its legacy id), then appointments and clinical records; within a phase,
 * the records of one key as a group in batch order (applied one after the other), groups in order of
 * their first record.
 */
export function importPhases<T extends { record: { tipo: RecordType; idLegado: string } }>(valid: readonly T[]): T[][][] {
  const phases: RecordType[][] = [['PACIENTE'], ['AGENDAMENTO', 'REGISTRO_CLINICO']];
  return phases.map((types) => {
    const groups = new Map<string, T[]>();
    for (const v of valid) {
      if (!types.includes(v.record.tipo)) continue;
      const key = recordKey(v.record);
      const group = groups.get(key);
      if (group) group.push(v);
      else groups.set(key, [v]);
    }
    return [...groups.values()];
  });
}
