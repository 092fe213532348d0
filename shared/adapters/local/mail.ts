// E-mail under `npm start`: every mail becomes one JSON file in <localDir>/outbox, named so
// that a directory listing is in sending order.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mail, MailPort } from '#shared/adapters/ports';
import { config } from '#shared/config';

export interface OutboxMail extends Mail {
  from?: string;
  sentAt: string;
}

export function outboxMail(dir: string): MailPort {
  return {
    async send(mail) {
      const sentAt = new Date().toISOString();
      const entry: OutboxMail = { from: config().mailFrom, ...mail, sentAt };
      await mkdir(dir, { recursive: true });
      const name = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`;
      await writeFile(path.join(dir, name), JSON.stringify(entry, null, 2) + '\n');
    },
  };
}
