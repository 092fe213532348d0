// EventBridge schedules under `npm start`: each scheduled handler (infra/functions.ts
// scheduledFunctions) fires at its rate with a ScheduledEvent, and once shortly after start.
import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import { scheduledFunctions, type LambdaEntry } from '#infra/functions';
import { lambdaContext, runAs, loadHandler, type LambdaHandler } from '#infra/local/handlers';
import { log } from '#shared/log';

export type ScheduledEntry = LambdaEntry & { rateMinutes: number };

export interface SchedulerOptions {
  functions?: Record<string, ScheduledEntry>;
  /** Delay of the first run after start; default 2 s. Negative: no run at start, only at the rate. */
  firstRunMs?: number;
  load?: (entry: string) => Promise<LambdaHandler<ScheduledEvent, unknown>>;
  /** Every function's timeout; default each one's own (infra/functions.ts). */
  timeoutMs?: number;
}

export interface Scheduler {
  /** Fires one schedule now (for tests and manual runs). */
  fire(name: string): Promise<void>;
  stop(): Promise<void>;
}

export function scheduledEvent(ruleId: string, time = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'local',
    resources: [`arn:aws:events:local:000000000000:rule/${ruleId}`],
    detail: {},
  };
}

export function startScheduler(options: SchedulerOptions = {}): Scheduler {
  const functions: Record<string, ScheduledEntry> = options.functions ?? scheduledFunctions;
  const load = options.load ?? ((entry: string) => loadHandler<ScheduledEvent, unknown>(entry));
  const firstRunMs = options.firstRunMs ?? 2_000;
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  const fire = (name: string): Promise<void> => {
    const fn = functions[name];
    if (!fn) return Promise.reject(new Error(`no scheduled function ${name}`));
    const run = (async () => {
      try {
        const handler = await load(fn.entry);
        await runAs(handler, scheduledEvent(fn.id), lambdaContext(fn.id, options.timeoutMs ?? fn.timeoutSeconds * 1000), fn.id);
      } catch (error) {
        log.error('scheduled function failed', { schedule: name, error });
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  };

  for (const [name, fn] of Object.entries(functions)) {
    const tick = () => {
      if (!stopped) void fire(name);
    };
    timers.push(setInterval(tick, fn.rateMinutes * 60_000));
    if (firstRunMs >= 0) timers.push(setTimeout(tick, firstRunMs));
  }

  return {
    fire,
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...inFlight]);
    },
  };
}
