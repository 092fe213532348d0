// Push notifications under `npm start`: every push becomes one JSON file in <localDir>/outbox, next to the mails
// and WhatsApp texts (`channel: "push"`), named so that a listing is in sending order. A device's endpoint is
// `local:push:<plataforma>:<token's SHA-256>`; a token that starts with DESATIVADO stands for a device the push
// service reports disabled (its push answers `disabled`, as SNS's EndpointDisabled), so the removal is testable.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PushNotification, PushPort } from '#shared/adapters/ports';

export const DISABLED_TOKEN_PREFIX = 'DESATIVADO';

export interface OutboxPush extends PushNotification {
  channel: 'push';
  endpoint: string;
  sentAt: string;
}

export function outboxPush(dir: string): PushPort {
  return {
    async register({ plataforma, token }) {
      const hash = createHash('sha256').update(token).digest('hex').slice(0, 32);
      return `local:push:${plataforma}:${hash}${token.startsWith(DISABLED_TOKEN_PREFIX) ? ':desativado' : ''}`;
    },
    async send(endpoint, notification) {
      if (endpoint.endsWith(':desativado')) return 'disabled';
      const sentAt = new Date().toISOString();
      const entry: OutboxPush = { channel: 'push', endpoint, ...notification, sentAt };
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${sentAt.replace(/[:.]/g, '-')}-push-${randomUUID()}.json`), JSON.stringify(entry, null, 2) + '\n');
      return 'sent';
    },
    async unregister() {
      // Nothing kept locally beyond the device's own item.
    },
  };
}
