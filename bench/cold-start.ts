import { runtimeNodeOptions } from '#infra/bundling';
import { queues } from '#shared/queues';
// Cold module init: a fresh Node process per sample imports one bundle and reports how long
// the import took. Samples are taken round-robin across all bundles (the baseline included),
// so a noisy neighbour on this shared 2-core machine slows every bundle alike instead of
// skewing whichever one happened to be measured at that moment.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuiltBundle } from './bundle.ts';
import { repoRoot } from './bundle.ts';
import { median, percentile } from './stats.ts';

export interface ColdStartResult {
  bundle: BuiltBundle;
  samples: number[];
  /** First error the import raised, when it failed (the bundle then has no samples). */
  error?: string;
  median: number;
  p90: number;
}

const timer = join(repoRoot, 'bench', 'import-timer.mjs');

/** NODE_OPTIONS the deployed functions run with (infra/bundling.ts), part of the cold start measured. */
export const deployedNodeOptions = runtimeNodeOptions;

/**
 * The child's environment is built from scratch: only the deployed NODE_OPTIONS (tsx's loader
 * must not be inherited), no real credentials or ~/.aws files, a region and table name as Lambda would
 * have them, and the variables shared/config.ts requires at INIT. Module init must not touch the
 * network; dummy credentials make sure that even a mistaken call could not reach AWS with
 * anything real.
 */
export function childEnv(nodeOptions = deployedNodeOptions): NodeJS.ProcessEnv {
  return {
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: '/nonexistent-bench-home',
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    TABLE_NAME: 'bench',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ACCESS_KEY_ID: 'AKIDBENCHDUMMY',
    AWS_SECRET_ACCESS_KEY: 'bench-dummy-secret',
    AWS_SESSION_TOKEN: 'bench-dummy-session',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: '/nonexistent-bench-aws-config',
    AWS_SHARED_CREDENTIALS_FILE: '/nonexistent-bench-aws-credentials',
    AWS_LAMBDA_FUNCTION_NAME: 'bench',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    // The values the stack gives the functions that need them (shared/config.ts requires them at INIT).
    CRL_BUCKET: 'bench-crl-bucket',
    SIGNING_KEY_SECRET_ID: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-signing-keys',
    VERIFICATION_KEY_SECRET_ID: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-verification-keys',
    PROVIDER_SECRET_PREFIX: 'bench/provedores',
    INTEGRATION_SECRET_PREFIX: 'bench/integracoes',
    WEBHOOK_SECRET_PREFIX: 'bench/webhooks',
    PLACE_INDEX_NAME: 'bench-place-index',
    MODEL_ID: 'us.amazon.nova-micro-v1:0',
    GUARDRAIL_ID: 'benchguardrail',
    GUARDRAIL_VERSION: '1',
    ...Object.fromEntries(
      Object.entries(queues).map(([name, q]) => [q.urlVariable, `https://sqs.us-east-1.amazonaws.com/000000000000/bench-${name}`]),
    ),
  };
}

export function nodeVersion(nodePath: string): string {
  const probe = spawnSync(nodePath, ['-p', 'process.version'], { encoding: 'utf8', env: childEnv() });
  return probe.status === 0 ? probe.stdout.trim() : `unknown (${probe.error?.message ?? probe.stderr.trim()})`;
}

function sampleOnce(nodePath: string, bundle: BuiltBundle, nodeOptions: string): { ms?: number; error?: string } {
  const child = spawnSync(nodePath, [timer, pathToFileURL(bundle.outfile).href], {
    encoding: 'utf8',
    env: childEnv(bundle.spec.nodeOptions ?? nodeOptions),
    timeout: 30_000,
  });
  const line = child.stdout?.trim().split('\n').pop() ?? '';
  try {
    const parsed = JSON.parse(line) as { ms?: number; error?: string };
    if (typeof parsed.ms === 'number') return { ms: parsed.ms };
    return { error: parsed.error ?? 'no timing printed' };
  } catch {
    return { error: child.error?.message ?? (child.stderr.trim() || `exit ${child.status}, no output`) };
  }
}

export interface ColdStartOptions {
  nodePath: string;
  runs: number;
  /** NODE_OPTIONS for every bundle whose spec does not set its own ('' for none). */
  nodeOptions: string;
  /** Called after every round, for a progress line. */
  onRound?: (round: number, total: number) => void;
}

export function measureColdStarts(bundles: readonly BuiltBundle[], options: ColdStartOptions): ColdStartResult[] {
  const samples = bundles.map(() => [] as number[]);
  const errors = bundles.map(() => undefined as string | undefined);
  // Round 0 is a discarded warm-up: it pulls every bundle into the page cache, which a real
  // Lambda cold start (code already on local disk) also has.
  for (let round = 0; round <= options.runs; round++) {
    // Rotate the starting point each round so no bundle always runs first or last.
    for (let k = 0; k < bundles.length; k++) {
      const i = (k + round) % bundles.length;
      if (errors[i]) continue;
      const result = sampleOnce(options.nodePath, bundles[i]!, options.nodeOptions);
      if (result.error !== undefined) errors[i] = result.error;
      else if (round > 0) samples[i]!.push(result.ms!);
    }
    if (round > 0) options.onRound?.(round, options.runs);
  }
  return bundles.map((bundle, i) => ({
    bundle,
    samples: samples[i]!,
    ...(errors[i] ? { error: errors[i] } : {}),
    median: median(samples[i]!),
    p90: percentile(samples[i]!, 90),
  }));
}
