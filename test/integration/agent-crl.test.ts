// The agent CA's CRL against the local service: revocations at once all reach the CRL, the daily
// re-issue keeps every revocation under a higher number and a week of validity, and the agent port
// fails closed on a forged or rolled-back CRL.
import { afterAll, describe, expect, it } from 'vitest';
import { agentCall } from '../support/agent.ts';
import { accessToken, useLocalService } from '../support/local-service.ts';
import { adapter } from '#shared/adapters/index';
import { createAgentCa, issueAgentCertificate, issueCrl } from '#shared/ca/agent-ca';
import { revokeAgentCertificate } from '#shared/ca/crl-publisher';
import { loadAgentCa } from '#shared/ca/revoke';
import { readCrl } from '#shared/ca/x509-lite';
import { config } from '#shared/config';
import { dynamoAgentCertificateRepository } from '#shared/db/agent-certificates';
import { handler as crlReissue } from '../../functions/scheduled/crl-reissue.ts';

const CRL_CACHE_SECONDS = 1;
const service = useLocalService({ env: { AGENT_CRL_CACHE_SECONDS: String(CRL_CACHE_SECONDS) } });
afterAll(() => {
  delete process.env.AGENT_CRL_CACHE_SECONDS;
});
const wait = () => new Promise((resolve) => setTimeout(resolve, CRL_CACHE_SECONDS * 1000 + 200));
const published = async () => readCrl((await (await adapter('blobs')).get(config().crlKey))!);

/** A certificate of the sandbox integration, recorded like one issued by the admin route. */
async function recordedCertificate(): Promise<string> {
  const { integracaoId } = service.sandbox.agent!;
  const aplicacaoId = service.sandbox.applications.demo.id;
  const issued = await issueAgentCertificate(await loadAgentCa(), { commonName: 'x', binding: { aplicacaoId, integracaoId } });
  const now = new Date().toISOString();
  await dynamoAgentCertificateRepository().record({
    aplicacaoId,
    integracaoId,
    serial: issued.serialHex,
    subject: 'x',
    sha256: 'x',
    emitidoEm: now,
    validoAte: now,
    revogadoEm: null,
    motivo: null,
  });
  return issued.serialHex;
}

describe('agent CRL', () => {
  it('keeps every one of several revocations made at once', async () => {
    const { integracaoId } = service.sandbox.agent!;
    const aplicacaoId = service.sandbox.applications.demo.id;
    const serials = await Promise.all(Array.from({ length: 6 }, recordedCertificate));

    const outcomes = await Promise.all(serials.map((s) => revokeAgentCertificate(aplicacaoId, integracaoId, s, null)));

    expect(outcomes).toEqual(serials.map(() => 'revoked'));
    const crl = await published();
    for (const serial of serials) expect(crl.revoked.has(serial)).toBe(true);
  });

  it('re-issues daily under a higher number with every revocation and a week of validity', async () => {
    const before = await published();

    await crlReissue({}, {} as never);

    const after = await published();
    expect(after.crlNumber! > before.crlNumber!).toBe(true);
    expect(after.revoked).toEqual(before.revoked);
    expect(after.nextUpdate!.getTime() - after.thisUpdate.getTime()).toBe(7 * 24 * 3_600_000);
  });

  it('refuses every agent on a forged or rolled-back CRL (fail closed), and lets them in again on a good one', async () => {
    const blobs = await adapter('blobs');
    const good = (await blobs.get(config().crlKey))!;
    const token = await accessToken(service, service.sandbox.applications.demo.oauth, 'integracoes:read');
    const call = () => agentCall(service, 'GET', '/api/external/integracoes/banco', { authorization: token });
    await wait();
    expect((await call()).status).toBe(200);

    const forged = await issueCrl(await createAgentCa({ subject: 'CN=WhatsApp Platform Agent Channel CA, O=WhatsApp Platform' }), {
      crlNumber: 10n ** 12n,
      validForHours: 24,
    });
    await blobs.put(config().crlKey, forged, 'application/pkix-crl');
    await wait();
    expect((await call()).status).toBe(401);

    const rolledBack = await issueCrl(await loadAgentCa(), { crlNumber: 1n, validForHours: 24 });
    await blobs.put(config().crlKey, rolledBack, 'application/pkix-crl');
    await wait();
    expect((await call()).status).toBe(401);

    await blobs.put(config().crlKey, good, 'application/pkix-crl');
    await wait();
    expect((await call()).status).toBe(200);
  });
});
