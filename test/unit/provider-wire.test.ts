// The providers' webhook formats as the service reads them (shared/providers/provider-a/wire.ts,
// provider-b/wire.ts), with payloads shaped as the local simulators (infra/local/simulators) and the
// providers post them: what is read, what is skipped, and what is refused. Fields a provider adds are
// ignored, never a reason to refuse. Every result must also pass the queue contracts.
import { describe, expect, it } from 'vitest';
import { patientMessage, templateReview } from '#events/inbound-queue';
import { statusCallback } from '#events/status-queue';
import { parseProviderAStatus } from '#shared/providers/provider-a/wire';
import { parseProviderBWebhook, providerBStatuses } from '#shared/providers/provider-b/wire';

const receivedAt = '2026-03-02T12:00:00.000Z';
const wamid = 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABEYEjdCNkQ4QjQ1MUE3RTA5NzVBMQA=';

/** A provider_b event of the `messages` field with one change whose value holds `value` (the simulator's shape). */
const event = (value: Record<string, unknown>, field = 'messages') => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field,
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '551140040000', phone_number_id: '106540352242922' },
            ...value,
          },
        },
      ],
    },
  ],
});

const sentStatus = {
  id: wamid,
  status: 'sent',
  timestamp: '1772452800',
  recipient_id: '5511987654321',
  biz_opaque_callback_data: '7.42',
  conversation: { id: 'c1', origin: { type: 'utility' }, expiration_timestamp: '1772539200' },
  pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
};

describe('provider_b webhook event', () => {
  it('reads a delivery status: the word, the instant, our reference and the conversation type', () => {
    const parsed = parseProviderBWebhook(event({ statuses: [sentStatus] }), receivedAt);

    expect(parsed).toEqual({
      statuses: [
        {
          provider: 'provider_b',
          messageSid: wamid,
          status: 'sent',
          occurredAt: '2026-03-02T12:00:00.000Z',
          referencia: '7.42',
          tipoConversa: 'UTILITY',
        },
      ],
      messages: [],
      templateReviews: [],
      ignored: [],
    });
    expect(statusCallback.safeParse({ ...parsed.statuses[0], aplicacaoId: 7 }).success).toBe(true);
  });

  it('reads a failure’s first error, an unbilled conversation as costing nothing, and any case of the words', () => {
    const failed = {
      id: wamid,
      status: 'FAILED',
      timestamp: 1772452800,
      errors: [
        { code: 131026, title: 'Message undeliverable', error_data: { details: 'x' } },
        { code: 1, title: 'second' },
      ],
      pricing: { billable: false, category: 'Service' },
    };

    const [status] = parseProviderBWebhook(event({ statuses: [failed] }), receivedAt).statuses;

    expect(status).toMatchObject({
      status: 'failed',
      errorCode: '131026',
      errorMessage: 'Message undeliverable',
      tipoConversa: 'SERVICE',
      priceUsd: '0',
    });
  });

  it('takes the error’s message when it has no title; a status without a usable timestamp happened when received', () => {
    const status = { id: wamid, status: 'failed', timestamp: 'soon', errors: [{ code: '470', message: 'Re-engagement' }] };

    const [parsed] = parseProviderBWebhook(event({ statuses: [status] }), receivedAt).statuses;

    expect(parsed).toMatchObject({ errorCode: '470', errorMessage: 'Re-engagement', occurredAt: receivedAt });
    expect(parsed).not.toHaveProperty('tipoConversa');
    expect(parsed).not.toHaveProperty('referencia');
  });

  it('reads statuses and messages of every change of every entry, statuses first', () => {
    const message = { from: '5511987654321', id: 'wamid.in1', timestamp: '1772452860', type: 'text', text: { body: 'Sim' } };
    const contacts = [{ profile: { name: 'Maria' }, wa_id: '5511987654321' }];
    const body = {
      entry: [
        { changes: [{ field: 'messages', value: { contacts, messages: [message], statuses: [sentStatus] } }] },
        { changes: [{ field: 'messages', value: { statuses: [{ ...sentStatus, status: 'delivered' }] } }] },
      ],
    };

    const parsed = parseProviderBWebhook(body, receivedAt);

    expect(parsed.statuses.map((s) => s.status)).toEqual(['sent', 'delivered']);
    expect(parsed.messages).toEqual([
      {
        kind: 'mensagem',
        provider: 'provider_b',
        providerMessageId: 'wamid.in1',
        from: '+5511987654321',
        to: null,
        profileName: 'Maria',
        tipo: 'texto',
        texto: 'Sim',
        midias: [],
        recebidaEm: '2026-03-02T12:01:00.000Z',
      },
    ]);
    expect(patientMessage.safeParse({ ...parsed.messages[0], aplicacaoId: 7 }).success).toBe(true);
  });

  it('reads a template review, its id as text and a reason of NONE as none', () => {
    const review = { event: 'APPROVED', message_template_id: 594425479261596, message_template_name: 'aviso', reason: 'NONE' };

    const parsed = parseProviderBWebhook(event(review, 'message_template_status_update'), receivedAt);

    expect(parsed.templateReviews).toEqual([{ kind: 'template', providerTemplateId: '594425479261596', evento: 'APPROVED', motivo: null }]);
    expect(templateReview.safeParse({ ...parsed.templateReviews[0], aplicacaoId: 7 }).success).toBe(true);
    const rejected = parseProviderBWebhook(
      event({ ...review, event: 'REJECTED', reason: 'INCORRECT_CATEGORY' }, 'message_template_status_update'),
      receivedAt,
    );
    expect(rejected.templateReviews[0]).toMatchObject({ evento: 'REJECTED', motivo: 'INCORRECT_CATEGORY' });
  });

  it('reads nothing else of a template review’s change, and skips a review without id or event', () => {
    const change = { event: 'APPROVED', statuses: [sentStatus] };

    expect(parseProviderBWebhook(event(change, 'message_template_status_update'), receivedAt).statuses).toEqual([]);
    expect(parseProviderBWebhook(event({ event: 'APPROVED' }, 'message_template_status_update'), receivedAt).templateReviews).toEqual([]);
    const longId = { event: 'APPROVED', message_template_id: 'x'.repeat(129) };
    expect(parseProviderBWebhook(event(longId, 'message_template_status_update'), receivedAt).templateReviews).toEqual([]);
  });

  it('skips, and reports for the log, a status it does not know or without a usable id, and a message without id or sender', () => {
    const statuses = [
      { ...sentStatus, status: 'deleted' },
      { ...sentStatus, id: 'w'.repeat(129) },
      { ...sentStatus, id: '' },
      { status: 7 },
      null,
      'sent',
    ];
    const messages = [{ id: 'wamid.x', type: 'text' }, 'oi', null, [1]];

    const parsed = parseProviderBWebhook(event({ statuses, messages }), receivedAt);

    expect(parsed.statuses).toEqual([]);
    expect(parsed.messages).toEqual([]);
    expect(parsed.ignored).toEqual([
      { kind: 'status', status: 'deleted' },
      { kind: 'status', status: 'sent' },
      { kind: 'status', status: 'sent' },
      { kind: 'status', status: 'number' },
      { kind: 'status', status: 'undefined' },
      { kind: 'status', status: 'undefined' },
      { kind: 'message' },
      { kind: 'message' },
      { kind: 'message' },
      { kind: 'message' },
    ]);
  });

  it('accepts fields it does not know anywhere, and reads fields of the wrong type as absent', () => {
    const odd = {
      ...sentStatus,
      brand_new_field: { nested: [1, 2] },
      biz_opaque_callback_data: 42,
      errors: 'none',
      pricing: { billable: 'no', category: 'PREMIUM', new_model: true },
    };
    const body = { ...event({ statuses: [odd], extra: 1 }), another: 'field' };

    const [status] = parseProviderBWebhook(body, receivedAt).statuses;

    expect(status).toEqual({ provider: 'provider_b', messageSid: wamid, status: 'sent', occurredAt: '2026-03-02T12:00:00.000Z' });
  });

  it('reads nothing, without refusing, from bodies of another shape', () => {
    const nothing = { statuses: [], messages: [], templateReviews: [], ignored: [] };
    for (const body of [
      null,
      7,
      'entry',
      [],
      {},
      { entry: {} },
      { entry: [null, 3, { changes: 'x' }, { changes: [null, { field: 'messages' }, { value: 'x' }, { value: [] }] }] },
      { entry: [{ changes: [{ value: { statuses: {}, messages: 'x' } }] }] },
    ]) {
      expect(parseProviderBWebhook(body, receivedAt)).toEqual(nothing);
    }
  });

  it('lists the statuses the status queue carries', () => {
    for (const status of providerBStatuses) {
      const callback = { provider: 'provider_b', messageSid: wamid, status, occurredAt: receivedAt };
      expect(statusCallback.safeParse(callback).success).toBe(true);
    }
  });
});

describe('provider_a status callback', () => {
  const sid = 'SM0f8c1e2d3b4a59687a6b5c4d3e2f1a0b';
  /** The simulator's callback form. */
  const form = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      AccountSid: 'AC6e1f1e8a2b3c4d5e6f708192a3b4c5d6',
      ApiVersion: '2010-04-01',
      From: 'whatsapp:+551140040000',
      MessageSid: sid,
      MessageStatus: 'delivered',
      SmsSid: sid,
      SmsStatus: 'delivered',
      To: 'whatsapp:+5511987654321',
      Price: '-0.0050',
      PriceUnit: 'USD',
      ...extra,
    });

  it('reads the status, the moment received and the cost in USD without its sign; other fields are ignored', () => {
    const parsed = parseProviderAStatus(form({ ChannelPrefix: 'whatsapp', NewField: 'x' }), receivedAt);

    expect(parsed).toEqual({
      callback: { provider: 'provider_a', messageSid: sid, status: 'delivered', occurredAt: receivedAt, priceUsd: '0.005' },
    });
    if ('callback' in parsed) expect(statusCallback.safeParse(parsed.callback).success).toBe(true);
  });

  it('reads every status it may post in any case and spacing, and a failure’s code and message, trimmed and cut', () => {
    for (const status of ['queued', 'sent', 'delivered', 'read', 'failed', 'undelivered']) {
      expect(parseProviderAStatus(form({ MessageStatus: ` ${status.toUpperCase()} ` }), receivedAt)).toMatchObject({
        callback: { status },
      });
    }
    const failed = parseProviderAStatus(
      form({ MessageStatus: 'failed', ErrorCode: ` ${'6'.repeat(70)} `, ErrorMessage: ' Unknown destination ', Price: '' }),
      receivedAt,
    );
    expect(failed).toEqual({
      callback: {
        provider: 'provider_a',
        messageSid: sid,
        status: 'failed',
        occurredAt: receivedAt,
        errorCode: '6'.repeat(64),
        errorMessage: 'Unknown destination',
      },
    });
  });

  it('keeps a price only as a decimal in USD (the default unit)', () => {
    const price = (extra: Record<string, string>) => {
      const parsed = parseProviderAStatus(form(extra), receivedAt);
      return 'callback' in parsed ? parsed.callback.priceUsd : 'refused';
    };
    expect(price({ PriceUnit: 'usd' })).toBe('0.005');
    expect(price({ PriceUnit: 'BRL' })).toBeUndefined();
    expect(price({ Price: 'free' })).toBeUndefined();
    const withoutUnit = form();
    withoutUnit.delete('PriceUnit');
    expect(parseProviderAStatus(withoutUnit, receivedAt)).toMatchObject({ callback: { priceUsd: '0.005' } });
  });

  it('reads the first value of a repeated field', () => {
    const repeated = form();
    repeated.append('MessageStatus', 'failed');

    expect(parseProviderAStatus(repeated, receivedAt)).toMatchObject({ callback: { status: 'delivered' } });
  });

  it('refuses a form without a message id or a known status, and a message id no provider gives, with the edge’s messages', () => {
    const required = { refusal: 'MessageSid and a known MessageStatus are required' };
    const tooLong = { refusal: 'MessageSid is too long' };
    const without = (name: string) => {
      const f = form();
      f.delete(name);
      return f;
    };

    expect(parseProviderAStatus(without('MessageSid'), receivedAt)).toEqual(required);
    expect(parseProviderAStatus(form({ MessageSid: '   ' }), receivedAt)).toEqual(required);
    expect(parseProviderAStatus(without('MessageStatus'), receivedAt)).toEqual(required);
    expect(parseProviderAStatus(form({ MessageStatus: 'received' }), receivedAt)).toEqual(required);
    expect(parseProviderAStatus(form({ MessageSid: 'S'.repeat(129) }), receivedAt)).toEqual(tooLong);
    // The length comes first, as before any other check.
    expect(parseProviderAStatus(form({ MessageSid: 'S'.repeat(129), MessageStatus: 'x' }), receivedAt)).toEqual(tooLong);
    expect(parseProviderAStatus(form({ MessageSid: ` ${'S'.repeat(128)} ` }), receivedAt)).toMatchObject({ callback: {} });
  });
});
