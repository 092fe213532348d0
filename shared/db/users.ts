// DynamoDB side of the portal logins (docs/data-model.md; keys in shared/db/keys.ts):
//
//   login lookup (12)     aplicacaoId, userId, senhaHash (written with the user, shared/db/applications.ts)
//   patient phone (12b)   aplicacaoId, userId (written with the user)
//   login attempts (12c)  tentativas, janelaAte, expiresAt (TTL)
//   one-time code (12d)   userId, codigoHash, salt, tentativas, enviadoEm, expiresAt (TTL)
//   wrong codes (12e)     tentativas, janelaAte, expiresAt (TTL), per phone across codes
//   codes asked (12f)     tentativas, janelaAte, ultimoEm, expiresAt (TTL), per phone
//
// DynamoDB deletes expired items only eventually (up to days later), so every read and condition
// here also compares the expiry itself: an expired item behaves as absent.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { conditional, db, isConditionFailure, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { releaseInWindow, reserveInWindow, windowFullFor } from '#shared/db/windowed-counter';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import type { PortalUser } from '#shared/domain/applications/records';
import type { AttemptReservation, LoginAccount, LoginPolicy, LoginRepository } from '#shared/domain/login';
import type { OtpRecord, PatientOtpRepository } from '#shared/domain/patient-otp';
import { epochSeconds } from '#shared/domain/time';

export function dynamoUserAuthRepository(
  applications: ApplicationRepository = dynamoApplicationRepository(),
): LoginRepository & PatientOtpRepository {
  const TableName = () => tableName();

  // Strongly consistent: a user created a moment ago can log in, a counted attempt is seen by the next one.
  const get = async (key: { pk: string; sk: string }) =>
    (await db().send(new GetCommand({ TableName: TableName(), Key: key, ConsistentRead: true }))).Item;

  async function reserveLoginAttempt(email: string, now: Date, policy: LoginPolicy): Promise<AttemptReservation> {
    const limit = { max: policy.maxFailures, windowSeconds: policy.failureWindowSeconds };
    const reservation = await reserveInWindow(keys.loginAttempts(email), 'LOGINFALHA', epochSeconds(now), limit);
    return reservation.allowed
      ? { allowed: true, attempt: reservation.count }
      : { allowed: false, retryAfterSeconds: reservation.retryAfterSeconds };
  }

  async function lockLogin(email: string, until: number): Promise<void> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: TableName(),
          Key: keys.loginAttempts(email),
          UpdateExpression: 'SET janelaAte = :until, expiresAt = :until',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':until': until },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // cleared by a success meanwhile: nothing to lock
    }
  }

  const repo: LoginRepository & PatientOtpRepository = {
    getPortalUser: (aplicacaoId, id) => applications.getPortalUser(aplicacaoId, id),
    findApplicationBySlug: (slug) => applications.findApplicationBySlug(slug),
    getApplication: (id) => applications.getApplication(id),

    async findLoginAccount(email) {
      const item = await get(keys.userEmail(email));
      if (!item) return undefined;
      const account: LoginAccount = { aplicacaoId: Number(item.aplicacaoId), userId: Number(item.userId) };
      if (typeof item.senhaHash === 'string') account.senhaHash = item.senhaHash;
      return account;
    },

    reserveLoginAttempt,
    lockLogin,

    async clearLoginAttempts(email) {
      await db().send(new DeleteCommand({ TableName: TableName(), Key: keys.loginAttempts(email) }));
    },

    async findPatientByPhone(aplicacaoId, telefone) {
      const item = await get(keys.patientPhone(aplicacaoId, telefone));
      return item ? applications.getPortalUser(aplicacaoId, Number(item.userId)) : undefined;
    },

    async putOtp(record, sentAfter) {
      return conditional(() =>
        db().send(
          new PutCommand({
            TableName: TableName(),
            Item: { ...keys.otp(record.aplicacaoId, record.telefone), tipo: 'OTP', ...record },
            ConditionExpression: 'attribute_not_exists(pk) OR enviadoEm < :sentAfter',
            ExpressionAttributeValues: { ':sentAfter': sentAfter },
          }),
        ),
      );
    },

    async deleteOtp(aplicacaoId, telefone, codigoHash) {
      return conditional(() =>
        db().send(
          new DeleteCommand({
            TableName: TableName(),
            Key: keys.otp(aplicacaoId, telefone),
            ConditionExpression: 'codigoHash = :h',
            ExpressionAttributeValues: { ':h': codigoHash },
          }),
        ),
      );
    },

    async spendOtpAttempt(aplicacaoId, telefone, now, maxAttempts) {
      try {
        const out = await db().send(
          new UpdateCommand({
            TableName: TableName(),
            Key: keys.otp(aplicacaoId, telefone),
            UpdateExpression: 'ADD tentativas :one',
            ConditionExpression: 'expiresAt > :now AND tentativas < :max',
            ExpressionAttributeValues: { ':one': 1, ':now': epochSeconds(now), ':max': maxAttempts },
            ReturnValues: 'ALL_NEW',
          }),
        );
        const item = out.Attributes;
        if (!item) return undefined;
        return {
          aplicacaoId,
          telefone,
          userId: Number(item.userId),
          codigoHash: String(item.codigoHash),
          salt: String(item.salt),
          tentativas: Number(item.tentativas),
          enviadoEm: Number(item.enviadoEm),
          expiresAt: Number(item.expiresAt),
        } satisfies OtpRecord;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    reserveCodeGuess: (aplicacaoId, telefone, now, limit) =>
      reserveInWindow(keys.otpFailures(aplicacaoId, telefone), 'OTPFALHA', epochSeconds(now), limit),
    releaseCodeGuess: (aplicacaoId, telefone, now) => releaseInWindow(keys.otpFailures(aplicacaoId, telefone), epochSeconds(now)),
    codeGuessesLockedFor: (aplicacaoId, telefone, now, max) =>
      windowFullFor(keys.otpFailures(aplicacaoId, telefone), epochSeconds(now), max),
    reserveCodeRequest: (aplicacaoId, telefone, now, limit) =>
      reserveInWindow(keys.otpRequests(aplicacaoId, telefone), 'OTPPEDIDO', epochSeconds(now), limit),
  };
  return repo;
}

/**
 * Gives an existing paciente user its phone (the user item and the phone lookup, together).
 * For users created before phones existed, such as the sandbox's on an older local data folder.
 */
export async function addPatientPhone(user: PortalUser, telefone: string): Promise<void> {
  const outcome = await commitWrites([
    conditionalWrite({
      Update: {
        Key: keys.portalUser(user.aplicacaoId, user.id),
        UpdateExpression: 'SET telefone = :t',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(telefone)',
        ExpressionAttributeValues: { ':t': telefone },
      },
    }),
    putNew({ ...keys.patientPhone(user.aplicacaoId, telefone), tipo: 'USERFONE', aplicacaoId: user.aplicacaoId, userId: user.id }),
  ]);
  if (!outcome.committed) throw outcome.error;
}

/** Gives an existing login a new password hash (the sandbox's console logins, when sandbox.json lost theirs). */
export async function setLoginPassword(email: string, senhaHash: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userEmail(email),
      UpdateExpression: 'SET senhaHash = :h',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':h': senhaHash },
    }),
  );
}
