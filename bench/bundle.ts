// Builds the bundles the benchmark measures with exactly the options the CDK stack gives
// NodejsFunction (infra/bundling.ts), so a measured cold start is the deployed one.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { bundling } from '#infra/bundling';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const outDir = join(repoRoot, '.bench');

export interface BundleSpec {
  id: string;
  /** Entry file relative to the repository root, or inline module source (references). */
  entry: string | { contents: string };
  /** Shown in the tables. */
  label: string;
  kind: 'function' | 'baseline' | 'reference';
  /** Extra externals: a function's (infra/bundling.ts, externalsFor), or the SDK comparison's. */
  external?: string[];
  /** Sources inside the source map, instead of infra/bundling.ts's choice (the source-map comparison only). */
  sourcesContent?: boolean;
  /** NODE_OPTIONS when measuring this bundle, instead of the run's (the comparisons only). */
  nodeOptions?: string;
  /** Sub-folder of .bench/ (keeps the SDK comparison's bundles apart). */
  subDir?: string;
  /** Import paths replaced by other files (the Powertools comparison swaps #shared/log and #shared/metrics). */
  alias?: Record<string, string>;
  /** Extra folders packages are resolved from (a scratch install outside the project). */
  nodePaths?: string[];
}

export interface BuiltBundle {
  spec: BundleSpec;
  outfile: string;
  /** Size of the .mjs only: the source map is not loaded unless --enable-source-maps is set. */
  bytes: number;
  metafile: Metafile;
}

export interface FailedBundle {
  spec: BundleSpec;
  error: string;
}

/** esbuild options equivalent to NodejsFunction with infra/bundling.ts (ESM output, the function's externals only). */
export function esbuildOptions(spec: BundleSpec, outfile: string): BuildOptions {
  const entry = spec.entry;
  return {
    ...(typeof entry === 'string'
      ? { entryPoints: [join(repoRoot, entry)] }
      : { stdin: { contents: entry.contents, resolveDir: repoRoot, sourcefile: `${spec.id}.ts`, loader: 'ts' } }),
    absWorkingDir: repoRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: bundling.target,
    minify: bundling.minify,
    sourcemap: bundling.sourceMap,
    sourcesContent: spec.sourcesContent ?? bundling.sourcesContent,
    mainFields: [...bundling.mainFields],
    banner: { js: bundling.banner },
    external: [...bundling.externalModules, ...(spec.external ?? [])],
    ...(spec.alias ? { alias: spec.alias } : {}),
    ...(spec.nodePaths ? { nodePaths: spec.nodePaths } : {}),
    outfile,
    metafile: true,
    write: true,
    logLevel: 'silent',
  };
}

export async function buildBundle(spec: BundleSpec): Promise<BuiltBundle | FailedBundle> {
  const outfile = join(outDir, spec.subDir ?? '', `${spec.id}.mjs`);
  mkdirSync(dirname(outfile), { recursive: true });
  try {
    const result = await build(esbuildOptions(spec, outfile));
    return { spec, outfile, bytes: statSync(outfile).size, metafile: result.metafile! };
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors;
    const text = errors?.length
      ? errors
          .slice(0, 3)
          .map((e) => (e.location ? `${e.location.file}:${e.location.line}: ${e.text}` : e.text))
          .join('; ')
      : String(error);
    return { spec, error: text };
  }
}

export const isBuilt = (b: BuiltBundle | FailedBundle): b is BuiltBundle => 'outfile' in b;

/** The reference bundles measured in every run next to the functions. */
export const baselineSpec: BundleSpec = {
  id: 'baseline-dynamodb-doc-client',
  entry: 'bench/baseline.ts',
  label: 'BASELINE: DynamoDB document client only',
  kind: 'baseline',
};

// The floor: Node resolving and evaluating a module that does nothing (plus the banner).
export const emptySpec: BundleSpec = {
  id: 'reference-empty-module',
  entry: { contents: 'export {};' },
  label: 'reference: empty module',
  kind: 'reference',
};
