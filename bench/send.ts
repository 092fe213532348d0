// The send path through the local gateway: one tenant (provider link, so no provider call is
// timed), sequential sends for p50/p99, then sends at concurrency 32 for throughput. Every
// DynamoDB request the service makes is counted on the document client, with
// ReturnConsumedCapacity=TOTAL added to each, so the report shows requests and capacity units
// per send. DynamoDB Local's capacity figures follow DynamoDB's sizing rules.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalService } from '#infra/local/service';
import { db } from '#shared/db/client';
import { fmt, percentile } from './stats.ts';

export interface SendReport {
  sequential: { requests: number; p50: number; p99: number };
  concurrent: { requests: number; concurrency: number; p50: number; p99: number; perSecond: number; statuses: Record<number, number> };
  perSend: { requests: number; writes: number; transactions: number; capacityUnits: number; byCommand: Record<string, number> };
}

interface Counters {
  commands: Record<string, number>;
  capacity: number;
  /** Takes the counting off the client. */
  stop(): void;
}

export function countDynamo(): Counters {
  const counters: Counters = { commands: {}, capacity: 0, stop: () => db().middlewareStack.remove('benchCountDynamo') };
  counters.stop(); // one counter at a time on the shared client
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const name = String((context as { commandName?: string }).commandName ?? 'unknown').replace(/Command$/, '');
      counters.commands[name] = (counters.commands[name] ?? 0) + 1;
      (args.input as Record<string, unknown>).ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) counters.capacity += c.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'benchCountDynamo' },
  );
  return counters;
}

async function tenant(service: LocalService, sends: number): Promise<{ apiKey: string; apiSecret: string }> {
  const admin = service.sandbox.applications.demo.tokens.admin;
  const headers = { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' };
  const slug = `bench-${Date.now()}`;
  const created = await fetch(`${service.baseUrl}/api/admin/aplicacoes`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ nome: 'Bench', slug, provider: 'link' }),
  });
  if (created.status !== 201) throw new Error(`creating the bench tenant: ${created.status} ${await created.text()}`);
  const app = (await created.json()) as { id: number; credenciais: { apiKey: string; apiSecret: string } };
  const credit = await fetch(`${service.baseUrl}/api/admin/aplicacoes/${app.id}/creditos`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ valor: `${sends}.00`, descricao: 'bench' }),
  });
  if (credit.status !== 201) throw new Error(`crediting the bench tenant: ${credit.status} ${await credit.text()}`);
  return app.credenciais;
}

export async function measureSends(
  start: (o: {
    port: number;
    inMemory: boolean;
    quiet: boolean;
    fresh: boolean;
    dataDir: string;
    schedules: boolean;
  }) => Promise<LocalService>,
  options: { sequential: number; concurrent: number; concurrency: number; log: (line: string) => void },
): Promise<SendReport> {
  process.env.LOG_LEVEL ??= 'warn';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-send-'));
  const service = await start({ port: 0, inMemory: true, quiet: true, fresh: true, dataDir, schedules: false });
  try {
    const credentials = await tenant(service, options.sequential + options.concurrent + 10);
    const send = async () => {
      const started = performance.now();
      const response = await fetch(`${service.baseUrl}/api/external/messages/send`, {
        method: 'POST',
        headers: { 'X-Api-Key': credentials.apiKey, 'X-Api-Secret': credentials.apiSecret, 'Content-Type': 'application/json' },
        body: JSON.stringify({ telefone: '+5511999990000', mensagem: 'Lembrete: sua consulta é amanhã às 9h.' }),
      });
      await response.arrayBuffer();
      return { ms: performance.now() - started, status: response.status };
    };
    for (let i = 0; i < 5; i++) await send(); // warm-up: modules, connections, id block

    const counters = countDynamo();
    const sequential: number[] = [];
    for (let i = 0; i < options.sequential; i++) sequential.push((await send()).ms);
    const requests = Object.values(counters.commands).reduce((a, b) => a + b, 0);
    const perSend = {
      requests: requests / options.sequential,
      writes:
        ((counters.commands.UpdateItem ?? 0) + (counters.commands.PutItem ?? 0) + (counters.commands.TransactWriteItems ?? 0)) /
        options.sequential,
      transactions: (counters.commands.TransactWriteItems ?? 0) / options.sequential,
      capacityUnits: counters.capacity / options.sequential,
      byCommand: Object.fromEntries(Object.entries(counters.commands).map(([k, v]) => [k, v / options.sequential])),
    };
    options.log(`  send: ${fmt(perSend.requests, 2)} DynamoDB requests and ${fmt(perSend.capacityUnits, 1)} capacity units per send`);

    const times: number[] = [];
    const statuses: Record<number, number> = {};
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < options.concurrent) {
          next++;
          const { ms, status } = await send();
          times.push(ms);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const elapsed = performance.now() - began;
    return {
      sequential: { requests: sequential.length, p50: percentile(sequential, 50), p99: percentile(sequential, 99) },
      concurrent: {
        requests: times.length,
        concurrency: options.concurrency,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        perSecond: (times.length / elapsed) * 1000,
        statuses,
      },
      perSend,
    };
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function sendTable(r: SendReport): string {
  const by = Object.entries(r.perSend.byCommand)
    .map(([k, v]) => `${k} ${fmt(v, 2)}`)
    .join(', ');
  return [
    '| Measure | Value |',
    '| --- | ---: |',
    `| Sequential sends | ${r.sequential.requests}, p50 ${fmt(r.sequential.p50, 2)} ms, p99 ${fmt(r.sequential.p99, 2)} ms |`,
    `| Sends at concurrency ${r.concurrent.concurrency} | ${r.concurrent.requests}, p50 ${fmt(r.concurrent.p50, 2)} ms, p99 ${fmt(r.concurrent.p99, 2)} ms, **${fmt(r.concurrent.perSecond, 0)} sends/s** (statuses ${Object.entries(
      r.concurrent.statuses,
    )
      .map(([s, n]) => `${s}×${n}`)
      .join(', ')}) |`,
    `| DynamoDB requests per send (authorizer included) | ${fmt(r.perSend.requests, 2)} (${by}) |`,
    `| Writes per send (transactions included) | ${fmt(r.perSend.writes, 2)} |`,
    `| Transactions per send | ${fmt(r.perSend.transactions, 2)} |`,
    `| Consumed capacity units per send | ${fmt(r.perSend.capacityUnits, 1)} |`,
  ].join('\n');
}
