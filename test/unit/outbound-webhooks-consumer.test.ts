// The outbound-webhooks consumer with in-memory repositories, queue, clock and receiver: the
// fan-out (one delivery per subscription that wants the event, idempotent), the hops towards a due
// time beyond SQS's 15 minutes, the attempt (signed as the `standardwebhooks` package verifies it),
// the retries and the final failure, and the messages it drops.
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboundWebhookWork } from '#events/outbound-webhook-queue';
import { outboundWebhookConsumer, outboundWebhookProcessor, RECEIVER_CONCURRENCY } from '#functions/consumers/outbound-webhooks';
import { retrySchedule, type OutboundWebhookDeps } from '#shared/operations/outbound-delivery';
import { webhookSigningSecret } from '#shared/secrets/webhooks';
import { resetConfig } from '#shared/config';
import type { WebhookPost } from '#shared/adapters/webhook-http';
import type { DeliveryPage } from '#shared/domain/outbound-webhooks/deliveries';
import { appointmentEvent, appointmentEventId } from '#shared/domain/appointments/events';
import { newAppointment } from '#shared/domain/appointments/moves';
import { parseAppointmentCreate } from '#shared/domain/appointments/inputs';
import {
  svixRetrySchedule,
  type AttemptOutcome,
  type RetrySchedule,
  type WebhookDelivery,
} from '#shared/domain/outbound-webhooks/deliveries';
import type { CheckedTarget } from '#shared/domain/outbound-webhooks/target-urls';
import type { OutboundEvent } from '#shared/domain/outbound-webhooks/outbox';
import type { WebhookSubscription } from '#shared/domain/outbound-webhooks/subscriptions';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const APP = 1;
const PRESTADOR = 2;
const START = new Date('2026-06-01T12:00:00Z').getTime();

interface Sent {
  message: OutboundWebhookWork;
  delaySeconds: number;
}

interface Posted {
  target: CheckedTarget;
  post: WebhookPost;
  at: number;
}

function world(schedule: RetrySchedule = [0, 5000, 30 * 60_000]) {
  let now = START;
  const events = new Map<string, OutboundEvent & { published: boolean }>();
  const subscriptions = new Map<number, WebhookSubscription>();
  const deliveries = new Map<string, WebhookDelivery>();
  const sent: Sent[] = [];
  const posted: Posted[] = [];
  const answers: AttemptOutcome[] = [];
  const dkey = (webhookId: number, eventId: string) => `${webhookId}|${eventId}`;

  const deps: OutboundWebhookDeps = {
    events: {
      write: () => {
        throw new Error('not used');
      },
      get: async (_app, eventId) => events.get(eventId),
      markPublished: async (_app, eventId) => {
        const e = events.get(eventId);
        if (e) e.published = true;
      },
      listPending: async () => [],
    },
    subscriptions: {
      newId: async () => subscriptions.size + 1,
      create: async (s) => void subscriptions.set(s.id, s),
      get: async (_app, id) => subscriptions.get(id),
      listByProvider: async (_app, prestadorId) => [...subscriptions.values()].filter((s) => s.prestadorId === prestadorId),
      replace: async (s) => (subscriptions.has(s.id) ? (subscriptions.set(s.id, s), true) : false),
      delete: async (_app, _p, id) => subscriptions.delete(id),
      listByApplication: async () => [...subscriptions.values()],
      sealSecret: async () => false,
    },
    deliveries: {
      create: async (d) => {
        if (deliveries.has(dkey(d.webhookId, d.eventId))) return 'exists';
        deliveries.set(dkey(d.webhookId, d.eventId), structuredClone(d));
        return 'created';
      },
      get: async (_app, webhookId, eventId) => structuredClone(deliveries.get(dkey(webhookId, eventId))),
      save: async (d, from) => {
        const stored = deliveries.get(dkey(d.webhookId, d.eventId));
        if (!stored || stored.attempts !== from.attempts || stored.state !== from.state) return false;
        deliveries.set(dkey(d.webhookId, d.eventId), structuredClone(d));
        return true;
      },
      list: async (): Promise<DeliveryPage> => ({ content: [], total: 0 }),
    },
    queue: {
      send: async (_queue, message, options) =>
        void sent.push({ message: message as OutboundWebhookWork, delaySeconds: options?.delaySeconds ?? 0 }),
    },
    now: () => new Date(now),
    schedule: () => schedule,
    resolve: async () => ['93.184.216.34'],
    policy: () => ({ allowLoopback: false }),
    post: async (target, post) => {
      posted.push({ target, post, at: now });
      return answers.shift() ?? { status: 200 };
    },
    signingSecret: webhookSigningSecret,
  };
  const process = outboundWebhookProcessor(() => deps);
  const run = (message: OutboundWebhookWork, receiveCount = 1) =>
    process(message, { attributes: { ApproximateReceiveCount: String(receiveCount) } as never });

  /** Feeds the queued messages to the consumer, each once its delay is over, until none is left. */
  async function drain(limit = 200) {
    for (let i = 0; i < limit && sent.length > 0; i++) {
      const next = sent.shift()!;
      now += next.delaySeconds * 1000;
      await run(next.message);
    }
    expect(sent).toEqual([]);
  }

  const addSubscription = (id: number, overrides: Partial<WebhookSubscription> = {}) => {
    const s: WebhookSubscription = {
      id,
      aplicacaoId: APP,
      prestadorId: PRESTADOR,
      url: `https://hooks.example.com/${id}`,
      secret: SECRET,
      eventos: ['AGENDAMENTO_CONFIRMADO', 'AGENDAMENTO_CANCELADO', 'AGENDAMENTO_REALIZADO', 'AGENDAMENTO_FALTOU'],
      ativo: true,
      criadoEm: '2026-06-01T09:00:00',
      atualizadoEm: '2026-06-01T09:00:00',
      ...overrides,
    };
    subscriptions.set(id, s);
    return s;
  };

  const addEvent = (type: OutboundEvent['payload']['type'] = 'AGENDAMENTO_REALIZADO', prestadorId = PRESTADOR) => {
    const appointment = newAppointment(parseAppointmentCreate({ pacienteTelefone: '+5511999998888', procedimento: 'Exame' }), {
      id: 900,
      aplicacaoId: APP,
      prestadorId,
      clientId: 'c',
      at: new Date(now),
    });
    const event: OutboundEvent = {
      eventId: appointmentEventId(900, 1),
      aplicacaoId: APP,
      prestadorId,
      payload: appointmentEvent(type, appointment, new Date(now)),
      criadoEm: new Date(now).toISOString(),
    };
    events.set(event.eventId, { ...event, published: false });
    return event;
  };

  return {
    deps,
    run,
    drain,
    sent,
    posted,
    answers,
    events,
    deliveries,
    subscriptions,
    addSubscription,
    addEvent,
    delivery: (webhookId: number, eventId: string) => deliveries.get(dkey(webhookId, eventId)),
    advance: (ms: number) => void (now += ms),
  };
}

describe('fan-out of an event', () => {
  it('makes one delivery and one message per active subscription that wants the event, then publishes it', async () => {
    // Prepare
    const w = world();
    w.addSubscription(1);
    w.addSubscription(2, { eventos: ['AGENDAMENTO_CANCELADO'] });
    w.addSubscription(3, { ativo: false });
    w.addSubscription(4, { prestadorId: 99 });
    const event = w.addEvent('AGENDAMENTO_REALIZADO');

    // Act
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });

    // Assess
    expect([...w.deliveries.values()].map((d) => d.webhookId)).toEqual([1]);
    expect(w.sent).toEqual([
      { message: { kind: 'entrega', aplicacaoId: APP, webhookId: 1, eventId: event.eventId, attempt: 1, dueAt: START }, delaySeconds: 0 },
    ]);
    expect(w.events.get(event.eventId)?.published).toBe(true);
  });

  it('is idempotent: a repeated fan-out re-sends only a delivery not attempted yet', async () => {
    // Prepare
    const w = world();
    w.addSubscription(1);
    w.addSubscription(2);
    const event = w.addEvent();
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });
    w.sent.length = 0;
    await w.run({ kind: 'entrega', aplicacaoId: APP, webhookId: 1, eventId: event.eventId, attempt: 1, dueAt: START });

    // Act
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });

    // Assess: webhook 1 was delivered, webhook 2 still waits for its first attempt
    expect(w.deliveries.size).toBe(2);
    expect(w.sent.map((s) => s.message)).toEqual([
      { kind: 'entrega', aplicacaoId: APP, webhookId: 2, eventId: event.eventId, attempt: 1, dueAt: START },
    ]);
  });

  it('drops the message of an unknown event', async () => {
    const w = world();
    w.addSubscription(1);
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: 'msg_404_1' });
    expect(w.sent).toEqual([]);
    expect(w.deliveries.size).toBe(0);
  });
});

describe('a batch of deliveries', () => {
  it('delivers to every receiver at once: a receiver that does not answer holds only its own deliveries, two at a time', async () => {
    // Prepare: three events for two subscriptions; receiver 1 never answers until released.
    const w = world();
    w.addSubscription(1, { url: 'https://slow.example.com/hook' });
    w.addSubscription(2, { url: 'https://fast.example.com/hook' });
    const base = w.addEvent();
    for (const n of [2, 3, 4]) {
      const eventId = `msg_900_${n}`;
      w.events.set(eventId, { ...base, eventId, published: false });
      await w.run({ kind: 'evento', aplicacaoId: APP, eventId });
    }
    const batch = w.sent.splice(0).map((s, i) => ({ messageId: `m${i}`, body: JSON.stringify(s.message), attributes: {} }));
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const inFlight = { slow: 0, slowMax: 0 };
    const fastDone: string[] = [];
    w.deps.post = async (target) => {
      if (target.url.hostname === 'fast.example.com') return { status: 200 };
      inFlight.slowMax = Math.max(inFlight.slowMax, ++inFlight.slow);
      await slow;
      inFlight.slow--;
      return { error: 'timeout' };
    };
    const deliveries = w.deps.deliveries;
    const save = deliveries.save.bind(deliveries);
    w.deps.deliveries = {
      ...deliveries,
      save: async (d, from) => {
        if (d.webhookId === 2) fastDone.push(d.eventId);
        return save(d, from);
      },
    };

    // Act: the consumer works on the batch while receiver 1 hangs.
    const consumed = outboundWebhookConsumer(() => w.deps)({ Records: batch } as never);
    await vi.waitFor(() => expect(fastDone).toHaveLength(3));

    // Assess: receiver 2's three deliveries were made and recorded; receiver 1 had at most two requests open.
    expect([2, 3, 4].map((n) => w.delivery(2, `msg_900_${n}`)?.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(inFlight.slowMax).toBe(RECEIVER_CONCURRENCY);
    release();
    expect(await consumed).toEqual({ batchItemFailures: [] });
    expect([2, 3, 4].map((n) => w.delivery(1, `msg_900_${n}`)?.attempts)).toEqual([1, 1, 1]);
  });
});

describe('an attempt', () => {
  afterEach(() => vi.useRealTimers());

  it('POSTs the payload signed with Standard Webhooks headers that the standardwebhooks package verifies', async () => {
    // Prepare
    const w = world();
    w.addSubscription(1);
    const event = w.addEvent('AGENDAMENTO_FALTOU');

    // Act
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });
    await w.drain();

    // Assess
    expect(w.posted).toHaveLength(1);
    const { target, post } = w.posted[0]!;
    expect(target.url.href).toBe('https://hooks.example.com/1');
    expect(target.addresses).toEqual(['93.184.216.34']);
    expect(post.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': event.eventId,
      'webhook-timestamp': String(START / 1000),
    });
    // The verifier refuses timestamps more than 5 minutes from its clock: it reads the test's.
    vi.useFakeTimers({ toFake: ['Date'], now: START + 60_000 });
    const verified = new Webhook(SECRET).verify(post.body, post.headers);
    expect(verified).toEqual(JSON.parse(JSON.stringify(event.payload)));
    expect(verified).toMatchObject({ type: 'AGENDAMENTO_FALTOU', data: { agendamento: { id: 900 } } });
    expect(w.delivery(1, event.eventId)).toMatchObject({ state: 'succeeded', attempts: 1, lastHttpStatus: 200, nextAttemptAt: null });
  });

  it('signs with the key the secret store holds for the version the item names; a key it cannot read fails the message, recording no attempt', async () => {
    // Prepare: the item names a version in the secret store (no key on it); the store answers that version only
    const w = world();
    const versao = 'v-2';
    w.addSubscription(1, { secret: { versao, mascara: '****LaSw' } });
    let readable = false;
    w.deps.signingSecret = async (s) => {
      if (!readable || typeof s.secret === 'string' || s.secret.versao !== versao) throw new Error('AccessDeniedException');
      return SECRET;
    };
    const event = w.addEvent('AGENDAMENTO_FALTOU');
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });
    const [entrega] = w.sent.splice(0);

    // Act: the store cannot be read, then it can (the queue's retry of the same message)
    await expect(w.run(entrega!.message)).rejects.toThrow('AccessDeniedException');
    const untouched = structuredClone(w.delivery(1, event.eventId));
    readable = true;
    await w.run(entrega!.message, 2);

    // Assess: nothing posted nor recorded by the failed read; the retry posts, signed with the stored key
    expect(untouched).toMatchObject({ attempts: 0, state: 'pending' });
    expect(w.posted).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['Date'], now: START + 60_000 });
    expect(() => new Webhook(SECRET).verify(w.posted[0]!.post.body, w.posted[0]!.post.headers)).not.toThrow();
    expect(w.delivery(1, event.eventId)).toMatchObject({ state: 'succeeded', attempts: 1 });
  });

  it('retries on the schedule, hopping at most 900 s at a time, and signs every attempt anew', async () => {
    // Prepare: 500, 500 (a 30-minute wait: two hops), then 200
    const w = world([0, 5000, 30 * 60_000]);
    w.addSubscription(1);
    const event = w.addEvent();
    w.answers.push({ status: 500, body: 'down' }, { status: 503 });

    // Act
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });
    const delays: number[] = [];
    while (w.sent.length > 0) {
      delays.push(w.sent[0]!.delaySeconds);
      const next = w.sent.shift()!;
      w.advance(next.delaySeconds * 1000);
      await w.run(next.message);
    }

    // Assess
    expect(delays).toEqual([0, 5, 900, 900]);
    expect(w.posted.map((p) => p.at - START)).toEqual([0, 5000, 5000 + 30 * 60_000]);
    expect(new Set(w.posted.map((p) => p.post.headers['webhook-signature'])).size).toBe(3);
    expect(new Set(w.posted.map((p) => p.post.headers['webhook-id']))).toEqual(new Set([event.eventId]));
    expect(w.delivery(1, event.eventId)).toMatchObject({ state: 'succeeded', attempts: 3, lastHttpStatus: 200, lastError: null });
  });

  it('ends failed after the last attempt, with the last status and error kept', async () => {
    // Prepare
    const w = world([0, 1000, 1000]);
    w.addSubscription(1);
    const event = w.addEvent();
    w.answers.push({ status: 500 }, { error: 'ECONNREFUSED: connect ECONNREFUSED' }, { status: 502, body: 'bad gateway' });

    // Act
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });
    await w.drain();

    // Assess
    expect(w.posted).toHaveLength(3);
    expect(w.delivery(1, event.eventId)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastHttpStatus: 502,
      lastError: 'HTTP 502: bad gateway',
      nextAttemptAt: null,
    });
  });

  it('counts a target that no longer passes the SSRF check as a failed attempt, without a request', async () => {
    // Prepare
    const w = world([0]);
    w.addSubscription(1);
    w.deps.resolve = async () => ['169.254.169.254'];
    const event = w.addEvent();

    // Act
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });
    await w.drain();

    // Assess
    expect(w.posted).toEqual([]);
    expect(w.delivery(1, event.eventId)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastHttpStatus: null,
      lastError: 'target refused: url must point to a public internet address',
    });
  });

  it('gives a delivery up when its webhook was deactivated or deleted before the attempt', async () => {
    // Prepare
    const w = world();
    w.addSubscription(1);
    w.addSubscription(2);
    const event = w.addEvent();
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });
    w.subscriptions.set(1, { ...w.subscriptions.get(1)!, ativo: false });
    w.subscriptions.delete(2);

    // Act
    await w.drain();

    // Assess
    expect(w.posted).toEqual([]);
    expect(w.delivery(1, event.eventId)).toMatchObject({ state: 'failed', attempts: 0, lastError: 'webhook deactivated' });
    expect(w.delivery(2, event.eventId)).toMatchObject({ state: 'failed', attempts: 0, lastError: 'webhook deleted' });
  });
});

describe('messages the consumer drops', () => {
  it('drops a duplicate of an attempt already made, and any message of a final delivery', async () => {
    // Prepare
    const w = world([0, 5000]);
    w.addSubscription(1);
    const event = w.addEvent();
    w.answers.push({ status: 500 });
    const first: OutboundWebhookWork = {
      kind: 'entrega',
      aplicacaoId: APP,
      webhookId: 1,
      eventId: event.eventId,
      attempt: 1,
      dueAt: START,
    };
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });
    w.sent.length = 0;
    await w.run(first);
    expect(w.sent).toHaveLength(1); // the retry

    // Act
    await w.run(first);

    // Assess
    expect(w.posted).toHaveLength(1);
    expect(w.sent).toHaveLength(1);
    await w.drain();
    await w.run(first);
    expect(w.posted).toHaveLength(2);
    expect(w.delivery(1, event.eventId)).toMatchObject({ state: 'succeeded', attempts: 2 });
  });

  it('re-sends the follow-up of a recorded attempt when its own message comes back after a consumer failure', async () => {
    // Prepare: attempt 1 recorded (500, retry due in 5 s), but the retry's send was lost
    const w = world([0, 5000]);
    w.addSubscription(1);
    const event = w.addEvent();
    w.answers.push({ status: 500 });
    const first: OutboundWebhookWork = {
      kind: 'entrega',
      aplicacaoId: APP,
      webhookId: 1,
      eventId: event.eventId,
      attempt: 1,
      dueAt: START,
    };
    await w.run({ kind: 'evento', aplicacaoId: APP, eventId: event.eventId });
    w.sent.length = 0;
    await w.run(first);
    w.sent.length = 0;

    // Act: SQS hands the failed record over again
    await w.run(first, 2);

    // Assess
    expect(w.posted).toHaveLength(1);
    expect(w.sent.map((s) => s.message)).toEqual([{ ...first, attempt: 2, dueAt: START + 5000 }]);
  });

  it('hops without reading anything while the attempt is not due', async () => {
    // Prepare
    const w = world();
    const message: OutboundWebhookWork = {
      kind: 'entrega',
      aplicacaoId: APP,
      webhookId: 1,
      eventId: 'msg_1_1',
      attempt: 3,
      dueAt: START + 10 * 3600_000,
    };
    w.deps.deliveries.get = async () => {
      throw new Error('must not read');
    };

    // Act
    await w.run(message);

    // Assess
    expect(w.sent).toEqual([{ message, delaySeconds: 900 }]);
  });
});

describe('the retry schedule setting', () => {
  beforeEach(() => {
    delete process.env.WEBHOOK_RETRY_SCHEDULE;
    resetConfig();
  });

  it("is Svix's schedule by default and WEBHOOK_RETRY_SCHEDULE when set", () => {
    expect(retrySchedule()).toEqual(svixRetrySchedule);
    process.env.WEBHOOK_RETRY_SCHEDULE = '0, 100ms, 2s';
    resetConfig();
    expect(retrySchedule()).toEqual([0, 100, 2000]);
    delete process.env.WEBHOOK_RETRY_SCHEDULE;
    resetConfig();
  });

  it('names the variable when the schedule does not parse', () => {
    process.env.WEBHOOK_RETRY_SCHEDULE = '0,soon';
    resetConfig();
    expect(() => retrySchedule()).toThrow('WEBHOOK_RETRY_SCHEDULE: retry schedule: "soon" is not a delay');
    delete process.env.WEBHOOK_RETRY_SCHEDULE;
    resetConfig();
  });
});
