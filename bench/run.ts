// `npm run bench`: bundles every Lambda exactly as deployed, measures cold module init
// against a DynamoDB-document-client-only baseline, measures request latency through the
// local gateway, and rewrites the generated section of docs/performance.md.
// A benchmark, not a test: it reports figures and flags, it never fails a build.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { version as esbuildVersion } from 'esbuild';
import { allFunctions } from '#infra/functions';
import { externalsFor } from '#infra/bundling';
import { functionNeeds } from '#infra/permissions';
import { baselineSpec, buildBundle, emptySpec, isBuilt, outDir, type BuiltBundle, type BundleSpec } from './bundle.ts';
import { deployedNodeOptions, measureColdStarts, nodeVersion } from './cold-start.ts';
import { compareSdk, compareSourceMaps } from './compare.ts';
import { comparePowertools } from './compare-powertools.ts';
import { authorizerTable, measureAuthorizers } from './authorizers.ts';
import { explainBundle } from './explain.ts';
import { appointmentsTable, measureAppointments } from './appointments.ts';
import { measureConsole, writeConsoleSection } from './console.ts';
import { importTable, measureImport } from './import.ts';
import { inboundTable, measureInbound } from './inbound.ts';
import { measureSends, sendTable } from './send.ts';
import { contentionTable, measureContention } from './contention.ts';
import { loadStartLocalService, measureLatency, type LatencyReport } from './latency.ts';
import { coldStartTable, docsPath, latencyTable, machine, renderSection, summarize, targetRatio, writeDocs } from './report.ts';

const usage = `Usage: npm run bench -- [options]

  --runs N            cold-start samples per bundle (default 15; round-robin across bundles)
  --only ID[,ID]      measure only these functions (baseline always included; docs not rewritten)
  --explain           after the table, list what fills the worst bundles (esbuild metafile)
  --top N             how many bundles --explain covers (default: every function over target, at least 3)
  --compare-sdk [ID]  only compare the baseline and one function (default Group-public) with
                      @aws-sdk/* bundled vs external (resolved from node_modules, as Lambda's runtime SDK)
  --compare-source-maps [ID]
                      only compare deployed (maps not loaded) vs --enable-source-maps with and without sources
  --compare-powertools DIR [ID...]
                      only compare @aws-lambda-powertools/logger and /metrics, installed in DIR (a
                      scratch folder, not the project), with the own log and EMF helper; the IDs are
                      the functions built both ways (default: the heaviest groups, the metrics user
                      and a JWT authorizer)
  --source-maps on|off  run the children with the deployed NODE_OPTIONS=${deployedNodeOptions} (default on)
  --skip-cold         skip the cold-start part
  --skip-latency      skip the local-gateway latency part
  --skip-authorizers  skip the per-authorizer latency and DynamoDB request count
  --skip-send         skip the send-path measurement
  --skip-appointments skip the v2 create and /execucao measurement
  --skip-inbound      skip the inbound webhooks and inbound consumer measurement
  --skip-import       skip the agent batch import measurement (500-record batches over the mTLS port)
  --skip-contention   skip the contention run (N processes sending for one application, beside the raw ceilings)
  --contention-processes N[,N]  processes of each contention run (default 1,8,32)
  --contention-sends N          sends per process (default 60)
  --skip-console      skip the console's weight and page timings (bench/console.ts; alone: npm run bench:console)
  --import-batches N  500-record batches per import mix (default 6)
  --authorizer-runs N warm calls per authorizer (default 300)
  --requests N        requests per route at fixed concurrency (default 2000)
  --concurrency N     concurrency of that run (default 8)
  --sequential N      requests per route at concurrency 1 (default 500)
  --skip-docs         do not rewrite docs/performance.md
  --node PATH         Node binary for the cold-start children (default: this one)
  -h, --help`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '15' },
    only: { type: 'string', multiple: true },
    explain: { type: 'boolean', default: false },
    top: { type: 'string' },
    'compare-sdk': { type: 'boolean', default: false },
    'compare-source-maps': { type: 'boolean', default: false },
    'compare-powertools': { type: 'string' },
    'source-maps': { type: 'string', default: 'on' },
    'skip-cold': { type: 'boolean', default: false },
    'skip-latency': { type: 'boolean', default: false },
    'skip-authorizers': { type: 'boolean', default: false },
    'skip-send': { type: 'boolean', default: false },
    'skip-appointments': { type: 'boolean', default: false },
    'skip-inbound': { type: 'boolean', default: false },
    'skip-import': { type: 'boolean', default: false },
    'skip-console': { type: 'boolean', default: false },
    'skip-contention': { type: 'boolean', default: false },
    'contention-processes': { type: 'string', default: '1,8,32' },
    'contention-sends': { type: 'string', default: '60' },
    'import-batches': { type: 'string', default: '6' },
    'authorizer-runs': { type: 'string', default: '300' },
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
    sequential: { type: 'string', default: '500' },
    'skip-docs': { type: 'boolean', default: false },
    node: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const positiveInt = (name: string, raw: string | undefined): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer, got ${raw}\n\n${usage}`);
    process.exit(2);
  }
  return n;
};

const runs = positiveInt('runs', values.runs);
const nodePath = values.node ?? process.execPath;
if (values['source-maps'] !== 'on' && values['source-maps'] !== 'off') {
  console.error(`--source-maps must be on or off\n\n${usage}`);
  process.exit(2);
}
// As deployed unless asked otherwise (NODE_OPTIONS from infra/bundling.ts).
const nodeOptions = values['source-maps'] === 'on' ? deployedNodeOptions : '';
const log = (line: string) => process.stderr.write(`${line}\n`);
const began = Date.now();

/** A function's bundle as the stack builds it: its entry, and what it leaves to the runtime's SDK. */
const functionSpec = (f: { id: string; entry: string }): BundleSpec => ({
  id: f.id,
  entry: f.entry,
  label: f.entry,
  kind: 'function',
  external: externalsFor(functionNeeds.find((n) => n.entry.id === f.id)?.needs),
});

function selectFunctions(ids: string[] | undefined) {
  if (!ids?.length) return allFunctions;
  const wanted = ids
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const unknown = wanted.filter((id) => !allFunctions.some((f) => f.id === id));
  if (unknown.length) {
    console.error(`Unknown function id(s): ${unknown.join(', ')}\nKnown: ${allFunctions.map((f) => f.id).join(', ')}`);
    process.exit(2);
  }
  return allFunctions.filter((f) => wanted.includes(f.id));
}

async function buildAll(specs: BundleSpec[]) {
  const t = Date.now();
  const results = await Promise.all(specs.map(buildBundle));
  const built = results.filter(isBuilt);
  const failed = results.filter((r) => !isBuilt(r)).map((r) => ({ id: r.spec.id, error: 'error' in r ? r.error : '' }));
  log(`built ${built.length} bundle(s) into ${outDir} in ${Date.now() - t} ms${failed.length ? `, ${failed.length} failed` : ''}`);
  for (const f of failed) log(`  build failed: ${f.id}: ${f.error}`);
  return { built, failed };
}

const progress = (round: number, total: number) => {
  if (round === total || round % 5 === 0) log(`  cold-start round ${round}/${total} (${Math.round((Date.now() - began) / 1000)} s)`);
};

function explainTargets(bundles: BuiltBundle[], ranked: { id: string; over: boolean }[]): BuiltBundle[] {
  const over = ranked.filter((r) => r.over).length;
  const count = values.top ? positiveInt('top', values.top) : Math.max(3, over);
  return ranked
    .slice(0, count)
    .map((r) => bundles.find((b) => b.spec.id === r.id))
    .filter((b): b is BuiltBundle => b !== undefined);
}

async function main(): Promise<void> {
  if (values['compare-powertools']) {
    const ids = positionals.length
      ? positionals
      : ['Group-admin', 'Group-v2-other', 'Group-token', 'Group-public', 'Scheduled-exchangeRate', 'Authorizer-portalJwt'];
    const options = { nodePath, nodeVersion: nodeVersion(nodePath), runs, log, onRound: progress };
    await comparePowertools(values['compare-powertools'], selectFunctions(ids), options);
    return;
  }
  if (values['compare-sdk'] || values['compare-source-maps']) {
    // The baseline plus one function (a DynamoDB-backed group by default).
    const subjects = [baselineSpec, functionSpec(selectFunctions([positionals[0] ?? 'Group-public'])[0]!)];
    const options = { nodePath, nodeVersion: nodeVersion(nodePath), runs, log, onRound: progress };
    if (values['compare-sdk']) await compareSdk(subjects, options);
    if (values['compare-source-maps']) await compareSourceMaps(subjects, options);
    return;
  }

  const functions = selectFunctions(values.only);
  const partial = functions.length !== allFunctions.length;
  const childNode = nodeVersion(nodePath);
  log(
    `bench: ${functions.length} function(s), ${runs} runs, cold-start children on Node ${childNode} (${nodePath}) with NODE_OPTIONS=${nodeOptions || '(none)'}; Lambda runs Node 22`,
  );

  const { built, failed } = await buildAll([baselineSpec, emptySpec, ...functions.map(functionSpec)]);
  const functionBundles = built.filter((b) => b.spec.kind === 'function');

  let coldStart = '_Not measured in this run (`--skip-cold`)._';
  let overTarget: string[] = [];
  let ranked = [...functionBundles].sort((a, b) => b.bytes - a.bytes).map((b) => ({ id: b.spec.id, over: false }));
  if (!values['skip-cold']) {
    log(`cold start: ${built.length} bundles × ${runs} runs, interleaved`);
    const summary = summarize(measureColdStarts(built, { nodePath, runs, nodeOptions, onRound: progress }));
    coldStart = coldStartTable(summary, failed);
    const fnRows = summary.rows
      .filter((r) => r.result.bundle.spec.kind === 'function' && !r.result.error)
      .sort((a, b) => b.ratio - a.ratio);
    overTarget = fnRows.filter((r) => r.over).map((r) => r.result.bundle.spec.id);
    ranked = fnRows.map((r) => ({ id: r.result.bundle.spec.id, over: r.over }));
    console.log(
      `\n## Cold module init, Node ${childNode}, NODE_OPTIONS=${nodeOptions || '(none)'}, median of ${runs} interleaved runs (target: ≤ ${targetRatio}× baseline)\n`,
    );
    console.log(coldStart);
    console.log(
      overTarget.length
        ? `\nOVER ${targetRatio}×: ${overTarget.join(', ')}`
        : `\nEvery function is within ${targetRatio}× of the baseline.`,
    );
  }

  if (values.explain) {
    console.log('\n## What fills the biggest / slowest bundles (esbuild metafile, bytes in the minified output)\n');
    for (const bundle of explainTargets(functionBundles, ranked)) console.log(`${explainBundle(bundle)}\n`);
    const baseline = built.find((b) => b.spec.kind === 'baseline');
    if (baseline) console.log(`${explainBundle(baseline, 6, 5)}\n`);
  }

  let latency = '_Not measured in this run (`--skip-latency`)._';
  if (!values['skip-latency']) {
    const { start, reason } = await loadStartLocalService();
    if (!start) {
      latency = `_Skipped: ${reason}._`;
      console.log(`\nLatency through the local gateway SKIPPED: ${reason}.`);
    } else {
      const report: LatencyReport = await measureLatency(start, {
        routes: ['/api/status', '/api/planos/ativos'],
        requests: positiveInt('requests', values.requests),
        concurrency: positiveInt('concurrency', values.concurrency),
        sequentialRequests: positiveInt('sequential', values.sequential),
        warmup: 200,
        log,
      });
      latency = [
        `Local service (DynamoDB Local in memory) started in ${Math.round(report.startMs)} ms. Keep-alive HTTP on loopback, 200 warm-up requests per route, time to the last body byte, LOG_LEVEL=${process.env.LOG_LEVEL}; the load generator shares the process (and the cores) with the gateway and DynamoDB Local.`,
        '',
        latencyTable(report),
      ].join('\n');
      console.log('\n## Latency through the local gateway\n');
      console.log(latency);
    }
  }

  let sends = '_Not measured in this run (`--skip-send`)._';
  if (!values['skip-send']) {
    log('send path: sequential sends, then concurrency 32, through the local gateway');
    const { startLocalService } = await import('#infra/local/service');
    const report = await measureSends(startLocalService, { sequential: 200, concurrent: 640, concurrency: 32, log });
    sends = [
      'One tenant with the link provider (no provider call in the timing), `POST /api/external/messages/send` over keep-alive HTTP on loopback through the local gateway, API key authorizer included; DynamoDB Local in memory on the same 2 cores. Requests and capacity counted on the document client for the sequential sends.',
      '',
      sendTable(report),
    ].join('\n');
    console.log('\n## Send path\n');
    console.log(sends);
  }

  let appointments = '_Not measured in this run (`--skip-appointments`)._';
  if (!values['skip-appointments']) {
    log('appointments: sequential v2 creates, then /execucao on each, through the local gateway');
    const { startLocalService } = await import('#infra/local/service');
    appointments = [
      'Sequential requests over keep-alive HTTP on loopback through the local gateway (authorizer included), each /execucao on a fresh appointment of the sandbox provider with its own Idempotency-Key; DynamoDB Local in memory on the same 2 cores. The local run’s outbound-webhooks consumer runs in the same process, so its requests (fan-out of each event, the signed delivery to the sandbox receiver) are counted in the /execucao figure; the request path itself is the authorizer GetItem, the idempotency read, the appointment read and one transaction.',
      '',
      appointmentsTable(await measureAppointments(startLocalService, { requests: 200, log })),
    ].join('\n');
    console.log('\n## Appointments\n');
    console.log(appointments);
  }

  let inbound = '_Not measured in this run (`--skip-inbound`)._';
  if (!values['skip-inbound']) {
    log('inbound: provider_a and generic webhooks through the local gateway, then the inbound consumer alone');
    const { startLocalService } = await import('#infra/local/service');
    inbound = [
      'Sequential signed webhooks over keep-alive HTTP on loopback through the local gateway (no authorizer: the signature is checked in the handler), each from a new patient; DynamoDB Local in memory on the same 2 cores. The local queues run the inbound consumer in the same process, so the edge rows count its requests too; the provider_a edge itself makes 2 reads (the number, the application) and its consumer 3 requests (the application, for its reply words, since the appointment flow reads every message first; then the patient lookup and the transaction); the generic edge makes 3 reads (slug, application, subscriptions) and the audit put, and its consumer 1 update. The consumer rows call the consumer directly; its GetItem is the application (the flow’s reply words), its occasional UpdateItem the id allocator’s block of 100.',
      '',
      inboundTable(await measureInbound(startLocalService, { requests: 200, log })),
    ].join('\n');
    console.log('\n## Inbound messages\n');
    console.log(inbound);
  }

  // Printed only (docs/performance.md, "Agent batch import", is written by hand from it).
  if (!values['skip-import']) {
    log('import: 500-record batches (new, unchanged, mixed) over the agent mTLS port');
    const { startLocalService } = await import('#infra/local/service');
    const batches = positiveInt('import-batches', values['import-batches']);
    console.log('\n## Agent batch import\n');
    console.log(importTable(await measureImport(startLocalService, { batches, log })));
  }

  // Printed only (docs/performance.md, "Contention across processes", is written by hand from it).
  if (!values['skip-contention']) {
    log('contention: N processes sending for one application, beside the raw ceilings of one balance item');
    const processes = values['contention-processes'].split(',').map((n) => positiveInt('contention-processes', n));
    const rows = await measureContention({ processes, perProcess: positiveInt('contention-sends', values['contention-sends']), log });
    console.log('\n## Contention across processes\n');
    console.log(contentionTable(rows));
  }

  let authorizers = '_Not measured in this run (`--skip-authorizers`)._';
  if (!values['skip-authorizers']) {
    log('authorizers: one fresh process per scheme against the local service');
    const { startLocalService } = await import('#infra/local/service');
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-authorizers-'));
    const service = await startLocalService({ port: 0, inMemory: true, quiet: true, fresh: true, dataDir, schedules: false });
    try {
      const warmRuns = positiveInt('authorizer-runs', values['authorizer-runs']);
      authorizers = [
        `Each authorizer in a fresh Node process with valid sandbox credentials: the module import, the first (cold-container) call, then ${warmRuns} warm calls; DynamoDB requests counted on the document client. The agent row includes the CRL check; the provider credential has no per-minute limit here (one request more per call with one).`,
        '',
        authorizerTable(await measureAuthorizers(service, warmRuns, log)),
      ].join('\n');
      console.log('\n## Authorizers\n');
      console.log(authorizers);
    } finally {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  // Its own marked section of docs/performance.md, written whatever else this run skipped.
  if (!values['skip-console']) {
    log("console: the build's weight, and each page in Chromium against the local service");
    const section = await measureConsole();
    console.log('\n## Console\n');
    console.log(section);
    if (!values['skip-docs']) writeConsoleSection(section);
  }

  const writable = !values['skip-docs'] && !partial && !values['skip-cold'];
  if (writable) {
    writeDocs(
      renderSection({
        date: new Date().toISOString(),
        machine: machine(childNode),
        esbuild: esbuildVersion,
        runs,
        nodeOptions,
        coldStart,
        overTarget,
        latency,
        authorizers,
        sends,
        appointments,
        inbound,
      }),
    );
    log(`\nwrote the generated section of ${docsPath}`);
  } else {
    log(`\ndocs/performance.md left unchanged (${values['skip-docs'] ? '--skip-docs' : partial ? '--only' : '--skip-cold'})`);
  }
  log(`bench finished in ${Math.round((Date.now() - began) / 1000)} s`);
}

main().then(
  // Exit explicitly: a handler module or the local service may leave timers or sockets behind.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
