// What both provider simulators share: a loopback HTTP server that can be stopped with requests
// in flight, body reading, the failure triggers and the callback schedule.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Recipients that make a simulator fail, so the rest of the service can test its failure paths:
 *   +5500000000400  the provider's 400-type error (invalid number)
 *   +5500000000500  a 500
 *   +5500000000999  no answer for `hangMs` (11 s by default: the adapters time out at 10 s)
 */
export const FAILURE_RECIPIENTS = {
  rejected: '+5500000000400',
  serverError: '+5500000000500',
  noAnswer: '+5500000000999',
} as const;

export type Trigger = 'rejected' | 'serverError' | 'noAnswer' | undefined;

/** The trigger of a recipient, given as +E.164, whatsapp:+E.164 or bare digits. */
export function triggerOf(to: string | undefined): Trigger {
  const digits = (to ?? '').replace(/\D/g, '');
  for (const [trigger, number] of Object.entries(FAILURE_RECIPIENTS)) if (digits === number.slice(1)) return trigger as Trigger;
  return undefined;
}

export interface SimulatorTiming {
  /** Delay before each status callback, drawn in [min, max] ms (default 50-200). */
  callbackDelayMs?: { min: number; max: number };
  /** Every n-th accepted message gets `read` before `delivered` (default 3; 0 keeps the order). */
  outOfOrderEvery?: number;
  /** How long a `noAnswer` recipient waits before an answer (default 11 s). */
  hangMs?: number;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read';

/** The statuses of the n-th accepted message (1-based), sometimes out of order as the providers warn. */
export const statusOrder = (n: number, outOfOrderEvery: number): DeliveryStatus[] =>
  outOfOrderEvery > 0 && n % outOfOrderEvery === 0 ? ['sent', 'read', 'delivered'] : ['sent', 'delivered', 'read'];

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds a `noAnswer` request until `ms` have passed or the caller hung up; the timer never keeps the process alive. */
export const hang = (res: ServerResponse, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export const delayOf = (timing: SimulatorTiming): number => {
  const { min, max } = timing.callbackDelayMs ?? { min: 50, max: 200 };
  return min + Math.floor(Math.random() * (Math.max(max, min) - min + 1));
};

/** A status callback the simulator made (or tried to make). */
export interface CallbackAttempt {
  url: string;
  status: DeliveryStatus;
  messageSid: string;
  headers: Record<string, string>;
  body: string;
  /** The HTTP status the target answered; null when it could not be reached. */
  answeredStatus: number | null;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** POSTs one callback and records the attempt; never throws (a down target is just recorded). */
export async function postCallback(attempt: Omit<CallbackAttempt, 'answeredStatus'>, log: CallbackAttempt[]): Promise<void> {
  let answeredStatus: number | null = null;
  try {
    const response = await fetch(attempt.url, {
      method: 'POST',
      headers: attempt.headers,
      body: attempt.body,
      signal: AbortSignal.timeout(5_000),
    });
    answeredStatus = response.status;
    await response.arrayBuffer();
  } catch {
    // No answer: recorded as null.
  }
  log.push({ ...attempt, answeredStatus });
}

export interface Listening {
  server: Server;
  port: number;
  /** Closes the server, its open connections and waits for the scheduled callbacks to settle. */
  close(): Promise<void>;
}

/** Serves `handle` on 127.0.0.1 only. */
export async function listenLoopback(
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<Listening> {
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'simulator error' });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A `noAnswer` request holds its connection for 11 s: cut it rather than wait.
        server.closeAllConnections();
      }),
  };
}

/** Runs callback chains in the background and lets tests and stop() wait for them. */
export class Background {
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  get isStopped(): boolean {
    return this.stopped;
  }

  run(task: () => Promise<void>): void {
    if (this.stopped) return;
    const p = task()
      .catch(() => undefined)
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Resolves when every chain started so far (and any chain they start) has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  stop(): void {
    this.stopped = true;
  }
}
