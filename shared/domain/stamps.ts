// RFC 3161 time stamps of an application's events (#39, docs/stamps.md): when the application turned them on, every
// consent change, every /execucao result and every refund gets a time-stamp token over the SHA-256 of the exact bytes
// kept for that event. The event's own transaction writes those bytes and a PENDENTE stamp (nothing is lost, and the
// event never waits on the TSA); the stamping worker asks the TSA, checks its answer and keeps the token in the commit
// of its CARIMBO_TEMPO charge. A TSA that does not answer leaves the stamp PENDENTE, retried every minute.
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

export const stampOrigins = ['CONSENTIMENTO', 'EXECUCAO', 'ESTORNO'] as const;
export type StampOrigin = (typeof stampOrigins)[number];

export const stampStatuses = ['PENDENTE', 'CARIMBADO'] as const;
export type StampStatus = (typeof stampStatuses)[number];

export interface Stamp {
  /** A UUID. */
  id: string;
  aplicacaoId: number;
  origem: StampOrigin;
  /** What the event was, in the origin's words: `<pacienteId>/<tipo>/<versao>`, the appointment's id, the refund's entry id. */
  referencia: string;
  /** Base64 of the exact bytes stamped (their SHA-256 is the token's messageImprint). */
  dados: string;
  status: StampStatus;
  /** Base64 of the DER TimeStampToken; null while PENDENTE. */
  token: string | null;
  /** The CARIMBO_TEMPO entry that charged it; null while PENDENTE or when the tariff is 0.00. */
  lancamentoId: number | null;
  /** ISO instants. */
  criadoEm: string;
  carimbadoEm: string | null;
}

/** The bytes stamped for an event: its JSON with the keys in the order given, UTF-8, kept as they are. */
export const eventBytes = (event: Readonly<Record<string, unknown>>): Uint8Array => new TextEncoder().encode(JSON.stringify(event));

/** A new PENDENTE stamp of `bytes`. */
export function newStamp(input: {
  id: string;
  aplicacaoId: number;
  origem: StampOrigin;
  referencia: string;
  bytes: Uint8Array;
  at: string;
}): Stamp {
  return {
    id: input.id,
    aplicacaoId: input.aplicacaoId,
    origem: input.origem,
    referencia: input.referencia,
    dados: Buffer.from(input.bytes).toString('base64'),
    status: 'PENDENTE',
    token: null,
    lancamentoId: null,
    criadoEm: input.at,
    carimbadoEm: null,
  };
}

/** The stamp a route shows: `carimbo` is `{dados, token}` once stamped, null while pending. */
export const stampEvidence = (stamp: Stamp | undefined): { dados: string; token: string } | null =>
  stamp?.status === 'CARIMBADO' && stamp.token ? { dados: stamp.dados, token: stamp.token } : null;

export interface StampRepository {
  /** The write that puts a new stamp (`attribute_not_exists`), for the event's own transaction. */
  write: (stamp: Stamp) => ConditionalWrite<never>;
  get(id: string): Promise<Stamp | undefined>;
  getMany(ids: readonly string[]): Promise<Stamp[]>;
  /** Up to `limit` pending stamps, oldest first. */
  pending(limit: number): Promise<Stamp[]>;
  /** The update that keeps the token, conditioned on PENDENTE (a second worker's is refused), for the charge's commit. */
  stampedWrite(stamp: Stamp): ConditionalWrite<unknown>;
  /** The same, committed alone (a stamp charged nothing: the tariff is 0.00); false when it was no longer pending. */
  markStamped(stamp: Stamp): Promise<boolean>;
}

/** A time-stamp authority: the DER TimeStampToken for `data`, after every check of its answer; throws when it cannot give one. */
export interface TimeStampAuthority {
  stamp(data: Uint8Array): Promise<Uint8Array>;
}

/** What an event's writer needs to stamp it: a new stamp's id, and its write for the event's own transaction. */
export interface StampWriter {
  newId: () => string;
  write: (stamp: Stamp) => ConditionalWrite<never>;
}

/** Whether the application stamps its events; the switch is its own admin's (PUT /api/admin/aplicacoes/{id}/carimbo-tempo). */
export const stampsEvents = (app: { carimboTempo?: boolean } | undefined): boolean => app?.carimboTempo === true;
