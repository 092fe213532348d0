// The ledger of an application: its balance and its statement (extrato). Every change of the
// balance goes through postEntry, which writes the new balance and the statement entry that
// explains it in one all-or-nothing commit. The commit is optimistic: it only succeeds if the
// balance is still the one read just before, so saldoAnterior +/- valor = saldoPosterior holds
// for every entry and consecutive entries chain, whatever the concurrency. A lost race is
// re-read and retried. Credits (admin panel), message debits and their compensations, refunds
// and the other billed services (chargeService) all go through it.
//
// The commit is a unit of work (below): the balance update, the entry, and the extra writes that
// must happen with the entry or not at all (the message of a send, a refund's once-only marker).
// Repositories prepare the writes; the domain only passes them along and reads the outcome, so this
// file knows nothing of DynamoDB.
import { localDateTime, systemClock, type Clock } from '#shared/domain/time';
import { DomainError, conflict, invalid, notFound } from '#shared/domain/errors';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import { fromCents, toCents } from '#shared/domain/money';
import { maskPhone } from '#shared/domain/masking';

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

/** What a commit is conditioned on: the balance and the id of the last entry, as read. */
export interface LedgerState {
  saldo: string;
  ultimoLancamentoId: number;
}

export interface CommitExtras {
  /** Writes that commit with the entry; a refused one makes the commit throw its refusal. */
  writes?: readonly ConditionalWrite[];
  /** Counters on the balance item raised in the same commit (e.g. totalMensagens for /api/v2/stats). */
  increment?: Readonly<Record<string, number>>;
}

export interface LedgerRepository {
  /** Strongly consistent read of the balance item; undefined when the application has none. */
  readBalance(aplicacaoId: number): Promise<LedgerState | undefined>;
  /**
   * Sets the balance to entry.saldoPosterior and the last entry id to entry.id, and stores the
   * entry and the extras, all or nothing (one unit of work), only if the balance item still holds
   * `before`. Returns false when it no longer does (another commit came first); throws the refusal
   * of an extra write its own condition refused.
   */
  commit(aplicacaoId: number, before: LedgerState, entry: StatementEntry, extras?: CommitExtras): Promise<boolean>;
}

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
  /** Commits attempted before giving up with a conflict (default: no limit but the time budget). */
  maxAttempts?: number;
  /**
   * Time spent retrying lost races before giving up with a conflict, measured on the `now` clock (one that never
   * moves never runs out: bound the attempts); default 10 s.
   */
  budgetMs?: number;
  /** Writes that commit with the entry, built per attempt since they may name the entry's id. */
  extras?: (entry: StatementEntry) => CommitExtras;
  /** A zero amount is a valid entry (a free message still leaves its trace); refused by default. */
  allowZero?: boolean;
  now?: Clock;
  /** Waits before a retry (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * The balance as the caller just read it: the first attempt commits on it instead of reading it
   * again (one request fewer), unless this process has committed to the application since.
   */
  known?: LedgerState;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Full jitter: concurrent losers spread out instead of colliding again in lockstep.
const backoffMs = (attempt: number) => Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5));

// One commit at a time per application within this process: requests of one container (and the
// whole local run, one process) queue here instead of losing races to each other in DynamoDB.
// Other containers still race; the conditional commit keeps that correct and the retry loop
// resolves it.
const applicationLocks = new Map<number, Promise<unknown>>();
// The last entry id this process committed per application: tells a caller's `known` balance stale.
const lastCommitted = new Map<number, number>();

export async function withApplicationLock<T>(aplicacaoId: number, work: () => Promise<T>): Promise<T> {
  const previous = applicationLocks.get(aplicacaoId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  applicationLocks.set(aplicacaoId, tail);
  try {
    return await run;
  } finally {
    // The last one out leaves no entry behind.
    if (applicationLocks.get(aplicacaoId) === tail) applicationLocks.delete(aplicacaoId);
  }
}

export function postEntry(repo: LedgerRepository, input: NewEntry, options: PostOptions = {}): Promise<StatementEntry> {
  const valor = toCents(input.valor);
  if (valor < 0n || (valor === 0n && !options.allowZero)) return Promise.reject(invalid('valor must be greater than 0', 'valor'));
  return withApplicationLock(input.aplicacaoId, () => postLocked(repo, input, valor, options));
}

async function postLocked(repo: LedgerRepository, input: NewEntry, valor: bigint, options: PostOptions): Promise<StatementEntry> {
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? systemClock;
  // The budget is measured on the same clock as the entries' timestamps: a test that pins the clock controls it.
  const deadline = now().getTime() + (options.budgetMs ?? 10_000);

  const known = options.known;
  const knownIsFresh = known !== undefined && (lastCommitted.get(input.aplicacaoId) ?? 0) <= known.ultimoLancamentoId;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const before = attempt === 1 && knownIsFresh ? known : await repo.readBalance(input.aplicacaoId);
    if (!before) throw notFound('application');
    const anterior = toCents(before.saldo);
    const posterior = input.tipo === 'CREDIT' ? anterior + valor : anterior - valor;
    if (posterior < 0n) {
      throw new DomainError('insufficient_balance', 'Insufficient balance', { saldo: fromCents(anterior) });
    }
    const entry: StatementEntry = {
      id: before.ultimoLancamentoId + 1,
      tipo: input.tipo,
      valor: fromCents(valor),
      saldoAnterior: fromCents(anterior),
      saldoPosterior: fromCents(posterior),
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
    };
    if (await repo.commit(input.aplicacaoId, before, entry, options.extras?.(entry))) {
      lastCommitted.set(input.aplicacaoId, entry.id);
      return entry;
    }
    if (now().getTime() >= deadline) break;
    await sleep(backoffMs(attempt));
  }
  throw conflict('The balance is changing concurrently; try again');
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

export interface RefundStore {
  getEntry(aplicacaoId: number, id: number): Promise<StatementEntry | undefined>;
  /** The once-only marker of a refunded entry; refused (conflict) when the entry was refunded before. */
  markerWrite(aplicacaoId: number, lancamentoId: number): ConditionalWrite;
}

/**
 * A refund (estorno) of a debit: a CREDIT of the same valor referring to it (referenciaTipo
 * ESTORNO), committed with the entry's refund marker, so the same entry is refunded at most once
 * however many requests arrive together (the second gets a conflict). A failed send's automatic
 * compensation writes the same marker.
 */
export async function refundEntry(
  repo: LedgerRepository,
  store: RefundStore,
  aplicacaoId: number,
  input: { lancamentoId: number; motivo?: string },
): Promise<StatementEntry> {
  const original = await store.getEntry(aplicacaoId, input.lancamentoId);
  if (!original) throw notFound('lancamento');
  if (original.tipo !== 'DEBIT') throw invalid('Only a debit can be refunded', 'lancamentoId');
  if (toCents(original.valor) === 0n) throw invalid('A debit of 0.00 has nothing to refund', 'lancamentoId');
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
    { extras: () => ({ writes: [store.markerWrite(aplicacaoId, original.id)] }) },
  );
}
