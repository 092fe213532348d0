// A patient's message as each provider posts it (shared/providers/provider-a/wire.ts, provider-b/wire.ts), normalised to the
// inbound queue's `patientMessage`: provider_a's form (its WhatsApp incoming-message webhook) and the
// messages of a provider_b event (its Cloud API `messages` webhook), with payloads shaped as the
// providers document them. Every result must also pass the queue contract.
import { describe, expect, it } from 'vitest';
import { patientMessage } from '#events/inbound-queue';
import { whatsappPhone, type Normalised } from '#shared/providers/inbound';
import { parseProviderAMessage } from '#shared/providers/provider-a/wire';
import { fromProviderBMessage } from '#shared/providers/provider-b/wire';

const receivedAt = '2026-03-02T12:00:00.000Z';

/** The queue contract holds once the edge adds the application. */
const queueable = (message: Normalised | undefined) => {
  expect(message).toBeDefined();
  expect(patientMessage.safeParse({ ...message, aplicacaoId: 7 }).success).toBe(true);
  return message as Normalised;
};

describe('provider_a incoming-message form', () => {
  const sid = 'SM0f8c1e2d3b4a59687a6b5c4d3e2f1a0b';
  const form = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      SmsMessageSid: sid,
      NumMedia: '0',
      ProfileName: 'Maria da Silva',
      MessageType: 'text',
      SmsSid: sid,
      WaId: '5511987654321',
      SmsStatus: 'received',
      Body: 'Olá, quero remarcar minha consulta',
      To: 'whatsapp:+551140040000',
      NumSegments: '1',
      ReferralNumMedia: '0',
      MessageSid: sid,
      AccountSid: 'AC6e1f1e8a2b3c4d5e6f708192a3b4c5d6',
      From: 'whatsapp:+5511987654321',
      ApiVersion: '2010-04-01',
      ...extra,
    });

  it('turns a text into tipo texto with E.164 phones, the profile name and the moment it was received', () => {
    // Act
    const message = queueable(parseProviderAMessage(form(), receivedAt));

    // Assess
    expect(message).toEqual({
      kind: 'mensagem',
      provider: 'provider_a',
      providerMessageId: sid,
      from: '+5511987654321',
      to: '+551140040000',
      profileName: 'Maria da Silva',
      tipo: 'texto',
      texto: 'Olá, quero remarcar minha consulta',
      midias: [],
      recebidaEm: receivedAt,
    });
  });

  it('keeps every media by reference with its content type, the body as caption', () => {
    const base = 'https://api.provider-a.example/2010-04-01/Accounts/AC6e/Messages/MM1/Media';
    const message = queueable(
      parseProviderAMessage(
        form({
          MessageType: 'image',
          NumMedia: '2',
          MediaUrl0: `${base}/ME1`,
          MediaContentType0: 'image/jpeg',
          MediaUrl1: `${base}/ME2`,
          MediaContentType1: 'application/pdf',
          Body: 'meus exames',
        }),
        receivedAt,
      ),
    );

    expect(message).toMatchObject({
      tipo: 'midia',
      texto: 'meus exames',
      midias: [
        { ref: `${base}/ME1`, contentType: 'image/jpeg' },
        { ref: `${base}/ME2`, contentType: 'application/pdf' },
      ],
    });
  });

  it('reads no more media than NumMedia says, at most ten, and none for a NumMedia that is not a number', () => {
    const urls = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`MediaUrl${i}`, `https://m.example/${i}`]));
    expect(parseProviderAMessage(form({ ...urls, NumMedia: '1' }), receivedAt)?.midias).toHaveLength(1);
    expect(parseProviderAMessage(form({ ...urls, NumMedia: '50' }), receivedAt)?.midias).toHaveLength(10);
    expect(parseProviderAMessage(form({ ...urls, NumMedia: 'muitos' }), receivedAt)?.midias).toEqual([]);
    expect(parseProviderAMessage(form({ NumMedia: '1' }), receivedAt)).toMatchObject({ tipo: 'texto', midias: [] });
  });

  it('turns a quick-reply button (ButtonPayload, ButtonText) into tipo botao titled by its text', () => {
    const message = queueable(
      parseProviderAMessage(
        form({ MessageType: 'button', Body: 'Confirmar', ButtonText: 'Confirmar', ButtonPayload: 'CONFIRMAR_123' }),
        receivedAt,
      ),
    );
    expect(message).toMatchObject({ tipo: 'botao', texto: 'Confirmar', botao: { id: 'CONFIRMAR_123', titulo: 'Confirmar' } });
  });

  it('gives a message without text or media (a location, say) tipo outro, and leaves out what the form lacks', () => {
    const location = new URLSearchParams(form({ MessageType: 'location', Latitude: '-23.5', Longitude: '-46.6' }));
    location.delete('Body');
    location.delete('ProfileName');
    location.delete('To');
    expect(queueable(parseProviderAMessage(location, receivedAt))).toMatchObject({
      tipo: 'outro',
      texto: null,
      profileName: null,
      to: null,
    });
  });

  it('cuts a text at 4096 characters', () => {
    expect(parseProviderAMessage(form({ Body: 'a'.repeat(5000) }), receivedAt)?.texto).toHaveLength(4096);
  });

  it.each([
    ['no MessageSid', { MessageSid: '' }],
    ['a sender that is not a phone number', { From: 'whatsapp:maria' }],
    ['an empty sender', { From: 'whatsapp:' }],
    ['a MessageSid longer than any provider gives (it would become a key)', { MessageSid: `SM${'0'.repeat(127)}` }],
  ])('refuses a form with %s', (_, extra) => {
    expect(parseProviderAMessage(form(extra), receivedAt)).toBeUndefined();
  });
});

describe('provider_b event messages', () => {
  // One change's value as the Cloud API posts it; each test takes one of its messages.
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '551140040000', phone_number_id: '106540352242922' },
    contacts: [
      { profile: { name: 'Outra Pessoa' }, wa_id: '5521999990000' },
      { profile: { name: 'Maria da Silva' }, wa_id: '5511987654321' },
    ],
  };
  const message = (type: string, content: Record<string, unknown>) => ({
    from: '5511987654321',
    id: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFjNFQjBDNzE0RjQ1QjE0QjQ5NUI3AA==',
    timestamp: '1772452800',
    type,
    ...content,
  });

  it('turns a text into tipo texto: from digits to E.164, the business number as `to`, the contact of the sender, the provider timestamp', () => {
    // Act
    const normalised = queueable(fromProviderBMessage(message('text', { text: { body: 'Bom dia!' } }), value, receivedAt));

    // Assess
    expect(normalised).toEqual({
      kind: 'mensagem',
      provider: 'provider_b',
      providerMessageId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFjNFQjBDNzE0RjQ1QjE0QjQ5NUI3AA==',
      from: '+5511987654321',
      to: '+551140040000',
      profileName: 'Maria da Silva',
      tipo: 'texto',
      texto: 'Bom dia!',
      midias: [],
      recebidaEm: '2026-03-02T12:00:00.000Z',
    });
  });

  it.each([
    [
      'an interactive button reply',
      message('interactive', {
        context: { from: '551140040000', id: 'wamid.original' },
        interactive: { type: 'button_reply', button_reply: { id: 'CONFIRMAR', title: 'Confirmo' } },
      }),
      { id: 'CONFIRMAR', titulo: 'Confirmo' },
    ],
    [
      'an interactive list reply',
      message('interactive', {
        interactive: { type: 'list_reply', list_reply: { id: 'CARDIO', title: 'Cardiologia', description: 'Consultas' } },
      }),
      { id: 'CARDIO', titulo: 'Cardiologia' },
    ],
    [
      'a template quick-reply button',
      message('button', { context: { from: '551140040000', id: 'wamid.template' }, button: { payload: 'REMARCAR', text: 'Remarcar' } }),
      { id: 'REMARCAR', titulo: 'Remarcar' },
    ],
  ])('turns %s into tipo botao', (_, m, botao) => {
    expect(queueable(fromProviderBMessage(m, value, receivedAt))).toMatchObject({ tipo: 'botao', texto: botao.titulo, botao });
  });

  it.each([
    ['image', { image: { id: '1479537139650973', mime_type: 'image/jpeg', sha256: 'abc', caption: 'exame' } }, 'exame'],
    ['document', { document: { id: '2479537139650973', mime_type: 'application/pdf', filename: 'laudo.pdf' } }, null],
    ['audio', { audio: { id: '3479537139650973', mime_type: 'audio/ogg; codecs=opus', voice: true } }, null],
    ['video', { video: { id: '4479537139650973', mime_type: 'video/mp4' } }, null],
    ['sticker', { sticker: { id: '5479537139650973', mime_type: 'image/webp', animated: false } }, null],
  ])('keeps a(n) %s by its media id and mime type', (type, content, caption) => {
    const media = (content as Record<string, { id: string; mime_type: string }>)[type]!;
    expect(queueable(fromProviderBMessage(message(type, content), value, receivedAt))).toMatchObject({
      tipo: 'midia',
      texto: caption,
      midias: [{ ref: media.id, contentType: media.mime_type }],
    });
  });

  it.each([
    ['location', { location: { latitude: -23.5, longitude: -46.6, name: 'Clínica' } }],
    ['reaction', { reaction: { message_id: 'wamid.x', emoji: '👍' } }],
    ['unsupported', { errors: [{ code: 131051, title: 'Message type unknown' }] }],
    ['contacts', { contacts: [{ name: { formatted_name: 'Ana' } }] }],
  ])('gives a(n) %s message tipo outro', (type, content) => {
    expect(queueable(fromProviderBMessage(message(type, content), value, receivedAt))).toMatchObject({
      tipo: 'outro',
      texto: null,
      midias: [],
    });
  });

  it('falls back to the first contact, a null `to` without metadata and the edge time without a usable timestamp', () => {
    const m = { ...message('text', { text: { body: 'oi' } }), from: '5531988887777', timestamp: 'ontem' };
    expect(queueable(fromProviderBMessage(m, { contacts: value.contacts }, receivedAt))).toMatchObject({
      from: '+5531988887777',
      to: null,
      profileName: 'Outra Pessoa',
      recebidaEm: receivedAt,
    });
    expect(queueable(fromProviderBMessage(m, {}, receivedAt))).toMatchObject({ profileName: null });
  });

  it.each([
    ['no id', { id: undefined }],
    ['a sender that is not a number', { from: 'maria' }],
    ['no sender', { from: undefined }],
  ])('refuses a message with %s', (_, change) => {
    expect(fromProviderBMessage({ ...message('text', { text: { body: 'oi' } }), ...change }, value, receivedAt)).toBeUndefined();
  });
});

describe('whatsappPhone', () => {
  it.each([
    ['whatsapp:+5511987654321', '+5511987654321'],
    ['WhatsApp:+5511987654321', '+5511987654321'],
    ['+55 11 98765-4321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['whatsapp:5511987654321', '+5511987654321'],
  ])('reads %s as %s', (raw, e164) => {
    expect(whatsappPhone(raw)).toBe(e164);
  });

  it.each([['whatsapp:'], ['abc'], ['+0123456789'], [''], [undefined], [5511987654321]])('refuses %s', (raw) => {
    expect(whatsappPhone(raw)).toBeUndefined();
  });
});
