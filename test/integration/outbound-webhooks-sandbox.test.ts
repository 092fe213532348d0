// The sandbox webhook under the local run: demo's provider has one webhook pointed at the local
// receiver, named in sandbox.json; a restart on the same data folder keeps it (same id and secret)
// and re-points it at the receiver's new port, without a second one.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '#infra/local/service';
import type { Sandbox } from '#infra/local/seed';
import { dynamoWebhookSubscriptionRepository } from '#shared/db/webhooks';
import { webhookSigningSecret } from '#shared/secrets/webhooks';

describe('the sandbox webhook', { timeout: 90_000 }, () => {
  let dataDir: string;
  let running: LocalService | undefined;

  const start = async () => (running = await startLocalService({ port: 0, quiet: true, dataDir, schedules: false }));
  const stop = async () => {
    await running?.stop();
    running = undefined;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'webhooks-sandbox-'));
  });

  afterAll(async () => {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is written to sandbox.json and kept across a restart, pointed at the running receiver', async () => {
    // Prepare
    const first = (await start()).sandbox.webhooks!;
    await stop();

    // Act
    const service = await start();

    // Assess
    const demo = service.sandbox.applications.demo;
    const onDisk = JSON.parse(await readFile(service.sandboxFile, 'utf8')) as Sandbox;
    expect(onDisk.webhooks).toEqual({
      receiverUrl: service.webhookReceiver.url,
      receiverDir: path.join(dataDir, 'webhooks'),
      aplicacaoId: demo.id,
      prestadorId: demo.prestador.id,
      webhookId: first.webhookId,
      secret: first.secret,
    });
    expect(first.secret).toMatch(/^whsec_/);
    const stored = await dynamoWebhookSubscriptionRepository().listByProvider(demo.id, demo.prestador.id);
    expect(stored).toEqual([expect.objectContaining({ id: first.webhookId, url: service.webhookReceiver.url, ativo: true })]);
    expect(JSON.stringify(stored)).not.toContain(first.secret);
    expect(await webhookSigningSecret(stored[0]!)).toBe(first.secret);
  });
});
