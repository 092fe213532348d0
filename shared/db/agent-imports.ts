// DynamoDB side of the agent's batch import (docs/data-model.md, patterns 43 and 44): the map from
// (integration, tipo, legacy id) to the record it became, with the fingerprint of what was last
// imported, and the application's clinical records.
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { conditionalWrite, putNew } from '#shared/db/unit-of-work';
import type { ClinicalRecordInput, RecordType } from '#shared/domain/agent-import';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

export interface ImportedRecord {
  tipo: RecordType;
  idLegado: string;
  alvoId: number;
  hash: string;
}

const mapKey = (aplicacaoId: number, integracaoId: number, tipo: string, idLegado: string) =>
  keys.importedRecord(aplicacaoId, integracaoId, tipo, idLegado);

/** The map items of these records (one BatchGet per 100 keys, unprocessed keys asked again), by `tipo#idLegado`. */
export async function importedRecords(
  aplicacaoId: number,
  integracaoId: number,
  records: { tipo: string; idLegado: string }[],
): Promise<Map<string, ImportedRecord>> {
  const found = new Map<string, ImportedRecord>();
  const unique = [...new Map(records.map((r) => [`${r.tipo}#${r.idLegado}`, r])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = unique
      .slice(i, i + 100)
      .map((r) => mapKey(aplicacaoId, integracaoId, r.tipo, r.idLegado));
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** round)));
      const out = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }));
      for (const item of out.Responses?.[tableName()] ?? []) {
        const record = {
          tipo: item.tipoRegistro as RecordType,
          idLegado: String(item.idLegado),
          alvoId: Number(item.alvoId),
          hash: String(item.hash),
        };
        found.set(`${record.tipo}#${record.idLegado}`, record);
      }
      pending = out.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

/** The map item's write: a new one (`attribute_not_exists`) or a change conditioned on the fingerprint read; refused with `refusal`. */
export function importedRecordWrite<R>(
  aplicacaoId: number,
  integracaoId: number,
  record: { tipo: RecordType; idLegado: string; hash: string; alvoId: number },
  before: ImportedRecord | undefined,
  refusal: R,
): ConditionalWrite<R> {
  const item = {
    ...mapKey(aplicacaoId, integracaoId, record.tipo, record.idLegado),
    tipo: 'IMPORTACAO',
    tipoRegistro: record.tipo,
    idLegado: record.idLegado,
    alvoId: record.alvoId,
    hash: record.hash,
    importadoEm: new Date().toISOString(),
  };
  return before
    ? conditionalWrite(
        {
          Put: {
            Item: item,
            ConditionExpression: '#h = :h',
            ExpressionAttributeNames: { '#h': 'hash' },
            ExpressionAttributeValues: { ':h': before.hash },
          },
        },
        refusal,
      )
    : putNew(item, refusal);
}

/** A clinical record's item (pattern 44), written whole. */
export function clinicalRecordWrite(
  aplicacaoId: number,
  id: number,
  record: ClinicalRecordInput & { pacienteId: number; integracaoId: number; idLegado: string },
): ConditionalWrite<never> {
  return conditionalWrite({
    Put: {
      Item: {
        ...keys.clinicalRecord(aplicacaoId, id),
        tipo: 'REGCLIN',
        id,
        aplicacaoId,
        ...record,
        atualizadoEm: new Date().toISOString(),
      },
    },
  });
}
