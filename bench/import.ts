// The agent's batch import (POST /api/external/integracoes/registros) over the local mutual-TLS port:
// 500-record batches, each one mixed like a legacy system's periodic export (new records, changed
// ones, unchanged ones, a few duplicates), timed to the last body byte, with every DynamoDB request
// counted on the document client (authorizer included; the flow's queue consumer is turned off so
// only the import's own requests are counted: the flow's work on the created appointments is not
// the import's).
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalService } from '#infra/local/service';
import { defaultConsumer } from '#infra/local/queues';
import { countDynamo } from './send.ts';
import { fmt, percentile } from './stats.ts';

type Start = (o: {
  port: number;
  inMemory: boolean;
  quiet: boolean;
  fresh: boolean;
  dataDir: string;
  schedules: boolean;
  queues?: { consumer?: typeof defaultConsumer };
}) => Promise<LocalService>;

interface MixReport {
  name: string;
  batches: number;
  records: number;
  /** Per batch, ms. */
  p50: number;
  max: number;
  recordsPerSecond: number;
  dynamoPerRecord: number;
  capacityPerRecord: number;
  byCommand: Record<string, number>;
  resumo: Record<string, number>;
}

export interface ImportReport {
  mixes: MixReport[];
}

function post(service: LocalService, token: string, body: unknown): Promise<{ status: number; json: { resumo?: Record<string, number> } }> {
  const agent = service.sandbox.agent!;
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${agent.url}/api/external/integracoes/registros`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        ca: agent.caPem,
        cert: agent.certPem,
        key: agent.keyPem,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function measureImport(start: Start, options: { batches: number; log: (line: string) => void }): Promise<ImportReport> {
  process.env.LOG_LEVEL ??= 'warn';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  // The flow's consumer would work on every created appointment in the same process: left out of the timing and the count.
  const consumer: typeof defaultConsumer = async (queue) =>
    queue === 'appointmentFlow' ? async () => ({ batchItemFailures: [] }) : defaultConsumer(queue);
  const service = await start({ port: 0, inMemory: true, quiet: true, fresh: true, dataDir, schedules: false, queues: { consumer } });
  try {
    const demo = service.sandbox.applications.demo;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: demo.oauth.clientId,
      client_secret: demo.oauth.clientSecret,
      scope: 'registros:importar',
    });
    const token = (
      (await (await fetch(`${service.baseUrl}/oauth2/token`, { method: 'POST', body: form })).json()) as { access_token: string }
    ).access_token;
    // The agent's certificate names one integration (the sandbox's): an import goes to that one only.
    const integracaoId = service.sandbox.agent!.integracaoId;

    // Batch b: 200 patients, 200 appointments, 100 clinical records of its own key range (b * 1000 + i).
    const phone = (n: number) => `+55119${String(20_000_000 + n).padStart(8, '0')}`;
    const batch = (b: number, version: number, statusOf: (i: number) => string | null = () => null) => [
      ...Array.from({ length: 200 }, (_, i) => ({
        tipo: 'PACIENTE',
        idLegado: `P${b}-${i}`,
        dados: { telefone: phone(b * 1000 + i), nome: `Paciente ${i} v${version}`, cidade: 'Campinas' },
      })),
      ...Array.from({ length: 200 }, (_, i) => ({
        tipo: 'AGENDAMENTO',
        idLegado: `A${b}-${i}`,
        dados: {
          pacienteTelefone: phone(b * 1000 + i),
          procedimento: `Exame ${i}`,
          observacoes: `v${version}`,
          ...(statusOf(i) ? { status: statusOf(i) } : {}),
        },
      })),
      ...Array.from({ length: 100 }, (_, i) => ({
        tipo: 'REGISTRO_CLINICO',
        idLegado: `C${b}-${i}`,
        dados: {
          pacienteIdLegado: `P${b}-${i}`,
          tipoRegistro: 'EXAME',
          data: '2026-10-01',
          descricao: `Resultado v${version}`,
          conteudo: { i },
        },
      })),
    ];
    /** A later export of batch b: a third new records, a third changed (a tenth of the appointments confirmed), a third as before. */
    const mixed = (b: number) => {
      const before = batch(b, 1);
      const after = batch(b, 2, (i) => (i % 10 === 0 ? 'CONFIRMADO' : null));
      return before.map((r, i) => {
        if (i % 3 === 1) return after[i]!;
        if (i % 3 === 2) return r;
        const fresh = { ...r, idLegado: `N${r.idLegado}` };
        return r.tipo === 'PACIENTE' ? { ...fresh, dados: { ...r.dados, telefone: phone(500_000 + b * 1000 + i) } } : fresh;
      });
    };

    // Warm-up (containers, the id block, the TLS port) on a batch of its own.
    await post(service, token, { integracaoId, registros: batch(999, 1).slice(0, 50) });

    const measure = async (name: string, make: (b: number) => unknown[]): Promise<MixReport> => {
      const counters = countDynamo();
      const times: number[] = [];
      const resumo: Record<string, number> = {};
      let records = 0;
      for (let b = 0; b < options.batches; b++) {
        const registros = make(b);
        const started = performance.now();
        const answer = await post(service, token, { integracaoId, registros });
        times.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`import: ${answer.status} ${JSON.stringify(answer.json)}`);
        for (const [k, v] of Object.entries(answer.json.resumo ?? {})) resumo[k] = (resumo[k] ?? 0) + v;
        records += registros.length;
      }
      counters.stop();
      const total = Object.values(counters.commands).reduce((a, b) => a + b, 0);
      const seconds = times.reduce((a, b) => a + b, 0) / 1000;
      const report = {
        name,
        batches: times.length,
        records,
        p50: percentile(times, 50),
        max: Math.max(...times),
        recordsPerSecond: records / seconds,
        dynamoPerRecord: total / records,
        capacityPerRecord: counters.capacity / records,
        byCommand: Object.fromEntries(Object.entries(counters.commands).map(([k, v]) => [k, v / records])),
        resumo,
      };
      options.log(
        `  import ${name}: ${fmt(report.recordsPerSecond, 0)} records/s, ${fmt(report.dynamoPerRecord, 2)} DynamoDB requests per record`,
      );
      return report;
    };

    const mixes = [
      await measure('new (500 new records)', (b) => batch(b, 1)),
      await measure('unchanged (the same 500 again)', (b) => batch(b, 1)),
      await measure('mixed (1/3 new, 1/3 changed, 1/3 unchanged)', mixed),
    ];
    return { mixes };
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function importTable(r: ImportReport): string {
  const row = (m: MixReport) =>
    `| ${m.name} | ${m.batches} × 500 | ${fmt(m.p50, 0)} ms | ${fmt(m.max, 0)} ms | ${fmt(m.recordsPerSecond, 0)} | ${fmt(m.dynamoPerRecord, 2)} (${Object.entries(
      m.byCommand,
    )
      .map(([k, v]) => `${k} ${fmt(v, 2)}`)
      .join(', ')}) | ${fmt(m.capacityPerRecord, 1)} | ${Object.entries(m.resumo)
      .filter(([, v]) => v > 0)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')} |`;
  return [
    '| Batch | Batches | p50 per batch | Slowest batch | Records per second | DynamoDB requests per record (authorizer included) | Capacity units per record | Results |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |',
    ...r.mixes.map(row),
  ].join('\n');
}
