import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderBlobs } from '#shared/adapters/local/blobs';
import { BlobConditionFailed } from '#shared/adapters/ports';
import { outboxMail } from '#shared/adapters/local/mail';
import { fileSecrets } from '#shared/adapters/local/secrets';
import { startScheduler } from '#infra/local/scheduler';

describe('local adapters', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'local-adapters-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps blobs as files under the bucket folder', async () => {
    const blobs = folderBlobs(path.join(dir, 'bucket'));

    await blobs.put('crl/agent-ca.crl', new Uint8Array([1, 2, 3]), 'application/pkix-crl');

    expect([...((await blobs.get('crl/agent-ca.crl')) ?? [])]).toEqual([1, 2, 3]);
    expect(await blobs.contentType('crl/agent-ca.crl')).toBe('application/pkix-crl');
    expect(await blobs.get('missing')).toBeUndefined();
    await expect(blobs.get('../outside')).rejects.toThrow(/invalid blob key/);
  });

  it('puts a blob only over the version it read (If-Match) or only when there is none (If-None-Match), one winner of a race', async () => {
    const blobs = folderBlobs(path.join(dir, 'bucket'));
    const key = 'crl/agent-ca.crl';

    await blobs.put(key, Uint8Array.of(1), 'application/pkix-crl', { ifNoneMatch: '*' });
    await expect(blobs.put(key, Uint8Array.of(2), 'application/pkix-crl', { ifNoneMatch: '*' })).rejects.toThrow(BlobConditionFailed);
    const first = (await blobs.getVersioned(key))!;
    expect([...first.bytes]).toEqual([1]);

    const race = await Promise.allSettled(
      [3, 4, 5].map((b) => blobs.put(key, Uint8Array.of(b), 'application/pkix-crl', { ifMatch: first.etag })),
    );

    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(race.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))).toEqual([
      expect.any(BlobConditionFailed),
      expect.any(BlobConditionFailed),
    ]);
    const second = (await blobs.getVersioned(key))!;
    expect(second.etag).not.toBe(first.etag);
    expect([3, 4, 5]).toContain(second.bytes[0]);
    await expect(blobs.put(key, Uint8Array.of(6), 'application/pkix-crl', { ifMatch: first.etag })).rejects.toThrow(BlobConditionFailed);
    await blobs.put(key, Uint8Array.of(7), 'application/pkix-crl'); // unconditional
    expect([...((await blobs.get(key)) ?? [])]).toEqual([7]);
    expect((await readdir(path.join(dir, 'bucket', 'crl'))).sort()).toEqual(['agent-ca.crl', 'agent-ca.crl.meta.json']);
  });

  it('writes one JSON file per mail in the outbox', async () => {
    const mail = outboxMail(path.join(dir, 'outbox'));

    await mail.send({ to: 'a@example.com', subject: 'Oi', text: 'corpo' });
    await mail.send({ to: 'b@example.com', subject: 'Oi 2', text: 'corpo 2', replyTo: 'c@example.com' });

    const files = (await readdir(path.join(dir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    const first = JSON.parse(await readFile(path.join(dir, 'outbox', files[0]!), 'utf8'));
    expect(first).toMatchObject({ to: 'a@example.com', subject: 'Oi', text: 'corpo' });
    expect(Date.parse(first.sentAt)).not.toBeNaN();
  });

  it('reads and writes secrets as files', async () => {
    const secrets = fileSecrets(path.join(dir, 'secrets'));

    await secrets.put('signing-keys', '{"keys":[]}');

    expect(await secrets.get('signing-keys')).toBe('{"keys":[]}');
    expect(await secrets.has('signing-keys')).toBe(true);
    expect(await readFile(path.join(dir, 'secrets', 'signing-keys.json'), 'utf8')).toBe('{"keys":[]}');
    await expect(secrets.get('nope')).rejects.toThrow(/secret nope not found/);
  });

  it('fires scheduled handlers with an EventBridge scheduled event, at start and at the rate, until stopped', async () => {
    const events: unknown[] = [];
    const scheduler = startScheduler({
      functions: { tick: { id: 'Scheduled-tick', entry: 'tick.ts', timeoutSeconds: 60, rateMinutes: 0.001 } },
      firstRunMs: 0,
      load: async () => async (event) => void events.push(event),
    });
    await new Promise((r) => setTimeout(r, 200));
    await scheduler.stop();
    const fired = events.length;
    await new Promise((r) => setTimeout(r, 100));

    expect(fired).toBeGreaterThanOrEqual(2);
    expect(events.length).toBe(fired);
    expect(events[0]).toMatchObject({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      resources: ['arn:aws:events:local:000000000000:rule/Scheduled-tick'],
      detail: {},
    });
  });
});
