// DynamoDB records of the on-call physician's portal (docs/data-model.md, patterns 37, 38, 38a): all
// under the application's partition, keyed by the physician's user id.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db, queryPrefix, tableName } from '#shared/db/client';
import { boolean, fieldsOf, listOf, map, nullable, number, oneOf, string, type Item, type Read } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import {
  brazilianStates,
  shifts,
  weekDays,
  type Address,
  type PhysicianPreference,
  type PhysicianProfile,
  type PhysicianRepository,
  type SearchPeriod,
  type SearchProfile,
} from '#shared/domain/physicians';

const read = async (key: { pk: string; sk: string }) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const put = (Item: Item) => db().send(new PutCommand({ TableName: tableName(), Item }));

const shift = oneOf(shifts);

function toPreference(item: Item): PhysicianPreference {
  const f = fieldsOf(item);
  return {
    secretariaId: f.read('secretariaId', string),
    turnos: f.read('turnos', listOf(shift)),
    unidades: f.read('unidades', listOf(string)),
    valorMinimo: f.read('valorMinimo', nullable(string)),
    ativo: f.read('ativo', boolean),
    atualizadoEm: f.read('atualizadoEm', string),
  };
}

const address = map((f): Address => ({
  logradouro: f.read('logradouro', string),
  numero: f.read('numero', nullable(string)),
  complemento: f.read('complemento', nullable(string)),
  bairro: f.read('bairro', nullable(string)),
  cidade: f.read('cidade', string),
  uf: f.read('uf', oneOf(brazilianStates)),
  cep: f.read('cep', nullable(string)),
}));

// Fractional numbers come back as exact NumberValues; coordinates are plain numbers (`number` takes them so).
const point = map((f) => ({ latitude: f.read('latitude', number), longitude: f.read('longitude', number) }));

function toProfile(item: Item): PhysicianProfile {
  const f = fieldsOf(item);
  const text = (name: string) => f.read(name, nullable(string));
  return {
    nome: f.read('nome', string),
    cpf: text('cpf'),
    crm: text('crm'),
    crmUf: text('crmUf'),
    telefone: text('telefone'),
    email: text('email'),
    especialidade: text('especialidade'),
    endereco: f.read('endereco', nullable(address)),
    localizacao: f.read('localizacao', nullable(point)),
    atualizadoEm: f.read('atualizadoEm', string),
    versao: f.read('versao', number),
  };
}

const hours = map((f) => ({ inicio: f.read('inicio', string), fim: f.read('fim', string) }));
/** A named shift, or explicit hours. */
const period: Read<SearchPeriod> = (value, at) => (typeof value === 'string' ? shift(value, at) : hours(value, at));

function toSearchProfile(item: Item): SearchProfile {
  const f = fieldsOf(item);
  return {
    diasSemana: f.read('diasSemana', listOf(oneOf(weekDays))),
    valorMinimoPorTurno: f.read('valorMinimoPorTurno', nullable(string)),
    raioKm: f.read('raioKm', nullable(number)),
    periodos: f.read('periodos', listOf(period)),
    atualizadoEm: f.read('atualizadoEm', nullable(string)),
  };
}

export function dynamoPhysicianRepository(): PhysicianRepository {
  return {
    async activePreferences(aplicacaoId, userId) {
      const items = await queryPrefix(keys.physicianPreferences(aplicacaoId, userId), {
        FilterExpression: 'ativo = :true',
        ExpressionAttributeValues: { ':true': true },
      });
      return items.map(toPreference);
    },
    async putPreference(aplicacaoId, userId, preference) {
      await put({ ...keys.physicianPreference(aplicacaoId, userId, preference.secretariaId), tipo: 'PLANTPRED', ...preference });
    },
    async profile(aplicacaoId, userId) {
      const item = await read(keys.physicianProfile(aplicacaoId, userId));
      return item ? toProfile(item) : undefined;
    },
    saveProfile: (aplicacaoId, userId, before, after) =>
      conditional(() =>
        db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...keys.physicianProfile(aplicacaoId, userId), tipo: 'PLANTONISTA', ...after },
            ...(before
              ? { ConditionExpression: 'versao = :versao', ExpressionAttributeValues: { ':versao': before.versao } }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          }),
        ),
      ),
    async searchProfile(aplicacaoId, userId) {
      const item = await read(keys.physicianSearchProfile(aplicacaoId, userId));
      return item ? toSearchProfile(item) : undefined;
    },
    async putSearchProfile(aplicacaoId, userId, profile) {
      await put({ ...keys.physicianSearchProfile(aplicacaoId, userId), tipo: 'PLANTBUSCA', ...profile });
    },
  };
}
