// The ledger of an application: its balance and its statement (extrato). Every change of the
// balance goes through postEntry, a move in two writes (docs/decisions.md, "One debit path"):
//   1. the move: one conditional write on the balance item that DynamoDB serializes for us. It adds
//      the amount (a debit only if the balance covers it: else 402 with nothing written), numbers the
//      entry (the item's sequence), and leaves the entry's details on the item. The new balance and
//      number come back from the write, so no value read before it conditions the commit and there
//      is no retry loop on the balance: saldoAnterior +/- valor = saldoPosterior and the chain hold
//      by construction, whatever the concurrency.
//   2. the entry, written from what the move returned, with the writes that must happen with it or not
//      at all (the message of a send, a refund's once-only marker), in one unit of work.
// A function that dies between the two leaves a move without its entry: the balance item's change
// stream carries every move's details, and the reconciler writes the missing entry from them and
// settles what the move was for (a send whose message was never written is given back)
// (shared/operations/ledger-moves.ts). Extra writes refused after the move (a caller's condition, a
// refund already made) leave the entry and its reversal, so the chain never has a gap.
// Credits (admin panel), message debits and their compensations, refunds and the other billed
// services (chargeService) all go through it. Repositories prepare the writes; this file knows
// nothing of DynamoDB.
import { localDateTime, systemClock, type Clock } from '#shared/domain/time';
import { DomainError, conflict, invalid, notFound } from '#shared/domain/errors';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import { fromCents, toCents } from '#shared/domain/money';
import { maskPhone } from '#shared/domain/masking';
import { log } from '#shared/log';

export const entryTypes = ['CREDIT', 'DEBIT'] as const;
export type EntryType = (typeof entryTypes)[number];
/** The conversation categories a provider prices a message by (provider_b's `pricing.category`). */
export const conversationTypes = ['UTILITY', 'AUTHENTICATION', 'MARKETING', 'SERVICE'] as const;
export type ConversationType = (typeof conversationTypes)[number];

/**
 * The spec's statement entry. Charges (valor, saldos, tarifaCobrada) are decimal strings with two
 * places; provider costs and the rate keep their own precision (up to 6 places); what does not apply is null.
 */
/**
 * A message debit's description. The statement is kept for good, so it names the number masked as the
 * portals show it (`+55 11 *****-4321`), never in full (the message itself, by `referenciaId`, has it).
 */
export const messageDebitDescription = (telefone: string): string => `Mensagem enviada para ${maskPhone(telefone)}`;

const unmaskedDebit = /^Mensagem enviada para (\+\d{8,15})$/;

/** An entry's description as shown: one written before numbers were masked shows its number masked too. */
export const shownDescription = (descricao: string): string => {
  const phone = unmaskedDebit.exec(descricao)?.[1];
  return phone ? messageDebitDescription(phone) : descricao;
};

export interface StatementEntry {
  /**
   * Position of the entry in its application's statement (1, 2, 3...). Drawn from the balance item
   * in the same commit, so ids follow the chain order; the global id sequence cannot give that
   * (blocks per container, and a retried commit would keep an older id).
   */
  id: number;
  tipo: EntryType;
  valor: string;
  saldoAnterior: string;
  saldoPosterior: string;
  descricao: string;
  /** Origin of the entry: CREDITO (admin credit), MENSAGEM_ENVIADA, ESTORNO, ESTORNO_FALHA_ENVIO, IA_INTERACAO, ... */
  referenciaTipo: string;
  referenciaId: number | null;
  tarifaCobrada: string | null;
  custoProviderAUsd: string | null;
  custoProviderABrl: string | null;
  custoProviderBUsd: string | null;
  custoProviderBBrl: string | null;
  cotacaoUsdBrl: string | null;
  tipoConversa: ConversationType | null;
  criadoEm: string;
}

/**
 * What a move carries besides what the write returns (the entry's number and the new balance): the entry
 * to be, so a function that dies before writing it leaves enough on the balance item (and in its change
 * stream) for the reconciler to write it.
 */
export type MoveDetails = Omit<StatementEntry, 'id' | 'saldoAnterior' | 'saldoPosterior'> & {
  /** What the reconciler does with a move whose entry no function wrote: ESTORNAR undoes it (a send never recorded, an invoice never marked paid). */
  seOrfao: OrphanPolicy;
};
export const orphanPolicies = ['ESTORNAR', 'MANTER'] as const;
export type OrphanPolicy = (typeof orphanPolicies)[number];

/** What a move's write returns: the entry's number in the statement and the balance after it. */
export interface Moved {
  id: number;
  saldo: string;
}

/** How writing a moved entry ended (the store's failures are thrown). */
export type Recorded<R = unknown> =
  | 'recorded'
  /** The entry is there already: the reconciler wrote it, taking the move for one whose function died. */
  | 'taken'
  /** A concurrent write to an extra item (a counter shard) got in the way: write it again. */
  | 'raced'
  /** An extra write's own condition refused it (its refusal). */
  | { refused: R };

export interface LedgerRepository {
  /**
   * One write to the balance item: adds valor (subtracts a debit's, only while the balance covers it), raises
   * the entry sequence and the counters, and keeps `details` on the item. Throws insufficient_balance (with the
   * balance) when a debit is not covered, not_found without a balance item; nothing is written then.
   */
  move(aplicacaoId: number, details: MoveDetails, increment?: Readonly<Record<string, number>>): Promise<Moved>;
  /** The entry, and the extra writes with it, all or nothing; `orphan`: the reconciler writes it for a function that died. */
  record(aplicacaoId: number, entry: StatementEntry, writes?: readonly ConditionalWrite<unknown>[], orphan?: boolean): Promise<Recorded>;
  /** A debit's once-only refund marker, refused with a conflict when the debit was refunded before. */
  markerWrite(aplicacaoId: number, lancamentoId: number): ConditionalWrite;
  /** Whether the debit's refund marker is there (it was refunded, or its send compensated). */
  isRefunded(aplicacaoId: number, lancamentoId: number): Promise<boolean>;
}

/** The entry a move stands for: its number and balance from the write, the rest from its details. */
export function movedEntry(moved: Moved, details: MoveDetails): StatementEntry {
  const { seOrfao: _, tipo, ...fields } = details;
  const posterior = toCents(moved.saldo);
  const valor = toCents(details.valor);
  return {
    id: moved.id,
    tipo,
    ...fields,
    saldoAnterior: fromCents(tipo === 'CREDIT' ? posterior - valor : posterior + valor),
    saldoPosterior: fromCents(posterior),
  };
}

/** A move as the balance item's change stream carries it: the entry it stands for, and what to do if it has none. */
export interface BalanceMove {
  aplicacaoId: number;
  entry: StatementEntry;
  seOrfao: OrphanPolicy;
}

/** A move put in the reconciler's index because its entry was not there when the stream brought it. */
export interface LedgerGap extends BalanceMove {
  /** ISO instant from which the reconciler writes the entry (a function still alive has written it by then). */
  dueAt: string;
}

/** What follows the balance item's moves: the statement days, and the moves whose entry nobody wrote. */
export interface MoveFollower {
  /** Adds entries to their statement days (4c), in chain order, each counted once however often it is given. */
  addToDays(aplicacaoId: number, entries: readonly StatementEntry[]): Promise<void>;
  /** The moves among these whose entry is not written (one strongly consistent read per 100). */
  withoutEntry(moves: readonly BalanceMove[]): Promise<BalanceMove[]>;
  /** Puts moves in the reconciler's index, due at `dueAt`. */
  addGaps(moves: readonly BalanceMove[], dueAt: Date): Promise<void>;
  /** The gaps due at `now`, at most `limit` per shard. */
  dueGaps(now: Date, limit: number): Promise<LedgerGap[]>;
  dropGap(gap: LedgerGap): Promise<void>;
  /** Whether the entry was written by the reconciler for a function that died (its move then settled as an orphan). */
  writtenAsOrphan(aplicacaoId: number, id: number): Promise<boolean>;
}

/** The referenciaTipo of a refund: its credit carries the refunded entry's once-only marker. */
export const refundReferences: ReadonlySet<string> = new Set(['ESTORNO', 'ESTORNO_FALHA_ENVIO']);

export interface StatementPage {
  content: StatementEntry[];
  total: number;
}

/** One day of an application's statement (pattern 4c): the ids of its first and last entries, sums and counts. */
export interface StatementDay {
  /** YYYY-MM-DD, the date of the entries' `criadoEm` (service time zone). */
  dia: string;
  primeiroLancamentoId: number;
  ultimoLancamentoId: number;
  /** Sum of the day's debits (two places). */
  debitos: string;
  /** Sum of the day's refund credits (ESTORNO, ESTORNO_FALHA_ENVIO). */
  estornos: string;
  /** Sum of the day's other credits. */
  creditos: string;
  /** Entries per referenciaTipo. */
  contagens: Record<string, number>;
}

/** The entries with ids `from`..`to` (chain order), one referenciaTipo or all. */
export interface EntryRange {
  from: number;
  to: number;
  referenciaTipo?: string;
}

/** The tenant's reads of its ledger, one request each (a page: one GetItem and one Query). */
export interface StatementRepository {
  /** The balance (two places), strongly consistent; undefined when the application has none. */
  getSaldo(aplicacaoId: number): Promise<string | undefined>;
  /** A page of the statement, newest first, with the number of entries. */
  statementPage(aplicacaoId: number, page: number, size: number): Promise<StatementPage>;
  /** Messages sent so far (a counter raised in each send's commit, pattern 17c of docs/data-model.md). */
  messageCount(aplicacaoId: number): Promise<number>;
  /** The days from `de` to `ate` (both included) that have entries, oldest first: one Query. */
  statementDays(aplicacaoId: number, de: string, ate: string): Promise<StatementDay[]>;
  /**
   * Page `page` of the range's entries, newest first, given how many there are: without a referenciaTipo one
   * Query of the page's key range; with one, the range read newest first until the page is full.
   */
  rangePage(aplicacaoId: number, range: EntryRange, page: number, size: number, total: number): Promise<StatementEntry[]>;
  /** Every entry of the range, oldest first. */
  rangeEntries(aplicacaoId: number, range: EntryRange): Promise<StatementEntry[]>;
}

export interface NewEntry {
  aplicacaoId: number;
  tipo: EntryType;
  /** Positive decimal string, at most two places. */
  valor: string;
  descricao: string;
  referenciaTipo: string;
  referenciaId?: number | null;
  tarifaCobrada?: string | null;
  custoProviderAUsd?: string | null;
  custoProviderABrl?: string | null;
  custoProviderBUsd?: string | null;
  custoProviderBBrl?: string | null;
  cotacaoUsdBrl?: string | null;
  tipoConversa?: ConversationType | null;
}

export interface PostOptions {
  /**
   * Time spent writing the entry again after a lost race on an extra item or a failure of the store, measured on
   * the `now` clock; default 3 s. What is left then is the reconciler's (the move's details stay on the stream).
   */
  budgetMs?: number;
  /** Writes that commit with the entry, given the entry (they may name its id). */
  extras?: (entry: StatementEntry) => readonly ConditionalWrite<unknown>[];
  /** Counters on the balance item raised by the move (e.g. totalMensagens for /api/v2/stats). */
  increment?: Readonly<Record<string, number>>;
  /** What the reconciler does with the move if no function writes its entry; default MANTER. */
  seOrfao?: OrphanPolicy;
  /** A zero amount is a valid entry (a free message still leaves its trace); refused by default. */
  allowZero?: boolean;
  now?: Clock;
  /** Waits before writing the entry again (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Full jitter: writers that met on a counter shard spread out instead of meeting again.
const backoffMs = (attempt: number) => Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5));

export async function postEntry(repo: LedgerRepository, input: NewEntry, options: PostOptions = {}): Promise<StatementEntry> {
  const valor = toCents(input.valor);
  if (valor < 0n || (valor === 0n && !options.allowZero)) throw invalid('valor must be greater than 0', 'valor');
  const now = options.now ?? systemClock;
  const details: MoveDetails = {
    tipo: input.tipo,
    valor: fromCents(valor),
    descricao: input.descricao,
    referenciaTipo: input.referenciaTipo,
    referenciaId: input.referenciaId ?? null,
    tarifaCobrada: input.tarifaCobrada ?? null,
    custoProviderAUsd: input.custoProviderAUsd ?? null,
    custoProviderABrl: input.custoProviderABrl ?? null,
    custoProviderBUsd: input.custoProviderBUsd ?? null,
    custoProviderBBrl: input.custoProviderBBrl ?? null,
    cotacaoUsdBrl: input.cotacaoUsdBrl ?? null,
    tipoConversa: input.tipoConversa ?? null,
    // The spec's timestamps: local date-time without a zone.
    criadoEm: localDateTime(now()),
    seOrfao: options.seOrfao ?? 'MANTER',
  };
  const entry = movedEntry(await repo.move(input.aplicacaoId, details, options.increment), details);
  await recordEntry(repo, input.aplicacaoId, entry, options.extras?.(entry) ?? [], options);
  return entry;
}

/** Thrown when the reconciler wrote a move's entry first: it took the move for one whose function died, and settles it. */
export const moveTakenOver = new DomainError('conflict', 'The operation took too long and was undone; try again');

/**
 * Writes a moved entry with its extras. A lost race is written again within the budget; an extra refused by
 * its own condition leaves the entry alone and its reversal, then throws the refusal; a store failing past
 * the budget throws, and the reconciler writes the entry from the move's details.
 */
async function recordEntry(
  repo: LedgerRepository,
  aplicacaoId: number,
  entry: StatementEntry,
  extras: readonly ConditionalWrite<unknown>[],
  options: PostOptions,
): Promise<void> {
  const now = options.now ?? systemClock;
  const sleep = options.sleep ?? defaultSleep;
  const deadline = now().getTime() + (options.budgetMs ?? 3_000);
  for (let attempt = 1; ; attempt++) {
    let outcome: Recorded;
    try {
      outcome = await repo.record(aplicacaoId, entry, extras);
    } catch (error) {
      if (now().getTime() >= deadline) throw error;
      await sleep(backoffMs(attempt));
      continue;
    }
    if (outcome === 'recorded') return;
    if (outcome === 'taken') throw moveTakenOver;
    if (outcome === 'raced') {
      if (now().getTime() >= deadline) throw conflict('The statement is busy; try again');
      await sleep(backoffMs(attempt));
      continue;
    }
    await recordEntry(repo, aplicacaoId, entry, [], options);
    await reverse(repo, aplicacaoId, entry, options);
    throw outcome.refused;
  }
}

/**
 * Undoes a move whose extra writes were refused, after its entry was written alone: a debit is given back
 * (ESTORNO_FALHA_ENVIO, with its refund marker), a refund already made by another request is taken back
 * (ESTORNO_ANULADO). A reversal the balance no longer covers (spent meanwhile) is left, and logged by the caller's refusal.
 */
async function reverse(repo: LedgerRepository, aplicacaoId: number, entry: StatementEntry, options: PostOptions): Promise<void> {
  const { now, sleep, budgetMs } = options;
  const common = { aplicacaoId, valor: entry.valor, referenciaId: entry.id };
  const timing = { allowZero: true, ...(now ? { now } : {}), ...(sleep ? { sleep } : {}), ...(budgetMs ? { budgetMs } : {}) };
  try {
    if (entry.tipo === 'DEBIT') {
      await postEntry(
        repo,
        {
          ...common,
          tipo: 'CREDIT',
          descricao: `Estorno do lançamento ${entry.id}: operação recusada`,
          referenciaTipo: 'ESTORNO_FALHA_ENVIO',
        },
        { ...timing, extras: () => [repo.markerWrite(aplicacaoId, entry.id)] },
      );
    } else {
      await postEntry(
        repo,
        {
          ...common,
          tipo: 'DEBIT',
          descricao: `Anulação do lançamento ${entry.id}: estorno em duplicidade`,
          referenciaTipo: 'ESTORNO_ANULADO',
        },
        timing,
      );
    }
  } catch (error) {
    // The reversal's own refusal (the debit refunded meanwhile by someone else, the balance spent) ends the chain of undos.
    if (!(error instanceof DomainError)) throw error;
  }
}

/**
 * The reconciler's side of a move whose entry no function wrote (its function died between the move and the entry):
 * writes the entry from the move, marked an orphan, with what must go with it (a refund's once-only marker), and
 * settles the move as its policy says: ESTORNAR gives a debit back and takes a credit back, once (the entry's refund
 * marker). Returns false when the entry turned out to be its function's own. Safe to run again on the same move.
 */
export async function settleOrphanMove(
  repo: LedgerRepository,
  orphans: Pick<MoveFollower, 'writtenAsOrphan'>,
  move: BalanceMove,
  options: Pick<PostOptions, 'now' | 'sleep'> = {},
): Promise<boolean> {
  const { aplicacaoId, entry } = move;
  const marker =
    refundReferences.has(entry.referenciaTipo) && entry.referenciaId !== null ? [repo.markerWrite(aplicacaoId, entry.referenciaId)] : [];
  const outcome = await repo.record(aplicacaoId, entry, marker, true);
  if (outcome === 'raced') throw conflict('The statement is busy; the reconciler tries again');
  if (outcome === 'taken' && !(await orphans.writtenAsOrphan(aplicacaoId, entry.id))) return false;
  if (typeof outcome === 'object') {
    // A refund whose debit another request refunded meanwhile: kept in the chain, and taken back.
    await repo.record(aplicacaoId, entry, [], true);
    await reverse(repo, aplicacaoId, entry, options);
    return true;
  }
  if (move.seOrfao === 'ESTORNAR' && !(await repo.isRefunded(aplicacaoId, entry.id))) {
    // A debit is given back; a credit (a paid invoice whose move to PAGA never committed: the invoice is still open and
    // will be paid again) is taken back. Once: the entry's refund marker goes with the undo.
    const undo =
      entry.tipo === 'DEBIT'
        ? {
            tipo: 'CREDIT' as const,
            descricao: `Estorno automático: operação não concluída (lançamento ${entry.id})`,
            referenciaTipo: 'ESTORNO_FALHA_ENVIO',
          }
        : {
            tipo: 'DEBIT' as const,
            descricao: `Anulação automática: operação não concluída (lançamento ${entry.id})`,
            referenciaTipo: 'CREDITO_ANULADO',
          };
    try {
      await postEntry(
        repo,
        { aplicacaoId, valor: entry.valor, referenciaId: entry.id, ...undo },
        { ...options, allowZero: true, extras: () => [repo.markerWrite(aplicacaoId, entry.id)] },
      );
    } catch (error) {
      // Undone meanwhile (the marker): nothing is left to undo.
      if (!(error instanceof DomainError)) throw error;
      if (error.kind !== 'conflict') {
        // A credit already spent cannot be taken back: said, and left. A debit's give-back has no such reason to fail.
        if (entry.tipo === 'DEBIT') throw error;
        log.warn('orphan credit not taken back', { aplicacaoId, lancamentoId: entry.id, kind: error.kind });
      }
    }
  }
  return true;
}

/** Billed services other than messages, each with its own referenciaTipo; FATURA_PLANO (a paid plan invoice) is a credit. */
export const serviceReferences = ['IA_INTERACAO', 'APP_CHAT', 'APP_PUSH', 'CARIMBO_TEMPO', 'FATURA_PLANO'] as const;
export type ServiceReference = (typeof serviceReferences)[number];

/**
 * Charges (or, for FATURA_PLANO, credits) one billed service through the same ledger operation as
 * messages. No WhatsApp provider cost applies, so those fields stay null; tarifaCobrada is the amount.
 */
export function chargeService(
  aplicacaoId: number,
  charge: { referenciaTipo: ServiceReference; valor: string; descricao: string; referenciaId?: number | null },
  repo: LedgerRepository, // dynamoLedgerRepository() from #shared/db/ledger in a Lambda
  options: PostOptions = {},
): Promise<StatementEntry> {
  const credit = charge.referenciaTipo === 'FATURA_PLANO';
  return postEntry(
    repo,
    {
      aplicacaoId,
      tipo: credit ? 'CREDIT' : 'DEBIT',
      valor: charge.valor,
      descricao: charge.descricao,
      referenciaTipo: charge.referenciaTipo,
      referenciaId: charge.referenciaId ?? null,
      tarifaCobrada: credit ? null : fromCents(toCents(charge.valor)),
    },
    options,
  );
}

/** The refusal of a second refund of the same entry. */
export const alreadyRefunded = (lancamentoId: number): DomainError => conflict(`entry ${lancamentoId} has already been refunded`);

export interface RefundStore {
  getEntry(aplicacaoId: number, id: number): Promise<StatementEntry | undefined>;
}

/**
 * A refund (estorno) of a debit: a CREDIT of the same valor referring to it (referenciaTipo
 * ESTORNO), written with the entry's refund marker, so the same entry is refunded at most once
 * however many requests arrive together (the second gets a conflict). A failed send's automatic
 * compensation writes the same marker.
 */
export async function refundEntry(
  repo: LedgerRepository,
  store: RefundStore,
  aplicacaoId: number,
  input: { lancamentoId: number; motivo?: string },
  /** Writes that commit with the refund's entry, given the entry (its RFC 3161 stamp: docs/stamps.md). */
  extras: (entry: StatementEntry) => readonly ConditionalWrite<never>[] = () => [],
): Promise<StatementEntry> {
  const original = await store.getEntry(aplicacaoId, input.lancamentoId);
  if (!original) throw notFound('lancamento');
  if (original.tipo !== 'DEBIT') throw invalid('Only a debit can be refunded', 'lancamentoId');
  if (toCents(original.valor) === 0n) throw invalid('A debit of 0.00 has nothing to refund', 'lancamentoId');
  // Read first, so a second refund is refused with nothing written; two at once both move, and the marker
  // written with the entry lets one through and reverses the other (postEntry).
  if (await repo.isRefunded(aplicacaoId, original.id)) throw alreadyRefunded(original.id);
  return postEntry(
    repo,
    {
      aplicacaoId,
      tipo: 'CREDIT',
      valor: original.valor,
      descricao: `Estorno do lançamento ${original.id}${input.motivo ? `: ${input.motivo}` : ''}`,
      referenciaTipo: 'ESTORNO',
      referenciaId: original.id,
    },
    { extras: (entry) => [repo.markerWrite(aplicacaoId, original.id), ...extras(entry)] },
  );
}
