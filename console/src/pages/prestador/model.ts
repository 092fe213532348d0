// What the provider portal's pages share: the API's types, the words for its codes (events, delivery states), the
// allowlist as the form writes it (one entry a line) and where the API's refusal of an entry goes, and the shown-once
// secret with its copy button.
import type { components } from '../../api/schema';

// From the schema itself, not the client: the unit tests load this file without a browser.
type Schemas = components['schemas'];

export type Credential = Schemas['ProviderCredential'];
export type Webhook = Schemas['ProviderWebhook'];
export type Delivery = Schemas['ProviderWebhookDelivery'];
export type EventType = Webhook['eventos'][number];

export const eventLabel: Record<EventType, string> = {
  AGENDAMENTO_CONFIRMADO: 'Agendamento confirmado',
  AGENDAMENTO_CANCELADO: 'Agendamento cancelado',
  AGENDAMENTO_REALIZADO: 'Agendamento realizado',
  AGENDAMENTO_FALTOU: 'Paciente faltou',
};

/** The four events in the API's order (the checkboxes' order). */
export const eventOptions = Object.entries(eventLabel) as [EventType, string][];

export const deliveryStateLabel: Record<Delivery['estado'], string> = {
  PENDENTE: 'Pendente',
  ENTREGUE: 'Entregue',
  FALHOU: 'Falhou',
};

export const deliveryTone: Record<Delivery['estado'], string> = {
  PENDENTE: 'badge-info',
  ENTREGUE: 'badge-ok',
  FALHOU: 'badge-off',
};

/** A credential's state in words: revoked (final), deactivated (may be reactivated) or active. */
export function credentialState(c: Pick<Credential, 'ativo' | 'revogadoEm'>): { label: string; tone: string } {
  if (c.revogadoEm) return { label: 'Revogada', tone: 'badge-off' };
  return c.ativo ? { label: 'Ativa', tone: 'badge-ok' } : { label: 'Desativada', tone: 'badge-alert' };
}

/**
 * The allowlist as the API takes it, from the text area's lines: each trimmed, blank lines dropped (the API checks
 * each entry, IPv4/IPv6 or CIDR, and the count, at most 50: its refusal names `ipAllowlist.<n>`).
 */
export const allowlistEntries = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The line of the text area an entry of the allowlist came from (1-based): `ipAllowlist.<n>` counts the entries
 * sent, which skip the blank lines.
 */
export function allowlistLine(text: string, entry: number): number | undefined {
  let seen = -1;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() && ++seen === entry) return i + 1;
  }
  return undefined;
}

/** The refusal of the allowlist as the form shows it beside the field: the line it names, then the API's words. */
export function allowlistError(text: string, refusal: { message: string; field?: string } | undefined): string | undefined {
  if (!refusal?.field || (refusal.field !== 'ipAllowlist' && !refusal.field.startsWith('ipAllowlist.'))) return undefined;
  const entry = /^ipAllowlist\.(\d+)$/.exec(refusal.field);
  const line = entry ? allowlistLine(text, Number(entry[1])) : undefined;
  return line ? `Linha ${line}: ${refusal.message.replace(/^ipAllowlist\.\d+ /, '')}` : refusal.message;
}

/** Milliseconds as the delivery log shows a duration. */
export const duration = (ms: number | null): string => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The answer's body, pretty when it is JSON. */
export function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
