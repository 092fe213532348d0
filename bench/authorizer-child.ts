// One authorizer in a fresh process, against the running local service's DynamoDB Local:
// the first invocation is a cold container's (empty caches), the rest are warm. Prints one
// JSON line: init and latency figures and the DynamoDB requests each invocation made.
// Run by bench/authorizers.ts with the service's environment; not meant to be run by hand.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { useAdapters } from '#shared/adapters/index';
import { folderBlobs } from '#shared/adapters/local/blobs';
import { fileSecrets } from '#shared/adapters/local/secrets';
import { db } from '#shared/db/client';
import { localPaths } from '#infra/local/service';
import { percentile } from './stats.ts';

const [entry, eventFile, warmRunsArg] = process.argv.slice(2);
if (!entry || !eventFile) throw new Error('usage: authorizer-child <entry> <event.json> [warmRuns]');
const warmRuns = Number(warmRunsArg ?? 300);
const event = JSON.parse(readFileSync(eventFile, 'utf8')) as APIGatewayRequestAuthorizerEvent;

const paths = localPaths(process.env.LOCAL_DIR ?? '.local');
useAdapters({ secrets: fileSecrets(paths.secrets), blobs: folderBlobs(paths.bucket) });

let dynamoRequests = 0;
db().middlewareStack.add(
  (next) => async (args) => {
    dynamoRequests++;
    return next(args);
  },
  { step: 'initialize', name: 'benchCountDynamoRequests' },
);

const context = { awsRequestId: 'bench', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

const importStarted = performance.now();
const { handler } = (await import(pathToFileURL(path.resolve(entry)).href)) as {
  handler: (
    e: APIGatewayRequestAuthorizerEvent,
    c: Context,
  ) => Promise<{ policyDocument: { Statement: { Effect: string }[] }; context?: Record<string, unknown> }>;
};
const importMs = performance.now() - importStarted;

async function invoke(): Promise<{ ms: number; requests: number; outcome: string }> {
  const before = dynamoRequests;
  const started = performance.now();
  let outcome: string;
  try {
    const result = await handler(structuredClone(event), context);
    outcome = result.context?.authError
      ? `allow:${result.context.authError as string}`
      : result.policyDocument.Statement[0]!.Effect.toLowerCase();
  } catch (error) {
    outcome = `refused:${(error as Error).message}`;
  }
  return { ms: performance.now() - started, requests: dynamoRequests - before, outcome };
}

const cold = await invoke();
const warm: { ms: number; requests: number; outcome: string }[] = [];
for (let i = 0; i < warmRuns; i++) warm.push(await invoke());
const warmMs = warm.map((w) => w.ms);

console.log(
  JSON.stringify({
    importMs,
    cold,
    warm: {
      runs: warm.length,
      p50: percentile(warmMs, 50),
      p99: percentile(warmMs, 99),
      dynamoRequestsPerCall: warm.reduce((n, w) => n + w.requests, 0) / Math.max(warm.length, 1),
      outcomes: [...new Set(warm.map((w) => w.outcome))],
    },
  }),
);
process.exit(0);
