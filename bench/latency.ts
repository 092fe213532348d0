// Request latency through the local gateway (infra/local/service.ts): real HTTP on loopback,
// the route table's handlers, DynamoDB Local behind them. It measures our request path
// (event mapping, middy stack, handler, SDK call to a local table), not AWS: API Gateway and
// Lambda add their own overhead in production. The load generator shares the process (and
// the 2 cores) with the gateway, so figures are an upper bound for this machine.
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mean, percentile } from './stats.ts';

import type { LocalService, LocalServiceOptions } from '#infra/local/service';

type StartLocalService = (options: LocalServiceOptions) => Promise<LocalService>;

export interface LoadResult {
  route: string;
  concurrency: number;
  requests: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
  perSecond: number;
  /** Status code -> count (a 4xx/5xx here means the figures are for an error path). */
  statuses: Record<number, number>;
  errors: number;
}

export interface LatencyReport {
  startMs: number;
  results: LoadResult[];
}

export interface LatencyOptions {
  routes: string[];
  requests: number;
  concurrency: number;
  sequentialRequests: number;
  warmup: number;
  log: (line: string) => void;
}

/** The local service (imported lazily: the cold-start part of the bench does not need it). */
export async function loadStartLocalService(): Promise<{ start?: StartLocalService; reason?: string }> {
  const { startLocalService } = await import('#infra/local/service');
  return { start: startLocalService };
}

/** Fires `total` GETs at `concurrency` over keep-alive sockets and times each to the last body byte. */
export async function load(baseUrl: string, path: string, total: number, concurrency: number): Promise<LoadResult> {
  const url = new URL(path, baseUrl);
  // Keep-alive with one socket per worker: measures the handler path, not TCP handshakes.
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let next = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const start = process.hrtime.bigint();
      const req = request(url, { agent, method: 'GET', headers: { accept: 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => {
          times.push(Number(process.hrtime.bigint() - start) / 1e6);
          statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
        res.on('error', () => {
          errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (next < total) {
      next++;
      await once();
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  agent.destroy();
  return {
    route: `GET ${path}`,
    concurrency,
    requests: total,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    mean: mean(times),
    max: times.length ? Math.max(...times) : Number.NaN,
    perSecond: (times.length / elapsedMs) * 1000,
    statuses,
    errors,
  };
}

/** LOG_LEVEL used while measuring unless the caller set one (see measureLatency). */
export const latencyLogLevel = 'warn';

export async function measureLatency(start: StartLocalService, options: LatencyOptions): Promise<LatencyReport> {
  // The handlers log one info line per request; thousands of them would bury the report, and
  // their cost on a terminal is not Lambda's (stdout to the runtime's log pipe). An explicit
  // LOG_LEVEL from the caller wins, to measure with the logs on.
  process.env.LOG_LEVEL ??= latencyLogLevel;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-local-'));
  const startedAt = process.hrtime.bigint();
  const service = await start({ port: 0, inMemory: true, quiet: true, fresh: true, dataDir, schedules: false });
  const startMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  options.log(`local service up at ${service.baseUrl} in ${Math.round(startMs)} ms`);
  const results: LoadResult[] = [];
  try {
    for (const route of options.routes) {
      // Warm-up: first requests pay module loading, JIT and DynamoDB Local's own warm-up.
      await load(service.baseUrl, route, options.warmup, options.concurrency);
      const concurrent = await load(service.baseUrl, route, options.requests, options.concurrency);
      results.push(concurrent);
      options.log(
        `  ${concurrent.route} c=${concurrent.concurrency}: p50 ${concurrent.p50.toFixed(2)} ms, p99 ${concurrent.p99.toFixed(2)} ms`,
      );
      const sequential = await load(service.baseUrl, route, options.sequentialRequests, 1);
      results.push(sequential);
      options.log(`  ${sequential.route} c=1: p50 ${sequential.p50.toFixed(2)} ms, p99 ${sequential.p99.toFixed(2)} ms`);
    }
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { startMs, results };
}
