// The ledger of an application: its balance and its statement (extrato). Every change of the
// balance goes through postEntry, which writes the new balance and the statement entry that
// explains it in one all-or-nothing commit. The commit is optimistic: it only succeeds if the
// balance is still the one read just before, so saldoAnterior +/- valor = saldoPosterior holds
// for every entry and consecutive entries chain, whatever the concurrency. A lost race is
// re-read and retried. Credits (admin panel) use it today; the messaging issue adds debits.
import { localDateTime } from '#shared/domain/contact';
import { DomainError, conflict, invalid, notFound } from '#shared/domain/errors';
import { fromCents, toCents } from '#shared/domain/money';

export type EntryType = 'CREDIT' | 'DEBIT';
export type ConversationType = 'UTILITY' | 'AUTHENTICATION' | 'MARKETING' | 'SERVICE';

/** The spec's statement entry. Amounts are decimal strings with two places; what does not apply is null. */
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
  /** Origin of the entry: CREDITO (admin credit), MENSAGEM_ENVIADA, ... */
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

export interface LedgerRepository {
  /** Strongly consistent read of the balance item; undefined when the application has none. */
  readBalance(aplicacaoId: number): Promise<LedgerState | undefined>;
  /**
   * Sets the balance to entry.saldoPosterior and the last entry id to entry.id, and stores the
   * entry, all or nothing, only if the balance item still holds `before`. Returns false when
   * it no longer does (another commit came first).
   */
  commit(aplicacaoId: number, before: LedgerState, entry: StatementEntry): Promise<boolean>;
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
  /** Commits attempted before giving up with a conflict. */
  maxAttempts?: number;
  now?: () => string;
  /** Waits before a retry (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Full jitter: concurrent losers spread out instead of colliding again in lockstep.
const backoffMs = (attempt: number) => Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5));

export async function postEntry(repo: LedgerRepository, input: NewEntry, options: PostOptions = {}): Promise<StatementEntry> {
  const valor = toCents(input.valor);
  if (valor <= 0n) throw invalid('valor must be greater than 0', 'valor');
  const maxAttempts = options.maxAttempts ?? 30;
  const sleep = options.sleep ?? defaultSleep;
  // The spec's timestamps: local date-time without a zone.
  const now = options.now ?? (() => localDateTime(new Date()));

  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const before = await repo.readBalance(input.aplicacaoId);
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
      criadoEm: now(),
    };
    if (await repo.commit(input.aplicacaoId, before, entry)) return entry;
    await sleep(backoffMs(attempt));
  }
  throw conflict('The balance is changing concurrently; try again');
}
