// The patient app's chat and push notifications (docs/app-chat.md). A patient's message typed in the app lands in
// the patient's attendance like a WhatsApp message, marked with its channel (APP); an operator's answer to an
// attendance whose last patient message came from the app goes back to the app (and as a push), not to WhatsApp.
// Each chat message, either way, is billed APP_CHAT; each push sent APP_PUSH, only while the patient's
// NOTIFICACOES_PUSH consent is granted. A device is an endpoint of the push service (SNS mobile push on AWS).
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

/** Where a patient's message came from, and so where the attendance's answers go. */
export const channels = ['WHATSAPP', 'APP'] as const;
export type Channel = (typeof channels)[number];

/** The provider name an app message is stored under among the inbound messages (pattern 31): it has no WhatsApp provider. */
export const APP_PROVIDER = 'app';

export const CHAT_TARIFF = { categoria: 'APP', subtipo: 'CHAT' } as const;
export const PUSH_TARIFF = { categoria: 'APP', subtipo: 'PUSH' } as const;

export const platforms = ['android', 'ios'] as const;
export type Platform = (typeof platforms)[number];

/** One message of the patient's chat with the application (pattern 50). */
export interface ChatMessage {
  id: number;
  aplicacaoId: number;
  pacienteId: number;
  /** ENTRADA: the patient's, from the app; SAIDA: an operator's answer. */
  direcao: 'ENTRADA' | 'SAIDA';
  texto: string;
  /** ISO instant. */
  em: string;
  atendimentoId: number;
  /** The operator who answered; null for the patient's messages. */
  usuarioId: number | null;
  /** The APP_CHAT entry; null while not charged (a patient's message the balance did not cover). */
  lancamentoId: number | null;
  valor: string;
}

/** A registered device of a patient (pattern 50a). */
export interface Device {
  id: number;
  aplicacaoId: number;
  pacienteId: number;
  plataforma: Platform;
  /** The push service's endpoint for the device's token. */
  endpoint: string;
  /** SHA-256 of the token, hex: a token registered again is the same device; the token itself is not kept. */
  tokenHash: string;
  /** ISO instant. */
  criadoEm: string;
}

export interface ChatStore {
  /** The chat item's put (under attribute_not_exists; ids are drawn fresh), for the commit that records or charges it. */
  write(message: ChatMessage): ConditionalWrite<never>;
  /** Sets a recorded message's charge once; refused (a conflict) when it was charged already. */
  chargeWrite(message: ChatMessage, lancamentoId: number, valor: string): ConditionalWrite<unknown>;
  /** A page of the patient's chat, counted from the newest (page 0: the latest), oldest first within it, and how many there are. */
  page(aplicacaoId: number, pacienteId: number, page: number, size: number): Promise<{ content: ChatMessage[]; total: number }>;
  /** The messages of one patient's chat by id (an attendance's conversation). */
  byIds(aplicacaoId: number, pacienteId: number, ids: readonly number[]): Promise<Map<number, ChatMessage>>;
}

export interface DeviceStore {
  list(aplicacaoId: number, pacienteId: number): Promise<Device[]>;
  get(aplicacaoId: number, pacienteId: number, id: number): Promise<Device | undefined>;
  /** Puts a new device; false when its id is taken. */
  put(device: Device): Promise<boolean>;
  /** Deletes it; false when it was not there. */
  remove(aplicacaoId: number, pacienteId: number, id: number): Promise<boolean>;
}

/** The same token registered again on the same platform is the device already registered. */
export const sameDevice = (devices: readonly Device[], plataforma: Platform, tokenHash: string): Device | undefined =>
  devices.find((d) => d.plataforma === plataforma && d.tokenHash === tokenHash);

/** The push's words: short, and nothing the lock screen should not show (the app opens the chat to read the answer). */
export const answerNotification = (appName: string) => ({
  titulo: appName,
  texto: 'Você recebeu uma nova mensagem no chat.',
});

export const chatDescriptions = {
  ENTRADA: 'Mensagem do paciente no chat do aplicativo',
  SAIDA: 'Resposta no chat do aplicativo',
} as const;
export const pushDescription = 'Notificação push no aplicativo';
