// A patient's device consents (the patient app's permissions) and their history. Under the LGPD the
// service must be able to show when and how each consent was given or withdrawn: every change appends a
// history entry that is never rewritten, in the same transaction as the change (docs/portals.md).
import { conflict, invalid, notFound } from '#shared/domain/errors';
import { systemClock, type Clock } from '#shared/domain/time';
import { eventBytes, newStamp, type StampWriter } from '#shared/domain/stamps';
import type { CommitOutcome, ConditionalWrite } from '#shared/domain/unit-of-work';

/** The consents the app asks for. An unknown `tipo` is a 404 in a path and a 400 in a batch body. */
export const consentTypes = ['NOTIFICACOES_WHATSAPP', 'NOTIFICACOES_PUSH', 'LOCALIZACAO', 'CAMERA', 'COMPARTILHAMENTO_DADOS'] as const;
export type ConsentType = (typeof consentTypes)[number];

export const isConsentType = (value: string): value is ConsentType => (consentTypes as readonly string[]).includes(value);

export interface ConsentHistoryEntry {
  acao: 'CONCEDIDO' | 'REVOGADO';
  /** ISO instant. */
  em: string;
  dispositivo: string | null;
  versaoTermos: string | null;
  /** What the app sent with a revocation (the reason, the app version...). */
  detalhes: Record<string, string> | null;
  /** Its RFC 3161 stamp (docs/stamps.md) when the application stamps its events; null otherwise. */
  carimboId: string | null;
}

export interface Consent {
  tipo: ConsentType;
  concedido: boolean;
  concedidoEm: string | null;
  revogadoEm: string | null;
  dispositivo: string | null;
  versaoTermos: string | null;
  atualizadoEm: string;
  /** Number of changes so far; each change is conditioned on the one read. */
  versao: number;
  /** Oldest first. */
  historico: ConsentHistoryEntry[];
}

export interface ConsentChange {
  tipo: ConsentType;
  concedido: boolean;
  /** Absent: the consent keeps the device and terms version it had. */
  dispositivo?: string;
  versaoTermos?: string;
  detalhes?: Record<string, string>;
}

/** One consent after a change, with the history entry to append; undefined when nothing changes. */
export interface ConsentWrite {
  before: Consent | undefined;
  after: Consent;
  entry: ConsentHistoryEntry;
}

export interface ConsentRepository {
  /** The patient's consents with their history (one Query). */
  list(aplicacaoId: number, pacienteId: number): Promise<Consent[]>;
  /**
   * Every write in one transaction, each conditioned on the `versao` read, with its history entry
   * (put once, never updated). `telefone`: the patient's phone, for the flow's opt-out (34b).
   */
  commit(
    aplicacaoId: number,
    pacienteId: number,
    telefone: string,
    writes: ConsentWrite[],
    extras?: readonly ConditionalWrite<never>[],
  ): Promise<CommitOutcome<'changed'>>;
}

/** The consent after `change`, or undefined when it would not change anything (no history entry for a repeat). */
export function applyConsentChange(current: Consent | undefined, change: ConsentChange, at: string): ConsentWrite | undefined {
  const dispositivo = change.dispositivo ?? current?.dispositivo ?? null;
  const versaoTermos = change.versaoTermos ?? current?.versaoTermos ?? null;
  if (current && current.concedido === change.concedido && current.dispositivo === dispositivo && current.versaoTermos === versaoTermos) {
    return undefined;
  }
  const entry: ConsentHistoryEntry = {
    acao: change.concedido ? 'CONCEDIDO' : 'REVOGADO',
    em: at,
    dispositivo,
    versaoTermos,
    detalhes: change.detalhes && Object.keys(change.detalhes).length > 0 ? change.detalhes : null,
    carimboId: null,
  };
  const after: Consent = {
    tipo: change.tipo,
    concedido: change.concedido,
    concedidoEm: change.concedido ? at : (current?.concedidoEm ?? null),
    revogadoEm: change.concedido ? (current?.revogadoEm ?? null) : at,
    dispositivo,
    versaoTermos,
    atualizadoEm: at,
    versao: (current?.versao ?? 0) + 1,
    historico: [...(current?.historico ?? []), entry],
  };
  return { before: current, after, entry };
}

const MAX_ATTEMPTS = 5;

/**
 * A change's history entry with its stamp (pending): the bytes stamped are the entry as the event, JSON, with the
 * patient, the consent and its version.
 */
function stamped(w: ConsentWrite, patient: { aplicacaoId: number; id: number }, stamps: StampWriter) {
  const id = stamps.newId();
  const entry: ConsentHistoryEntry = { ...w.entry, carimboId: id };
  const bytes = eventBytes({
    evento: 'CONSENTIMENTO',
    aplicacaoId: patient.aplicacaoId,
    pacienteId: patient.id,
    tipo: w.after.tipo,
    versao: w.after.versao,
    acao: entry.acao,
    em: entry.em,
    dispositivo: entry.dispositivo,
    versaoTermos: entry.versaoTermos,
    detalhes: entry.detalhes,
  });
  const stamp = newStamp({
    id,
    aplicacaoId: patient.aplicacaoId,
    origem: 'CONSENTIMENTO',
    referencia: `${patient.id}/${w.after.tipo}/${w.after.versao}`,
    bytes,
    at: entry.em,
  });
  const after = { ...w.after, historico: [...w.after.historico.slice(0, -1), entry] };
  return { write: { ...w, entry, after }, stampWrite: stamps.write(stamp) };
}

/**
 * Applies the changes all or nothing and answers the consents they name (unchanged ones as they are).
 * A concurrent change of one of them makes the transaction fail: read again and re-apply.
 */
export async function changeConsents(
  repo: ConsentRepository,
  patient: { aplicacaoId: number; id: number; telefone: string },
  changes: ConsentChange[],
  now: Clock = systemClock,
  /** Given when the application stamps its events (RFC 3161): each change's stamp is written with it. */
  stamps?: StampWriter,
): Promise<Consent[]> {
  const tipos = new Set<string>();
  changes.forEach((change, i) => {
    if (tipos.has(change.tipo)) throw invalid(`consentimentos[${i}].tipo ${change.tipo} appears twice`, `consentimentos[${i}].tipo`);
    tipos.add(change.tipo);
  });
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = new Map((await repo.list(patient.aplicacaoId, patient.id)).map((c) => [c.tipo, c]));
    const at = now().toISOString();
    const applied = changes.map((change) => applyConsentChange(current.get(change.tipo), change, at)).filter((w) => w !== undefined);
    const withStamps = stamps ? applied.map((w) => stamped(w, patient, stamps)) : applied.map((w) => ({ write: w, stampWrite: undefined }));
    const writes = withStamps.map((s) => s.write);
    const extras = withStamps.flatMap((s) => (s.stampWrite ? [s.stampWrite] : []));
    if (writes.length > 0) {
      const result = await repo.commit(patient.aplicacaoId, patient.id, patient.telefone, writes, extras);
      if (!result.committed) {
        if (result.refusals.length === 0 && !result.raced) throw result.error;
        continue;
      }
    }
    const written = new Map(writes.map((w) => [w.after.tipo, w.after]));
    return changes.map((c) => written.get(c.tipo) ?? (current.get(c.tipo) as Consent));
  }
  throw conflict('The consents are being changed concurrently; try again');
}

/** The `tipo` of a path, or 404: the list of consents is fixed and documented. */
export function consentTypeOf(raw: string | undefined): ConsentType {
  if (!raw || !isConsentType(raw)) throw notFound('consent type');
  return raw;
}
