// A patient's message arriving: stored once per provider message id, linked to its patient (found by
// phone, created when unknown) and to the patient's open attendance (opened when there is none, in
// the sector of the number the patient wrote to, or the application's default sector). All of it is
// one unit of work; a lost race (the same patient's messages handled side by side) re-reads and retries.
import { asksForHuman, openAttendance, type Attendance } from '#shared/domain/attendances';
import { patientFromMessage, type Patient } from '#shared/domain/patients';
import { defaultSectorId } from '#shared/domain/sectors';
import type { CommitOutcome, ConditionalWrite } from '#shared/domain/unit-of-work';
import type { Provider } from '#shared/domain/applications/records';
import type { APP_PROVIDER, Channel } from '#shared/domain/app-chat';

/**
 * A patient's message as the domain takes it: normalised by the edge from a provider's webhook, with
 * E.164 phones (the inbound queue's message, events/inbound-queue.ts, is this shape: the consumer passes
 * one to receivePatientMessage, so a drift between the two fails the type check).
 */
export interface PatientMessage {
  aplicacaoId: number;
  /**
   * provider_a or provider_b: `link` has no webhook, so no patient's message comes through it; `app` for a message
   * typed in the patient app's chat (docs/app-chat.md).
   */
  provider: Exclude<Provider, 'link'> | typeof APP_PROVIDER;
  providerMessageId: string;
  /** The patient's phone. */
  from: string;
  /** The application's number the patient wrote to; null when the provider did not say. */
  to: string | null;
  profileName: string | null;
  tipo: 'texto' | 'botao' | 'midia' | 'outro';
  /** The text, a button's title, or a media caption. */
  texto: string | null;
  /** An interactive or template button the patient pressed. */
  botao?: { id: string; titulo: string } | undefined;
  /** Media by reference; nothing is downloaded. */
  midias: { ref: string; contentType: string | null }[];
  /** ISO instant. */
  recebidaEm: string;
  /** Where it came from: WHATSAPP unless said (the queue's messages are WhatsApp's). */
  canal?: Channel;
}

export interface InboundMessageRecord {
  id: number;
  aplicacaoId: number;
  provider: PatientMessage['provider'];
  providerMessageId: string;
  /** The patient's phone. */
  telefone: string;
  /** The application's number it was sent to. */
  para: string | null;
  profileName: string | null;
  tipoMensagem: PatientMessage['tipo'];
  texto: string | null;
  botao: { id: string; titulo: string } | null;
  midias: PatientMessage['midias'];
  /** ISO instant. */
  recebidaEm: string;
  pacienteId: number;
  atendimentoId: number;
  canal: Channel;
}

/** What the store knows of a patient's phone before the message is recorded. */
export interface Conversation {
  pacienteId: number | null;
  /** The patient's open attendance. */
  atendimentoId: number | null;
  /** The sector of the number written to; null for the default sector (or an unknown number). */
  setorId: number | null;
}

export type InboxRefusal = 'duplicate' | 'patient-taken' | 'open-taken' | 'attendance-closed' | 'no-sector';

export interface Inbox {
  newId(): Promise<number>;
  /** One read: the patient by phone, its open attendance, the sector of the number written to. */
  lookup(aplicacaoId: number, telefone: string, to: string | null): Promise<Conversation>;
  /** One unit of work: the message (refused as `duplicate`), a new patient, a new attendance or the message counted on the open one. */
  record(input: {
    message: InboundMessageRecord;
    newPatient?: Patient;
    newAttendance?: Attendance;
    openAttendanceId?: number;
    /** Writes that commit with the message (the app chat's own item), given where it landed. */
    extras?: readonly ConditionalWrite<InboxRefusal>[];
  }): Promise<CommitOutcome<InboxRefusal>>;
  /**
   * BOT -> FILA for an open attendance still in BOT; false when it is not (already with the humans, or closed). By the
   * patient's words, or by the AI assistant (`motivo`: why it handed the patient over).
   */
  escalateIfBot(aplicacaoId: number, atendimentoId: number, at: string, motivo?: string): Promise<boolean>;
  ensureDefaultSector(aplicacaoId: number): Promise<void>;
}

export type Reception =
  | { kind: 'duplicate' }
  | {
      kind: 'stored';
      mensagemId: number;
      pacienteId: number;
      atendimentoId: number;
      novoPaciente: boolean;
      novoAtendimento: boolean;
      escalado: boolean;
    };

const MAX_ATTEMPTS = 6;

export async function receivePatientMessage(
  inbox: Inbox,
  message: PatientMessage,
  escalationWords: readonly string[],
  options: { id?: number; extras?: (landed: { pacienteId: number; atendimentoId: number }) => ConditionalWrite<InboxRefusal>[] } = {},
): Promise<Reception> {
  const wantsHuman = asksForHuman(message.texto, escalationWords);
  const id = options.id ?? (await inbox.newId());
  const canal = message.canal ?? 'WHATSAPP';
  let useDefaultSector = false;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const known = await inbox.lookup(message.aplicacaoId, message.from, message.to);
    const newPatient =
      known.pacienteId === null
        ? patientFromMessage({
            id: await inbox.newId(),
            aplicacaoId: message.aplicacaoId,
            telefone: message.from,
            nome: message.profileName,
            at: message.recebidaEm,
          })
        : undefined;
    const pacienteId = newPatient?.id ?? (known.pacienteId as number);
    const newAttendance =
      known.atendimentoId === null
        ? openAttendance({
            id: await inbox.newId(),
            aplicacaoId: message.aplicacaoId,
            pacienteId,
            telefone: message.from,
            setorId: useDefaultSector || known.setorId === null ? defaultSectorId(message.aplicacaoId) : known.setorId,
            at: message.recebidaEm,
            asksForHuman: wantsHuman,
            canal,
          })
        : undefined;
    const atendimentoId = newAttendance?.id ?? (known.atendimentoId as number);
    // Escalated before the message is recorded, so whoever sees the message sees the attendance in FILA
    // (for a repeated delivery it is a no-op: the first delivery escalated it already).
    const escalado = newAttendance
      ? wantsHuman
      : wantsHuman && (await inbox.escalateIfBot(message.aplicacaoId, atendimentoId, message.recebidaEm));

    const outcome = await inbox.record({
      message: {
        id,
        aplicacaoId: message.aplicacaoId,
        provider: message.provider,
        providerMessageId: message.providerMessageId,
        telefone: message.from,
        para: message.to,
        profileName: message.profileName,
        tipoMensagem: message.tipo,
        texto: message.texto,
        botao: message.botao ?? null,
        midias: message.midias,
        recebidaEm: message.recebidaEm,
        pacienteId,
        atendimentoId,
        canal,
      },
      newPatient,
      newAttendance,
      openAttendanceId: newAttendance ? undefined : atendimentoId,
      extras: options.extras?.({ pacienteId, atendimentoId }) ?? [],
    });
    if (outcome.committed) {
      return {
        kind: 'stored',
        mensagemId: id,
        pacienteId,
        atendimentoId,
        novoPaciente: !!newPatient,
        novoAtendimento: !!newAttendance,
        escalado,
      };
    }
    if (outcome.refusals.includes('duplicate')) return { kind: 'duplicate' };
    if (outcome.refusals.includes('no-sector')) {
      // The number's sector is gone, or the application predates default sectors: the default one, made sure to exist.
      if (useDefaultSector || known.setorId === null) await inbox.ensureDefaultSector(message.aplicacaoId);
      useDefaultSector = true;
      continue;
    }
    // A concurrent message of the same patient created the patient or the attendance, or the attendance
    // was closed meanwhile: read again.
    if (outcome.refusals.length === 0 && !outcome.raced) throw outcome.error;
  }
  throw new Error(`inbound message not recorded after ${MAX_ATTEMPTS} attempts (concurrent updates)`);
}
