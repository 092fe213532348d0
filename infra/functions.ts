// Every Lambda of the service and its entry file, derived from the lists that declare them: the endpoint
// groups (shared/http/routes.ts), the authorizer schemes (the same), the queues (shared/queues.ts: one
// consumer each), the schedules and the stream followers (below). The CDK stack deploys these, the local run loads them, and the
// benchmark bundles exactly these, so all three ship and measure the same code.
import { authorizedSchemes, groups, type AuthorizedScheme, type Group } from '#shared/http/routes';
import { queueNames, queues, type QueueName } from '#shared/queues';
import { sendTimeoutSeconds } from '#shared/domain/send-budget';

export interface LambdaEntry {
  /** Construct id and function name suffix. */
  id: string;
  entry: string;
  /** The function's timeout (the local run applies the same). */
  timeoutSeconds: number;
  /** MB, when the default (512) is not right for the function. */
  memorySize?: number;
}

/** An endpoint group's timeout: its longest operation is a send, whose budgets add up to it (shared/domain/send-budget.ts). */
export const GROUP_TIMEOUT_SECONDS = sendTimeoutSeconds;
/** An authorizer's timeout: API Gateway waits at most 10 s for a Lambda authorizer's answer. */
export const AUTHORIZER_TIMEOUT_SECONDS = 10;
/** A scheduled function's timeout. */
export const SCHEDULED_TIMEOUT_SECONDS = 60;

/**
 * The schedules: each runs `functions/scheduled/<kebab-case name>.ts` at its rate (EventBridge on AWS, the local
 * scheduler under `npm start`). Adding one is an entry here, its file, and its line in infra/permissions.ts.
 */
export const schedules = {
  exchangeRate: { rateMinutes: 5 },
  appointmentSweep: { rateMinutes: 1 },
  sendReconciler: { rateMinutes: 1 },
  scheduledSends: { rateMinutes: 1 },
  campaigns: { rateMinutes: 1 },
  crlReissue: { rateMinutes: 24 * 60 },
  // The RFC 3161 stamps still pending (docs/stamps.md).
  stamps: { rateMinutes: 1 },
  // The month's plan invoices: daily, each month's written once (a missed day is caught up the next).
  planInvoices: { rateMinutes: 24 * 60 },
} as const satisfies Record<string, { rateMinutes: number }>;
export type ScheduleName = keyof typeof schedules;

/**
 * The table's change stream's followers: each runs `functions/streams/<kebab-case name>.ts` on the records of the
 * items whose sort key is `sortKey` (an event source mapping with that filter on AWS, the local run's poller under
 * `npm start`), `batchSize` records at a time, in order.
 */
export const streams = {
  // The balance items' moves (shared/operations/ledger-moves.ts).
  ledgerMoves: { sortKey: 'SALDO', batchSize: 100 },
  // A new pending RFC 3161 stamp, stamped at once (shared/operations/stamps.ts).
  stamps: { sortKey: 'CARIMBO', batchSize: 10 },
} as const satisfies Record<string, { sortKey: string; batchSize: number }>;
export type StreamName = keyof typeof streams;

/** `outboundWebhooks` -> `outbound-webhooks`: the file name of a camel-case name. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const byName = <K extends string, T>(names: readonly K[], value: (name: K) => T): Record<K, T> =>
  Object.fromEntries(names.map((name) => [name, value(name)])) as Record<K, T>;

/** CPU scales with memory: the logins' scrypt takes ~90 ms on a full vCPU and ~3x that at 512 MB. */
const groupMemory: Partial<Record<Group, number>> = { token: 1024 };

export const groupFunctions: Record<Group, LambdaEntry> = byName(groups, (group) => ({
  id: `Group-${group}`,
  entry: `functions/${group}/handler.ts`,
  memorySize: groupMemory[group],
  timeoutSeconds: GROUP_TIMEOUT_SECONDS,
}));

export const authorizerFunctions: Record<AuthorizedScheme, LambdaEntry> = byName(authorizedSchemes, (scheme) => ({
  id: `Authorizer-${scheme}`,
  entry: `functions/authorizers/${kebab(scheme)}.ts`,
  timeoutSeconds: AUTHORIZER_TIMEOUT_SECONDS,
}));

/** One consumer per queue, with the timeout its batch needs (shared/queues.ts). */
export const consumerFunctions: Record<QueueName, LambdaEntry> = byName(queueNames, (queue) => ({
  id: `Consumer-${queue}`,
  entry: `functions/consumers/${kebab(queue)}.ts`,
  timeoutSeconds: queues[queue].consumerTimeoutSeconds,
}));

export const scheduledFunctions: Record<ScheduleName, LambdaEntry & { rateMinutes: number }> = byName(
  Object.keys(schedules) as ScheduleName[],
  (name) => ({
    id: `Scheduled-${name}`,
    entry: `functions/scheduled/${kebab(name)}.ts`,
    timeoutSeconds: SCHEDULED_TIMEOUT_SECONDS,
    rateMinutes: schedules[name].rateMinutes,
  }),
);

export type StreamEntry = LambdaEntry & { sortKey: string; batchSize: number; filter: (sortKey: string | undefined) => boolean };

/** A stream follower's timeout: a batch of records, a few requests each. */
export const STREAM_TIMEOUT_SECONDS = 60;

export const streamFunctions: Record<StreamName, StreamEntry> = byName(Object.keys(streams) as StreamName[], (name) => ({
  id: `Stream-${name}`,
  entry: `functions/streams/${kebab(name)}.ts`,
  timeoutSeconds: STREAM_TIMEOUT_SECONDS,
  ...streams[name],
  filter: (sortKey) => sortKey === streams[name].sortKey,
}));

export const allFunctions: LambdaEntry[] = [
  ...Object.values(groupFunctions),
  ...Object.values(authorizerFunctions),
  ...Object.values(consumerFunctions),
  ...Object.values(scheduledFunctions),
  ...Object.values(streamFunctions),
];
