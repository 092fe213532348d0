// The USD->BRL rate: fetched every 5 minutes from an AwesomeAPI-shaped source, validated, and
// stored with its timestamp. A failing source never overwrites the last good rate; a rate older
// than 30 minutes is reported (the entry point turns that into a log warning and a metric).
import { systemClock, type Clock } from '#shared/domain/time';
import { log } from '#shared/log';

export interface ExchangeRate {
  /** Exact decimal text, e.g. "5.4321" (stored as a DynamoDB number). */
  valor: string;
  /** ISO instant with Z. */
  obtidaEm: string;
  fonte: string;
}

export interface ExchangeRateRepository {
  get(): Promise<ExchangeRate | undefined>;
  put(rate: ExchangeRate): Promise<void>;
}

export const STALE_AFTER_MINUTES = 30;

const RATE = /^\d{1,3}(?:\.\d{1,10})?$/;

/** The `bid` of an AwesomeAPI answer ({"USDBRL":{"bid":"5.4321",...}}) if it is a sane USD->BRL rate (1 to 20). */
export function parseRate(body: unknown): string {
  const quote = (body as { USDBRL?: { bid?: unknown; code?: unknown; codein?: unknown } } | null)?.USDBRL;
  const bid = typeof quote?.bid === 'string' ? quote.bid.trim() : typeof quote?.bid === 'number' ? String(quote.bid) : undefined;
  if (!quote || bid === undefined) throw new Error('exchange-rate source answered without USDBRL.bid');
  if ((quote.code !== undefined && quote.code !== 'USD') || (quote.codein !== undefined && quote.codein !== 'BRL')) {
    throw new Error('exchange-rate source answered another currency pair');
  }
  if (!RATE.test(bid)) throw new Error(`exchange-rate bid is not a decimal: ${bid.slice(0, 20)}`);
  // Range checked on the text: integer part 1..19, or exactly 20.
  const [units, fraction = ''] = bid.split('.');
  const whole = Number(units);
  const inRange = (whole >= 1 && whole < 20) || (whole === 20 && !/[1-9]/.test(fraction));
  if (!inRange) throw new Error(`exchange-rate bid out of the sane range 1..20: ${bid}`);
  return bid;
}

export interface RefreshDeps {
  repo: ExchangeRateRepository;
  /** Fetches and parses the source's JSON (throws on any failure). */
  fetchJson: () => Promise<unknown>;
  fonte: string;
  now?: Clock;
}

export interface RefreshResult {
  /** The new rate was stored. */
  updated: boolean;
  /** The rate in force after the run (undefined when none was ever stored). */
  rate: ExchangeRate | undefined;
  /** Minutes since the rate in force was obtained (undefined when none). */
  ageMinutes: number | undefined;
  stale: boolean;
}

export async function refreshExchangeRate(deps: RefreshDeps): Promise<RefreshResult> {
  const now = deps.now ?? systemClock;
  let updated = false;
  let rate: ExchangeRate | undefined;
  try {
    const valor = parseRate(await deps.fetchJson());
    rate = { valor, obtidaEm: now().toISOString(), fonte: deps.fonte };
    await deps.repo.put(rate);
    updated = true;
    log.info('exchange rate stored', { valor, fonte: deps.fonte });
  } catch (error) {
    // Keep the last good rate: nothing is written.
    log.error('exchange-rate refresh failed; keeping the last good rate', { error, fonte: deps.fonte });
    rate = await deps.repo.get();
  }
  const ageMinutes = rate ? Math.max(0, Math.floor((now().getTime() - Date.parse(rate.obtidaEm)) / 60_000)) : undefined;
  const stale = ageMinutes === undefined || ageMinutes > STALE_AFTER_MINUTES;
  return { updated, rate, ageMinutes, stale };
}
