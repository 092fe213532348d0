// `link`: nothing is sent; the answer is a wa.me link that opens WhatsApp with the text ready,
// for a person to send by hand. The message still gets an id of the same shape as the others.
import { randomBytes } from 'node:crypto';
import type { ProviderClient } from '#shared/providers/types';

export const waMeLink = (to: string, body: string): string => `https://wa.me/${to.replace(/\D/g, '')}?text=${encodeURIComponent(body)}`;

export function linkClient(): ProviderClient {
  return {
    async send({ to, body }) {
      return { messageSid: `link-${randomBytes(16).toString('hex')}`, link: waMeLink(to, body) };
    },
  };
}
