// `npm run bench:campaign`: a campaign of 10,000 recipients (#36) under `npm start`, from a CSV upload to CONCLUIDA.
// A fresh link application credited with exactly what the campaign costs plus 5.00, its pace set by the platform admin;
// then the totals, the balance, one message per phone, and the sends per second read back from the messages' own
// `dataEnvio` (taken just after the pace let the send go, before its commit). Prints a Markdown report; never fails a
// build, but says plainly when a figure is wrong.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LocalService } from '#infra/local/service';
import type { Sandbox } from '#infra/local/seed';
import { addAmounts, fromCents, toCents } from '#shared/domain/money';
import { bearer, client, type Json } from '../test/support/local-service.ts';
import { killService, startNpmStart } from '../test/support/npm-start.ts';

const { values } = parseArgs({
  options: {
    recipients: { type: 'string', default: '10000' },
    pace: { type: 'string', default: '30' },
  },
});
const RECIPIENTS = Number(values.recipients);
const PACE = Number(values.pace);
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-campaign-'));
  const { child, baseUrl, output } = await startNpmStart(dataDir);
  try {
    const sandbox = JSON.parse(await readFile(path.join(dataDir, 'sandbox.json'), 'utf8')) as Sandbox;
    const api = client({ baseUrl, sandbox } as LocalService);

    // A clinic of its own (link: no provider call), its tariff read back, credited with the cost plus 5.00.
    const clinic = await api.newApplication('link');
    const token = await api.adminOf(clinic.id);
    const call = (method: string, url: string, body?: unknown) => api.call(method, url, bearer(token), body);
    await call('PUT', '/api/admin/whatsapp/fluxo-agendamentos', { horarioEnvioInicio: '00:00', horarioEnvioFim: '24:00' });
    const paced = await api.admin('PUT', `/api/admin/aplicacoes/${clinic.id}/ritmo`, { mensagensPorSegundo: PACE });
    if (paced.status !== 200) throw new Error(`pace: ${paced.status} ${JSON.stringify(paced.body)}`);
    const csv = [
      'telefone;nome',
      ...Array.from({ length: RECIPIENTS }, (_, i) => `+5511955${String(i).padStart(6, '0')};Paciente ${i}`),
    ].join('\r\n');
    const csvCall = (query: string) =>
      fetch(`${baseUrl}/api/admin/campanhas/csv?${query}`, {
        method: 'POST',
        headers: { ...bearer(token), 'Content-Type': 'text/csv; charset=utf-8' },
        body: csv,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
    const preview = await csvCall('nome=Bench&mensagem=Ol%C3%A1%20%7B%7Bnome%7D%7D&simular=true');
    if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${JSON.stringify(preview.body)}`);
    const cost = preview.body.custoEstimado as string;
    const credited = await api.admin('POST', `/api/admin/aplicacoes/${clinic.id}/creditos`, { valor: addAmounts(cost, '5.00') });
    if (credited.status !== 201) throw new Error(`credit: ${credited.status}`);

    // The campaign, polled once a second until it is done.
    const began = Date.now();
    const created = await csvCall('nome=Bench&mensagem=Ol%C3%A1%20%7B%7Bnome%7D%7D');
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.id as number;
    const acceptedMs = Date.now() - began;
    log(`campaign ${id}: ${RECIPIENTS} recipients accepted in ${acceptedMs} ms; pace ${PACE}/s`);
    let done: Json = {};
    let firstSentMs: number | undefined;
    for (;;) {
      done = (await call('GET', `/api/admin/campanhas/${id}`)).body;
      if (firstSentMs === undefined && done.totais.enviadas > 0) firstSentMs = Date.now() - began;
      if (done.status !== 'EM_ANDAMENTO' && done.status !== 'AGENDADA') break;
      if (Date.now() - began > 60 * 60_000) throw new Error('the campaign did not finish within an hour');
      log(`  ${Math.round((Date.now() - began) / 1000)} s: ${done.totais.enviadas} sent`);
      await sleep(firstSentMs === undefined ? 1_000 : 5_000);
    }
    const wallSeconds = (Date.now() - began) / 1000;

    // Read back: the messages (paged), their phones and second of sending; the balance.
    const perSecond = new Map<string, number>();
    const phones = new Set<string>();
    let messages = 0;
    for (let page = 0; ; page++) {
      const body = (await api.external(clinic).get(`/api/external/messages?contexto=CAMPANHA&size=100&page=${page}`)).body;
      for (const m of body.content as Json[]) {
        if (m.contextoId !== id) continue;
        messages++;
        phones.add(m.toNumber as string);
        perSecond.set(m.dataEnvio as string, (perSecond.get(m.dataEnvio as string) ?? 0) + 1);
      }
      if (page + 1 >= body.totalPages) break;
    }
    const saldo = (await api.external(clinic).get('/api/external/financeiro/saldo')).body.saldo as string;
    const counts = [...perSecond.values()].sort((a, b) => a - b);
    const fullSeconds = counts.slice(1, -1); // the first and last seconds are partial
    const median = fullSeconds[Math.floor(fullSeconds.length / 2)] ?? 0;
    const tariff = preview.body.tarifa as string;
    const checks = [
      ['status CONCLUIDA', done.status === 'CONCLUIDA'],
      [
        `enviadas = ${RECIPIENTS}, pendentes 0, falhas 0`,
        done.totais.enviadas === RECIPIENTS && done.totais.pendentes === 0 && done.totais.falhas === 0,
      ],
      [`${RECIPIENTS} messages to ${RECIPIENTS} phones`, messages === RECIPIENTS && phones.size === RECIPIENTS],
      [`custoTotal = ${cost}`, done.custoTotal === cost],
      [
        `balance 5.00 (credited ${addAmounts(cost, '5.00')}, down by ${RECIPIENTS} × ${tariff})`,
        saldo === '5.00' && cost === fromCents(toCents(tariff) * BigInt(RECIPIENTS)),
      ],
      [`no second above ${PACE}`, counts.at(-1)! <= PACE],
    ] as const;
    console.log(
      [
        `Campaign of ${RECIPIENTS} recipients under \`npm start\` (CSV upload, link provider, pace ${PACE}/s set with \`PUT /api/admin/aplicacoes/{id}/ritmo\`), ${new Date().toISOString().slice(0, 10)}:`,
        '',
        '| figure | value |',
        '|---|---|',
        `| CSV accepted (201) | ${acceptedMs} ms |`,
        `| first sends seen (the recipients expanded first) | ${((firstSentMs ?? NaN) / 1000).toFixed(0)} s |`,
        `| created to CONCLUIDA | ${wallSeconds.toFixed(0)} s (${(RECIPIENTS / wallSeconds).toFixed(1)} sends/s overall) |`,
        `| seconds with sends | ${counts.length} |`,
        `| sends in a full second: median, most | ${median}, ${counts.at(-1)} |`,
        `| totals | ${JSON.stringify(done.totais)} |`,
        `| custoTotal, balance after | ${done.custoTotal}, ${saldo} |`,
        '',
        ...checks.map(([what, ok]) => `- ${ok ? 'holds' : 'FAILS'}: ${what}`),
      ].join('\n'),
    );
  } catch (error) {
    log(`npm start's output, its end:\n${output().slice(-4000)}`);
    throw error;
  } finally {
    await killService(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
