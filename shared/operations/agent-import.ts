// The agent's batch import: each record is created, updated, found unchanged or rejected, alone.
// Idempotent per (integration, tipo, legacy id): the map item (pattern 43) names what the record
// became and the fingerprint of what was last imported, so the same record again is `inalterado`
// with no write. Patients go first (a clinical record may name one of the same batch by its legacy
// id), then appointments, then clinical records; records of one key run in order, others at once.
//
// - A patient is matched by its map item, else by phone or CPF (upsertPatient): never duplicated.
// - A new appointment is stored IMPORTADO with its map item in one transaction, and queued for the
//   communication flow (the sweep is the safety net). A changed one has its fields changed while it
//   is open, and a new legacy status taken as a move of the state machine (cliente CONFIRMADO /
//   CANCELADO, prestador REALIZADO / FALTOU): an illegal jump is `rejeitado` naming `status`.
// - A clinical record is stored with its map item in one transaction; no route returns it.
import { nextId } from '#shared/db/ids';
import { appointmentFieldsWrite, dynamoAppointmentRepository, newAppointmentWrites, STATUS_CHANGED } from '#shared/db/appointments';
import { clinicalRecordWrite, importedRecords, importedRecordWrite, type ImportedRecord } from '#shared/db/agent-imports';
import { dynamoPatientRepository } from '#shared/db/patients';
import { commitWrites } from '#shared/db/unit-of-work';
import {
  isRejection,
  parseRecord,
  recordTypes,
  type ImportOutcome,
  type ImportedStatus,
  type ParsedRecord,
  type Rejection,
} from '#shared/domain/agent-import';
import { isClosed, moveAppointment, newAppointment, type Appointment, type Trigger } from '#shared/domain/appointments';
import { DomainError } from '#shared/domain/errors';
import { applyPatientInput, upsertPatient } from '#shared/domain/patients';
import { log } from '#shared/log';
import { queueAppointment } from '#shared/operations/flow-queue';

export interface RecordResult {
  indice: number;
  tipo: string | null;
  idLegado: string | null;
  resultado: ImportOutcome;
  id?: number;
  campo?: string;
  motivo?: string;
}

const patients = dynamoPatientRepository();
const appointments = dynamoAppointmentRepository();
const CONCURRENCY = 16;
const ATTEMPTS = 4;

class Rejected extends Error {
  constructor(
    readonly campo: string,
    message: string,
  ) {
    super(message);
  }
}

/** A write lost to a concurrent import of the same record: read again and redo. */
class Raced extends Error {}

interface Context {
  aplicacaoId: number;
  integracaoId: number;
  at: Date;
  /** The map items read for the batch, kept current as records are written. */
  map: Map<string, ImportedRecord>;
}

const keyOf = (r: { tipo: string; idLegado: string }) => `${r.tipo}#${r.idLegado}`;

async function importPatient(ctx: Context, r: Extract<ParsedRecord, { tipo: 'PACIENTE' }>, before: ImportedRecord | undefined) {
  const at = ctx.at.toISOString();
  const current = before ? await patients.get(ctx.aplicacaoId, before.alvoId) : undefined;
  let id: number;
  if (current) {
    const next = applyPatientInput(current, r.dados, { id: current.id, aplicacaoId: ctx.aplicacaoId, at });
    const result = await patients.update(current, next);
    if (!result.committed) {
      if (result.refusals.includes('telefone')) throw new Rejected('dados.telefone', 'telefone belongs to another patient');
      if (result.refusals.includes('cpf')) throw new Rejected('dados.cpf', 'cpf belongs to another patient');
      if (result.raced || result.refusals.includes('changed')) throw new Raced();
      throw result.error;
    }
    id = current.id;
  } else {
    try {
      id = (await upsertPatient(patients, ctx.aplicacaoId, r.dados, at)).patient.id;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'conflict')
        throw new Rejected(/cpf/.test(error.message) ? 'dados.cpf' : 'dados.telefone', error.message);
      throw error;
    }
  }
  await commitOrRace([importedRecordWrite(ctx.aplicacaoId, ctx.integracaoId, { ...r, alvoId: id }, before, 'raced')]);
  return id;
}

const triggerOf = (status: ImportedStatus): Trigger =>
  status === 'CONFIRMADO' || status === 'CANCELADO' ? { by: 'cliente', status } : { by: 'prestador', resultado: status };

const appointmentFields = [
  'pacienteTelefone',
  'procedimento',
  'pacienteNome',
  'pacienteCpf',
  'numeroPedido',
  'dataLimiteRetirada',
  'localRetirada',
  'observacoes',
  'medicoSolicitante',
] as const;

async function importAppointment(ctx: Context, r: Extract<ParsedRecord, { tipo: 'AGENDAMENTO' }>, before: ImportedRecord | undefined) {
  const { status, prestador: _prestador, ...fields } = r.dados;
  const current = before ? await appointments.get(ctx.aplicacaoId, before.alvoId) : undefined;
  const actor = `integracao:${ctx.integracaoId}`;
  if (!current) {
    const created = newAppointment(
      { ...r.dados, prestador: null },
      { id: await nextId(), aplicacaoId: ctx.aplicacaoId, prestadorId: null, clientId: actor, at: ctx.at },
    );
    const mapWrite = importedRecordWrite(ctx.aplicacaoId, ctx.integracaoId, { ...r, alvoId: created.id }, before, 'raced' as const);
    await commitOrRace([...newAppointmentWrites(created), mapWrite]);
    await queueAppointment(ctx.aplicacaoId, created.id).catch((error: unknown) =>
      log.warn('imported appointment left for the sweep', { agendamentoId: created.id, error }),
    );
    // A legacy status on a new record: the move from IMPORTADO (a refusal keeps it IMPORTADO and says why).
    if (status) await moveTo(ctx, created, status, actor);
    return created.id;
  }

  const changed = Object.fromEntries(appointmentFields.filter((f) => current[f] !== fields[f]).map((f) => [f, fields[f]]));
  const changedNames = Object.keys(changed);
  if (changedNames.length > 0) {
    if (isClosed(current.status))
      throw new Rejected(`dados.${changedNames[0]}`, `the appointment is ${current.status}: its fields no longer change`);
    if ('pacienteTelefone' in changed && !['IMPORTADO', 'VALIDADO', 'ERRO', 'SEM_TEMPLATE'].includes(current.status)) {
      throw new Rejected('dados.pacienteTelefone', `the patient was already notified (${current.status}): the phone no longer changes`);
    }
  }
  let latest: Appointment = current;
  if (changedNames.length > 0) {
    await commitOrRace([appointmentFieldsWrite(current, { ...changed, atualizadoEm: current.atualizadoEm }, 'raced')]);
    latest = { ...current, ...changed };
  }
  if (status && status !== latest.status) await moveTo(ctx, latest, status, actor);
  await commitOrRace([importedRecordWrite(ctx.aplicacaoId, ctx.integracaoId, { ...r, alvoId: current.id }, before, 'raced')]);
  return current.id;
}

async function moveTo(ctx: Context, appointment: Appointment, status: ImportedStatus, actor: string): Promise<void> {
  let move;
  try {
    move = moveAppointment(appointment, triggerOf(status), { actorId: actor, at: ctx.at });
  } catch (error) {
    if (error instanceof DomainError) throw new Rejected('dados.status', error.message);
    throw error;
  }
  if (!move.changed) return;
  const outcome = await appointments.move(move.appointment, appointment, []);
  if (!outcome.committed) {
    if (outcome.raced || outcome.refusals.includes(STATUS_CHANGED)) throw new Raced();
    throw outcome.error;
  }
}

async function importClinical(ctx: Context, r: Extract<ParsedRecord, { tipo: 'REGISTRO_CLINICO' }>, before: ImportedRecord | undefined) {
  let pacienteId: number | undefined;
  if (r.dados.pacienteIdLegado) {
    pacienteId = ctx.map.get(keyOf({ tipo: 'PACIENTE', idLegado: r.dados.pacienteIdLegado }))?.alvoId;
    pacienteId ??= (
      await importedRecords(ctx.aplicacaoId, ctx.integracaoId, [{ tipo: 'PACIENTE', idLegado: r.dados.pacienteIdLegado }])
    ).get(keyOf({ tipo: 'PACIENTE', idLegado: r.dados.pacienteIdLegado }))?.alvoId;
    if (pacienteId === undefined) throw new Rejected('dados.pacienteIdLegado', 'no patient of this integration has that legacy id');
  } else {
    pacienteId = (await patients.findByPhone(ctx.aplicacaoId, r.dados.pacienteTelefone!))?.id;
    if (pacienteId === undefined) throw new Rejected('dados.pacienteTelefone', 'no patient of the application has that phone');
  }
  const id = before?.alvoId ?? (await nextId());
  await commitOrRace([
    clinicalRecordWrite(ctx.aplicacaoId, id, { ...r.dados, pacienteId, integracaoId: ctx.integracaoId, idLegado: r.idLegado }),
    importedRecordWrite(ctx.aplicacaoId, ctx.integracaoId, { ...r, alvoId: id }, before, 'raced'),
  ]);
  return id;
}

async function commitOrRace(writes: Parameters<typeof commitWrites<'raced'>>[0]): Promise<void> {
  const outcome = await commitWrites<'raced'>(writes);
  if (outcome.committed) return;
  if (outcome.raced || outcome.refusals.length > 0) throw new Raced();
  throw outcome.error;
}

async function importOne(ctx: Context, record: ParsedRecord): Promise<{ resultado: ImportOutcome; id: number }> {
  for (let attempt = 1; ; attempt++) {
    const key = keyOf(record);
    let before = ctx.map.get(key);
    if (attempt > 1) before = (await importedRecords(ctx.aplicacaoId, ctx.integracaoId, [record])).get(key);
    if (before && before.hash === record.hash) return { resultado: 'inalterado', id: before.alvoId };
    try {
      const id =
        record.tipo === 'PACIENTE'
          ? await importPatient(ctx, record, before)
          : record.tipo === 'AGENDAMENTO'
            ? await importAppointment(ctx, record, before)
            : await importClinical(ctx, record, before);
      ctx.map.set(key, { tipo: record.tipo, idLegado: record.idLegado, alvoId: id, hash: record.hash });
      return { resultado: before ? 'atualizado' : 'criado', id };
    } catch (error) {
      if (!(error instanceof Raced) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** Runs `work` on each item with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Imports the batch's records; one result per record, in the batch's order. */
export async function importRecords(aplicacaoId: number, integracaoId: number, raw: unknown[]): Promise<RecordResult[]> {
  const parsed = raw.map((r, i) => parseRecord(r, i));
  const results: RecordResult[] = parsed.map((p, indice) =>
    isRejection(p) ? rejected(indice, p) : { indice, tipo: p.tipo, idLegado: p.idLegado, resultado: 'inalterado' },
  );
  const valid = parsed.flatMap((p, indice) => (isRejection(p) ? [] : [{ indice, record: p }]));
  const ctx: Context = {
    aplicacaoId,
    integracaoId,
    at: new Date(),
    map: await importedRecords(
      aplicacaoId,
      integracaoId,
      valid.map((v) => v.record),
    ),
  };

  for (const tipo of recordTypes) {
    // Records of one key in the batch's order, one after the other; different keys at once.
    const groups = new Map<string, typeof valid>();
    for (const v of valid.filter((v) => v.record.tipo === tipo)) groups.set(keyOf(v.record), [...(groups.get(keyOf(v.record)) ?? []), v]);
    await pool([...groups.values()], CONCURRENCY, async (group) => {
      for (const { indice, record } of group) {
        try {
          const { resultado, id } = await importOne(ctx, record);
          results[indice] = { indice, tipo: record.tipo, idLegado: record.idLegado, resultado, id };
        } catch (error) {
          if (!(error instanceof Rejected)) throw error;
          results[indice] = {
            indice,
            tipo: record.tipo,
            idLegado: record.idLegado,
            resultado: 'rejeitado',
            campo: `registros[${indice}].${error.campo}`,
            motivo: error.message,
          };
        }
      }
    });
  }
  return results;
}

const rejected = (indice: number, r: Rejection): RecordResult => ({
  indice,
  tipo: r.tipo,
  idLegado: r.idLegado,
  resultado: 'rejeitado',
  campo: r.campo,
  motivo: r.motivo,
});
