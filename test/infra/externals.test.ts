// A client left to the runtime's SDK (infra/bundling.ts, externalsFor) is loaded on its first use, never at a cold
// start. esbuild bundles without code splitting, so a static import of such a module anywhere in a function's code,
// even in a module the handler reaches only through import(), is hoisted to the top of the bundle and loaded at init:
// the SNS client did that to the three functions that push (1.75-1.88x the baseline, docs/performance.md).
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundling, externalsFor } from '#infra/bundling';
import { allFunctions } from '#infra/functions';
import { functionNeeds } from '#infra/permissions';

const withExternals = allFunctions.flatMap((f) => {
  const external = externalsFor(functionNeeds.find((n) => n.entry.id === f.id)?.needs);
  return external.length > 0 ? [{ ...f, external }] : [];
});

/** The function's bundle as the stack builds it (infra/bundling.ts's options), in memory. */
async function bundleOf(entry: string, external: string[]): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: bundling.target,
    minify: bundling.minify,
    mainFields: [...bundling.mainFields],
    banner: { js: bundling.banner },
    external: [...bundling.externalModules, ...external],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('the clients left to the runtime', () => {
  it('are left to some functions (the model, push and mail clients)', () => {
    expect(new Set(withExternals.flatMap((f) => f.external))).toEqual(
      new Set(['@aws-sdk/client-bedrock-runtime', '@aws-sdk/client-sns', '@aws-sdk/client-sesv2']),
    );
  });

  it.each(withExternals.map((f) => [f.id, f] as const))('are imported by %s only on first use', async (_id, f) => {
    const code = await bundleOf(f.entry, f.external);

    for (const name of f.external) {
      const quoted = `"${name}"`;
      // Either no reference at all (the function never calls it) or only import("…"), never a static import.
      const references = code.split(quoted).length - 1;
      const dynamic = code.split(`import(${quoted})`).length - 1;
      expect(references, `${name} in ${f.entry}`).toBe(dynamic);
    }
  });
});
