// DynamoDB patients (docs/data-model.md, patterns 28-28b; keys in shared/db/keys.ts): the patient item
// listed by folded name on gsi1, and its phone and CPF lookups, each unique per application. A
// creation puts all three; an update is conditioned on the version read and moves a lookup whose value
// changed (the new one `attribute_not_exists`, the old one deleted) in the same transaction.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, queryCount, queryPage, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import { fieldsOf, nullable, number, oneOf, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { tableKeys } from '#shared/db/table';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { foldName, sexos, type Patient, type PatientRepository, type PatientWriteRefusal } from '#shared/domain/patients';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

/** The patient item with its name-ordered index entry. */
export const patientItem = (p: Patient): Item => ({
  ...keys.patient(p.aplicacaoId, p.id),
  ...keys.patientListing(p.aplicacaoId, foldName(p.nome), p.id),
  tipo: 'PACIENTE',
  ...p,
});

const phoneItem = (p: Patient): Item => ({ ...keys.patientByPhone(p.aplicacaoId, p.telefone), tipo: 'PACFONE', pacienteId: p.id });
const cpfItem = (p: Patient & { cpf: string }): Item => ({ ...keys.patientByCpf(p.aplicacaoId, p.cpf), tipo: 'PACCPF', pacienteId: p.id });

/** The writes that create a patient: the item and its phone (and CPF) lookups, each unique per application. */
export function newPatientWrites<R>(p: Patient, refusal?: R): ConditionalWrite<R>[] {
  return [
    putNew(patientItem(p), refusal),
    putNew(phoneItem(p), refusal),
    ...(p.cpf ? [putNew(cpfItem({ ...p, cpf: p.cpf }), refusal)] : []),
  ];
}

function toPatient(item: Item): Patient {
  const f = fieldsOf(item);
  const text = (name: string) => f.read(name, nullable(string));
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    nome: text('nome'),
    telefone: f.read('telefone', string),
    cpf: text('cpf'),
    dataNascimento: text('dataNascimento'),
    sexo: f.read('sexo', nullable(oneOf(sexos))),
    email: text('email'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    criadoEm: f.read('criadoEm', string),
    atualizadoEm: f.read('atualizadoEm', string),
    // Items from before the optimistic lock are at their first version.
    versao: f.orElse('versao', number, 1),
  };
}

const get = async (key: { pk: string; sk: string }): Promise<Item | undefined> =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

async function byLookup(aplicacaoId: number, key: { pk: string; sk: string }): Promise<Patient | undefined> {
  const lookup = await get(key);
  if (!lookup) return undefined;
  const item = await get(keys.patient(aplicacaoId, Number(lookup.pacienteId)));
  return item ? toPatient(item) : undefined;
}

const removeLookup = (key: { pk: string; sk: string }, pacienteId: number) =>
  conditionalWrite<PatientWriteRefusal>({
    Delete: { Key: key, ConditionExpression: 'pacienteId = :id', ExpressionAttributeValues: { ':id': pacienteId } },
  });

/**
 * The writes of a new patient with their refusals (the item: 'changed'; a phone or CPF already taken:
 * 'telefone' / 'cpf'), for a caller's own transaction (the agent import commits its map item with them).
 */
export function patientCreateWrites(patient: Patient): ConditionalWrite<PatientWriteRefusal>[] {
  return [
    putNew<PatientWriteRefusal>(patientItem(patient), 'changed'),
    putNew<PatientWriteRefusal>(phoneItem(patient), 'telefone'),
    ...(patient.cpf ? [putNew<PatientWriteRefusal>(cpfItem({ ...patient, cpf: patient.cpf }), 'cpf')] : []),
  ];
}

/**
 * The writes of an update decided on `before` (conditioned on its `versao`: 'changed'), moving a phone
 * or CPF lookup that changed ('telefone' / 'cpf' when the new one is taken); for a caller's own transaction.
 */
export function patientUpdateWrites(before: Patient, after: Patient): ConditionalWrite<PatientWriteRefusal>[] {
  const { aplicacaoId, id } = after;
  return [
    conditionalWrite<PatientWriteRefusal>(
      {
        Put: {
          Item: patientItem(after),
          ConditionExpression: 'versao = :versao',
          ExpressionAttributeValues: { ':versao': before.versao },
        },
      },
      'changed',
    ),
    ...(before.telefone !== after.telefone
      ? [putNew<PatientWriteRefusal>(phoneItem(after), 'telefone'), removeLookup(keys.patientByPhone(aplicacaoId, before.telefone), id)]
      : []),
    ...(before.cpf !== after.cpf
      ? [
          ...(after.cpf ? [putNew<PatientWriteRefusal>(cpfItem({ ...after, cpf: after.cpf }), 'cpf')] : []),
          ...(before.cpf ? [removeLookup(keys.patientByCpf(aplicacaoId, before.cpf), id)] : []),
        ]
      : []),
  ];
}

/**
 * The patients of these phones and CPFs, by their lookup items (28a, 28b) and then the patients, in two
 * BatchGets of up to 100 keys each (unprocessed keys asked again): `byPhone` / `byCpf` map each value
 * found to its patient.
 */
export async function patientsByLookups(
  aplicacaoId: number,
  wanted: { telefones: readonly string[]; cpfs: readonly string[] },
): Promise<{ byPhone: Map<string, Patient>; byCpf: Map<string, Patient> }> {
  const phoneKeys = [...new Set(wanted.telefones)].map((t) => ({ key: keys.patientByPhone(aplicacaoId, t), value: t }));
  const cpfKeys = [...new Set(wanted.cpfs)].map((c) => ({ key: keys.patientByCpf(aplicacaoId, c), value: c }));
  const lookups = await batchGetAll([...phoneKeys, ...cpfKeys].map((k) => k.key));
  const valueOf = (list: typeof phoneKeys) => new Map(list.map((k) => [k.key.sk, k.value]));
  const [phoneOf, cpfOf] = [valueOf(phoneKeys), valueOf(cpfKeys)];
  const ids = [...new Set(lookups.map((l) => Number(l.pacienteId)))];
  const patients = new Map((await batchGetAll(ids.map((id) => keys.patient(aplicacaoId, id)))).map((i) => [Number(i.id), toPatient(i)]));
  const byPhone = new Map<string, Patient>();
  const byCpf = new Map<string, Patient>();
  for (const l of lookups) {
    const patient = patients.get(Number(l.pacienteId));
    const sk = String(l.sk);
    if (!patient) continue;
    if (phoneOf.has(sk)) byPhone.set(phoneOf.get(sk)!, patient);
    else if (cpfOf.has(sk)) byCpf.set(cpfOf.get(sk)!, patient);
  }
  return { byPhone, byCpf };
}

export function dynamoPatientRepository(): PatientRepository {
  return {
    newId: nextId,
    async get(aplicacaoId, id) {
      const item = await get(keys.patient(aplicacaoId, id));
      return item ? toPatient(item) : undefined;
    },
    findByPhone: (aplicacaoId, telefone) => byLookup(aplicacaoId, keys.patientByPhone(aplicacaoId, telefone)),
    findByCpf: (aplicacaoId, cpf) => byLookup(aplicacaoId, keys.patientByCpf(aplicacaoId, cpf)),

    create: (patient) => commitWrites(patientCreateWrites(patient)),

    update: (before, after) => commitWrites(patientUpdateWrites(before, after)),

    async page(aplicacaoId, filters, page, size) {
      const lookup = filters.telefone
        ? keys.patientByPhone(aplicacaoId, filters.telefone)
        : filters.cpf
          ? keys.patientByCpf(aplicacaoId, filters.cpf)
          : undefined;
      if (lookup) {
        // Exact lookups: one patient or none; the other filters narrow it further.
        const found = await byLookup(aplicacaoId, lookup);
        const matches =
          found && (!filters.cpf || found.cpf === filters.cpf) && (!filters.nome || foldName(found.nome).startsWith(foldName(filters.nome)))
            ? [found]
            : [];
        return { content: page === 0 ? matches.slice(0, size) : [], total: matches.length };
      }
      const prefix = filters.nome ? foldName(filters.nome) : '';
      // The name index projects every attribute: the page comes from it.
      const query = {
        IndexName: tableKeys.gsi1.name,
        KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.patients(aplicacaoId).gsi1pk, ...(prefix ? { ':prefix': prefix } : {}) },
      };
      const [items, total] = await Promise.all([queryPage(query, page, size), queryCount(query)]);
      return { content: items.map(toPatient), total };
    },
  };
}
