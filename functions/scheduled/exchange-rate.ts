// Fired every 5 minutes (EventBridge; the local scheduler under `npm start`): fetches USD->BRL
// from config().exchangeRateUrl and stores it. A stale rate (> 30 min) is logged as a warning and
// emitted as the CloudWatch Embedded Metric ExchangeRateAgeMinutes, on which an alarm is set.
import { config } from '#shared/config';
import { dynamoExchangeRateRepository } from '#shared/db/exchange-rate';
import { refreshExchangeRate, STALE_AFTER_MINUTES, type RefreshResult } from '#shared/domain/exchange-rate';
import { systemClock, type Clock } from '#shared/domain/time';
import { log, withLambdaLog } from '#shared/log';
import { putMetric } from '#shared/metrics';

const TIMEOUT_MS = 5_000;

/** The source named by its host only (a query string could carry an API key). */
const sourceName = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return 'unknown';
  }
};

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`exchange-rate source answered ${response.status}`);
  return response.json();
}

/** The metric WhatsappPlatform/ExchangeRateAgeMinutes, no dimensions (its alarm is keyed on exactly that). */
export function emitRateAgeMetric(ageMinutes: number, now: Date): void {
  putMetric('ExchangeRateAgeMinutes', ageMinutes, { unit: 'None', timestamp: now });
}

const rates = dynamoExchangeRateRepository();

export interface RunOptions {
  now?: Clock;
  url?: string;
}

export async function runExchangeRate(options: RunOptions = {}): Promise<RefreshResult> {
  const url = options.url ?? config().exchangeRateUrl;
  const now = options.now ?? systemClock;
  const result = await refreshExchangeRate({
    repo: rates,
    fetchJson: () => fetchJson(url),
    fonte: sourceName(url),
    now,
  });
  if (result.stale) {
    log.warn('exchange rate is stale', {
      ageMinutes: result.ageMinutes ?? null,
      staleAfterMinutes: STALE_AFTER_MINUTES,
      obtidaEm: result.rate?.obtidaEm ?? null,
    });
    // With no rate at all there is no age to report: the alarm treats missing data as breaching.
    if (result.ageMinutes !== undefined) emitRateAgeMetric(result.ageMinutes, now());
  }
  return result;
}

export const handler = withLambdaLog(async (): Promise<void> => {
  await runExchangeRate();
});
