// DynamoDB patients (docs/data-model.md, patterns 28-28b; keys in shared/db/keys.ts): the patient item
// listed by folded name on gsi1, and its phone and CPF lookups, each unique per application. A
// creation puts all three; an update is conditioned on the version read and moves a lookup whose value
// changed (the new one `attribute_not_exists`, the old one deleted) in the same transaction.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryCount, queryPage, tableName, withoutKeys } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import * as keys from '#shared/db/keys';
import { tableKeys } from '#shared/db/table';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { foldName, type Patient, type PatientRepository, type PatientWriteRefusal } from '#shared/domain/patients';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

type Item = Record<string, unknown>;

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
  const rest = withoutKeys(item);
  return { ...(rest as unknown as Patient), id: Number(item.id), aplicacaoId: Number(item.aplicacaoId), versao: Number(item.versao ?? 1) };
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

export function dynamoPatientRepository(): PatientRepository {
  return {
    newId: nextId,
    async get(aplicacaoId, id) {
      const item = await get(keys.patient(aplicacaoId, id));
      return item ? toPatient(item) : undefined;
    },
    findByPhone: (aplicacaoId, telefone) => byLookup(aplicacaoId, keys.patientByPhone(aplicacaoId, telefone)),
    findByCpf: (aplicacaoId, cpf) => byLookup(aplicacaoId, keys.patientByCpf(aplicacaoId, cpf)),

    create(patient) {
      return commitWrites<PatientWriteRefusal>([
        putNew(patientItem(patient), 'changed'),
        putNew(phoneItem(patient), 'telefone'),
        ...(patient.cpf ? [putNew<PatientWriteRefusal>(cpfItem({ ...patient, cpf: patient.cpf }), 'cpf')] : []),
      ]);
    },

    update(before, after) {
      const { aplicacaoId, id } = after;
      return commitWrites<PatientWriteRefusal>([
        conditionalWrite(
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
      ]);
    },

    async page(aplicacaoId, filters, page, size) {
      if (filters.telefone || filters.cpf) {
        // Exact lookups: one patient or none; the other filters narrow it further.
        const found = filters.telefone
          ? await byLookup(aplicacaoId, keys.patientByPhone(aplicacaoId, filters.telefone))
          : await byLookup(aplicacaoId, keys.patientByCpf(aplicacaoId, filters.cpf as string));
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
