// Contention as Lambda has it: N processes (each a "container" with its own SDK client, one request at a time)
// send for one application against one DynamoDB Local, beside the raw ceilings of that run on one balance item
// (bench/contention-child.ts): one UpdateItem, the same on one of a few balance items (a balance in shards), and a
// 3-item transaction. Each send run ends with the exactness check: the balance is the opening one less what the
// successful sends were charged, and the statement is one chain with no gap. Then the statement's follower (the
// stream function as the local run polls it): how fast it catches up with every move so far, and how long after
// a send its statement day shows it.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { startStreamPoller } from '#infra/local/streams';
import { send } from '#shared/wiring/send';
import { ensureTable, startDynamoLocal } from '#infra/local/dynamo';
import { resetConfig } from '#shared/config';
import { dynamoAdminApplicationRepository } from '#shared/db/admin-applications';
import { db, resetDb, tableName } from '#shared/db/client';
import { dynamoLedgerRepository, dynamoStatementRepository } from '#shared/db/ledger';
import { dynamoTariffRepository } from '#shared/db/tariffs';
import { addCredit, createApplication } from '#shared/domain/admin-applications';
import { fromCents, toCents } from '#shared/domain/money';
import { seedDefaultTariffs } from '#shared/domain/tariffs';
import { providerSecretStore } from '#shared/providers/secrets';
import { CEILING_KEY, SHARDS, shardKey, type ChildReport, type ChildTask, type ContentionMode } from './contention-child.ts';
import { repoRoot } from './bundle.ts';
import { fmt, percentile } from './stats.ts';

export interface ContentionRow {
  what: string;
  processes: number;
  operations: number;
  perSecond: number;
  p50: number;
  p99: number;
  requestsPerOk: number;
  capacityPerOk: number;
  /** Transactions per successful operation (a send's lost races and the ceiling's resubmissions show here). */
  transactionsPerOk: number;
  refused: Record<string, number>;
}

export interface ContentionOptions {
  processes: readonly number[];
  /** Operations per process. */
  perProcess: number;
  log: (line: string) => void;
}

const child = join(repoRoot, 'bench', 'contention-child.ts');
const OPENING = 1_000_000;

/** Runs the task in `n` processes started together; resolves with each one's report and the wall time. */
async function together(
  n: number,
  task: (i: number) => ChildTask,
  env: NodeJS.ProcessEnv,
): Promise<{ reports: ChildReport[]; ms: number }> {
  const children: ChildProcess[] = [];
  const ready: Promise<void>[] = [];
  const done: Promise<ChildReport>[] = [];
  for (let i = 0; i < n; i++) {
    const proc = fork(child, [], { env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(proc);
    let signalReady!: () => void;
    ready.push(new Promise((resolve) => (signalReady = resolve)));
    done.push(
      new Promise((resolve, reject) => {
        proc.on('message', (m: 'ready' | { result?: ChildReport; error?: string }) => {
          if (m === 'ready') return signalReady();
          if (m.result) resolve(m.result);
          else reject(new Error(`contention child: ${m.error}`));
        });
        proc.on('exit', (code) => (code ? reject(new Error(`contention child exited with ${code}`)) : undefined));
      }),
    );
    proc.send({ task: task(i) });
  }
  await Promise.all(ready);
  const began = performance.now();
  for (const proc of children) proc.send('go');
  const reports = await Promise.all(done);
  return { reports, ms: performance.now() - began };
}

function row(what: string, processes: number, reports: ChildReport[], ms: number): ContentionRow {
  const times = reports.flatMap((r) => r.times).sort((a, b) => a - b);
  const ok = reports.reduce((sum, r) => sum + r.ok, 0);
  const requests: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.requests)) requests[k] = (requests[k] ?? 0) + v;
  const refused: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.refused)) refused[k] = (refused[k] ?? 0) + v;
  const total = Object.values(requests).reduce((a, b) => a + b, 0);
  const perOk = (x: number) => (ok ? x / ok : 0);
  return {
    what,
    processes,
    operations: times.length,
    perSecond: ok / (ms / 1000),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    requestsPerOk: perOk(total),
    capacityPerOk: perOk(reports.reduce((sum, r) => sum + r.capacityUnits, 0)),
    transactionsPerOk: perOk((requests.TransactWriteItems ?? 0) + reports.reduce((sum, r) => sum + r.conflicts, 0)),
    refused,
  };
}

/** One application with the link provider, credited as the operator credits one. */
async function application(slug: string): Promise<number> {
  const admin = { applications: dynamoAdminApplicationRepository(), ledger: dynamoLedgerRepository() };
  const { application: app } = await createApplication(
    admin.applications,
    providerSecretStore(),
    { nome: slug, slug, provider: 'link' },
    new Date(),
  );
  await addCredit(admin, app.id, { valor: `${OPENING}.00`, descricao: 'bench' });
  return app.id;
}

/** The exactness check: the balance is the opening one less the charges of `sent` sends, and the chain has no gap. */
async function checkExact(aplicacaoId: number): Promise<string> {
  const statement = dynamoStatementRepository();
  const { content, total } = await statement.statementPage(aplicacaoId, 0, 1);
  const last = content[0];
  if (!last) throw new Error(`application ${aplicacaoId} has no statement`);
  const entries = await statement.rangeEntries(aplicacaoId, { from: 1, to: last.id });
  if (entries.length !== total || entries.length !== last.id)
    throw new Error(`statement of ${aplicacaoId}: ${entries.length} entries, last id ${last.id}`);
  let saldo = 0n;
  for (const e of entries) {
    const valor = BigInt(toCents(e.valor));
    const before = BigInt(toCents(e.saldoAnterior));
    const after = BigInt(toCents(e.saldoPosterior));
    if (before !== saldo)
      throw new Error(`statement of ${aplicacaoId}: entry ${e.id} opens at ${e.saldoAnterior}, the previous closed at ${fromCents(saldo)}`);
    if (after !== (e.tipo === 'DEBIT' ? before - valor : before + valor))
      throw new Error(`statement of ${aplicacaoId}: entry ${e.id} does not add up`);
    saldo = after;
  }
  const balance = await statement.getSaldo(aplicacaoId);
  if (balance === undefined || BigInt(toCents(balance)) !== saldo)
    throw new Error(`application ${aplicacaoId}: balance ${balance}, statement ${fromCents(saldo)}`);
  return `${entries.length} entries chained, balance ${balance}`;
}

/** The stream follower: its catch-up rate over the run's moves, then the lag from a send to its statement day, 20 times. */
async function measureFollower(endpoint: string, aplicacaoId: number): Promise<string> {
  const started = performance.now();
  const poller = await startStreamPoller({ endpoint, tableName: tableName(), idleMs: 20 });
  try {
    await poller.drained();
    const catchUp = performance.now() - started;
    const lags: number[] = [];
    for (let i = 0; i < 20; i++) {
      const outcome = await send({
        aplicacaoId,
        body: { telefone: '+5511999990000', mensagem: 'Lembrete' },
        key: undefined,
        statusCallbackUrl: 'http://127.0.0.1/api/webhooks/whatsapp/status',
      });
      if (!outcome.ok) throw new Error('follower lag: the send failed');
      const answered = performance.now();
      const { total } = await dynamoStatementRepository().statementPage(aplicacaoId, 0, 1);
      for (;;) {
        const days = await dynamoStatementRepository().statementDays(aplicacaoId, '0000-01-01', '9999-12-31');
        if (Math.max(...days.map((d) => d.ultimoLancamentoId)) >= total) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      lags.push(performance.now() - answered);
    }
    lags.sort((a, b) => a - b);
    return `statement follower: every move of the run followed in ${fmt(catchUp, 0)} ms from a cold start; a send's statement day current ${fmt(percentile(lags, 50), 0)} ms after its answer (p50 of 20), ${fmt(lags.at(-1)!, 0)} ms at most`;
  } finally {
    await poller.stop();
  }
}

export async function measureContention(options: ContentionOptions): Promise<ContentionRow[]> {
  const dynamo = await startDynamoLocal();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TABLE_NAME: 'bench-contention',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    PLATFORM_RUNTIME: 'local',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    LOG_LEVEL: 'error',
  };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  resetConfig();
  resetDb();
  try {
    await ensureTable(dynamo.endpoint, env.TABLE_NAME!);
    await seedDefaultTariffs(dynamoTariffRepository(), new Date().toISOString());
    const rows: ContentionRow[] = [];
    const ceiling = async (mode: ContentionMode, what: string, n: number) => {
      for (const Key of [CEILING_KEY, ...Array.from({ length: SHARDS }, (_, k) => shardKey(k))]) {
        await db().send(new PutCommand({ TableName: tableName(), Item: { ...Key, saldo: 10 ** 9, seq: 0 } }));
      }
      const { reports, ms } = await together(n, () => ({ mode, aplicacaoId: 0, operations: options.perProcess }), env);
      rows.push(row(what, n, reports, ms));
    };
    for (const n of options.processes) {
      await ceiling('txn', 'ceiling: 3-item transaction, conditional ADD', n);
      await ceiling('update', 'ceiling: one UpdateItem, conditional ADD', n);
      await ceiling('shards', `the same UpdateItem on one of ${SHARDS} balance items`, n);
      const app = await application(`bench-${n}-${Date.now()}`);
      const { reports, ms } = await together(n, () => ({ mode: 'send', aplicacaoId: app, operations: options.perProcess }), env);
      rows.push(row('sends, one application', n, reports, ms));
      options.log(`  contention ${n} processes: ${fmt(rows.at(-1)!.perSecond, 0)} sends/s; ${await checkExact(app)}`);
    }
    // Two applications at once, half the processes each: each keeps its own pace.
    const n = Math.max(...options.processes);
    const apps = [await application(`bench-a-${Date.now()}`), await application(`bench-b-${Date.now()}`)];
    const { reports, ms } = await together(n, (i) => ({ mode: 'send', aplicacaoId: apps[i % 2]!, operations: options.perProcess }), env);
    rows.push(row('sends, two applications (total)', n, reports, ms));
    for (const [k, id] of apps.entries()) {
      rows.push(
        row(
          `sends, two applications (application ${k + 1})`,
          n / 2,
          reports.filter((_, i) => i % 2 === k),
          ms,
        ),
      );
      options.log(`  two applications, ${id}: ${await checkExact(id)}`);
    }
    options.log(`  ${await measureFollower(dynamo.endpoint, apps[0]!)}`);
    return rows;
  } finally {
    process.env = saved;
    resetConfig();
    resetDb();
    await dynamo.stop();
  }
}

export function contentionTable(rows: readonly ContentionRow[]): string {
  const lines = [
    '| What | Processes | Operations | ok/s | p50 ms | p99 ms | DynamoDB requests per ok | capacity units per ok | transactions per ok | refused |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const refused =
      Object.entries(r.refused)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || '-';
    lines.push(
      `| ${r.what} | ${r.processes} | ${r.operations} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.requestsPerOk, 2)} | ${fmt(r.capacityPerOk, 1)} | ${fmt(r.transactionsPerOk, 2)} | ${refused} |`,
    );
  }
  return lines.join('\n');
}
