// The agent channel's mutual-TLS endpoint under `npm start`, standing in for API Gateway's
// regional custom domain with an S3 truststore: an HTTPS server that asks every client for a
// certificate, verifies the chain against the agent CA (the truststore), and hands the request to
// the local gateway with requestContext.identity.clientCert filled in as API Gateway does:
// {clientCertPem, subjectDN, issuerDN, serialNumber 'a1:b2:..', validity}. A client without a
// certificate, or with one the CA did not sign (or expired), still gets through the handshake
// (rejectUnauthorized: false) but with clientCert null, so the agent authorizer refuses it with
// the gateway's 401, like a call to the API's default endpoint in AWS.
import { X509Certificate, type X509Certificate as NodeX509Certificate } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { APIGatewayEventClientCertificate } from 'aws-lambda';
import type { Gateway } from '#infra/local/gateway';
import { sandboxFile, type Sandbox, type SandboxAgent } from '#infra/local/seed';
import { issueAgentCertificate, type AgentCa } from '#shared/ca/agent-ca';
import { dynamoAgentCertificateRepository } from '#shared/db/agent-certificates';

/** Default port of the agent channel under `npm start` (PORT_AGENT changes it). */
export const DEFAULT_AGENT_PORT = 3443;

/** `1A2B3C` -> `1a:2b:3c`, the form API Gateway puts in clientCert.serialNumber. */
export const colonSerial = (hex: string): string => {
  const even = hex.length % 2 ? `0${hex}` : hex;
  return (even.toLowerCase().match(/../g) ?? []).join(':');
};

/** Node's multi-line DN (`CN=a\nO=b`) as one line. */
const oneLineDn = (dn: string) => dn.split('\n').join(',');

/** What API Gateway's mTLS passes for a request on this socket: the certificate when the chain verified, else null. */
export function clientCertOf(socket: TLSSocket): APIGatewayEventClientCertificate | null {
  if (!socket.authorized) return null;
  const cert = socket.getPeerX509Certificate();
  return cert ? clientCertFrom(cert) : null;
}

/** A certificate in the shape of API Gateway's requestContext.identity.clientCert. */
export function clientCertFrom(cert: NodeX509Certificate): APIGatewayEventClientCertificate {
  return {
    clientCertPem: cert.toString(),
    subjectDN: oneLineDn(cert.subject),
    issuerDN: oneLineDn(cert.issuer),
    serialNumber: colonSerial(cert.serialNumber),
    // Node writes `May 28 12:30:02 2019 GMT`, the form API Gateway uses too.
    validity: { notBefore: cert.validFrom, notAfter: cert.validTo },
  };
}

/** A TLS server certificate for 127.0.0.1 and localhost, issued by the agent CA (clients trust the CA they already have). */
export async function issueLocalServerCertificate(ca: AgentCa, validDays = 365): Promise<{ certPem: string; keyPem: string }> {
  const issued = await issueAgentCertificate(ca, {
    commonName: 'localhost',
    validDays,
    serverNames: { ip: ['127.0.0.1'], dns: ['localhost'] },
  });
  return { certPem: issued.certPem, keyPem: issued.privateKeyPkcs8Pem };
}

export interface AgentTls {
  server: Server;
  port: number;
  /** `https://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/** Starts the mTLS port in front of `gateway` (port 0: a free one). */
export async function startAgentTls(options: {
  gateway: Pick<Gateway, 'handle'>;
  ca: AgentCa;
  port?: number;
  host?: string;
}): Promise<AgentTls> {
  const host = options.host ?? '127.0.0.1';
  const { certPem, keyPem } = await issueLocalServerCertificate(options.ca);
  const server = createServer(
    {
      cert: certPem,
      key: keyPem,
      ca: options.ca.certPem, // the truststore
      requestCert: true,
      rejectUnauthorized: false, // the authorizer answers a missing or untrusted certificate, with the API's 401
      minVersion: 'TLSv1.2', // API Gateway's custom domains accept TLS 1.2 and up
    },
    (req, res) => options.gateway.handle(req, res, clientCertOf(req.socket as TLSSocket)),
  );
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : (options.port ?? 0));
    });
  });
  return {
    server,
    port,
    url: `https://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Issues a fresh agent client certificate (a new one at every start: the old ones stay valid until
 * revoked or expired) and adds the `agent` block to the sandbox and to <dataDir>/sandbox.json.
 */
export async function addAgentToSandbox(options: {
  dataDir: string;
  sandbox: Sandbox;
  ca: AgentCa;
  tls: AgentTls;
  integration: { aplicacao: string; aplicacaoId: number; integracaoId: number };
}): Promise<SandboxAgent> {
  const { aplicacaoId, integracaoId } = options.integration;
  const client = await issueAgentCertificate(options.ca, { commonName: 'sandbox-agent', binding: { aplicacaoId, integracaoId } });
  // Listed with the integration's certificates, so the admin can revoke it like one issued from a CSR.
  const cert = new X509Certificate(client.certPem);
  await dynamoAgentCertificateRepository().record({
    aplicacaoId,
    integracaoId,
    serial: client.serialHex,
    subject: cert.subject.split('\n').reverse().join(', '),
    sha256: cert.fingerprint256.replace(/:/g, '').toLowerCase(),
    emitidoEm: new Date(cert.validFrom).toISOString(),
    validoAte: new Date(cert.validTo).toISOString(),
    revogadoEm: null,
    motivo: null,
  });
  const agent: SandboxAgent = {
    port: options.tls.port,
    url: options.tls.url,
    certPem: client.certPem,
    keyPem: client.privateKeyPkcs8Pem,
    caPem: options.ca.certPem,
    serialHex: client.serialHex,
    integracaoId,
    aplicacao: options.integration.aplicacao,
  };
  options.sandbox.agent = agent;
  const file = sandboxFile(options.dataDir);
  await writeFile(`${file}.tmp`, JSON.stringify(options.sandbox, null, 2) + '\n', { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return agent;
}
