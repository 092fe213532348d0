// What both provider simulators share: a loopback HTTP server that can be stopped with requests
// in flight, body reading, the failure triggers, the callback schedule and the patient's side
// (POST {simulator url}/simular/mensagem reads PatientInput).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { whatsappPhone } from '#shared/providers/inbound';

/**
 * Recipients that make a simulator fail, so the rest of the service can test its failure paths:
 *   +5500000000400  the provider's 400-type error (invalid number)
 *   +5500000000500  a 500
 *   +5500000000999  no answer for `hangMs` (11 s by default: the adapters time out at 10 s)
 *   +5500000000410  accepted, then reported `sent` and `undelivered` by the status callbacks (provider_a)
 */
export const FAILURE_RECIPIENTS = {
  rejected: '+5500000000400',
  serverError: '+5500000000500',
  noAnswer: '+5500000000999',
  undelivered: '+5500000000410',
} as const;

/** The same triggers on numbers shaped like Brazilian mobiles, which the appointment flow's validation lets through. */
export const MOBILE_FAILURE_RECIPIENTS = {
  rejected: '+5511900000400',
  serverError: '+5511900000500',
  noAnswer: '+5511900000999',
  undelivered: '+5511900000410',
} as const;

export type Trigger = keyof typeof FAILURE_RECIPIENTS | undefined;

/** The trigger of a recipient, given as +E.164, whatsapp:+E.164 or bare digits. */
export function triggerOf(to: string | undefined): Trigger {
  const digits = (to ?? '').replace(/\D/g, '');
  for (const numbers of [FAILURE_RECIPIENTS, MOBILE_FAILURE_RECIPIENTS]) {
    for (const [trigger, number] of Object.entries(numbers)) if (digits === number.slice(1)) return trigger as Trigger;
  }
  return undefined;
}

export interface SimulatorTiming {
  /** Delay before each status callback, drawn in [min, max] ms (default 50-200). */
  callbackDelayMs?: { min: number; max: number };
  /** Every n-th accepted message gets `read` before `delivered` (default 3; 0 keeps the order). */
  outOfOrderEvery?: number;
  /** How long a `noAnswer` recipient waits before an answer (default 11 s). */
  hangMs?: number;
  /**
   * How long the providers keep a template in review (default 2 s); 'held': until the test ends the
   * reviews in progress with decideReviews(), so no verdict depends on the machine's speed.
   */
  reviewDelayMs?: number | 'held';
}

/** When a review requested now ends: after the delay, or never until decideReviews() ('held'). */
export const reviewEndsAt = (delay: SimulatorTiming['reviewDelayMs']): number =>
  delay === 'held' ? Number.POSITIVE_INFINITY : Date.now() + (delay ?? 2_000);

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'undelivered';

/** The statuses of the n-th accepted message (1-based), sometimes out of order as the providers warn. */
export const statusOrder = (n: number, outOfOrderEvery: number): DeliveryStatus[] =>
  outOfOrderEvery > 0 && n % outOfOrderEvery === 0 ? ['sent', 'read', 'delivered'] : ['sent', 'delivered', 'read'];

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds a `noAnswer` request (HTTP/1 or, the Bedrock simulator's, HTTP/2) until `ms` have passed or the caller hung up; the timer never keeps the process alive. */
export const hang = (res: { once(event: 'close', listener: () => void): unknown }, ms: number): Promise<void> =>
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
  /** A message's status, or a template review's verdict (provider_b). */
  status: DeliveryStatus | 'template_approved' | 'template_rejected';
  messageSid: string;
  headers: Record<string, string>;
  body: string;
  /** The HTTP status the target answered; null when it could not be reached. */
  answeredStatus: number | null;
}

export async function readBody(req: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** POSTs once (5 s limit); the HTTP status the target answered, null when it could not be reached. Never throws. */
export async function postOnce(url: string, headers: Record<string, string>, body: string): Promise<number | null> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

/** POSTs one callback and records the attempt; never throws (a down target is just recorded). */
export async function postCallback(attempt: Omit<CallbackAttempt, 'answeredStatus'>, log: CallbackAttempt[]): Promise<void> {
  log.push({ ...attempt, answeredStatus: await postOnce(attempt.url, attempt.headers, attempt.body) });
}

/**
 * A patient's message played through a simulator (POST {simulator url}/simular/mensagem): the provider's
 * own webhook call, made `repetir` times with the same message id as a provider's retries would be.
 */
export interface InjectedMessage {
  url: string;
  /** provider_a's MessageSid or provider_b's wamid. */
  messageId: string;
  headers: Record<string, string>;
  body: string;
  /** What the service answered each delivery (null: no answer). */
  entregas: (number | null)[];
}

/** The fields of a /simular/mensagem request both simulators read. */
export interface PatientInput {
  /** The patient's phone, E.164 (`whatsapp:` prefix and bare digits accepted). */
  from: string;
  texto?: string;
  profileName?: string;
  /** A button the patient pressed; without `id`, provider_b uses the payload of the last template sent to the patient with that button. */
  botao?: { id?: string; titulo: string };
  /** Deliveries of the same message (1 to 10; default 1): more than one plays the provider's retries. */
  repetir?: number;
}

export class BadInput extends Error {}

/** `whatsapp:+55...`, `+55...` or digits -> +E.164; BadInput otherwise. */
export function patientPhone(value: unknown, field: string): string {
  const phone = whatsappPhone(value);
  if (!phone) throw new BadInput(`${field} must be a phone number with its country code (E.164)`);
  return phone;
}

const optionalText = (value: unknown, field: string, max: number): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) throw new BadInput(`${field} must be a text of at most ${max} characters`);
  return value;
};

/** The shared fields of a /simular/mensagem body (BadInput names the field at fault). */
export function readPatientInput(body: Record<string, unknown>): PatientInput & { repetir: number } {
  const botao = body.botao as { id?: unknown; titulo?: unknown } | undefined;
  if (
    botao !== undefined &&
    ((botao?.id !== undefined && (typeof botao.id !== 'string' || !botao.id)) || typeof botao?.titulo !== 'string' || !botao.titulo)
  ) {
    throw new BadInput('botao must be {titulo, id?}, non-empty texts');
  }
  const repetir = body.repetir ?? 1;
  if (typeof repetir !== 'number' || !Number.isInteger(repetir) || repetir < 1 || repetir > 10) {
    throw new BadInput('repetir must be an integer from 1 to 10');
  }
  return {
    from: patientPhone(body.from, 'from'),
    texto: optionalText(body.texto, 'texto', 4096),
    profileName: optionalText(body.profileName, 'profileName', 256),
    botao: botao ? { ...(botao.id === undefined ? {} : { id: botao.id as string }), titulo: botao.titulo as string } : undefined,
    repetir,
  };
}

/** The JSON object of a request body; BadInput when it is not one. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse((await readBody(req)).toString('utf8'));
  } catch {
    throw new BadInput('the body must be a JSON object');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new BadInput('the body must be a JSON object');
  return value as Record<string, unknown>;
}

/** Delivers one message `times` times, one after the other, and records it. */
export async function deliverRepeatedly(
  message: Omit<InjectedMessage, 'entregas'>,
  times: number,
  log: InjectedMessage[],
): Promise<InjectedMessage> {
  const entregas: (number | null)[] = [];
  for (let i = 0; i < times; i++) entregas.push(await postOnce(message.url, message.headers, message.body));
  const injected = { ...message, entregas };
  log.push(injected);
  return injected;
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

const MARKETING_WORDS = /\b(promo[çc][ãa]o|desconto|oferta|gr[áa]tis|cupom)\b/i;

/**
 * The simulators' template review, two rules: a body with an empty variable (`{{}}`) is rejected as
 * INVALID_FORMAT, a UTILITY body with a marketing word as INCORRECT_CATEGORY; anything else is approved.
 */
export function templateVerdict(body: string, category: string): { verdict: 'APPROVED' | 'REJECTED'; reason: string } {
  if (/\{\{\s*\}\}/.test(body)) return { verdict: 'REJECTED', reason: 'INVALID_FORMAT' };
  if (category === 'UTILITY' && MARKETING_WORDS.test(body)) return { verdict: 'REJECTED', reason: 'INCORRECT_CATEGORY' };
  return { verdict: 'APPROVED', reason: 'NONE' };
}
