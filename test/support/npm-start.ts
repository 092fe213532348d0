// `npm start` as a child process group of a test (test/integration/local-crash.test.ts, campaign-crash.test.ts), its
// start again in the test's process once what the dead functions left is due, and its death: the functions killed at once, DynamoDB Local stopped cleanly (DynamoDB keeps what it acknowledged, as on
// AWS; killed with the rest, DynamoDB Local may lose writes it had already acknowledged).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '#infra/local/dynamo';
import { repoRoot } from '#infra/local/handlers';
import { startLocalService, type LocalService } from '#infra/local/service';
import { asFunction } from '#infra/local/iam-guard';
import { scheduledFunctions } from '#infra/functions';
import { reconcileSends } from '#functions/scheduled/send-reconciler';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoMoveFollower } from '#shared/db/ledger-moves';
import { ORPHAN_AFTER_MS, settleGaps } from '#shared/operations/ledger-moves';
import { RECONCILE_AFTER_MS } from '#shared/domain/send-budget';

/** The processes of a process group (Linux), with their command names. */
function processesOfGroup(pgid: number): { pid: number; command: string }[] {
  const out = spawnSync('pgrep', ['-g', String(pgid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .map((pid) => ({ pid, command: readFileSync(`/proc/${pid}/comm`, 'utf8').trim() }));
}

async function waitGone(pids: number[]): Promise<void> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 30_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

export async function startNpmStart(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const port = await freePort();
  const ports = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['infra/local/start.ts'], {
    cwd: repoRoot,
    // Its own process group, so one signal reaches the service and its DynamoDB Local.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      PORT_AGENT: String(ports[0]),
      PORT_PROVIDER_A: String(ports[1]),
      PORT_PROVIDER_B: String(ports[2]),
      PORT_WEBHOOK_RECEIVER: String(ports[3]),
      PORT_BEDROCK: String(ports[4]),
      PORT_TSA: String(ports[5]),
      LOCAL_DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Local service ready')) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not come up: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

/** SIGKILL to the service's processes, then DynamoDB Local stopped cleanly; resolves once they are all gone. */
export async function killService(child: ChildProcess): Promise<void> {
  const group = processesOfGroup(child.pid!);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (const { pid } of group.filter((p) => p.command !== 'java')) process.kill(pid, 'SIGKILL');
  await exited;
  for (const { pid } of group.filter((p) => p.command === 'java')) process.kill(pid, 'SIGTERM');
  await waitGone(group.map((p) => p.pid));
}

/**
 * The service started again on `dataDir` (in this process), with what the dead functions left settled as the
 * reconciler would once it is due: the stream follower's moves without their entry, then the sends nobody settled.
 */
export async function restartSettled(dataDir: string): Promise<LocalService> {
  const service = await startLocalService({ port: 0, quiet: true, dataDir, schedules: false, console: false });
  await service.streams.drained();
  const [ledger, follower] = [dynamoLedgerRepository(), dynamoMoveFollower()];
  await asFunction(scheduledFunctions.sendReconciler.id, () =>
    settleGaps({ ledger, follower }, new Date(Date.now() + ORPHAN_AFTER_MS + 1_000)),
  );
  await asFunction(scheduledFunctions.sendReconciler.id, () => reconcileSends(new Date(Date.now() + RECONCILE_AFTER_MS + 1_000)));
  await service.streams.drained();
  return service;
}
