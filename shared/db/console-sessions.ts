// DynamoDB side of the console sessions (shared/domain/console-sessions.ts; docs/data-model.md 12g, 12h):
//
//   family (12g)   APP#<id> / SESSAO#<familiaId>: the user it is bound to, its absolute end, revogadoEm
//   token (12h)    REFRESH#<token id> / REFRESH: the secret's hash, its family, expiraEm, usadoEm once spent
//
// A rotation is one TransactWriteItems: spend the token (only if unspent), put the next one, count the
// renewal on the family (only if not revoked). Two refreshes of one token: one transaction commits,
// the other is cancelled on the spent token. Every read is strongly consistent (a token spent a
// moment ago is seen spent). DynamoDB deletes expired items only eventually: expiraEm is compared.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoApplicationReader, dynamoApplicationRepository } from '#shared/db/applications';
import { db, isConditionFailure, tableName } from '#shared/db/client';
import { fieldsOf, oneOf } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { dynamoUserAuthRepository } from '#shared/db/users';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { consoleRoles, type RefreshTokenRecord, type SessionFamily, type SessionRepository } from '#shared/domain/console-sessions';
import { epochSeconds } from '#shared/domain/time';

type Item = Record<string, unknown>;

const get = async (key: { pk: string; sk: string }): Promise<Item | undefined> =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const tokenItem = (t: RefreshTokenRecord): Item => ({
  ...keys.refreshToken(t.id),
  tipo: 'REFRESH',
  segredoHash: t.segredoHash,
  familiaId: t.familiaId,
  aplicacaoId: t.aplicacaoId,
  emitidoEm: t.emitidoEm,
  expiraEm: t.expiraEm,
  expiresAt: t.familiaExpiraEm,
});

const toToken = (id: string, item: Item): RefreshTokenRecord => ({
  id,
  segredoHash: String(item.segredoHash),
  familiaId: String(item.familiaId),
  aplicacaoId: Number(item.aplicacaoId),
  emitidoEm: Number(item.emitidoEm),
  expiraEm: Number(item.expiraEm),
  familiaExpiraEm: Number(item.expiresAt),
  ...(item.usadoEm === undefined ? {} : { usadoEm: Number(item.usadoEm) }),
});

const toFamily = (aplicacaoId: number, id: string, item: Item): SessionFamily => ({
  id,
  aplicacaoId,
  userId: Number(item.userId),
  role: fieldsOf(item).read('role', oneOf(consoleRoles)),
  email: String(item.email),
  senhaFp: String(item.senhaFp),
  criadoEm: Number(item.criadoEm),
  expiraEm: Number(item.expiraEm),
  ...(item.revogadoEm === undefined ? {} : { revogadoEm: Number(item.revogadoEm) }),
});

export function dynamoSessionRepository(): SessionRepository {
  const users = dynamoUserAuthRepository(dynamoApplicationRepository());
  const applications = dynamoApplicationReader();
  return {
    async getRefreshToken(id) {
      const item = await get(keys.refreshToken(id));
      return item ? toToken(id, item) : undefined;
    },

    async getFamily(aplicacaoId, familiaId) {
      const item = await get(keys.sessionFamily(aplicacaoId, familiaId));
      return item ? toFamily(aplicacaoId, familiaId, item) : undefined;
    },

    getPortalUser: (aplicacaoId, id) => users.getPortalUser(aplicacaoId, id),
    findLoginAccount: (email) => users.findLoginAccount(email),

    async isApplicationActive(aplicacaoId) {
      const application = await applications.getApplication(aplicacaoId);
      return application !== undefined && application.ativo !== false;
    },

    async startFamily(family, first) {
      const { id, aplicacaoId, ...fields } = family;
      const outcome = await commitWrites([
        putNew({ ...keys.sessionFamily(aplicacaoId, id), tipo: 'SESSAO', ...fields, renovacoes: 0, expiresAt: family.expiraEm }),
        putNew(tokenItem(first)),
      ]);
      if (!outcome.committed) throw outcome.error;
    },

    async rotate(spent, next, now) {
      const family = keys.sessionFamily(spent.aplicacaoId, spent.familiaId);
      const outcome = await commitWrites<'spent' | 'revoked'>([
        conditionalWrite(
          {
            Update: {
              Key: keys.refreshToken(spent.id),
              UpdateExpression: 'SET usadoEm = :now',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usadoEm)',
              ExpressionAttributeValues: { ':now': epochSeconds(now) },
            },
          },
          'spent',
        ),
        conditionalWrite(
          {
            Update: {
              Key: family,
              UpdateExpression: 'ADD renovacoes :one',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revogadoEm)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          'revoked',
        ),
        putNew(tokenItem(next)),
      ]);
      if (outcome.committed) return 'rotated';
      if (outcome.refusals.includes('spent')) return 'spent';
      if (outcome.refusals.includes('revoked')) return 'revoked';
      if (outcome.raced) return 'raced';
      throw outcome.error;
    },

    async revokeFamily(aplicacaoId, familiaId, now, motivo) {
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.sessionFamily(aplicacaoId, familiaId),
            UpdateExpression: 'SET revogadoEm = if_not_exists(revogadoEm, :now), motivo = if_not_exists(motivo, :motivo)',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':now': epochSeconds(now), ':motivo': motivo },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error; // no such family: nothing to revoke
      }
    },
  };
}
