// What the inbox knows of an attendance: its types, how often it is read again, how long a patient has
// waited, a message's time and WhatsApp's 24-hour customer-service window, in words. The statuses' words
// are in labels.ts.
import type { paths as Paths } from '../../api/schema';
import { SERVICE_TIME_ZONE, dayOf, instant } from '../../format';

type Inbox = Paths['/api/admin/atendimentos']['get']['responses'][200]['content']['application/json'];
export type InboxItem = Inbox['content'][number];
export type Attendance = Paths['/api/admin/atendimentos/{id}']['get']['responses'][200]['content']['application/json'];
export type ConversationMessage = Attendance['conversa'][number];

/** How often the inbox and the open conversation are read again while the tab is visible. */
export const POLL_MS = 5_000;

/** "há 3 min", "há 2 h 5 min", "há menos de 1 min". */
export function waited(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'há menos de 1 min';
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `há ${hours} h ${minutes % 60} min` : `há ${hours} h`;
}

const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: SERVICE_TIME_ZONE });
const dayMonth = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: SERVICE_TIME_ZONE });

/** A message's time: 14:32 today, 24/05 14:32 another day. */
export function messageTime(value: string, now: Date = new Date()): string {
  const at = instant(value);
  return dayOf(at) === dayOf(now) ? time.format(at) : `${dayMonth.format(at)} ${time.format(at)}`;
}

/**
 * WhatsApp's 24-hour window after the patient's last message: while open, free text may be sent; once
 * closed (or when the patient never wrote), only approved templates.
 */
export function serviceWindow(closesAt: string | null, now: Date = new Date()): { open: boolean; text: string } {
  const at = closesAt ? instant(closesAt) : undefined;
  if (!at || at.getTime() <= now.getTime()) return { open: false, text: 'Janela fechada: só templates' };
  const when = dayOf(at) === dayOf(now) ? `às ${time.format(at)}` : `em ${dayMonth.format(at)} às ${time.format(at)}`;
  return { open: true, text: `Janela de atendimento fecha ${when}` };
}
