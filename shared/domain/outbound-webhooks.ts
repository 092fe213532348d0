// Outbound webhooks: a provider's subscriptions (URL, Standard Webhooks secret, events, active flag),
// the checks a target URL must pass (https, no private address: SSRF), and the deliveries with their
// retry schedule. Pure domain code: DNS resolution and the clock come in as parameters, the HTTP call
// and the queue are the consumer's (docs/appointments.md, "Outbound deliveries").
import { randomBytes } from 'node:crypto';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import * as z from 'zod/mini';
import type { SecretRef, StoredSecret, WebhookSecretStore } from '#shared/domain/applications';
import { appointmentEventTypes, type AppointmentEvent, type AppointmentEventType } from '#shared/domain/appointments/events';
import { invalid } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';
import { parseInput } from '#shared/domain/validation';

// ---------------------------------------------------------------------------------------------
// Secrets (Standard Webhooks: `whsec_` + base64 of the HMAC key, as signStandardWebhook reads it)

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Standard Webhooks asks for keys of 24 to 64 bytes. */
export const MIN_SECRET_BYTES = 24;
export const MAX_SECRET_BYTES = 64;

export const generateWebhookSecret = (bytes = 32): string => WEBHOOK_SECRET_PREFIX + randomBytes(bytes).toString('base64');

/** `whsec_` + canonical base64 of 24 to 64 bytes (anything else would be decoded into a different key without a word). */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return false;
  const key = Buffer.from(encoded, 'base64');
  return key.toString('base64') === encoded && key.length >= MIN_SECRET_BYTES && key.length <= MAX_SECRET_BYTES;
}

// ---------------------------------------------------------------------------------------------
// Addresses a delivery may never reach (SSRF)

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'multicast'
  | 'documentation'
  | 'reserved'
  | 'invalid';

interface Range {
  base: bigint;
  prefix: number;
  /** A class, or 'embedded': the address carries an IPv4 address (low 32 bits, or bits 16-47 for 6to4), classified instead. */
  is: Exclude<AddressClass, 'public' | 'invalid'> | 'embedded' | 'embedded6to4';
}

function ipv4Value(ip: string): bigint | undefined {
  if (!isIPv4(ip)) return undefined;
  return ip.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Value(ip: string): bigint | undefined {
  if (!isIPv6(ip)) return undefined;
  let text = ip.toLowerCase();
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two hex words.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const first = head ? head.split(':') : [];
  const last = rest === undefined ? undefined : rest ? rest.split(':') : [];
  const words = last === undefined ? first : [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  if (words.length !== 8) return undefined;
  return words.reduce((acc, word) => (acc << 16n) | BigInt(parseInt(word, 16)), 0n);
}

const range = (text: string, prefix: number, is: Range['is']): Range => ({ base: (ipv4Value(text) ?? ipv6Value(text))!, prefix, is });

// First match wins, so a specific entry sits before the wider range holding it. Built on first use:
// parsing the literals compiles node:net's IPv6 pattern, which cost every cold start about 6 ms.
let tables: { ipv4: readonly Range[]; ipv6: readonly Range[]; globalUnicast: Range } | undefined;
const rangeTables = () =>
  (tables ??= {
    ipv4: [
      range('0.0.0.0', 8, 'unspecified'),
      range('10.0.0.0', 8, 'private'),
      range('100.64.0.0', 10, 'cgnat'),
      range('127.0.0.0', 8, 'loopback'),
      range('169.254.169.254', 32, 'metadata'),
      range('169.254.0.0', 16, 'link-local'),
      range('172.16.0.0', 12, 'private'),
      range('192.0.0.0', 24, 'reserved'),
      range('192.0.2.0', 24, 'documentation'),
      range('192.88.99.0', 24, 'reserved'),
      range('192.168.0.0', 16, 'private'),
      range('198.18.0.0', 15, 'reserved'),
      range('198.51.100.0', 24, 'documentation'),
      range('203.0.113.0', 24, 'documentation'),
      range('224.0.0.0', 4, 'multicast'),
      range('240.0.0.0', 4, 'reserved'),
    ],
    ipv6: [
      range('::', 128, 'unspecified'),
      range('::1', 128, 'loopback'),
      range('::ffff:0:0', 96, 'embedded'), // IPv4-mapped
      range('64:ff9b::', 96, 'embedded'), // NAT64 to an IPv4 address
      range('2002::', 16, 'embedded6to4'),
      range('::', 96, 'reserved'), // IPv4-compatible, deprecated
      range('64:ff9b:1::', 48, 'reserved'), // local-use NAT64
      range('100::', 64, 'reserved'), // discard
      range('2001::', 32, 'reserved'), // Teredo (the IPv4 address inside is obfuscated)
      range('2001:db8::', 32, 'documentation'),
      range('3fff::', 20, 'documentation'),
      range('fd00:ec2::254', 128, 'metadata'), // EC2 instance metadata over IPv6
      range('fc00::', 7, 'unique-local'),
      range('fe80::', 10, 'link-local'),
      range('fec0::', 10, 'private'), // site-local, deprecated
      range('ff00::', 8, 'multicast'),
    ],
    /** Only 2000::/3 is global unicast; anything else not listed above is unallocated. */
    globalUnicast: range('2000::', 3, 'reserved'),
  });

const inRange = (value: bigint, bits: number, r: Range): boolean => value >> BigInt(bits - r.prefix) === r.base >> BigInt(bits - r.prefix);

function classifyIPv4(value: bigint): AddressClass {
  const hit = rangeTables().ipv4.find((r) => inRange(value, 32, r));
  return (hit?.is as AddressClass | undefined) ?? 'public';
}

/** What an IP address (literal, as DNS or a URL gives it) is; only 'public' may be a webhook target. */
export function classifyAddress(address: string): AddressClass {
  const ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // A zone id (fe80::1%eth0) only exists for scoped, non-global addresses.
  if (ip.includes('%')) return isIPv6(ip) ? 'link-local' : 'invalid';
  const v4 = ipv4Value(ip);
  if (v4 !== undefined) return classifyIPv4(v4);
  const v6 = ipv6Value(ip);
  if (v6 === undefined) return 'invalid';
  const { ipv6, globalUnicast } = rangeTables();
  const hit = ipv6.find((r) => inRange(v6, 128, r));
  if (hit?.is === 'embedded') return classifyIPv4(v6 & 0xffff_ffffn);
  if (hit?.is === 'embedded6to4') return classifyIPv4((v6 >> 80n) & 0xffff_ffffn);
  if (hit) return hit.is;
  return inRange(v6, 128, globalUnicast) ? 'public' : 'reserved';
}

// ---------------------------------------------------------------------------------------------
// Target URLs

/** Where deliveries may go. In AWS: https to public addresses only. Under the local run, also loopback (and http only to it). */
export interface WebhookTargetPolicy {
  allowLoopback: boolean;
}

export const MAX_URL_LENGTH = 2048;

/** Resolves a host name to its addresses (dns.lookup with `all: true` in the consumer; a fake in tests). */
export type ResolveHost = (host: string) => Promise<string[]>;

const hostOf = (url: URL): string => (url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname);

const badUrl = (message: string) => invalid(`url ${message}`, 'url');

/** The syntax checks, no DNS: absolute https URL (http only to loopback under the local run), no credentials, no fragment. */
export function parseWebhookUrl(raw: string, policy: WebhookTargetPolicy): URL {
  const text = raw.trim();
  if (text.length > MAX_URL_LENGTH) throw badUrl(`must have at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badUrl('must be an absolute URL, e.g. https://example.com/webhooks');
  }
  // Credentials in a URL end up in logs; the secret is what authenticates a delivery.
  if (url.username || url.password) throw badUrl('must not carry a user name or password');
  if (url.hash) throw badUrl('must not have a fragment');
  const host = hostOf(url);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && policy.allowLoopback && (host === 'localhost' || classifyAddress(host) === 'loopback')) return url;
  throw badUrl(policy.allowLoopback ? 'must use https (http only to a loopback address)' : 'must use https');
}

export interface CheckedTarget {
  url: URL;
  /** The addresses checked: the consumer connects to one of these (not to a second lookup), so DNS cannot be swapped in between. */
  addresses: string[];
}

/**
 * The full check of a target: the syntax, then every address the host resolves to must be public
 * (or loopback under the local run; an http URL must resolve to loopback only). Run when a
 * subscription is saved and again before every delivery attempt.
 */
export async function checkWebhookTarget(raw: string, resolve: ResolveHost, policy: WebhookTargetPolicy): Promise<CheckedTarget> {
  const url = parseWebhookUrl(raw, policy);
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw badUrl(`host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw badUrl(`host ${host} does not resolve to any address`);
  for (const address of addresses) {
    const kind = classifyAddress(address);
    const allowed = url.protocol === 'https:' ? kind === 'public' || (policy.allowLoopback && kind === 'loopback') : kind === 'loopback';
    // The message does not say which address or range: the answer must not map the inside of the network.
    if (!allowed) throw badUrl('must point to a public internet address');
  }
  return { url, addresses };
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

export interface WebhookSubscription {
  id: number;
  aplicacaoId: number;
  /** The provider that registered it in the provider portal; it receives the events of its appointments. */
  prestadorId: number;
  url: string;
  /**
   * The `whsec_...` signing key: where it is kept in the secret store (a SecretRef; read by the consumer that signs,
   * never logged, shown only in the answer that created or replaced it), or the clear value of one just drawn or
   * given, or of an item from before (until moveWebhookSecrets). The item is never written with a clear value.
   */
  secret: StoredSecret;
  eventos: AppointmentEventType[];
  ativo: boolean;
  criadoEm: string;
  atualizadoEm: string;
}

const secretField = z.pipe(
  z.nullish(z.string().check(z.trim(), z.maxLength(200))),
  z.transform((v) => (v ? v : null)),
);
const eventosField = z.optional(z.array(z.enum(appointmentEventTypes)).check(z.minLength(1), z.maxLength(20)));
const urlField = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_URL_LENGTH));

export const createSchema = z.object({ url: urlField, secret: secretField, eventos: eventosField, ativo: z.optional(z.boolean()) });
export const updateSchema = z.object({
  url: z.optional(urlField),
  secret: secretField,
  eventos: eventosField,
  ativo: z.optional(z.boolean()),
});

export interface SubscriptionInput {
  url?: string;
  /** null: generate one (create) or keep the current one (update): the spec's "a blank secret keeps the current one". */
  secret: string | null;
  eventos?: AppointmentEventType[];
  ativo?: boolean;
}

function checkedInput(input: z.infer<typeof updateSchema>): SubscriptionInput {
  if (input.secret !== null && !isWebhookSecret(input.secret)) {
    throw invalid(
      `secret must be ${WEBHOOK_SECRET_PREFIX} followed by the base64 of ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} random bytes`,
      'secret',
    );
  }
  return { ...input, eventos: input.eventos && [...new Set(input.eventos)] };
}

/** Create body: `url` required; `secret` optional (generated when blank); `eventos` default all four; `ativo` default true. */
export const parseSubscriptionCreate = (body: unknown): SubscriptionInput & { url: string } =>
  checkedInput(parseInput(createSchema, body)) as SubscriptionInput & { url: string };

/** Update body (PUT): every field optional; an omitted field keeps its value, a blank secret keeps the current one. */
export const parseSubscriptionUpdate = (body: unknown): SubscriptionInput => checkedInput(parseInput(updateSchema, body));

export interface SubscriptionDeps {
  resolve: ResolveHost;
  policy: WebhookTargetPolicy;
  generateSecret?: () => string;
}

export interface SubscriptionContext {
  id: number;
  aplicacaoId: number;
  prestadorId: number;
  at: Date;
}

/**
 * A new subscription, its URL checked (syntax and SSRF), with its secret in clear (`secret`, for the one answer that
 * shows it; sealedSubscription keeps it before the item is written). `secretGerado`: the secret was generated.
 */
export async function newSubscription(
  input: SubscriptionInput & { url: string },
  context: SubscriptionContext,
  deps: SubscriptionDeps,
): Promise<{ subscription: WebhookSubscription; secret: string; secretGerado: boolean }> {
  const { url } = await checkWebhookTarget(input.url, deps.resolve, deps.policy);
  const em = localDateTime(context.at);
  const secret = input.secret ?? (deps.generateSecret ?? generateWebhookSecret)();
  return {
    subscription: {
      id: context.id,
      aplicacaoId: context.aplicacaoId,
      prestadorId: context.prestadorId,
      url: url.href,
      secret,
      eventos: input.eventos ?? [...appointmentEventTypes],
      ativo: input.ativo ?? true,
      criadoEm: em,
      atualizadoEm: em,
    },
    secret,
    secretGerado: input.secret === null,
  };
}

/**
 * The subscription as it is stored: a secret in clear (new, replaced, or an item's from before) kept in the secret
 * store first, and replaced by where it is; a SecretRef is kept as it is.
 */
export async function sealedSubscription(
  subscription: WebhookSubscription,
  secrets: WebhookSecretStore,
): Promise<WebhookSubscription & { secret: SecretRef }> {
  const { secret } = subscription;
  if (typeof secret !== 'string') return { ...subscription, secret };
  return { ...subscription, secret: await secrets.store(subscription.aplicacaoId, subscription.id, secret) };
}

/** The subscription with the update applied; a new URL is checked again (an unchanged one is checked at each delivery). */
export async function updatedSubscription(
  current: WebhookSubscription,
  input: SubscriptionInput,
  at: Date,
  deps: SubscriptionDeps,
): Promise<WebhookSubscription> {
  const url = input.url === undefined ? current.url : (await checkWebhookTarget(input.url, deps.resolve, deps.policy)).url.href;
  return {
    ...current,
    url,
    secret: input.secret ?? current.secret,
    eventos: input.eventos ?? current.eventos,
    ativo: input.ativo ?? current.ativo,
    atualizadoEm: localDateTime(at),
  };
}

export const wantsEvent = (subscription: WebhookSubscription, evento: AppointmentEventType): boolean =>
  subscription.ativo && subscription.eventos.includes(evento);

export interface SubscriptionView {
  id: number;
  url: string;
  eventos: AppointmentEventType[];
  ativo: boolean;
  criadoEm: string;
  atualizadoEm: string;
  /** Only in the answer that created or replaced it. */
  secret?: string;
}

/** The subscription as the portal shows it; `secret` (the clear value) only in the answer that created or replaced it. */
export const subscriptionView = (s: WebhookSubscription, options: { secret?: string } = {}): SubscriptionView => ({
  id: s.id,
  url: s.url,
  eventos: [...s.eventos],
  ativo: s.ativo,
  criadoEm: s.criadoEm,
  atualizadoEm: s.atualizadoEm,
  ...(options.secret !== undefined ? { secret: options.secret } : {}),
});

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

export type DeliveryState = 'pending' | 'succeeded' | 'failed';

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
  /** When the next attempt is due; null once the delivery is final. */
  nextAttemptAt: number | null;
  state: DeliveryState;
  createdAt: number;
  updatedAt: number;
}

export const MAX_ERROR_TEXT = 500;

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
      nextAttemptAt: at + (schedule[0] ?? 0),
      state: 'pending',
      createdAt: at,
      updatedAt: at,
    }));
}

/** What one attempt got: an HTTP answer, or none (timeout, connection refused, target refused by the SSRF check...). */
export type AttemptOutcome = { status: number; body?: string } | { error: string };

export type AttemptDecision =
  | { decision: 'succeeded'; delivery: WebhookDelivery }
  | { decision: 'retry'; dueAt: number; delivery: WebhookDelivery }
  | { decision: 'failed'; delivery: WebhookDelivery };

const clip = (text: string) => (text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text);

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
  const base = { ...delivery, attempts, lastHttpStatus: answered ? outcome.status : null, lastError, updatedAt: at };
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

export type DeliveryStateView = 'PENDENTE' | 'ENTREGUE' | 'FALHOU';
const stateViews: Record<DeliveryState, DeliveryStateView> = { pending: 'PENDENTE', succeeded: 'ENTREGUE', failed: 'FALHOU' };

/** One line of the delivery log. */
export interface DeliveryView {
  id: string;
  eventoId: string;
  webhookId: number;
  evento: AppointmentEventType;
  tentativas: number;
  ultimoStatusHttp: number | null;
  ultimoErro: string | null;
  proximaTentativa: string | null;
  estado: DeliveryStateView;
  criadoEm: string;
  atualizadoEm: string;
}

export const deliveryView = (d: WebhookDelivery): DeliveryView => ({
  id: d.deliveryId,
  eventoId: d.eventId,
  webhookId: d.webhookId,
  evento: d.evento,
  tentativas: d.attempts,
  ultimoStatusHttp: d.lastHttpStatus,
  ultimoErro: d.lastError,
  proximaTentativa: d.nextAttemptAt === null ? null : localDateTime(new Date(d.nextAttemptAt)),
  estado: stateViews[d.state],
  criadoEm: localDateTime(new Date(d.createdAt)),
  atualizadoEm: localDateTime(new Date(d.updatedAt)),
});

// ---------------------------------------------------------------------------------------------
// The outbox

/**
 * An appointment move's event, stored in the move's own commit (so a committed move always has its
 * event, and an event always its move), then fanned out to the provider's subscriptions.
 */
export interface OutboundEvent {
  eventId: string;
  aplicacaoId: number;
  prestadorId: number;
  payload: AppointmentEvent;
  /** ISO 8601 instant of the move: orders the pending events. */
  criadoEm: string;
}
