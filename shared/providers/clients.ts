// The provider client of an application, chosen by its current `provider` (a change in the admin
// panel takes effect on the next call, since the application is read per request). Its secret is
// read when it sends (a failure to read it is a ProviderError, so the debit is given back).
// Each provider's client is below, one per provider; their formats for what they post to us are in
// provider-a/wire.ts and provider-b/wire.ts.
import { randomBytes } from 'node:crypto';
import type { Application } from '#shared/domain/applications/records';
import type { ProviderAConnection, ProviderBConnection, ProviderSecretName } from '#shared/domain/applications/secrets';
import { callerFault, callProvider, str } from '#shared/providers/http';
import { secretForCall } from '#shared/providers/secrets';
import { ProviderError, type ProviderClient, type ProviderOptions, type TemplateSend } from '#shared/providers/types';

export { ProviderError } from '#shared/providers/types';
export type { ProviderClient, ProviderOptions } from '#shared/providers/types';

export function providerFor(app: Application, options: ProviderOptions = {}): ProviderClient {
  /** A client that reads its secret when it sends. */
  const sendingWith = (name: ProviderSecretName, client: (secret: string) => ProviderClient): ProviderClient => ({
    send: async (input) => client(await secretForCall(app, name)).send(input),
  });
  switch (app.provider) {
    case 'provider_a': {
      const settings = app.providerA;
      if (!settings) throw new ProviderError('unavailable', null, 'provider_a is not configured');
      return sendingWith('providerA.authToken', (authToken) => providerAClient({ ...settings, authToken }, options));
    }
    case 'provider_b': {
      const settings = app.providerB;
      if (!settings) throw new ProviderError('unavailable', null, 'provider_b is not configured');
      return sendingWith('providerB.accessToken', (accessToken) => providerBClient({ ...settings, accessToken }, options));
    }
    case 'link':
      return linkClient();
    default:
      throw new ProviderError('unavailable', null, `unknown provider ${String(app.provider)}`);
  }
}

// provider_a (an API-based WhatsApp messaging provider): form-encoded POST to
// {baseUrl}/2010-04-01/Accounts/{accountSid}/Messages.json with HTTP Basic accountSid:authToken
// (Body, or ContentSid + ContentVariables for an approved content template);
// 201 {sid, status: 'queued', ...}; errors {code, message, status}.
export function providerAClient(settings: ProviderAConnection, options: ProviderOptions = {}): ProviderClient {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send({ to, body, statusCallbackUrl, template, reference }) {
      const form = new URLSearchParams({ To: `whatsapp:${to}`, From: `whatsapp:${settings.fromNumber}` });
      // An approved content template goes by its sid and variables; anything else as its text.
      if (template?.providerTemplateId?.startsWith('HX')) {
        form.set('ContentSid', template.providerTemplateId);
        form.set('ContentVariables', JSON.stringify(Object.fromEntries(template.valores.map((v, i) => [String(i + 1), v]))));
      } else form.set('Body', body);
      // Only an absolute URL: without a public base URL configured, the send goes out without callbacks rather than failing.
      if (/^https?:\/\//i.test(statusCallbackUrl)) form.set('StatusCallback', withReference(statusCallbackUrl, reference));
      const answer = await callProvider(
        url,
        {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: form,
        },
        options,
      );
      const json = (answer.body ?? {}) as { sid?: unknown; code?: unknown; message?: unknown };
      if (answer.status >= 200 && answer.status < 300) {
        if (typeof json.sid !== 'string' || !json.sid) throw new ProviderError('unavailable', null, 'answer without a message sid');
        return { messageSid: json.sid };
      }
      const message = typeof json.message === 'string' ? json.message : `HTTP ${answer.status}`;
      throw new ProviderError(callerFault(answer.status) ? 'rejected' : 'unavailable', str(json.code), message);
    },
  };
}

/** The callback URL with our reference of the message in `ref`: provider_a posts (and signs) the URL exactly as given. */
function withReference(url: string, reference: string | undefined): string {
  if (!reference) return url;
  return `${url}${url.includes('?') ? '&' : '?'}ref=${encodeURIComponent(reference)}`;
}

// provider_b (a WhatsApp cloud API of a social platform): JSON POST to
// {baseUrl}/v21.0/{phoneNumberId}/messages with a Bearer access token; 200 {messages: [{id}]};
// errors {error: {message, type, code}}. The recipient goes as digits without '+'.
export const PROVIDER_B_API_VERSION = 'v21.0';

/** The cloud API's template message: the body's parameters, and each quick-reply button's payload. */
const templatePayload = (t: TemplateSend) => ({
  name: t.nome,
  language: { code: t.idioma },
  components: [
    ...(t.valores.length > 0 ? [{ type: 'body', parameters: t.valores.map((text) => ({ type: 'text', text })) }] : []),
    ...t.botoes.map((b, index) => ({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload: b.payload }],
    })),
  ],
});

export function providerBClient(
  settings: Pick<ProviderBConnection, 'phoneNumberId' | 'accessToken' | 'baseUrl'>,
  options: ProviderOptions = {},
): ProviderClient {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const url = `${base}/${PROVIDER_B_API_VERSION}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    // Statuses come back to the application's webhook (configured at the provider), not to a per-send URL.
    async send({ to, body, template, reference }) {
      const payload = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: to.replace(/^\+/, ''),
        ...(template ? { type: 'template', template: templatePayload(template) } : { type: 'text', text: { body } }),
        // Echoed in every status of this message, so a status settles a message whose move to SENT was never written.
        ...(reference ? { biz_opaque_callback_data: reference } : {}),
      };
      const answer = await callProvider(
        url,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${settings.accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(payload),
        },
        options,
      );
      if (answer.status >= 200 && answer.status < 300) {
        const id = (answer.body as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
        if (typeof id !== 'string' || !id) throw new ProviderError('unavailable', null, 'answer without a message id');
        return { messageSid: id };
      }
      const error = (answer.body as { error?: { message?: unknown; code?: unknown } } | undefined)?.error ?? {};
      const message = typeof error.message === 'string' ? error.message : `HTTP ${answer.status}`;
      throw new ProviderError(callerFault(answer.status) ? 'rejected' : 'unavailable', str(error.code), message);
    },
  };
}

// `link`: nothing is sent; the answer is a wa.me link that opens WhatsApp with the text ready,
// for a person to send by hand. The message still gets an id of the same shape as the others.
export const waMeLink = (to: string, body: string): string => `https://wa.me/${to.replace(/\D/g, '')}?text=${encodeURIComponent(body)}`;

export function linkClient(): ProviderClient {
  return {
    async send({ to, body }) {
      return { messageSid: `link-${randomBytes(16).toString('hex')}`, link: waMeLink(to, body) };
    },
  };
}
