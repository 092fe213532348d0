// The daily re-issue of the agent CA's CRL (functions/scheduled/crl-reissue.ts) against the local
// service: every revocation kept, a higher number, a week of validity. Concurrent revocations and the
// publication races are in agent-crl-publish.test.ts; a forged or rolled-back CRL in auth-agent.test.ts.
import { describe, expect, it } from 'vitest';
import { useLocalService } from '../support/local-service.ts';
import { adapter } from '#shared/adapters/index';
import { issueAgentCertificate } from '#shared/ca/agent-ca';
import { revokeAgentCertificate, loadAgentCa } from '#shared/ca/revoke';
import { readCrl } from '#shared/ca/x509-lite';
import { config } from '#shared/config';
import { handler as crlReissue } from '../../functions/scheduled/crl-reissue.ts';

const service = useLocalService();
const published = async () => readCrl((await (await adapter('blobs')).get(config().crlKey))!);

describe('agent CRL', () => {
  it('re-issues daily under a higher number with every revocation and a week of validity', async () => {
    const { integracaoId } = service.sandbox.agent!;
    const issued = await issueAgentCertificate(await loadAgentCa(), {
      commonName: 'x',
      binding: { aplicacaoId: service.sandbox.applications.demo.id, integracaoId },
    });
    await revokeAgentCertificate(issued.serialHex);
    const before = await published();

    await crlReissue({}, {} as never);

    const after = await published();
    expect(after.crlNumber! > before.crlNumber!).toBe(true);
    expect(after.revoked.has(issued.serialHex)).toBe(true);
    expect(after.revoked).toEqual(before.revoked);
    expect(after.nextUpdate!.getTime() - after.thisUpdate.getTime()).toBe(7 * 24 * 3_600_000);
  });
});
