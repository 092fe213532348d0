// The local run keeps its data: a restart on the same data folder serves the same sandbox
// applications and credentials (no duplicates), and --fresh starts from nothing.
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalService, type LocalService } from '#infra/local/service';
import type { Sandbox, SandboxApp } from '#infra/local/seed';
import { dynamoApplicationRepository } from '#shared/db/applications';

const withoutTokens = (sandbox: Sandbox) =>
  Object.fromEntries(Object.entries(sandbox.applications).map(([k, app]) => [k, { ...app, tokens: undefined }])) as Record<
    string,
    Omit<SandboxApp, 'tokens'>
  >;

const isRunning = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('restarting the local service', { timeout: 90_000 }, () => {
  let dataDir: string;
  let running: LocalService | undefined;
  let first: Sandbox;

  const start = async (fresh = false) => {
    running = await startLocalService({ port: 0, quiet: true, dataDir, fresh, schedules: false });
    return running;
  };
  const stop = async () => {
    const service = running;
    running = undefined;
    await service?.stop();
    return service;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'local-restart-'));
    first = (await start()).sandbox;
    const stopped = await stop();
    // Assess (of the stop): DynamoDB Local's Java process is gone.
    expect(isRunning(stopped?.dynamoPid)).toBe(false);
  });

  afterAll(async () => {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reuses the same application ids and credentials, with fresh tokens', async () => {
    // Act
    const service = await start();

    // Assess
    expect(withoutTokens(service.sandbox)).toEqual(withoutTokens(first));
    expect(service.sandbox.applications.demo.tokens.admin).not.toBe(first.applications.demo.tokens.admin);
    expect(await dynamoApplicationRepository().listApplications()).toHaveLength(3);
    await stop();
  });

  it('re-issues credentials for the same applications when the sandbox file is lost', async () => {
    // Prepare
    await unlink(path.join(dataDir, 'sandbox.json'));

    // Act
    const service = await start();

    // Assess: same tenants (found by slug), same retrievable secrets, new verify-only credentials.
    const { demo } = service.sandbox.applications;
    expect(demo.id).toBe(first.applications.demo.id);
    expect(demo.prestador.id).toBe(first.applications.demo.prestador.id);
    expect(demo.providerB).toEqual(first.applications.demo.providerB);
    expect(demo.inboundSecret).toBe(first.applications.demo.inboundSecret);
    expect(demo.apiKey).not.toBe(first.applications.demo.apiKey);
    expect(await dynamoApplicationRepository().listApplications()).toHaveLength(3);
    await stop();
  });

  it('starts empty with fresh: new credentials, the old ones unknown', async () => {
    // Act
    const service = await start(true);

    // Assess
    const repo = dynamoApplicationRepository();
    expect(service.sandbox.applications.demo.apiKey).not.toBe(first.applications.demo.apiKey);
    expect(await repo.getApiKey(first.applications.demo.apiKey)).toBeUndefined();
    expect(await repo.listApplications()).toHaveLength(3);
    await stop();
  });
});
