// Inbound messages: the edge (provider_a's signed form to /api/webhooks/whatsapp/webhook and a signed
// generic inbound webhook), sequential through the local gateway, timed to the last body byte; then
// the inbound consumer alone (processInbound called directly), with every DynamoDB request and its
// capacity counted on the document client, for the three cases a message can be: a new patient's
// first message, a known patient's message in an open attendance, and a repeated delivery.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PatientMessage } from '#events/inbound-queue';
import type { LocalService } from '#infra/local/service';
import { providerASignature } from '#shared/providers/signatures';
import { countDynamo } from './send.ts';
import { fmt, percentile } from './stats.ts';

interface Timing {
  requests: number;
  p50: number;
  p99: number;
  dynamoRequests: number;
}

interface ConsumerCase {
  dynamoRequests: number;
  capacityUnits: number;
  byCommand: Record<string, number>;
}

export interface InboundReport {
  providerA: Timing;
  generic: Timing;
  consumer: { novoPaciente: ConsumerCase; conversaAberta: ConsumerCase; repetida: ConsumerCase };
}

type Start = (o: {
  port: number;
  inMemory: boolean;
  quiet: boolean;
  fresh: boolean;
  dataDir: string;
  schedules: boolean;
}) => Promise<LocalService>;

export async function measureInbound(start: Start, options: { requests: number; log: (line: string) => void }): Promise<InboundReport> {
  process.env.LOG_LEVEL ??= 'warn';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-inbound-'));
  const service = await start({ port: 0, inMemory: true, quiet: true, fresh: true, dataDir, schedules: false });
  const { processInbound } = await import('#functions/consumers/inbound');
  try {
    // provider_a's messages are taken only for a provider_a application (outra); the generic webhook is demo's.
    const demo = service.sandbox.applications.demo;
    const outra = service.sandbox.applications.outra;
    const to = outra.numerosWhatsapp[0]!;
    let n = 0;
    const phone = () => `+5511${String(900000000 + (++n % 100000000))}`;

    const providerA = async () => {
      const url = `${service.baseUrl}/api/webhooks/whatsapp/webhook`;
      const params = {
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        AccountSid: 'ACbench',
        From: `whatsapp:${phone()}`,
        To: `whatsapp:${to}`,
        Body: 'Bom dia',
        ProfileName: 'Paciente Bench',
        NumMedia: '0',
      };
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Provider-A-Signature': providerASignature(url, params, outra.providerA.authToken),
        },
        body: new URLSearchParams(params).toString(),
      });
      if (response.status !== 200) throw new Error(`provider_a webhook: ${response.status}`);
      await response.arrayBuffer();
    };
    const generic = async () => {
      const body = JSON.stringify({ pedido: ++n, paciente: { telefone: phone() }, exames: ['Hemograma'] });
      const response = await fetch(`${service.baseUrl}/api/v1/webhooks/inbound/${demo.slug}/bench`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Service-Signature': `sha256=${createHmac('sha256', demo.inboundSecret).update(body).digest('hex')}`,
        },
        body,
      });
      if (response.status !== 200) throw new Error(`generic inbound: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };

    const time = async (work: () => Promise<void>): Promise<Timing> => {
      for (let i = 0; i < 5; i++) await work(); // warm-up
      await service.queues.drained(30_000);
      const counters = countDynamo();
      const times: number[] = [];
      for (let i = 0; i < options.requests; i++) {
        const started = performance.now();
        await work();
        times.push(performance.now() - started);
      }
      // The local queues run the consumer in this process: its requests are in the count (see the table's note).
      await service.queues.drained(60_000);
      counters.stop();
      const total = Object.values(counters.commands).reduce((a, b) => a + b, 0);
      return { requests: times.length, p50: percentile(times, 50), p99: percentile(times, 99), dynamoRequests: total / options.requests };
    };
    const providerAReport = await time(providerA);
    const genericReport = await time(generic);

    const message = (from: string): PatientMessage => ({
      kind: 'mensagem',
      aplicacaoId: outra.id,
      provider: 'provider_a',
      providerMessageId: `SM${randomBytes(16).toString('hex')}`,
      from,
      to,
      profileName: 'Paciente Bench',
      tipo: 'texto',
      texto: 'Bom dia',
      midias: [],
      recebidaEm: new Date().toISOString(),
    });
    const consumerCase = async (make: () => PatientMessage): Promise<ConsumerCase> => {
      const counters = countDynamo();
      for (let i = 0; i < options.requests; i++) await processInbound(make());
      counters.stop();
      const total = Object.values(counters.commands).reduce((a, b) => a + b, 0);
      return {
        dynamoRequests: total / options.requests,
        capacityUnits: counters.capacity / options.requests,
        byCommand: Object.fromEntries(Object.entries(counters.commands).map(([k, v]) => [k, v / options.requests])),
      };
    };
    const known = phone();
    await processInbound(message(known));
    const repeated = message(phone());
    await processInbound(repeated);
    const consumer = {
      novoPaciente: await consumerCase(() => message(phone())),
      conversaAberta: await consumerCase(() => message(known)),
      repetida: await consumerCase(() => repeated),
    };
    options.log(
      `  inbound: provider_a edge p50 ${fmt(providerAReport.p50, 2)} ms; consumer ${fmt(consumer.novoPaciente.dynamoRequests, 2)} DynamoDB requests for a new patient, ${fmt(consumer.conversaAberta.dynamoRequests, 2)} in an open attendance`,
    );
    return { providerA: providerAReport, generic: genericReport, consumer };
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function inboundTable(r: InboundReport): string {
  const edge = (name: string, t: Timing) =>
    `| ${name} | ${t.requests} | ${fmt(t.p50, 2)} ms | ${fmt(t.p99, 2)} ms | ${fmt(t.dynamoRequests, 2)} |`;
  const consumer = (name: string, c: ConsumerCase) =>
    `| ${name} | ${fmt(c.dynamoRequests, 2)} (${Object.entries(c.byCommand)
      .map(([k, v]) => `${k} ${fmt(v, 2)}`)
      .join(', ')}) | ${fmt(c.capacityUnits, 1)} |`;
  return [
    '| Edge | Requests | p50 | p99 | DynamoDB requests per call, its message’s consumer included |',
    '| --- | ---: | ---: | ---: | ---: |',
    edge('`POST /api/webhooks/whatsapp/webhook` (provider_a, signed form)', r.providerA),
    edge('`POST /api/v1/webhooks/inbound/{slug}/{fluxo}` (signed JSON)', r.generic),
    '',
    '| Inbound consumer, per message | DynamoDB requests | Capacity units |',
    '| --- | --- | ---: |',
    consumer('a new patient’s first message (patient, attendance and message created)', r.consumer.novoPaciente),
    consumer('a known patient’s message in its open attendance', r.consumer.conversaAberta),
    consumer('a repeated delivery (refused as a duplicate)', r.consumer.repetida),
  ].join('\n');
}
