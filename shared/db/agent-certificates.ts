// DynamoDB agent certificates (docs/data-model.md, patterns 45, 45a, 45b): the certificates issued for
// an integration, the CA's revocation list (the only source of a CRL's content) and its CRL number.
// A revocation is one transaction: the certificate's `revogadoEm` set only if absent, and the
// revocation item put only if absent, so two revocations at once never lose one.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryPrefix, tableName } from '#shared/db/client';
import { fieldsOf, nullable, number, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';

export interface AgentCertificateRecord {
  aplicacaoId: number;
  integracaoId: number;
  /** Lower-case hex (normalizeSerial). */
  serial: string;
  subject: string;
  sha256: string;
  emitidoEm: string;
  validoAte: string;
  revogadoEm: string | null;
  motivo: string | null;
}

export interface Revocation {
  serial: string;
  revogadoEm: string;
}

function fromItem(item: Item): AgentCertificateRecord {
  const f = fieldsOf(item);
  return {
    aplicacaoId: f.read('aplicacaoId', number),
    integracaoId: f.read('integracaoId', number),
    serial: f.read('serial', string),
    subject: f.read('subject', string),
    sha256: f.read('sha256', string),
    emitidoEm: f.read('emitidoEm', string),
    validoAte: f.read('validoAte', string),
    revogadoEm: f.read('revogadoEm', nullable(string)),
    motivo: f.read('motivo', nullable(string)),
  };
}

export function dynamoAgentCertificateRepository() {
  const get = async (aplicacaoId: number, integracaoId: number, serial: string) => {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.agentCertificate(aplicacaoId, integracaoId, serial), ConsistentRead: true }),
    );
    return out.Item ? fromItem(out.Item) : undefined;
  };

  return {
    get,

    async record(cert: AgentCertificateRecord): Promise<void> {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.agentCertificate(cert.aplicacaoId, cert.integracaoId, cert.serial), tipo: 'CERTAGENTE', ...cert },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async list(aplicacaoId: number, integracaoId: number): Promise<AgentCertificateRecord[]> {
      return (await queryPrefix(keys.agentCertificates(aplicacaoId, integracaoId), { ConsistentRead: true })).map(fromItem);
    },

    /** 'revoked', or why not: the certificate is unknown (in this integration) or was revoked before. */
    async revoke(
      aplicacaoId: number,
      integracaoId: number,
      serial: string,
      motivo: string | null,
      at: string,
    ): Promise<'revoked' | 'already_revoked' | 'not_found'> {
      const outcome = await commitWrites<'refused'>([
        conditionalWrite(
          {
            Update: {
              Key: keys.agentCertificate(aplicacaoId, integracaoId, serial),
              UpdateExpression: 'SET revogadoEm = :em, motivo = :motivo',
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(revogadoEm) OR revogadoEm = :null)',
              ExpressionAttributeValues: { ':em': at, ':motivo': motivo, ':null': null },
            },
          },
          'refused',
        ),
        putNew({ ...keys.revocation(serial), tipo: 'REVOGACAO', serial, revogadoEm: at, motivo, aplicacaoId, integracaoId }, 'refused'),
      ]);
      if (outcome.committed) return 'revoked';
      if (outcome.refusals.length === 0) throw outcome.error;
      const cert = await get(aplicacaoId, integracaoId, serial);
      return cert ? 'already_revoked' : 'not_found';
    },

    /** Every revocation of the CA (pattern 45a), read whole and consistently. */
    async revocations(): Promise<Revocation[]> {
      const items = await queryPrefix(keys.revocations(), { ConsistentRead: true, ProjectionExpression: 'serial, revogadoEm' });
      return items.map((i) => ({ serial: String(i.serial), revogadoEm: String(i.revogadoEm) }));
    },

    /** Adds a revocation without a certificate item (tooling: a certificate issued outside the admin routes). */
    async revokeSerial(serial: string, at: string): Promise<void> {
      await db()
        .send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...keys.revocation(serial), tipo: 'REVOGACAO', serial, revogadoEm: at, motivo: null },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    /**
     * The next CRL number (pattern 45b, `ADD n :1`), higher than `above` (the number of a CRL already
     * published, e.g. before the counter existed): the counter is then moved past it, conditionally.
     */
    async nextCrlNumber(above = 0n): Promise<bigint> {
      for (;;) {
        const out = await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.crlNumber(),
            UpdateExpression: 'ADD n :one SET tipo = :tipo',
            ExpressionAttributeValues: { ':one': 1, ':tipo': 'CRLNUMERO' },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        const drawn = BigInt(String(out.Attributes?.n));
        if (drawn > above) return drawn;
        const target = above + 1n;
        try {
          await db().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: keys.crlNumber(),
              UpdateExpression: 'SET n = :target',
              ConditionExpression: 'n < :target',
              ExpressionAttributeValues: { ':target': Number(target) },
            }),
          );
          return target;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
          // Another publisher moved the counter meanwhile: draw again.
        }
      }
    },

    /** The last CRL number drawn (0 when none). */
    async lastCrlNumber(): Promise<bigint> {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.crlNumber(), ConsistentRead: true }));
      return BigInt(String(out.Item?.n ?? 0));
    },
  };
}

export type AgentCertificateRepository = ReturnType<typeof dynamoAgentCertificateRepository>;
