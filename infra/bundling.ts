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
 * What a function's bundle leaves to the runtime's own SDK (Lambda's Node.js runtimes carry AWS SDK v3): the
 * Bedrock runtime client of a function that calls the model. Bundled, its 351 KB were parsed at every cold start
 * (the `import()` defers its evaluation, not its reading) while most cold starts of those functions never call the
 * model; left out, the first call loads it (docs/decisions.md, "A model behind one port").
 */
export const externalsFor = (needs: { callsModel: boolean; pushes: boolean; sendsMail: boolean } | undefined): string[] => [
  ...(needs?.callsModel ? ['@aws-sdk/client-bedrock-runtime'] : []),
  // The SNS client of a function that pushes, the SES client of one that e-mails (the contact form's notice): most of
  // their cold starts push or mail nothing (the same reasoning).
  ...(needs?.pushes ? ['@aws-sdk/client-sns'] : []),
  ...(needs?.sendsMail ? ['@aws-sdk/client-sesv2'] : []),
];

/**
 * NODE_OPTIONS of every function. `--enable-source-maps` is left out: it made Node parse the map at
 * every cold start (+19 ms on the baseline, +25 ms on the public group, docs/performance.md). Set it on
 * one function while debugging to get TypeScript positions in stack traces.
 */
export const runtimeNodeOptions: string = '';
