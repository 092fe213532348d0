// One-off measurement behind a decision in docs/decisions.md: @aws-lambda-powertools/logger and
// /metrics against the project's own shared/log.ts and shared/metrics.ts, at cold start.
// Powertools is not a dependency of the project: install it in a scratch folder and pass that
// folder (`npm install @aws-lambda-powertools/logger @aws-lambda-powertools/metrics` there).
// Variants: each library at module scope next to the baseline's document client and on its own,
// and the heaviest functions built with #shared/log and #shared/metrics swapped for thin
// Powertools-backed modules of the same API (what adopting them would ship).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LambdaEntry } from '#infra/functions';
import { baselineSpec, buildBundle, emptySpec, isBuilt, outDir, type BundleSpec } from './bundle.ts';
import type { CompareOptions } from './compare.ts';
import { deployedNodeOptions, measureColdStarts } from './cold-start.ts';
import { fmt } from './stats.ts';

/** The Powertools-backed stand-ins for #shared/log and #shared/metrics (the API the functions import). */
const shims = {
  'log.ts': `
import { Logger } from '@aws-lambda-powertools/logger';
const logger = new Logger({ serviceName: 'whatsapp-platform' });
export const log = {
  debug: (message, fields) => logger.debug(message, fields ?? {}),
  info: (message, fields) => logger.info(message, fields ?? {}),
  warn: (message, fields) => logger.warn(message, fields ?? {}),
  error: (message, fields) => logger.error(message, fields ?? {}),
};
export const withLogContext = (fields, fn) => { logger.appendKeys(fields); return fn(); };
export const addLogContext = (fields) => logger.appendKeys(fields);
export const lambdaLogFields = (context) => { if (context) logger.addContext(context); return {}; };
export const withLambdaLog = (handler) => async (event, context) => {
  if (context) logger.addContext(context);
  try { return await handler(event, context); } finally { logger.resetKeys(); }
};
export const redact = (value) => value;
`,
  'metrics.ts': `
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
export const METRICS_NAMESPACE = 'WhatsappPlatform';
const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'whatsapp-platform' });
export function metricRecord() { throw new Error('not in this variant'); }
export function putMetric(name, value, options = {}) {
  const one = metrics.singleMetric();
  for (const [k, v] of Object.entries(options.dimensions ?? {})) one.addDimension(k, v);
  one.addMetric(name, options.unit ?? MetricUnit.NoUnit, value);
}
`,
};

const version = (dir: string, name: string): string =>
  (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * `dir` holds node_modules/@aws-lambda-powertools/{logger,metrics}. `functions` are the entries
 * built both ways (the heaviest ones, the metrics user, a function without the SDK).
 */
export async function comparePowertools(dir: string, functions: LambdaEntry[], options: CompareOptions): Promise<void> {
  const shimDir = join(outDir, 'powertools', 'shims');
  mkdirSync(shimDir, { recursive: true });
  for (const [file, text] of Object.entries(shims)) writeFileSync(join(shimDir, file), text);
  const nodePaths = [join(dir, 'node_modules')];
  const swapped = { '#shared/log': join(shimDir, 'log.ts'), '#shared/metrics': join(shimDir, 'metrics.ts') };
  const subDir = 'powertools';
  const doc = "import { documentClient } from './bench/baseline.ts';";
  const ownUse = `import { log, withLambdaLog } from '#shared/log'; import { putMetric } from '#shared/metrics';
export const handler = withLambdaLog(async () => { log.info('x'); putMetric('X', 1); });`;
  const loggerUse = `import { Logger } from '@aws-lambda-powertools/logger';
const logger = new Logger({ serviceName: 'whatsapp-platform' });
export const handler = async (e, c) => { logger.addContext(c); logger.info('x'); };`;
  const metricsUse = `import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
const metrics = new Metrics({ namespace: 'WhatsappPlatform', serviceName: 'whatsapp-platform' });
export const handler2 = async () => { metrics.addMetric('X', MetricUnit.Count, 1); metrics.publishStoredMetrics(); };`;
  const inline = (id: string, label: string, contents: string): BundleSpec => ({
    id,
    label,
    entry: { contents },
    kind: 'reference',
    subDir,
    nodePaths,
  });

  const groups: BundleSpec[][] = [
    [
      { ...baselineSpec, subDir },
      inline('sdk+own', 'document client + own log and EMF helper', `${doc}\n${ownUse}\nexport { documentClient };`),
      inline('sdk+pt-logger', 'document client + Powertools Logger', `${doc}\n${loggerUse}\nexport { documentClient };`),
      inline('sdk+pt-metrics', 'document client + Powertools Metrics', `${doc}\n${metricsUse}\nexport { documentClient };`),
      inline(
        'sdk+pt-both',
        'document client + Powertools Logger and Metrics',
        `${doc}\n${loggerUse}\n${metricsUse}\nexport { documentClient };`,
      ),
    ],
    [
      { ...emptySpec, subDir },
      inline('own', 'own log and EMF helper alone', ownUse),
      inline('pt-logger', 'Powertools Logger alone', loggerUse),
      inline('pt-metrics', 'Powertools Metrics alone', metricsUse),
      inline('pt-both', 'Powertools Logger and Metrics alone', `${loggerUse}\n${metricsUse}`),
    ],
    ...functions.map((f): BundleSpec[] => [
      { id: `${f.id}.own`, label: `${f.id} as deployed`, entry: f.entry, kind: 'function', subDir },
      {
        id: `${f.id}.powertools`,
        label: `${f.id} with Powertools Logger and Metrics`,
        entry: f.entry,
        kind: 'function',
        subDir,
        alias: swapped,
        nodePaths,
      },
    ]),
  ];

  const built = await Promise.all(groups.flat().map(buildBundle));
  for (const b of built) if (!isBuilt(b)) options.log(`  build failed: ${b.spec.id}: ${'error' in b ? b.error : ''}`);
  const bundles = built.filter(isBuilt);
  options.log(`measuring ${bundles.length} bundles × ${options.runs} runs, interleaved`);
  const results = measureColdStarts(bundles, {
    nodePath: options.nodePath,
    runs: options.runs,
    nodeOptions: deployedNodeOptions,
    onRound: options.onRound,
  });
  const baseline = results.find((r) => r.bundle.spec.id === baselineSpec.id);

  console.log(
    `\n## Powertools Logger/Metrics ${version(dir, '@aws-lambda-powertools/logger')}/${version(dir, '@aws-lambda-powertools/metrics')} vs own log and EMF helper (Node ${options.nodeVersion}, median of ${options.runs} interleaved runs)\n`,
  );
  console.log('| Variant | .mjs KB | Median ms | p90 ms | vs first of its group | × baseline |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const group of groups) {
    const rows = group.map((spec) => results.find((r) => r.bundle.spec.id === spec.id));
    const reference = rows[0];
    for (const r of rows) {
      if (!r) continue;
      const delta =
        r === reference || !reference
          ? ''
          : `${r.median >= reference.median ? '+' : ''}${fmt(r.median - reference.median)} ms, +${fmt((r.bundle.bytes - reference.bundle.bytes) / 1024)} KB`;
      const ratio = baseline ? `${fmt(r.median / baseline.median, 2)}×` : '-';
      console.log(
        `| ${r.bundle.spec.label} | ${fmt(r.bundle.bytes / 1024)} | ${r.error ? 'failed' : fmt(r.median)} | ${fmt(r.p90)} | ${delta} | ${ratio} |`,
      );
      if (r.error) options.log(`  ${r.bundle.spec.id}: ${r.error}`);
    }
  }
}
