// The local mTLS endpoint of the agent channel (infra/local/agent-tls.ts) on loopback, in front of
// a stand-in gateway that records what it is handed: the clientCert API Gateway's mTLS would put in
// requestContext.identity, and only for a certificate whose chain the agent CA verifies.
import 'reflect-metadata';
import { request } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { X509Certificate } from '@peculiar/x509';
import type { APIGatewayEventClientCertificate } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { colonSerial, startAgentTls, type AgentTls } from '#infra/local/agent-tls';
import { createAgentCa, issueAgentCertificate, type AgentCa, type IssuedCertificate } from '#shared/ca/agent-ca';

let ca: AgentCa;
let client: IssuedCertificate;
let tls: AgentTls;
let handed: Array<{ clientCert: APIGatewayEventClientCertificate | null; proto: string | undefined }>;

beforeAll(async () => {
  ca = await createAgentCa();
  client = await issueAgentCertificate(ca, { commonName: 'hospital-agent', serialHex: '0a1b2c3d4e5f' });
  const gateway = {
    handle(req: IncomingMessage, res: ServerResponse, clientCert?: APIGatewayEventClientCertificate | null) {
      handed.push({ clientCert: clientCert ?? null, proto: (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http' });
      res.writeHead(204).end();
    },
  };
  tls = await startAgentTls({ gateway, ca, port: 0 });
});
afterAll(() => tls?.close());
beforeEach(() => {
  handed = [];
});

/** One request on a fresh connection, trusting the agent CA for the server's certificate. */
const call = (identity?: { cert: string; key: string }) =>
  new Promise<number>((resolve, reject) => {
    const req = request(`${tls.url}/api/external/integracoes/banco`, { ca: ca.certPem, agent: false, ...identity }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });

describe('local agent mTLS endpoint', () => {
  it('serves HTTPS with a certificate for 127.0.0.1 issued by the agent CA', async () => {
    expect(tls.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await call()).toBe(204); // the client verified the server against the CA, hostname included
  });

  it('hands the gateway the certificate as API Gateway does when the chain verifies', async () => {
    // Act
    const status = await call({ cert: client.certPem, key: client.privateKeyPkcs8Pem });

    // Assess
    expect(status).toBe(204);
    expect(handed).toHaveLength(1);
    const clientCert = handed[0]!.clientCert!;
    const sent = new X509Certificate(client.certPem);
    expect(new X509Certificate(clientCert.clientCertPem).equal(sent)).toBe(true);
    expect(clientCert.serialNumber).toBe('0a:1b:2c:3d:4e:5f');
    expect(clientCert.subjectDN).toBe('CN=hospital-agent');
    expect(clientCert.issuerDN).toBe('CN=WhatsApp Platform Agent Channel CA,O=WhatsApp Platform');
    expect(new Date(clientCert.validity.notBefore).getTime()).toBe(sent.notBefore.getTime());
    expect(new Date(clientCert.validity.notAfter).getTime()).toBe(sent.notAfter.getTime());
  });

  it('hands null without a client certificate, with one of another CA, or with an expired one', async () => {
    const other = await createAgentCa({ subject: 'CN=Other CA' });
    const foreign = await issueAgentCertificate(other, { commonName: 'hospital-agent' });
    const expired = await issueAgentCertificate(ca, { commonName: 'old', now: new Date(Date.now() - 10 * 86_400_000), validDays: 1 });

    await call();
    await call({ cert: foreign.certPem, key: foreign.privateKeyPkcs8Pem });
    await call({ cert: expired.certPem, key: expired.privateKeyPkcs8Pem });

    expect(handed.map((h) => h.clientCert)).toEqual([null, null, null]);
    expect(handed.map((h) => h.proto)).toEqual(['https', 'https', 'https']);
  });

  it('writes serials in the colon form API Gateway uses', () => {
    expect(colonSerial('A1B2C3')).toBe('a1:b2:c3');
    expect(colonSerial('ABC')).toBe('0a:bc');
  });
});
