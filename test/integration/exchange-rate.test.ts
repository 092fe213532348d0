// The USD->BRL schedule under the local service: the scheduler fires it at start against the
// loopback fixture; a failing source keeps the last good rate; a rate older than 30 minutes is
// reported as a warning and an Embedded Metric Format line.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runExchangeRate } from '#functions/scheduled/exchange-rate';
import { useLocalService } from '../support/local-service.ts';
import { dynamoExchangeRateRepository } from '#shared/db/exchange-rate';
import { scheduledFunctions } from '#infra/functions';
import { asFunction } from '#infra/local/iam-guard';

/** The refresh, run as its Lambda (its calls pass that role's grants). */
const runAsSchedule = (...args: Parameters<typeof runExchangeRate>) =>
  asFunction(scheduledFunctions.exchangeRate.id, () => runExchangeRate(...args));

const rates = () => dynamoExchangeRateRepository();

const service = useLocalService({ schedules: true });

afterEach(() => {
  service.exchangeRateSource.fail(false);
  vi.restoreAllMocks();
});

const lines = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => String(c[0]));

describe('exchange-rate schedule', () => {
  it('is fired by the local scheduler at start and stores the fixture rate exactly', async () => {
    // Prepare: the scheduler's first run happens ~2 s after start.
    const deadline = Date.now() + 15_000;
    let stored = await rates().get();
    // Act
    while (!stored && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      stored = await rates().get();
    }
    // Assess
    expect(stored).toMatchObject({ valor: '5.4321', fonte: new URL(service.exchangeRateSource.url).host });
    expect(Date.now() - Date.parse(stored!.obtidaEm)).toBeLessThan(60_000);
    expect(service.exchangeRateSource.requests()).toBeGreaterThanOrEqual(1);
  });

  it('stores a new bid with its timestamp', async () => {
    service.exchangeRateSource.setBid('5.1234567');
    const now = new Date();

    const result = await runAsSchedule({ now: () => now });

    expect(result).toMatchObject({ updated: true, stale: false, ageMinutes: 0 });
    expect(await rates().get()).toEqual({
      valor: '5.1234567',
      obtidaEm: now.toISOString(),
      fonte: new URL(service.exchangeRateSource.url).host,
    });
  });

  it.each(['status', 'garbage', 'hang'] as const)(
    'keeps the last good rate and logs an error when the source fails (%s)',
    async (mode) => {
      // Prepare
      service.exchangeRateSource.setBid('5.5000');
      await runAsSchedule();
      const before = await rates().get();
      service.exchangeRateSource.setBid('6.0000');
      service.exchangeRateSource.fail(mode);
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

      // Act
      const result = await runAsSchedule();

      // Assess
      expect(result.updated).toBe(false);
      expect(await rates().get()).toEqual(before);
      expect(lines(errors).some((l) => l.includes('exchange-rate refresh failed'))).toBe(true);
    },
    15_000,
  );

  it('refuses a rate outside the sane range and keeps the last good one', async () => {
    await runAsSchedule();
    const before = await rates().get();
    service.exchangeRateSource.setBid('54.321');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await runAsSchedule();

    expect(await rates().get()).toEqual(before);
  });

  it('warns and emits the ExchangeRateAgeMinutes metric when the rate is older than 30 minutes', async () => {
    // Prepare: a good rate now, then the source fails for 31 minutes.
    service.exchangeRateSource.setBid('5.4321');
    const t0 = new Date();
    await runAsSchedule({ now: () => t0 });
    service.exchangeRateSource.fail('status');
    const later = new Date(t0.getTime() + 31 * 60_000);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    // Act
    const result = await runAsSchedule({ now: () => later });

    // Assess
    expect(result).toMatchObject({ stale: true, ageMinutes: 31 });
    expect(lines(errors).some((l) => l.includes('exchange rate is stale') && l.includes('"ageMinutes":31'))).toBe(true);
    const emf = lines(out)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => '_aws' in l);
    expect(emf).toEqual({
      _aws: {
        Timestamp: later.getTime(),
        CloudWatchMetrics: [
          { Namespace: 'WhatsappPlatform', Dimensions: [[]], Metrics: [{ Name: 'ExchangeRateAgeMinutes', Unit: 'None' }] },
        ],
      },
      ExchangeRateAgeMinutes: 31,
    });
  });

  it('emits no metric while the rate is at most 30 minutes old', async () => {
    const t0 = new Date();
    await runAsSchedule({ now: () => t0 });
    service.exchangeRateSource.fail('status');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    const result = await runAsSchedule({ now: () => new Date(t0.getTime() + 30 * 60_000) });

    expect(result.stale).toBe(false);
    expect(lines(out).some((l) => l.includes('ExchangeRateAgeMinutes'))).toBe(false);
  });
});
