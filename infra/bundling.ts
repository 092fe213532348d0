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
  sourceMap: true,
  externalModules: [] as string[],
  mainFields: ['module', 'main'],
  banner: esmRequireBanner,
} as const;
