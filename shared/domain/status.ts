// GET /api/status: health and build information. Cheap on purpose: no table, no network.
// Runtime metrics (uptime, memory, Node version, cold start, region) are shown only to a caller
// presenting the configured status token; with no token configured they are never shown, so a
// public endpoint never leaks runtime details by default. A wrong token gets the basic answer,
// exactly as if no token had been sent (nothing reveals that the token was checked).
import { constantTimeEqual } from '#shared/constant-time';

export const applicationName = 'whatsapp-platform';

export interface BuildInfo {
  version: string;
  commit: string;
  buildTime: string;
}

export interface ApplicationInfo {
  nome: string;
  versao: string;
  commit: string;
  buildTime: string;
  /** `whatsapp-platform v0.1.0 (abc1234, built 2026-11-22T01:00:00Z)` */
  formatted: string;
}

export interface RuntimeMetrics {
  uptimeSeconds: number;
  coldStart: boolean;
  requestsServed: number;
  node: string;
  region: string;
  memoria: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number; externalBytes: number; limiteMb?: number };
}

export interface StatusReport {
  status: 'UP';
  aplicacao: ApplicationInfo;
  runtime?: RuntimeMetrics;
}

const shortCommit = (commit: string) => (/^[0-9a-f]{8,40}$/i.test(commit) ? commit.slice(0, 7) : commit);

export function applicationInfo(build: BuildInfo): ApplicationInfo {
  const version = build.version.startsWith('v') ? build.version : `v${build.version}`;
  return {
    nome: applicationName,
    versao: build.version,
    commit: build.commit,
    buildTime: build.buildTime,
    formatted: `${applicationName} ${version} (${shortCommit(build.commit)}, built ${build.buildTime})`,
  };
}

/** The longest X-Status-Token compared (the OpenAPI document states it); a longer one is a wrong one. */
export const MAX_STATUS_TOKEN = 256;

/** True only when a token is configured and the presented one equals it (constant time, any lengths). */
export function statusTokenMatches(configured: string | undefined, presented: string | undefined): boolean {
  if (!configured || presented === undefined || presented.length > MAX_STATUS_TOKEN) return false;
  return constantTimeEqual(configured, presented);
}

/** What the caller knows of the process it runs in (Node and Lambda). */
export interface RuntimeFacts {
  /** When this container loaded the code. */
  startedAt: Date;
  requestsServed: number;
  region: string;
  node: string;
  memory: { rss: number; heapUsed: number; heapTotal: number; external: number };
  /** The function's configured memory (Lambda), when known. */
  memoryLimitMb?: number;
  /** The moment of the request (the uptime runs to it). */
  now: Date;
}

export function runtimeMetrics(facts: RuntimeFacts): RuntimeMetrics {
  const { memory, memoryLimitMb: limit } = facts;
  return {
    uptimeSeconds: Math.max(0, Math.round((facts.now.getTime() - facts.startedAt.getTime()) / 1000)),
    coldStart: facts.requestsServed <= 1,
    requestsServed: facts.requestsServed,
    node: facts.node,
    region: facts.region,
    memoria: {
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      externalBytes: memory.external,
      ...(limit !== undefined && Number.isFinite(limit) && limit > 0 ? { limiteMb: limit } : {}),
    },
  };
}

export function statusReport(build: BuildInfo, detailed: RuntimeFacts | undefined): StatusReport {
  const report: StatusReport = { status: 'UP', aplicacao: applicationInfo(build) };
  if (detailed) report.runtime = runtimeMetrics(detailed);
  return report;
}
