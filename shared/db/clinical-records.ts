// DynamoDB clinical records (docs/data-model.md, pattern 44): what an application's on-premises agent
// imports from the legacy system (shared/db/agent-imports.ts), stored under the application's own
// partition. No route reads them back: they are kept for the application, never shown to another.
import * as keys from '#shared/db/keys';
import { conditionalWrite, putNew } from '#shared/db/unit-of-work';
import type { ClinicalRecordInput } from '#shared/domain/agent-import/inputs';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

export interface ClinicalRecord extends ClinicalRecordInput {
  id: number;
  aplicacaoId: number;
  /** The patient of the application it belongs to (pattern 28). */
  pacienteId: number;
  /** The integration that imported it, and the record's id in the legacy system. */
  integracaoId: number;
  idLegado: string;
}

/** The stored fields (the keys and `tipo` aside). */
const fields = (r: ClinicalRecord) => ({
  id: r.id,
  aplicacaoId: r.aplicacaoId,
  pacienteId: r.pacienteId,
  integracaoId: r.integracaoId,
  idLegado: r.idLegado,
  pacienteIdLegado: r.pacienteIdLegado,
  pacienteTelefone: r.pacienteTelefone,
  tipoRegistro: r.tipoRegistro,
  data: r.data,
  descricao: r.descricao,
  conteudo: r.conteudo,
});

/** A new clinical record (`attribute_not_exists`; refused with `refusal`), `versao` 1. */
export function newClinicalRecordWrite<R>(record: ClinicalRecord, at: string, refusal?: R): ConditionalWrite<R> {
  return putNew(
    {
      ...keys.clinicalRecord(record.aplicacaoId, record.id),
      tipo: 'REGCLIN',
      ...fields(record),
      criadoEm: at,
      atualizadoEm: at,
      versao: 1,
    },
    refusal,
  );
}

/** A clinical record's new content over the stored one (which must exist: else `refusal`), `versao` + 1; `criadoEm` kept. */
export function changedClinicalRecordWrite<R>(record: ClinicalRecord, at: string, refusal?: R): ConditionalWrite<R> {
  const values = Object.entries({ ...fields(record), atualizadoEm: at });
  return conditionalWrite(
    {
      Update: {
        Key: keys.clinicalRecord(record.aplicacaoId, record.id),
        UpdateExpression: `SET ${values.map((_, i) => `#f${i} = :f${i}`).join(', ')} ADD versao :one`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(values.map(([name], i) => [`#f${i}`, name])),
        ExpressionAttributeValues: { ...Object.fromEntries(values.map(([, value], i) => [`:f${i}`, value])), ':one': 1 },
      },
    },
    refusal,
  );
}
