// Outbound webhook subscriptions and deliveries: defaults and updates of a subscription, which
// subscriptions get an event, the retry schedule end to end (a receiver failing then answering, a
// receiver never answering), the hops that stretch SQS's 15-minute delay, and the delivery log's view.
import { describe, expect, it } from 'vitest';
import { appointmentEvent, appointmentEventId } from '#shared/domain/appointments/events';
import { newAppointment } from '#shared/domain/appointments/moves';
import { parseAppointmentCreate } from '#shared/domain/appointments/inputs';
import {
  abandonDelivery,
  deliveriesFor,
  hopDelaySeconds,
  nextAttempt,
  parseRetrySchedule,
  svixRetrySchedule,
  type AttemptOutcome,
  type RetrySchedule,
  type WebhookDelivery,
} from '#shared/domain/outbound-webhooks/deliveries';
import {
  newSubscription,
  parseSubscriptionCreate,
  parseSubscriptionUpdate,
  updatedSubscription,
  type WebhookSubscription,
} from '#shared/domain/outbound-webhooks/subscriptions';
import { deliveryView, subscriptionView, subscriptionWithSecretView } from '#functions/provider-portal/views';

const deps = {
  resolve: async () => ['93.184.216.34'],
  policy: { allowLoopback: false },
  generateSecret: () => 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};
const context = { id: 70, aplicacaoId: 1, prestadorId: 2, at: new Date('2026-06-01T12:00:00Z') };

describe('subscriptions', () => {
  it('defaults to all four events, active, with a generated secret shown once', async () => {
    // Act
    const { subscription, secret, secretGerado } = await newSubscription(
      parseSubscriptionCreate({ url: 'https://hooks.example.com/in' }),
      context,
      deps,
    );

    // Assess
    expect(subscription).toEqual({
      id: 70,
      aplicacaoId: 1,
      prestadorId: 2,
      url: 'https://hooks.example.com/in',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      eventos: ['AGENDAMENTO_CONFIRMADO', 'AGENDAMENTO_CANCELADO', 'AGENDAMENTO_REALIZADO', 'AGENDAMENTO_FALTOU'],
      ativo: true,
      criadoEm: '2026-06-01T09:00:00',
      atualizadoEm: '2026-06-01T09:00:00',
    });
    expect(secretGerado).toBe(true);
    expect(secret).toBe('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(subscriptionView(subscription)).not.toHaveProperty('secret');
    expect(subscriptionWithSecretView(subscription, secret).secret).toBe(secret);
  });

  it('keeps a given secret and event list (deduplicated)', async () => {
    const input = parseSubscriptionCreate({
      url: 'https://hooks.example.com/in',
      secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
      eventos: ['AGENDAMENTO_FALTOU', 'AGENDAMENTO_FALTOU'],
      ativo: false,
    });
    const { subscription, secretGerado } = await newSubscription(input, context, deps);
    expect(subscription).toMatchObject({
      secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
      eventos: ['AGENDAMENTO_FALTOU'],
      ativo: false,
    });
    expect(secretGerado).toBe(false);
  });

  it.each([
    [{}, 'url', 'url is required'],
    [{ url: 'https://a.example.com', eventos: [] }, 'eventos', 'eventos must not be empty'],
    [
      { url: 'https://a.example.com', eventos: ['AGENDAMENTO_CRIADO'] },
      'eventos.0',
      'eventos.0 must be one of AGENDAMENTO_CONFIRMADO, AGENDAMENTO_CANCELADO, AGENDAMENTO_REALIZADO, AGENDAMENTO_FALTOU',
    ],
    [
      { url: 'https://a.example.com', secret: 'plain-text' },
      'secret',
      'secret must be whsec_ followed by the base64 of 24 to 64 random bytes',
    ],
    [{ url: 'https://a.example.com', ativo: 'yes' }, 'ativo', 'ativo must be a boolean'],
  ])('refuses %j naming %s', (body, field, message) => {
    expect(() => parseSubscriptionCreate(body)).toThrow(expect.objectContaining({ kind: 'validation', details: { field }, message }));
  });

  it('refuses a private target when created and when its URL is changed', async () => {
    const privateDeps = { ...deps, resolve: async () => ['10.0.0.1'] };
    await expect(
      newSubscription(parseSubscriptionCreate({ url: 'https://internal.example.com/in' }), context, privateDeps),
    ).rejects.toMatchObject({
      kind: 'validation',
      details: { field: 'url' },
    });
    const { subscription } = await newSubscription(parseSubscriptionCreate({ url: 'https://hooks.example.com/in' }), context, deps);
    await expect(
      updatedSubscription(subscription, parseSubscriptionUpdate({ url: 'https://internal.example.com/in' }), new Date(), privateDeps),
    ).rejects.toMatchObject({
      kind: 'validation',
    });
  });

  it('changes only what an update carries; a blank secret keeps the current one', async () => {
    // Prepare
    const { subscription } = await newSubscription(parseSubscriptionCreate({ url: 'https://hooks.example.com/in' }), context, deps);

    // Act
    const updated = await updatedSubscription(
      subscription,
      parseSubscriptionUpdate({ secret: '  ', ativo: false }),
      new Date('2026-06-02T12:00:00Z'),
      deps,
    );

    // Assess
    expect(updated).toEqual({ ...subscription, ativo: false, atualizadoEm: '2026-06-02T09:00:00' });
  });
});

// A short schedule for the tests: immediately, 1 s, 2 s.
const short: RetrySchedule = [0, 1000, 2000];

function eventDelivery(subscriptions: WebhookSubscription[], now: Date, schedule: RetrySchedule = short): WebhookDelivery[] {
  const appointment = newAppointment(parseAppointmentCreate({ pacienteTelefone: '+5511999998888', procedimento: 'Exame' }), {
    id: 900,
    aplicacaoId: 1,
    prestadorId: 2,
    clientId: 'c',
    at: now,
  });
  return deliveriesFor(
    subscriptions,
    appointmentEvent('AGENDAMENTO_CONFIRMADO', appointment, now),
    appointmentEventId(900, 1),
    now,
    schedule,
  );
}

function subscription(id: number, overrides: Partial<WebhookSubscription> = {}): WebhookSubscription {
  return {
    id,
    aplicacaoId: 1,
    prestadorId: 2,
    url: 'https://hooks.example.com/in',
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    eventos: ['AGENDAMENTO_CONFIRMADO', 'AGENDAMENTO_CANCELADO', 'AGENDAMENTO_REALIZADO', 'AGENDAMENTO_FALTOU'],
    ativo: true,
    criadoEm: '2026-06-01T09:00:00',
    atualizadoEm: '2026-06-01T09:00:00',
    ...overrides,
  };
}

/** Runs a delivery against a receiver answering `outcomes` in turn, each attempt when it is due; returns every decision. */
function run(delivery: WebhookDelivery, outcomes: AttemptOutcome[], schedule: RetrySchedule) {
  const decisions = [];
  let current = delivery;
  for (const outcome of outcomes) {
    const now = new Date(current.nextAttemptAt!);
    const decision = nextAttempt(current, outcome, now, schedule);
    decisions.push({ at: now.getTime(), ...decision });
    current = decision.delivery;
    if (decision.decision !== 'retry') break;
  }
  return decisions;
}

describe('deliveries', () => {
  const t0 = new Date('2026-06-01T12:00:00Z');

  it('go to the active subscriptions that want the event, one per subscription, with a shared event id', () => {
    // Act
    const deliveries = eventDelivery(
      [subscription(1), subscription(2, { ativo: false }), subscription(3, { eventos: ['AGENDAMENTO_FALTOU'] }), subscription(4)],
      t0,
    );

    // Assess
    expect(deliveries.map((d) => d.deliveryId)).toEqual(['msg_900_1.1', 'msg_900_1.4']);
    expect(deliveries[0]).toMatchObject({
      eventId: 'msg_900_1',
      webhookId: 1,
      evento: 'AGENDAMENTO_CONFIRMADO',
      attempts: 0,
      state: 'pending',
      nextAttemptAt: t0.getTime(),
    });
    expect(deliveries[0]!.payload).toMatchObject({ type: 'AGENDAMENTO_CONFIRMADO', data: { agendamento: { id: 900 } } });
  });

  it('a receiver answering 500 twice then 200 gets it on attempt 3, after the schedule waits', () => {
    // Prepare
    const [delivery] = eventDelivery([subscription(1)], t0);

    // Act
    const decisions = run(
      delivery!,
      [{ status: 500, body: 'boom', durationMs: 12 }, { status: 500 }, { status: 200, body: 'ok', durationMs: 7.6 }],
      short,
    );

    // Assess
    expect(decisions.map((d) => d.decision)).toEqual(['retry', 'retry', 'succeeded']);
    expect(decisions.map((d) => d.at - t0.getTime())).toEqual([0, 1000, 3000]);
    expect(decisions[0]!.delivery).toMatchObject({
      attempts: 1,
      lastHttpStatus: 500,
      lastError: 'HTTP 500: boom',
      lastResponse: 'boom',
      lastDurationMs: 12,
      nextAttemptAt: t0.getTime() + 1000,
    });
    // What the last attempt got is what the log shows: none of the second's (no body, not measured).
    expect(decisions[1]!.delivery).toMatchObject({ lastResponse: null, lastDurationMs: null });
    const final = decisions[2]!.delivery;
    expect(final).toMatchObject({ state: 'succeeded', attempts: 3, lastHttpStatus: 200, lastError: null, nextAttemptAt: null });
    expect(deliveryView(final)).toEqual({
      id: 'msg_900_1.1',
      eventoId: 'msg_900_1',
      webhookId: 1,
      evento: 'AGENDAMENTO_CONFIRMADO',
      tentativas: 3,
      ultimoStatusHttp: 200,
      ultimoErro: null,
      proximaTentativa: null,
      estado: 'ENTREGUE',
      criadoEm: '2026-06-01T09:00:00',
      atualizadoEm: '2026-06-01T09:00:03',
      corpo: delivery!.payload,
      ultimaResposta: 'ok',
      ultimaDuracaoMs: 8,
    });
  });

  it('a receiver that never answers fails after the last attempt of the schedule', () => {
    // Prepare
    const [delivery] = eventDelivery([subscription(1)], t0);
    const timeout = { error: 'timeout after 15000 ms' };

    // Act
    const decisions = run(delivery!, [timeout, timeout, timeout, timeout], short);

    // Assess
    expect(decisions.map((d) => d.decision)).toEqual(['retry', 'retry', 'failed']);
    const final = decisions[2]!.delivery;
    expect(final).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastHttpStatus: null,
      lastError: 'timeout after 15000 ms',
      nextAttemptAt: null,
    });
    expect(deliveryView(final)).toMatchObject({
      estado: 'FALHOU',
      tentativas: 3,
      proximaTentativa: null,
      ultimoErro: 'timeout after 15000 ms',
    });
    expect(() => nextAttempt(final, { status: 200 }, new Date(), short)).toThrow(/already failed/);
  });

  it('retries every non-2xx answer, redirects and client errors included', () => {
    const [delivery] = eventDelivery([subscription(1)], t0);
    for (const status of [199, 301, 400, 404, 410, 429, 503]) {
      expect(nextAttempt(delivery!, { status }, t0, short).decision, String(status)).toBe('retry');
    }
    for (const status of [200, 202, 204, 299])
      expect(nextAttempt(delivery!, { status }, t0, short).decision, String(status)).toBe('succeeded');
  });

  it('follows Svix schedule: 8 attempts, the last one 27 h 35 min 5 s after the first', () => {
    // Prepare
    const [delivery] = eventDelivery([subscription(1)], t0, svixRetrySchedule);

    // Act
    const decisions = run(
      delivery!,
      Array.from({ length: 10 }, () => ({ status: 502 })),
      svixRetrySchedule,
    );

    // Assess
    expect(decisions).toHaveLength(8);
    expect(decisions.at(-1)!.decision).toBe('failed');
    const waits = decisions.slice(1).map((d, i) => d.at - decisions[i]!.at);
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(decisions.at(-1)!.at - t0.getTime()).toBe(((27 * 60 + 35) * 60 + 5) * 1000);
    expect(deliveryView(decisions[1]!.delivery).proximaTentativa).toBe('2026-06-01T09:05:05');
  });

  it('clips a long error body, and gives up a pending delivery whose subscription is gone', () => {
    const [delivery] = eventDelivery([subscription(1)], t0);
    const { delivery: after } = nextAttempt(delivery!, { status: 500, body: 'x'.repeat(2000) }, t0, short);
    expect(after.lastError!.length).toBeLessThanOrEqual(501);

    const abandoned = abandonDelivery(after, 'subscription deactivated', new Date(t0.getTime() + 500));
    expect(abandoned).toMatchObject({ state: 'failed', attempts: 1, lastError: 'subscription deactivated', nextAttemptAt: null });
  });
});

describe('waits longer than SQS allows', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('hops at most 900 s at a time until due, then attempts', () => {
    expect(hopDelaySeconds(now.getTime() + 10 * 3_600_000, now)).toBe(900);
    expect(hopDelaySeconds(now.getTime() + 901_500, now)).toBe(900);
    expect(hopDelaySeconds(now.getTime() + 1_500, now)).toBe(2);
    expect(hopDelaySeconds(now.getTime(), now)).toBe(0);
    expect(hopDelaySeconds(now.getTime() - 5_000, now)).toBe(0);
  });

  it('reaches a 10-hour due time in 40 hops', () => {
    const dueAt = now.getTime() + 10 * 3_600_000;
    let at = now.getTime();
    let hops = 0;
    for (let delay = hopDelaySeconds(dueAt, new Date(at)); delay > 0; delay = hopDelaySeconds(dueAt, new Date(at))) {
      at += delay * 1000;
      hops += 1;
    }
    expect(hops).toBe(40);
    expect(at).toBe(dueAt);
  });
});

describe('parseRetrySchedule', () => {
  it('reads the configuration text of a schedule', () => {
    expect(parseRetrySchedule('0,5s,5m,30m,2h,5h,10h,10h')).toEqual(svixRetrySchedule);
    expect(parseRetrySchedule('0, 250ms, 1500')).toEqual([0, 250, 1500]);
  });

  it.each(['', '5x', '1,,2', '-5s'])('refuses %j', (text) => {
    expect(() => parseRetrySchedule(text)).toThrow(/retry schedule/);
  });
});
