// provider_b (a WhatsApp cloud API of a social platform): JSON POST to
// {baseUrl}/v21.0/{phoneNumberId}/messages with a Bearer access token; 200 {messages: [{id}]};
// errors {error: {message, type, code}}. The recipient goes as digits without '+'.
import type { ProviderBConnection } from '#shared/domain/applications/secrets';
import { callerFault, callProvider, str } from '#shared/providers/http';
import { ProviderError, type ProviderClient, type ProviderOptions, type TemplateSend } from '#shared/providers/types';

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
