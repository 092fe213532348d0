// Loads a Lambda entry file (infra/functions.ts) the way Lambda does: imported once, on first
// use, then kept. The gateway, the queue runner and the scheduler share these instances.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { asFunction } from '#infra/local/iam-guard';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LambdaHandler<E = any, R = any> = (event: E, context: Context) => Promise<R> | R;

const loaded = new Map<string, Promise<LambdaHandler>>();

/** The `handler` export of an entry file such as `functions/public/handler.ts`, imported once. */
export function loadHandler<E = unknown, R = unknown>(entry: string): Promise<LambdaHandler<E, R>> {
  let handler = loaded.get(entry);
  if (!handler) {
    handler = import(pathToFileURL(path.join(repoRoot, entry)).href).then((mod: { handler?: unknown }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a handler function`);
      return mod.handler as LambdaHandler;
    });
    // A failed import is retried at the next call (the file may be being written).
    handler.catch(() => loaded.delete(entry));
    loaded.set(entry, handler);
  }
  return handler as Promise<LambdaHandler<E, R>>;
}

/** Runs a Lambda's handler as that function: the AWS calls it makes are judged by its role (infra/local/iam-guard.ts). */
export const runAs = <E, R>(handler: LambdaHandler<E, R>, event: E, context: Context, functionId: string): Promise<R> =>
  asFunction(functionId, () => Promise.resolve(handler(event, context)));

/** A Lambda-like invocation context. */
export function lambdaContext(functionName: string, timeoutMs: number, requestId = randomUUID()): Context {
  const deadline = Date.now() + timeoutMs;
  const name = `local-${functionName}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: `local/[$LATEST]${requestId.replace(/-/g, '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
