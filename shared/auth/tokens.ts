// JWTs the service signs. Portal tokens (admin, provider portal, physician portal, patient
// app) are RS256, signed with the current key of the signing key set, with its kid.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { loadSigningKeys, SIGNING_ALG } from '#shared/auth/signing-keys';
import { config } from '#shared/config';
import type { PortalRole } from '#shared/http/routes';

export const portalRoles = ['admin', 'prestador', 'plantonista', 'paciente'] as const satisfies readonly PortalRole[];

export interface PortalTokenInput {
  role: PortalRole;
  aplicacaoId: number;
  /** The user the token is about (its id). */
  subject: string;
  ttlSeconds: number;
  /** The provider a `prestador` user acts for, carried as `prestador_id`. */
  prestadorId?: number;
}

export interface PortalTokenClaims {
  iss: string;
  aud: string;
  sub: string;
  role: PortalRole;
  aplicacao_id: number;
  prestador_id?: number;
  iat: number;
  exp: number;
  jti: string;
}

export async function signPortalToken(input: PortalTokenInput): Promise<string> {
  if (!portalRoles.includes(input.role)) throw new Error(`unknown portal role ${String(input.role)}`);
  if (!Number.isSafeInteger(input.aplicacaoId) || input.aplicacaoId <= 0) throw new Error('aplicacaoId must be a positive integer');
  if (!input.subject) throw new Error('subject is required');
  if (!Number.isInteger(input.ttlSeconds) || input.ttlSeconds <= 0) throw new Error('ttlSeconds must be a positive integer');
  const { current } = await loadSigningKeys();
  const { issuer, portalAudience } = config();
  const iat = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { role: input.role, aplicacao_id: input.aplicacaoId };
  if (input.prestadorId !== undefined) claims.prestador_id = input.prestadorId;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: SIGNING_ALG, typ: 'JWT', kid: current.kid })
    .setIssuer(issuer)
    .setAudience(portalAudience)
    .setSubject(input.subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + input.ttlSeconds)
    .setJti(randomUUID())
    .sign(current.privateKey);
}
