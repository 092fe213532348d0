// The on-premises agent channel's authentication: a client certificate of the agent CA that is
// within its validity and not on the CRL, and then an OAuth2 access token (the kit checks the
// route's scope). A request without a valid certificate is refused outright (API Gateway's one
// 401); with a valid certificate the token decides, so a bad token gets RFC 6750's invalid_token.
//
// The TLS layer already verified the chain against the truststore (API Gateway mTLS in AWS, the
// local HTTPS port under npm start) and hands the certificate in requestContext.identity.clientCert.
// Here: the issuer must be the CA whose CRL we hold (same issuer Name bytes, same key identifier),
// which also makes sure that CRL is the one that speaks for this certificate; the dates are
// checked again; the serial must not be revoked; the certificate must name its application and
// integration (shared/ca/issuer.ts), and the token must be of that application. The certificate's signature is not verified
// again: the chain was verified before it. The CRL's is (shared/ca/crl-check.ts), with the CA certificate of the
// verification-key secret.
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { authenticateBearer, authorizationValues } from '#shared/auth/bearer';
import type { Principal } from '#shared/auth/principal';
import { currentCrl, type CrlInfo } from '#shared/ca/crl-check';
import { pemToDer, readCertificate, sameBytes, type CertificateInfo } from '#shared/ca/x509-lite';
import { log } from '#shared/log';

/** Why a certificate was refused (logged, never sent: the caller gets the same 401 for each). */
export type CertificateRefusal =
  'missing' | 'malformed' | 'not_yet_valid' | 'expired' | 'other_issuer' | 'revoked' | 'crl_unavailable' | 'unbound' | 'other_application';

/** Undefined when the certificate is acceptable, else why not. */
export function checkCertificate(cert: CertificateInfo, crl: CrlInfo, now: Date): CertificateRefusal | undefined {
  if (now.getTime() < cert.notBefore.getTime()) return 'not_yet_valid';
  if (now.getTime() > cert.notAfter.getTime()) return 'expired';
  if (!sameBytes(cert.issuer, crl.issuer)) return 'other_issuer';
  // Both carry the CA's key identifier when issued by our CA; a mismatch means another key of that name.
  if (crl.authorityKeyId && cert.authorityKeyId && crl.authorityKeyId !== cert.authorityKeyId) return 'other_issuer';
  if (crl.revoked.has(cert.serial)) return 'revoked';
  // Issued for one application (and integration): a certificate that names none speaks for nobody.
  if (cert.aplicacaoId === undefined || cert.integracaoId === undefined) return 'unbound';
  return undefined;
}

export async function authenticate(event: APIGatewayRequestAuthorizerEvent, now = new Date()): Promise<Principal | undefined> {
  const pem = event.requestContext?.identity?.clientCert?.clientCertPem;
  const refuse = (reason: CertificateRefusal, serial?: string) => {
    log.info('agent certificate refused', { reason, serial });
    return undefined;
  };
  if (!pem) return refuse('missing');

  let cert: CertificateInfo;
  try {
    cert = readCertificate(pemToDer(pem));
  } catch {
    return refuse('malformed');
  }

  let crl: CrlInfo;
  try {
    crl = await currentCrl(now);
  } catch (error) {
    // Fail closed: without a CRL no agent gets in, and operators must hear about it.
    log.error('agent CRL unavailable, refusing agent requests', { error });
    return refuse('crl_unavailable', cert.serial);
  }

  const refusal = checkCertificate(cert, crl, now);
  if (refusal) return refuse(refusal, cert.serial);

  // One Authorization header, in the one accepted form (shared/auth/bearer.ts); two are an invalid token.
  const authorization = authorizationValues(event);
  const principal = await authenticateBearer(authorization.length === 1 ? authorization[0] : undefined);
  // The token must be of the certificate's application: one tenant's token with another's certificate is refused.
  if (principal && !principal.authError && principal.aplicacaoId !== cert.aplicacaoId) return refuse('other_application', cert.serial);
  return principal && { ...principal, integracaoId: cert.integracaoId, certificado: cert.serial };
}
