// provider_a (an API-based WhatsApp messaging provider): form-encoded POST to
// {baseUrl}/2010-04-01/Accounts/{accountSid}/Messages.json with HTTP Basic accountSid:authToken
// (Body, or ContentSid + ContentVariables for an approved content template);
// 201 {sid, status: 'queued', ...}; errors {code, message, status}.
import type { ProviderAConnection } from '#shared/domain/applications/secrets';
import { callerFault, callProvider, str } from '#shared/providers/http';
import { ProviderError, type ProviderClient, type ProviderOptions } from '#shared/providers/types';

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
