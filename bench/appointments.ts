// The appointment paths through the local gateway: v2 create (OAuth2 bearer) and /execucao
// (nbwp_ credential, with an Idempotency-Key), sequential, each on a fresh appointment, timed to the
// last body byte, with every DynamoDB request and its capacity counted on the document client
// (authorizers included; the outbound queue is in-process and not counted).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalService } from '#infra/local/service';
import { countDynamo } from './send.ts';
import { fmt, percentile } from './stats.ts';

interface PathReport {
  requests: number;
  p50: number;
  p99: number;
  dynamoRequests: number;
  capacityUnits: number;
  byCommand: Record<string, number>;
}

export interface AppointmentsReport {
  create: PathReport;
  execucao: PathReport;
}

export async function measureAppointments(
  start: (o: {
    port: number;
    inMemory: boolean;
    quiet: boolean;
    fresh: boolean;
    dataDir: string;
    schedules: boolean;
  }) => Promise<LocalService>,
  options: { requests: number; log: (line: string) => void },
): Promise<AppointmentsReport> {
  process.env.LOG_LEVEL ??= 'warn';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-appointments-'));
  const service = await start({ port: 0, inMemory: true, quiet: true, fresh: true, dataDir, schedules: false });
  try {
    const demo = service.sandbox.applications.demo;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: demo.oauth.clientId,
      client_secret: demo.oauth.clientSecret,
    });
    const token = (
      (await (await fetch(`${service.baseUrl}/oauth2/token`, { method: 'POST', body: form })).json()) as { access_token: string }
    ).access_token;
    let order = 0;
    const create = async () => {
      const response = await fetch(`${service.baseUrl}/api/external/v2/agendamentos`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          pacienteTelefone: '+5511999990000',
          procedimento: 'Hemograma',
          prestador: String(demo.prestador.id),
          numeroPedido: `BENCH-${Date.now()}-${++order}`,
        }),
      });
      if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: number }).id;
    };
    const execucao = async (id: number) => {
      const response = await fetch(`${service.baseUrl}/api/external/prestador/v1/execucao`, {
        method: 'POST',
        headers: {
          'X-Api-Key': demo.prestador.apiKey,
          'X-Api-Secret': demo.prestador.apiSecret,
          'Idempotency-Key': `bench-${id}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ agendamentoId: id, resultado: 'REALIZADO' }),
      });
      if (response.status !== 200) throw new Error(`execucao: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    for (let i = 0; i < 5; i++) await execucao(await create()); // warm-up

    const measure = async (work: () => Promise<void>): Promise<PathReport> => {
      const counters = countDynamo();
      const times: number[] = [];
      for (let i = 0; i < options.requests; i++) {
        const started = performance.now();
        await work();
        times.push(performance.now() - started);
      }
      counters.stop();
      const total = Object.values(counters.commands).reduce((a, b) => a + b, 0);
      return {
        requests: times.length,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        dynamoRequests: total / options.requests,
        capacityUnits: counters.capacity / options.requests,
        byCommand: Object.fromEntries(Object.entries(counters.commands).map(([k, v]) => [k, v / options.requests])),
      };
    };
    const ids: number[] = [];
    const createReport = await measure(async () => {
      ids.push(await create());
    });
    const execucaoReport = await measure(async () => execucao(ids.shift()!));
    options.log(
      `  appointments: ${fmt(createReport.dynamoRequests, 2)} DynamoDB requests per create, ${fmt(execucaoReport.dynamoRequests, 2)} per /execucao`,
    );
    return { create: createReport, execucao: execucaoReport };
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function appointmentsTable(r: AppointmentsReport): string {
  const row = (name: string, p: PathReport) =>
    `| ${name} | ${p.requests} | ${fmt(p.p50, 2)} ms | ${fmt(p.p99, 2)} ms | ${fmt(p.dynamoRequests, 2)} (${Object.entries(p.byCommand)
      .map(([k, v]) => `${k} ${fmt(v, 2)}`)
      .join(', ')}) | ${fmt(p.capacityUnits, 1)} |`;
  return [
    '| Path | Requests | p50 | p99 | DynamoDB requests per call (authorizer included) | Capacity units per call |',
    '| --- | ---: | ---: | ---: | --- | ---: |',
    row('`POST /api/external/v2/agendamentos`', r.create),
    row('`POST /api/external/prestador/v1/execucao` (Idempotency-Key)', r.execucao),
  ].join('\n');
}
