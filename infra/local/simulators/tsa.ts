// A loopback RFC 3161 time-stamp authority under `npm start` and in the tests: `POST /` with an
// application/timestamp-query body answers an application/timestamp-reply, as a real TSA over HTTP (RFC 3161 3.4),
// so the client that runs locally (shared/tsa/rfc3161.ts, called by the stamping worker) is the one that runs on AWS.
// It has its own CA (`caPem`: what `openssl ts -verify -CAfile` needs) and a TSA certificate with extendedKeyUsage
// timeStamping, critical. The token is a CMS SignedData over the TSTInfo with the signed attributes contentType,
// messageDigest and signingCertificateV2 (ESS, RFC 5816), which OpenSSL requires.
//
// Failures, for the retry path: `setMode('indisponivel')` answers 503, `setMode('lento')` holds the request
// (`hangMs`, 30 s by default), `setMode('nonce-errado')` answers a valid token for another nonce and
// `setMode('outra-chave')` one signed by a key its certificate does not hold: the client must refuse both.
import 'reflect-metadata';
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  BasicConstraintsExtension,
  ExtendedKeyUsage,
  ExtendedKeyUsageExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  X509CertificateGenerator,
  type X509Certificate,
} from '@peculiar/x509';
import { hang, listenLoopback, readBody } from '#infra/local/simulators/common';

const subtle = webcrypto.subtle;
const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;
/** The TSA's policy (a private arc under the example OID 1.3.6.1.4.1.55555, for the local run only). */
export const LOCAL_TSA_POLICY = '1.3.6.1.4.1.55555.1.1';

export type TsaMode = 'normal' | 'indisponivel' | 'lento' | 'nonce-errado' | 'outra-chave';

export interface TsaSimulator {
  /** `http://127.0.0.1:<port>/`: TSA_URL. */
  url: string;
  /** The CA that issued the TSA's certificate (PEM): sandbox.json's tsa.caPem, TSA_CA_PEM. */
  caPem: string;
  /** Requests answered with a token (any mode but indisponivel and lento). */
  stamped(): number;
  setMode(mode: TsaMode): void;
  stop(): Promise<void>;
}

export interface TsaSimulatorOptions {
  /** 0 (default) picks a free port; npm start uses 3105. */
  port?: number;
  hangMs?: number;
}

const pem = (der: ArrayBuffer) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;

async function issueCertificates() {
  const caKeys = await subtle.generateKey(rsa, true, ['sign', 'verify']);
  const tsaKeys = await subtle.generateKey(rsa, true, ['sign', 'verify']);
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 10 * 365 * 24 * 3_600_000);
  const ca = await X509CertificateGenerator.createSelfSigned({
    serialNumber: randomBytes(8)
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    name: 'CN=Local TSA Root CA, O=WhatsApp Platform (local)',
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: rsa,
    extensions: [
      new BasicConstraintsExtension(true, undefined, true),
      new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true),
    ],
  });
  const tsa: X509Certificate = await X509CertificateGenerator.create({
    serialNumber: randomBytes(8)
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    subject: 'CN=Local Time-Stamp Authority, O=WhatsApp Platform (local)',
    issuer: ca.subject,
    notBefore,
    notAfter,
    publicKey: tsaKeys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: rsa,
    extensions: [
      new ExtendedKeyUsageExtension([ExtendedKeyUsage.timeStamping], true),
      new KeyUsagesExtension(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation, true),
    ],
  });
  return { caPem: pem(ca.rawData), tsaDer: tsa.rawData, tsaKey: tsaKeys.privateKey };
}

const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });

/** The TimeStampResp for a request, signed with `key` (the TSA's own unless a test asks otherwise). */
async function answer(
  request: pkijs.TimeStampReq,
  tsa: { cert: pkijs.Certificate; certDer: ArrayBuffer; key: webcrypto.CryptoKey },
  options: { nonce?: asn1js.Integer; serial: number },
): Promise<ArrayBuffer> {
  const info = new pkijs.TSTInfo({
    version: 1,
    policy: request.reqPolicy ?? LOCAL_TSA_POLICY,
    messageImprint: request.messageImprint,
    serialNumber: new asn1js.Integer({ value: options.serial }),
    genTime: new Date(Math.floor(Date.now() / 1000) * 1000),
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(options.nonce ? { nonce: options.nonce } : {}),
  });
  const content = info.toSchema().toBER();
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: '1.2.840.113549.1.9.16.1.4',
      eContent: new asn1js.OctetString({ valueHex: content }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: tsa.cert.issuer, serialNumber: tsa.cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            attribute('1.2.840.113549.1.9.3', new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.9.16.1.4' })),
            attribute(
              '1.2.840.113549.1.9.4',
              new asn1js.OctetString({ valueHex: createHash('sha256').update(Buffer.from(content)).digest() }),
            ),
            // SigningCertificateV2 { certs: [ ESSCertIDv2 { certHash } ] } (hashAlgorithm sha256 by default).
            attribute(
              '1.2.840.113549.1.9.16.2.47',
              new asn1js.Sequence({
                value: [
                  new asn1js.Sequence({
                    value: [
                      new asn1js.Sequence({
                        value: [new asn1js.OctetString({ valueHex: createHash('sha256').update(Buffer.from(tsa.certDer)).digest() })],
                      }),
                    ],
                  }),
                ],
              }),
            ),
          ],
        }),
      }),
    ],
    certificates: request.certReq ? [tsa.cert] : undefined,
  });
  // pkijs turns eContent into a constructed (BER) OCTET STRING; a token is DER: the primitive one.
  signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content });
  await signed.sign(tsa.key, 0, 'SHA-256');
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signed.toSchema(true) }),
  });
  return response.toSchema().toBER();
}

/** A refusal (PKIStatus rejection, no token): a request the TSA cannot read, or an imprint other than SHA-256. */
const refusal = () =>
  new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.rejection }),
  })
    .toSchema()
    .toBER();

export async function startTsaSimulator(options: TsaSimulatorOptions = {}): Promise<TsaSimulator> {
  const { caPem, tsaDer, tsaKey } = await issueCertificates();
  const cert = pkijs.Certificate.fromBER(tsaDer);
  const otherKey = (await subtle.generateKey(rsa, true, ['sign', 'verify'])).privateKey;
  const hangMs = options.hangMs ?? 30_000;
  let mode: TsaMode = 'normal';
  let serial = 0;
  let stamped = 0;

  const reply = (res: ServerResponse, status: number, body: ArrayBuffer | string, type = 'application/timestamp-reply') => {
    const data = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': data.length });
    res.end(data);
  };

  const listening = await listenLoopback(options.port ?? 0, async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') return reply(res, 405, 'POST an application/timestamp-query\n', 'text/plain');
    const body = await readBody(req);
    if (mode === 'indisponivel') return reply(res, 503, 'TSA unavailable (simulated)\n', 'text/plain');
    if (mode === 'lento') {
      await hang(res, hangMs);
      if (res.destroyed || res.writableEnded) return;
    }
    if (req.headers['content-type'] !== 'application/timestamp-query')
      return reply(res, 415, 'application/timestamp-query expected\n', 'text/plain');
    let request: pkijs.TimeStampReq;
    try {
      request = pkijs.TimeStampReq.fromBER(new Uint8Array(body).buffer);
    } catch {
      return reply(res, 200, refusal());
    }
    if (request.messageImprint.hashAlgorithm.algorithmId !== '2.16.840.1.101.3.4.2.1') {
      return reply(res, 200, refusal());
    }
    const nonce =
      mode === 'nonce-errado' ? new asn1js.Integer({ valueHex: new Uint8Array([0x11, ...randomBytes(7)]).buffer }) : request.nonce;
    const key = mode === 'outra-chave' ? otherKey : tsaKey;
    stamped++;
    reply(res, 200, await answer(request, { cert, certDer: tsaDer, key }, { nonce, serial: ++serial }));
  });

  return {
    url: `http://127.0.0.1:${listening.port}/`,
    caPem,
    stamped: () => stamped,
    setMode: (next) => void (mode = next),
    stop: () => listening.close(),
  };
}
