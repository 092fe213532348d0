// WhatsApp texts under `npm start`: every text becomes one JSON file in <localDir>/outbox, next
// to the mails (`channel: "whatsapp"` tells them apart), named so that a listing is in sending
// order. Nothing leaves the machine; a developer reads the one-time codes there.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WhatsAppPort } from '#shared/adapters/ports';

export interface OutboxWhatsApp {
  channel: 'whatsapp';
  aplicacaoId: number;
  to: string;
  body: string;
  sentAt: string;
}

export function outboxWhatsApp(dir: string): WhatsAppPort {
  return {
    async sendText(message) {
      const sentAt = new Date().toISOString();
      const entry: OutboxWhatsApp = { channel: 'whatsapp', aplicacaoId: message.aplicacaoId, to: message.to, body: message.body, sentAt };
      await mkdir(dir, { recursive: true });
      const name = `${sentAt.replace(/[:.]/g, '-')}-whatsapp-${randomUUID()}.json`;
      await writeFile(path.join(dir, name), JSON.stringify(entry, null, 2) + '\n');
    },
  };
}
