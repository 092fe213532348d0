// Revocations as conditional writes in DynamoDB Local (patterns 45, 45a, 45b) and the CRL published from
// them (shared/ca/crl-publisher.ts) with a compare-and-swap put: revocations at once all end up in the
// published CRL, a publication never replaces a CRL of a higher number, and a CRL from before the counter
// is moved past.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdapters } from '#shared/adapters/index';
import { folderBlobs } from '#shared/adapters/local/blobs';
import type { BlobPort } from '#shared/adapters/ports';
import { createAgentCa, type AgentCa } from '#shared/ca/agent-ca';
import { checkCrl } from '#shared/ca/crl-check';
import { publishCrl, revokeAgentCertificate } from '#shared/ca/crl-publisher';
import { signCrl } from '#shared/ca/issuer';
import { revokeAgentCertificates } from '#shared/ca/revoke';
import { readCrl, type CrlInfo } from '#shared/ca/x509-lite';
import { config } from '#shared/config';
import { dynamoAgentCertificateRepository, type AgentCertificateRecord } from '#shared/db/agent-certificates';
import { publishedCrlNumber } from '#shared/db/crl-published';
import { useFreshTable } from '../support/table.ts';

let ca: AgentCa;
let blobs: ReturnType<typeof folderBlobs>;
const repo = () => dynamoAgentCertificateRepository();

const stored = async (): Promise<CrlInfo> => readCrl((await blobs.get(config().crlKey))!);
const serial = (n: number) => `7a${String(n).padStart(6, '0')}`;

function record(aplicacaoId: number, integracaoId: number, n: number): AgentCertificateRecord {
  return {
    aplicacaoId,
    integracaoId,
    serial: serial(n),
    subject: `CN=agente-integracao-${integracaoId}, OU=integracao:${integracaoId}, O=aplicacao:${aplicacaoId}`,
    sha256: 'ab'.repeat(32),
    emitidoEm: '2026-11-01T00:00:00.000Z',
    validoAte: '2027-11-01T00:00:00.000Z',
    revogadoEm: null,
    motivo: null,
  };
}

beforeAll(async () => {
  ca = await createAgentCa();
});

beforeEach(async () => {
  await useFreshTable();
  blobs = folderBlobs(await mkdtemp(path.join(tmpdir(), 'agent-crl-')));
  useAdapters({
    blobs,
    secrets: {
      get: async (id) => {
        if (id !== config().agentCaSecretId) throw new Error(`no secret ${id}`);
        return JSON.stringify(ca);
      },
    },
  });
});

/** The bucket, where another publication puts `crl` just before the first put of ours lands. */
function racedBy(crl: Uint8Array): BlobPort {
  let interfered = false;
  return {
    ...blobs,
    async put(key, bytes, contentType, condition) {
      if (!interfered) {
        interfered = true;
        await blobs.put(key, crl, contentType);
      }
      return blobs.put(key, bytes, contentType, condition);
    },
  };
}

describe('revocations and the published CRL', () => {
  it('publishes every one of several revocations made at once, in a CRL the authorizer accepts', async () => {
    // Prepare: six certificates of two integrations
    const certs = [1, 2, 3, 4, 5, 6].map((n) => record(7, n % 2 ? 1 : 2, n));
    for (const cert of certs) await repo().record(cert);

    // Act: all revoked at the same time, each publishing
    const outcomes = await Promise.all(certs.map((c) => revokeAgentCertificate(c.aplicacaoId, c.integracaoId, c.serial, 'perdido')));

    // Assess
    expect(outcomes).toEqual(certs.map(() => 'revoked'));
    const crl = await stored();
    expect([...crl.revoked].sort()).toEqual(certs.map((c) => c.serial).sort());
    expect(() => checkCrl(crl, new X509Certificate(ca.certPem).publicKey, new Date(), 0n)).not.toThrow();
    expect(crl.crlNumber).toBe(await repo().lastCrlNumber()); // the highest number drawn is the one out
    expect(crl.nextUpdate!.getTime() - crl.thisUpdate.getTime()).toBe(7 * 24 * 3_600_000);
    const revoked = await repo().get(7, 1, serial(1));
    expect(revoked).toMatchObject({ motivo: 'perdido', revogadoEm: expect.any(String) });
  });

  it('answers already_revoked and not_found without losing the first revocation', async () => {
    await repo().record(record(7, 1, 1));
    await repo().record(record(8, 1, 2));

    const first = await revokeAgentCertificate(7, 1, serial(1), 'primeira');
    const again = await revokeAgentCertificate(7, 1, serial(1), 'segunda');
    const otherApplication = await revokeAgentCertificate(7, 1, serial(2), null); // serial 2 is application 8's
    const unknown = await revokeAgentCertificate(7, 1, serial(99), null);

    expect([first, again, otherApplication, unknown]).toEqual(['revoked', 'already_revoked', 'not_found', 'not_found']);
    expect(await repo().get(7, 1, serial(1))).toMatchObject({ motivo: 'primeira' });
    expect(await repo().get(8, 1, serial(2))).toMatchObject({ revogadoEm: null });
    expect([...(await stored()).revoked]).toEqual([serial(1)]);
    expect(await repo().revocations()).toEqual([{ serial: serial(1), revogadoEm: expect.any(String) }]);
  });

  it('lists the serials the tooling revokes (no certificate item) in the same CRL', async () => {
    await repo().record(record(7, 1, 1));
    await revokeAgentCertificate(7, 1, serial(1), null);

    const number = await revokeAgentCertificates(['0A:BC:DE'], { revokedAt: new Date('2026-11-02T00:00:00Z') });

    const crl = await stored();
    expect(crl.crlNumber).toBe(number);
    expect([...crl.revoked].sort()).toEqual(['0abcde', serial(1)].sort());
  });

  it('never replaces a CRL of a higher number: a publication that loses the race to a later one stops', async () => {
    // Prepare: a CRL out; a bucket where, just before our put, another publisher puts a CRL of a far higher number
    await publishCrl();
    useAdapters({ blobs: racedBy(signCrl(ca, { crlNumber: 500n, revoked: [], validForHours: 168 })) });

    // Act
    const outcome = await publishCrl();

    // Assess: ours lost the compare-and-swap, read the stored one (500) and left it
    expect(outcome.published).toBe(false);
    expect(outcome.crlNumber).toBeLessThan(500n);
    expect((await stored()).crlNumber).toBe(500n);
  });

  it('records the number of each CRL it put as the latest published, never a number it did not sign', async () => {
    // Prepare: one publication, then one that loses the race to a CRL of number 500 put in the bucket by someone else
    const first = await publishCrl();
    useAdapters({ blobs: racedBy(signCrl(ca, { crlNumber: 500n, revoked: [], validForHours: 168 })) });

    // Act
    const lost = await publishCrl();

    // Assess: the authorizers' floor is the first CRL's number: the stored 500 is not trusted for it
    expect(first.published).toBe(true);
    expect(lost.published).toBe(false);
    expect(await publishedCrlNumber()).toBe(first.crlNumber);
  });

  it('replaces a CRL of a lower number that won the race, with the same signed bytes', async () => {
    // Prepare: just before our put, an older publication (a lower number) lands
    await publishCrl();
    useAdapters({ blobs: racedBy(signCrl(ca, { crlNumber: 1n, revoked: [], validForHours: 168 })) });

    const outcome = await publishCrl();

    expect(outcome.published).toBe(true);
    expect((await stored()).crlNumber).toBe(outcome.crlNumber);
  });

  it('draws a number above a stored CRL from before the counter, and replaces an unreadable one', async () => {
    await blobs.put(config().crlKey, signCrl(ca, { crlNumber: 41n, revoked: [], validForHours: 168 }), 'application/pkix-crl');

    const above = await publishCrl();
    await blobs.put(config().crlKey, Uint8Array.of(1, 2, 3), 'application/pkix-crl');
    const replaced = await publishCrl();

    expect(above).toMatchObject({ crlNumber: 42n, published: true });
    expect(replaced).toMatchObject({ crlNumber: 43n, published: true });
    expect((await stored()).crlNumber).toBe(43n);
  });
});
