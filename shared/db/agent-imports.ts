// DynamoDB side of the agent's batch import (docs/data-model.md, patterns 43 and 44; the rules in
// docs/agent-import.md): the map from (integration, tipo, legacy id) to the record it became, with
// the fingerprint of what was last imported, and the application of each record.
//
// One BatchGet per 100 records finds the map items (and, with them, the patients a clinical record
// names by legacy id); one more pair of BatchGets finds the patients of the phones and CPFs of new
// patients and of clinical records. Then each record is ONE transaction with its map item:
//
// - unchanged (same fingerprint): nothing written, `inalterado`;
// - new: the target created with the map item put `attribute_not_exists`, `criado`; a new legacy
//   patient whose phone or CPF is already an application's patient is linked to it (updated), `atualizado`;
// - changed: the target changed with the map item conditioned on the fingerprint read, `atualizado`;
// - a lost race (a condition failed): the map item read again and the record redone, at most 4 times.
//
// Patients go first, then appointments and clinical records; the records of one key one after the
// other in the batch's order, different keys 16 at a time.
import { appointmentImportChangeWrites, dynamoAppointmentRepository, newAppointmentWrites } from '#shared/db/appointments';
import { changedClinicalRecordWrite, newClinicalRecordWrite, type ClinicalRecord } from '#shared/db/clinical-records';
import { batchGetAll } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import { fieldsOf, oneOf } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { dynamoPatientRepository, patientCreateWrites, patientsByLookups, patientUpdateWrites } from '#shared/db/patients';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { appointmentChange, importedAppointment } from '#shared/domain/agent-import/appointments';
import { importPhases, recordKey, RecordRefused, rejectedResult, type RecordResult } from '#shared/domain/agent-import/results';
import {
  importedStatuses,
  isRejection,
  parseRecord,
  recordTypes,
  type ImportedStatus,
  type ImportOutcome,
  type ParsedRecord,
  type RecordType,
} from '#shared/domain/agent-import/inputs';
import { DomainError } from '#shared/domain/errors';
import { applyPatientInput, matchPatient, type Patient, type PatientWriteRefusal } from '#shared/domain/patients';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

export interface ImportedRecord {
  tipo: RecordType;
  idLegado: string;
  alvoId: number;
  hash: string;
  /** An appointment's legacy status as last imported (a move is asked only when it changes). */
  statusLegado?: ImportedStatus | null;
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
  const unique = [...new Map(records.map((r) => [recordKey(r), r])).values()];
  const items = await batchGetAll(unique.map((r) => mapKey(aplicacaoId, integracaoId, r.tipo, r.idLegado)));
  for (const item of items) {
    const f = fieldsOf(item);
    const record: ImportedRecord = {
      tipo: f.read('tipoRegistro', oneOf(recordTypes)),
      idLegado: String(item.idLegado),
      alvoId: Number(item.alvoId),
      hash: String(item.hash),
      statusLegado: f.orElse('statusLegado', oneOf(importedStatuses), null),
    };
    found.set(recordKey(record), record);
  }
  return found;
}

/** The map item's write: a new one (`attribute_not_exists`) or a change conditioned on the fingerprint read; refused with `refusal`. */
export function importedRecordWrite<R>(
  aplicacaoId: number,
  integracaoId: number,
  record: { tipo: RecordType; idLegado: string; hash: string; alvoId: number; statusLegado?: ImportedStatus | null },
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
    ...(record.tipo === 'AGENDAMENTO' ? { statusLegado: record.statusLegado ?? null } : {}),
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

// ---------------------------------------------------------------------------------------------
// The import

const patients = dynamoPatientRepository();
const appointments = dynamoAppointmentRepository();
const CONCURRENCY = 16;
const ATTEMPTS = 4;
const RACED = 'raced' as const;

/** A write lost to a concurrent change of the same record or target: read again and redo. */
class Raced extends Error {}

interface Context {
  aplicacaoId: number;
  integracaoId: number;
  at: Date;
  /** The map items read for the batch, kept current as records are written. */
  map: Map<string, ImportedRecord>;
  /** The application's patients of the batch's phones and CPFs as read at the start, kept current as patients are written. */
  byPhone: Map<string, Patient>;
  byCpf: Map<string, Patient>;
  /** Appointments created IMPORTADO: for the communication flow's queue. */
  forFlow: number[];
}

export interface ImportRun {
  /** One per record, in the batch's order. */
  resultados: RecordResult[];
  /** The appointments created IMPORTADO, to hand to the communication flow (the sweep finds them otherwise). */
  paraFluxo: number[];
}

async function commitOrRace<R extends string>(writes: readonly ConditionalWrite<R | typeof RACED>[]): Promise<readonly R[] | undefined> {
  const outcome = await commitWrites(writes);
  if (outcome.committed) return undefined;
  const own = outcome.refusals.filter((r): r is R => r !== RACED);
  if (own.length > 0) return own;
  if (outcome.raced || outcome.refusals.length > 0) throw new Raced();
  throw outcome.error;
}

const samePatient = (a: Patient, b: Patient) =>
  (['telefone', 'nome', 'cpf', 'dataNascimento', 'sexo', 'email', 'bairro', 'cidade'] as const).every((f) => a[f] === b[f]);

async function importPatient(
  ctx: Context,
  r: Extract<ParsedRecord, { tipo: 'PACIENTE' }>,
  before: ImportedRecord | undefined,
  fresh: boolean,
): Promise<{ id: number; linked: boolean }> {
  const { aplicacaoId } = ctx;
  let current = before ? await patients.get(aplicacaoId, before.alvoId) : undefined;
  // The target of the map item, read now: its refusals are real. A patient matched on the batch's snapshot may be stale.
  const settled = current !== undefined || fresh;
  if (!current) {
    const { telefone, cpf } = r.dados;
    const [byPhone, byCpf] = fresh
      ? await Promise.all([patients.findByPhone(aplicacaoId, telefone), cpf ? patients.findByCpf(aplicacaoId, cpf) : undefined])
      : [ctx.byPhone.get(telefone), cpf ? ctx.byCpf.get(cpf) : undefined];
    try {
      current = matchPatient(byPhone, byCpf);
    } catch (error) {
      if (error instanceof DomainError) throw new RecordRefused('dados.cpf', error.message);
      throw error;
    }
  }
  const patient = applyPatientInput(current, r.dados, { id: current?.id ?? (await nextId()), aplicacaoId, at: ctx.at.toISOString() });
  const writes: ConditionalWrite<PatientWriteRefusal | typeof RACED>[] = !current
    ? patientCreateWrites(patient)
    : samePatient(current, patient)
      ? []
      : patientUpdateWrites(current, patient);
  const refusals = await commitOrRace([
    ...writes,
    importedRecordWrite(aplicacaoId, ctx.integracaoId, { ...r, alvoId: patient.id }, before, RACED),
  ]);
  if (refusals) {
    // A phone or CPF taken: by another patient (the record is refused), or by a concurrent creation (read again).
    if (!settled || refusals.includes('changed')) throw new Raced();
    if (refusals.includes('telefone')) throw new RecordRefused('dados.telefone', 'telefone belongs to another patient');
    throw new RecordRefused('dados.cpf', 'cpf belongs to another patient');
  }
  if (current && current.telefone !== patient.telefone) ctx.byPhone.delete(current.telefone);
  if (current?.cpf && current.cpf !== patient.cpf) ctx.byCpf.delete(current.cpf);
  ctx.byPhone.set(patient.telefone, patient);
  if (patient.cpf) ctx.byCpf.set(patient.cpf, patient);
  return { id: patient.id, linked: current !== undefined };
}

async function importAppointment(
  ctx: Context,
  r: Extract<ParsedRecord, { tipo: 'AGENDAMENTO' }>,
  before: ImportedRecord | undefined,
): Promise<number> {
  const map = (alvoId: number) =>
    importedRecordWrite(ctx.aplicacaoId, ctx.integracaoId, { ...r, alvoId, statusLegado: r.dados.status }, before, RACED);
  const current = before ? await appointments.get(ctx.aplicacaoId, before.alvoId) : undefined;
  if (!current) {
    const created = importedAppointment(r.dados, await nextId(), ctx);
    await commitOrRace([...newAppointmentWrites(created), map(created.id)]);
    if (created.status === 'IMPORTADO') ctx.forFlow.push(created.id);
    return created.id;
  }
  const change = appointmentChange(current, r.dados, before?.statusLegado ?? null, ctx);
  const writes = change.kind === 'change' ? appointmentImportChangeWrites(current, change.after, change.fields, change.moved, RACED) : [];
  await commitOrRace([...writes, map(current.id)]);
  return current.id;
}

async function importClinical(
  ctx: Context,
  r: Extract<ParsedRecord, { tipo: 'REGISTRO_CLINICO' }>,
  before: ImportedRecord | undefined,
): Promise<number> {
  const { pacienteIdLegado, pacienteTelefone } = r.dados;
  let pacienteId: number | undefined;
  if (pacienteIdLegado) {
    pacienteId = ctx.map.get(recordKey({ tipo: 'PACIENTE', idLegado: pacienteIdLegado }))?.alvoId;
    if (pacienteId === undefined)
      throw new RecordRefused('dados.pacienteIdLegado', 'no patient imported by this integration has that legacy id');
  } else {
    pacienteId = (ctx.byPhone.get(pacienteTelefone!) ?? (await patients.findByPhone(ctx.aplicacaoId, pacienteTelefone!)))?.id;
    if (pacienteId === undefined) throw new RecordRefused('dados.pacienteTelefone', 'no patient of the application has that phone');
  }
  const at = ctx.at.toISOString();
  const record: ClinicalRecord = {
    ...r.dados,
    id: before?.alvoId ?? (await nextId()),
    aplicacaoId: ctx.aplicacaoId,
    pacienteId,
    integracaoId: ctx.integracaoId,
    idLegado: r.idLegado,
  };
  await commitOrRace([
    before ? changedClinicalRecordWrite(record, at, RACED) : newClinicalRecordWrite(record, at, RACED),
    importedRecordWrite(ctx.aplicacaoId, ctx.integracaoId, { ...r, alvoId: record.id }, before, RACED),
  ]);
  return record.id;
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 20 * 2 ** attempt)));

async function importOne(ctx: Context, record: ParsedRecord): Promise<{ resultado: Exclude<ImportOutcome, 'rejeitado'>; id: number }> {
  const key = recordKey(record);
  for (let attempt = 1; ; attempt++) {
    let before = ctx.map.get(key);
    if (attempt > 1) {
      before = (await importedRecords(ctx.aplicacaoId, ctx.integracaoId, [record])).get(key);
      if (before) ctx.map.set(key, before);
    }
    if (before && before.hash === record.hash) return { resultado: 'inalterado', id: before.alvoId };
    try {
      let linked = false;
      let id: number;
      if (record.tipo === 'PACIENTE') ({ id, linked } = await importPatient(ctx, record, before, attempt > 1));
      else if (record.tipo === 'AGENDAMENTO') id = await importAppointment(ctx, record, before);
      else id = await importClinical(ctx, record, before);
      ctx.map.set(key, {
        tipo: record.tipo,
        idLegado: record.idLegado,
        alvoId: id,
        hash: record.hash,
        ...(record.tipo === 'AGENDAMENTO' ? { statusLegado: record.dados.status } : {}),
      });
      return { resultado: before || linked ? 'atualizado' : 'criado', id };
    } catch (error) {
      if (!(error instanceof Raced)) throw error;
      if (attempt >= ATTEMPTS)
        throw new RecordRefused('idLegado', 'the record was changed by a concurrent import meanwhile; send it again');
      await pause(attempt);
    }
  }
}

/** Runs `work` on each item with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Imports a batch's records (already within the 500 limit) into the application through the
 * integration: one result per record, in the batch's order, and the appointments to queue for the flow.
 * A record refused (invalid, or by a rule while applied) is `rejeitado` naming its field; the others go on.
 */
export async function importRecords(aplicacaoId: number, integracaoId: number, raw: readonly unknown[]): Promise<ImportRun> {
  const at = new Date();
  const parsed = raw.map((r, i) => parseRecord(r, i, at));
  // A refused record's result now; every valid one's once applied (below).
  const resultados: (RecordResult | undefined)[] = parsed.map((p, indice) => (isRejection(p) ? rejectedResult(indice, p) : undefined));
  const valid = parsed.flatMap((p, indice) => (isRejection(p) ? [] : [{ indice, record: p }]));

  // The map items of the batch's records and of the patients its clinical records name by legacy id.
  const named = valid.flatMap(({ record: r }) =>
    r.tipo === 'REGISTRO_CLINICO' && r.dados.pacienteIdLegado ? [{ tipo: 'PACIENTE', idLegado: r.dados.pacienteIdLegado }] : [],
  );
  const map = await importedRecords(aplicacaoId, integracaoId, [...valid.map((v) => v.record), ...named]);
  // The patients of the phones and CPFs of new legacy patients and of clinical records by phone.
  const telefones: string[] = [];
  const cpfs: string[] = [];
  for (const { record: r } of valid) {
    if (r.tipo === 'PACIENTE' && !map.has(recordKey(r))) {
      telefones.push(r.dados.telefone);
      if (r.dados.cpf) cpfs.push(r.dados.cpf);
    } else if (r.tipo === 'REGISTRO_CLINICO' && r.dados.pacienteTelefone) telefones.push(r.dados.pacienteTelefone);
  }
  const { byPhone, byCpf } =
    telefones.length + cpfs.length > 0
      ? await patientsByLookups(aplicacaoId, { telefones, cpfs })
      : { byPhone: new Map<string, Patient>(), byCpf: new Map<string, Patient>() };
  const ctx: Context = { aplicacaoId, integracaoId, at, map, byPhone, byCpf, forFlow: [] };

  for (const groups of importPhases(valid)) {
    await pool(groups, CONCURRENCY, async (group) => {
      for (const { indice, record } of group) {
        try {
          const { resultado, id } = await importOne(ctx, record);
          resultados[indice] = { indice, tipo: record.tipo, idLegado: record.idLegado, resultado, id };
        } catch (error) {
          if (!(error instanceof RecordRefused)) throw error;
          resultados[indice] = rejectedResult(indice, {
            tipo: record.tipo,
            idLegado: record.idLegado,
            campo: `registros[${indice}].${error.campo}`,
            motivo: error.message,
          });
        }
      }
    });
  }
  return {
    resultados: resultados.map((r, indice) => {
      if (!r) throw new Error(`record ${indice} of the batch was not applied`);
      return r;
    }),
    paraFluxo: ctx.forFlow,
  };
}
