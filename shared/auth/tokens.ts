// JWTs the service signs and verifies. Access tokens (OAuth2, RFC 9068) and portal tokens (admin,
// provider portal, physician portal, patient app) are RS256, signed with the key of the signing key
// set that signs at the time (shared/auth/signing-keys.ts, signingKeyAt), with its kid. Signing reads the private set (only the token group may);
// verifying reads the public set (shared/auth/verification-keys.ts).
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type CryptoKey, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { currentSigningKey, SIGNING_ALG } from '#shared/auth/signing-keys';
import { verificationKeyFor } from '#shared/auth/verification-keys';
import { config } from '#shared/config';
import type { PortalTokenInput } from '#shared/domain/login';
import type { PortalRole } from '#shared/domain/permissions';

export const portalRoles = ['admin', 'prestador', 'plantonista', 'paciente'] as const satisfies readonly PortalRole[];

export interface PortalTokenClaims {
  iss: string;
  aud: string;
  sub: string;
  role: PortalRole;
  aplicacao_id: number;
  prestador_id?: number;
  paciente_id?: number;
  plataforma?: boolean;
  iat: number;
  exp: number;
  jti: string;
}

/** The domain's PortalTokenSigner (shared/domain/login.ts): the entry points pass it to the logins. */
export async function signPortalToken(input: PortalTokenInput): Promise<string> {
  if (!portalRoles.includes(input.role)) throw new Error(`unknown portal role ${String(input.role)}`);
  if (!Number.isSafeInteger(input.aplicacaoId) || input.aplicacaoId <= 0) throw new Error('aplicacaoId must be a positive integer');
  if (!input.subject) throw new Error('subject is required');
  if (!Number.isInteger(input.ttlSeconds) || input.ttlSeconds <= 0) throw new Error('ttlSeconds must be a positive integer');
  const current = await currentSigningKey();
  const { issuer, portalAudience } = config();
  const iat = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { role: input.role, aplicacao_id: input.aplicacaoId };
  if (input.prestadorId !== undefined) claims.prestador_id = input.prestadorId;
  if (input.pacienteId !== undefined) {
    if (input.role !== 'paciente') throw new Error('only a paciente token names a patient');
    claims.paciente_id = input.pacienteId;
  }
  if (input.plataforma) {
    if (input.role !== 'admin') throw new Error('only an admin can be a platform admin');
    claims.plataforma = true;
  }
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

/** OAuth2 access tokens live one hour (the spec's sample `expires_in`). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface AccessTokenInput {
  clientId: string;
  aplicacaoId: number;
  scopes: readonly string[];
}

export interface AccessTokenClaims {
  iss: string;
  aud: string;
  sub: string;
  client_id: string;
  aplicacao_id: number;
  scope: string;
  iat: number;
  exp: number;
  jti: string;
}

/** An RFC 9068 access token: header typ at+jwt, RS256 with the current kid. */
export async function signAccessToken(input: AccessTokenInput, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  const current = await currentSigningKey();
  const { issuer, accessTokenAudience } = config();
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: input.clientId, aplicacao_id: input.aplicacaoId, scope: input.scopes.join(' ') })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: current.kid })
    .setIssuer(issuer)
    .setAudience(accessTokenAudience)
    .setSubject(input.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(randomUUID())
    .sign(current.privateKey);
}

/** The verifier's key for a token's header: the public key set's, by kid (shared/auth/verification-keys.ts). */
const verificationKey = (header: JWTHeaderParameters): Promise<CryptoKey> => verificationKeyFor(header.kid);

const positiveInteger = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * Verifies an access token: RS256 only (so `none` and HS256 keyed with the public key fail), a
 * kid of the key set, typ at+jwt, iss, aud, exp, and the claims the service relies on.
 * Throws on anything else; callers turn that into 401 invalid_token without saying why.
 */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
  const { issuer, accessTokenAudience } = config();
  const { payload } = await jwtVerify(token, verificationKey, {
    algorithms: [SIGNING_ALG],
    typ: 'at+jwt',
    issuer,
    audience: accessTokenAudience,
    requiredClaims: ['exp', 'iat', 'sub', 'jti', 'client_id', 'aplicacao_id', 'scope'],
  });
  if (!positiveInteger(payload.aplicacao_id) || typeof payload.client_id !== 'string' || typeof payload.scope !== 'string') {
    throw new Error('malformed access token claims');
  }
  return payload as JWTPayload & AccessTokenClaims;
}

/** Verifies a portal token (typ JWT, the portal audience, a known role and a tenant). */
export async function verifyPortalToken(token: string): Promise<PortalTokenClaims> {
  const { issuer, portalAudience } = config();
  const { payload } = await jwtVerify(token, verificationKey, {
    algorithms: [SIGNING_ALG],
    typ: 'JWT',
    issuer,
    audience: portalAudience,
    requiredClaims: ['exp', 'iat', 'sub', 'role', 'aplicacao_id'],
  });
  if (!portalRoles.includes(payload.role as PortalRole) || !positiveInteger(payload.aplicacao_id)) {
    throw new Error('malformed portal token claims');
  }
  if (payload.prestador_id !== undefined && !positiveInteger(payload.prestador_id)) throw new Error('malformed prestador_id');
  if (payload.paciente_id !== undefined && (!positiveInteger(payload.paciente_id) || payload.role !== 'paciente'))
    throw new Error('malformed paciente_id');
  if (payload.plataforma !== undefined && (payload.plataforma !== true || payload.role !== 'admin'))
    throw new Error('malformed plataforma');
  return payload as JWTPayload & PortalTokenClaims;
}
