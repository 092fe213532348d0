// Outbound webhooks: the deliveries (one event to one subscription) with their retry schedule. Pure
// domain code: the clock comes in as a parameter, the HTTP call and the queue are the consumer's
// (docs/appointments.md, "Outbound deliveries").
import type { AppointmentEvent, AppointmentEventType } from '#shared/domain/appointments/events';
import { wantsEvent, type WebhookSubscription } from '#shared/domain/outbound-webhooks/subscriptions';

// ---------------------------------------------------------------------------------------------
// Retry schedule

/** Delays in ms: entry i is the wait before attempt i + 1, counted from the failure of attempt i (entry 0: the first attempt). */
export type RetrySchedule = readonly number[];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Svix's published schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (8 attempts, about 27.6 hours). */
export const svixRetrySchedule: RetrySchedule = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

const units: Record<string, number> = { ms: 1, s: SECOND, m: MINUTE, h: HOUR };

/** A schedule from configuration text: `0,5s,5m,30m,2h,5h,10h,10h` (units ms, s, m, h; a bare number is ms). */
export function parseRetrySchedule(text: string): RetrySchedule {
  const delays = text.split(',').map((token) => {
    const match = /^\s*(\d+)\s*(ms|s|m|h)?\s*$/.exec(token);
    if (!match) throw new Error(`retry schedule: "${token.trim()}" is not a delay like 0, 500ms, 5s, 5m or 2h`);
    return Number(match[1]) * units[match[2] ?? 'ms']!;
  });
  return delays;
}

// ---------------------------------------------------------------------------------------------
// Deliveries

export const deliveryStates = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** One event to one subscription, and what became of it. Times are epoch ms (the views show local date-times). */
export interface WebhookDelivery {
  /** `<eventId>.<webhookId>`: one per event and subscription. */
  deliveryId: string;
  /** The Standard Webhooks `webhook-id`: the same for every subscription and every attempt of the event. */
  eventId: string;
  webhookId: number;
  aplicacaoId: number;
  prestadorId: number;
  evento: AppointmentEventType;
  payload: AppointmentEvent;
  /** Attempts made so far. */
  attempts: number;
  lastHttpStatus: number | null;
  lastError: string | null;
  /** The body of the last attempt's answer (any status), clipped to MAX_RESPONSE_TEXT; null without an answer or a body. */
  lastResponse: string | null;
  /** How long the last attempt took, from the POST to its answer (or its failure), in ms; null before the first. */
  lastDurationMs: number | null;
  /** When the next attempt is due; null once the delivery is final. */
  nextAttemptAt: number | null;
  state: DeliveryState;
  createdAt: number;
  updatedAt: number;
}

export const MAX_ERROR_TEXT = 500;
/** How much of an answer's body the delivery log keeps (what the receiver said, as Svix's log shows it). */
export const MAX_RESPONSE_TEXT = 2048;

/** The deliveries of an event: one per active subscription that wants it, the first attempt due after schedule[0]. */
export function deliveriesFor(
  subscriptions: readonly WebhookSubscription[],
  event: AppointmentEvent,
  eventId: string,
  now: Date,
  schedule: RetrySchedule,
): WebhookDelivery[] {
  const at = now.getTime();
  return subscriptions
    .filter((s) => wantsEvent(s, event.type))
    .map((s) => ({
      deliveryId: `${eventId}.${s.id}`,
      eventId,
      webhookId: s.id,
      aplicacaoId: s.aplicacaoId,
      prestadorId: s.prestadorId,
      evento: event.type,
      payload: event,
      attempts: 0,
      lastHttpStatus: null,
      lastError: null,
      lastResponse: null,
      lastDurationMs: null,
      nextAttemptAt: at + (schedule[0] ?? 0),
      state: 'pending',
      createdAt: at,
      updatedAt: at,
    }));
}

/**
 * What one attempt got: an HTTP answer, or none (timeout, connection refused, target refused by the SSRF check...);
 * `durationMs`, how long it took (the consumer measures it).
 */
export type AttemptOutcome = ({ status: number; body?: string } | { error: string }) & { durationMs?: number };

export type AttemptDecision =
  | { decision: 'succeeded'; delivery: WebhookDelivery }
  | { decision: 'retry'; dueAt: number; delivery: WebhookDelivery }
  | { decision: 'failed'; delivery: WebhookDelivery };

const clipTo = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const clip = (text: string) => clipTo(text, MAX_ERROR_TEXT);

/**
 * The delivery after one more attempt: a 2xx answer succeeds; anything else (another status, a
 * redirect, a timeout, no connection) is retried after the schedule's next delay, and once the
 * schedule's attempts are used up the delivery has failed.
 */
export function nextAttempt(delivery: WebhookDelivery, outcome: AttemptOutcome, now: Date, schedule: RetrySchedule): AttemptDecision {
  if (delivery.state !== 'pending') throw new Error(`delivery ${delivery.deliveryId} is already ${delivery.state}`);
  const at = now.getTime();
  const attempts = delivery.attempts + 1;
  const answered = 'status' in outcome;
  const ok = answered && outcome.status >= 200 && outcome.status <= 299;
  const lastError = ok ? null : answered ? clip(`HTTP ${outcome.status}${outcome.body ? `: ${outcome.body}` : ''}`) : clip(outcome.error);
  const lastResponse = answered && outcome.body ? clipTo(outcome.body, MAX_RESPONSE_TEXT) : null;
  const lastDurationMs = outcome.durationMs === undefined ? null : Math.max(0, Math.round(outcome.durationMs));
  const base = {
    ...delivery,
    attempts,
    lastHttpStatus: answered ? outcome.status : null,
    lastError,
    lastResponse,
    lastDurationMs,
    updatedAt: at,
  };
  if (ok) return { decision: 'succeeded', delivery: { ...base, state: 'succeeded', nextAttemptAt: null } };
  const delay = schedule[attempts];
  if (delay === undefined) return { decision: 'failed', delivery: { ...base, state: 'failed', nextAttemptAt: null } };
  const dueAt = at + delay;
  return { decision: 'retry', dueAt, delivery: { ...base, state: 'pending', nextAttemptAt: dueAt } };
}

/** Gives a pending delivery up without an attempt (its subscription was deleted or deactivated). */
export const abandonDelivery = (delivery: WebhookDelivery, reason: string, now: Date): WebhookDelivery => ({
  ...delivery,
  state: 'failed',
  lastError: clip(reason),
  nextAttemptAt: null,
  updatedAt: now.getTime(),
});

/** SQS's largest DelaySeconds. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/**
 * The DelaySeconds of the next hop towards `dueAt`: 0 when due (attempt now), else the wait capped
 * at 900 s. A message that arrives early is sent again with this delay, carrying the same dueAt.
 */
export function hopDelaySeconds(dueAt: number, now: Date, maxSeconds = MAX_QUEUE_DELAY_SECONDS): number {
  const wait = dueAt - now.getTime();
  return wait <= 0 ? 0 : Math.min(maxSeconds, Math.ceil(wait / SECOND));
}

export interface DeliveryPage {
  /** Newest first. */
  content: WebhookDelivery[];
  total: number;
}

/** Persistence of deliveries (shared/db/webhooks.ts). */
export interface WebhookDeliveryRepository {
  /** Puts a new delivery; 'exists' when the event already has one for this subscription (a repeated fan-out). */
  create(delivery: WebhookDelivery): Promise<'created' | 'exists'>;
  get(aplicacaoId: number, webhookId: number, eventId: string): Promise<WebhookDelivery | undefined>;
  /**
   * Writes the delivery after an attempt (or a replay), conditioned on the attempts and state it was
   * decided from; false when someone else recorded that attempt first.
   */
  save(delivery: WebhookDelivery, from: { attempts: number; state: DeliveryState }): Promise<boolean>;
  /** A page of the subscription's delivery log, newest first. */
  list(aplicacaoId: number, webhookId: number, page: number, size: number): Promise<DeliveryPage>;
}
