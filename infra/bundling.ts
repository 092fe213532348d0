// How every Lambda is bundled, shared by the CDK stack (NodejsFunction) and the benchmark
// (plain esbuild with the same options), so the measured cold start is the deployed one.

export const nodeTarget = 'node22';

/**
 * ESM bundles need `require` for the CommonJS parts of dependencies. The AWS SDK is bundled
 * (not taken from the runtime): a minified, tree-shaken SDK loads faster, see docs/performance.md.
 */
export const esmRequireBanner =
  "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);";

export const bundling = {
  target: nodeTarget,
  minify: true,
  // Maps ship beside each bundle (without the sources, a third of the size) for reading a
  // stack trace offline; they are not loaded at run time, see `runtimeNodeOptions`.
  sourceMap: true,
  sourcesContent: false,
  externalModules: [] as string[],
  mainFields: ['module', 'main'],
  banner: esmRequireBanner,
} as const;

/**
 * NODE_OPTIONS of every function. `--enable-source-maps` is left out: it made Node parse the map at
 * every cold start (+19 ms on the baseline, +25 ms on the public group, docs/performance.md). Set it on
 * one function while debugging to get TypeScript positions in stack traces.
 */
export const runtimeNodeOptions: string = '';
