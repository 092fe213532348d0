// One-off measurements behind two decisions recorded in docs/performance.md: bundling the
// AWS SDK instead of using the runtime's copy, and what source maps cost at cold start.
// Each compares variants of the same entry, interleaved, against the deployed variant.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildBundle, isBuilt, repoRoot, type BundleSpec } from './bundle.ts';
import { deployedNodeOptions, measureColdStarts } from './cold-start.ts';
import { fmt } from './stats.ts';

export interface CompareOptions {
  nodePath: string;
  nodeVersion: string;
  runs: number;
  log: (line: string) => void;
  onRound: (round: number, total: number) => void;
}

/** Builds and measures the variants; within each group the first variant is the reference. */
async function compare(title: string, groups: BundleSpec[][], options: CompareOptions): Promise<void> {
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
  console.log(`\n## ${title} (Node ${options.nodeVersion}, median of ${options.runs} interleaved runs)\n`);
  console.log('| Variant | .mjs KB | .map KB | NODE_OPTIONS | Median ms | p90 ms | vs first of its group |');
  console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const group of groups) {
    const rows = group.map((spec) => results.find((r) => r.bundle.spec.id === spec.id));
    const reference = rows[0];
    for (const r of rows) {
      if (!r) continue;
      const mapKb = (() => {
        try {
          return fmt(statSync(`${r.bundle.outfile}.map`).size / 1024);
        } catch {
          return '-';
        }
      })();
      const delta =
        r === reference || !reference
          ? ''
          : `${r.median >= reference.median ? '+' : ''}${fmt(r.median - reference.median)} ms (${fmt(r.median / reference.median, 2)}×)`;
      const opts = r.bundle.spec.nodeOptions ?? deployedNodeOptions;
      console.log(
        `| ${r.bundle.spec.label} | ${fmt(r.bundle.bytes / 1024)} | ${mapKb} | ${opts ? `\`${opts}\`` : '(none)'} | ${r.error ? 'failed' : fmt(r.median)} | ${fmt(r.p90)} | ${delta} |`,
      );
      if (r.error) options.log(`  ${r.bundle.spec.id}: ${r.error}`);
    }
  }
}

const sdkVersion = (): string =>
  (JSON.parse(readFileSync(join(repoRoot, 'node_modules/@aws-sdk/client-dynamodb/package.json'), 'utf8')) as { version: string }).version;

/**
 * SDK bundled (deployed) vs `@aws-sdk/*` external, which is NodejsFunction's default on Node 18+.
 * The external variant resolves the SDK from node_modules exactly as Lambda resolves its
 * runtime copy (no `exports` map, so Node loads the packages' CommonJS `main`).
 */
export function compareSdk(subjects: BundleSpec[], options: CompareOptions): Promise<void> {
  const variants = (spec: BundleSpec): BundleSpec[] => [
    { ...spec, id: `${spec.id}.sdk-bundled`, label: `${spec.id}: SDK bundled (deployed)`, subDir: 'compare' },
    { ...spec, id: `${spec.id}.sdk-external`, label: `${spec.id}: @aws-sdk/* external`, subDir: 'compare', external: ['@aws-sdk/*'] },
  ];
  return compare(`@aws-sdk bundled vs external (SDK ${sdkVersion()} from node_modules)`, subjects.map(variants), options);
}

/** As deployed (maps not loaded), with `--enable-source-maps`, and with it plus the sources in the map. */
export function compareSourceMaps(subjects: BundleSpec[], options: CompareOptions): Promise<void> {
  const flag = '--enable-source-maps';
  const variants = (spec: BundleSpec): BundleSpec[] => [
    { ...spec, id: `${spec.id}.maps-deployed`, label: `${spec.id}: deployed (maps not loaded)`, subDir: 'compare' },
    { ...spec, id: `${spec.id}.maps-on`, label: `${spec.id}: ${flag}, map without sources`, subDir: 'compare', nodeOptions: flag },
    {
      ...spec,
      id: `${spec.id}.maps-on-sources`,
      label: `${spec.id}: ${flag}, map with sources`,
      subDir: 'compare',
      nodeOptions: flag,
      sourcesContent: true,
    },
  ];
  return compare('Source maps at cold start', subjects.map(variants), options);
}
