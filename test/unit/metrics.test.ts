// One EMF helper for every custom metric; the exchange-rate metric keeps its exact shape (its alarm).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitRateAgeMetric } from '#functions/scheduled/exchange-rate';
import { metricRecord, putMetric } from '#shared/metrics';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('Embedded Metric Format', () => {
  it('writes one EMF line per data point, in the WhatsappPlatform namespace, whatever LOG_LEVEL says', () => {
    vi.stubEnv('LOG_LEVEL', 'error');
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const at = new Date('2026-11-22T10:00:00Z');

    putMetric('SendsRefused', 2, { unit: 'Count', dimensions: { provider: 'provider_a' }, timestamp: at });

    expect(JSON.parse(String(out.mock.calls[0]?.[0]))).toEqual({
      _aws: {
        Timestamp: at.getTime(),
        CloudWatchMetrics: [
          { Namespace: 'WhatsappPlatform', Dimensions: [['provider']], Metrics: [{ Name: 'SendsRefused', Unit: 'Count' }] },
        ],
      },
      provider: 'provider_a',
      SendsRefused: 2,
    });
  });

  it('writes ExchangeRateAgeMinutes exactly as the exchange-rate function wrote it by hand (no dimensions, unit None)', () => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const now = new Date('2026-11-22T10:31:00Z');

    emitRateAgeMetric(31, now);

    expect(JSON.parse(String(out.mock.calls[0]?.[0]))).toEqual({
      _aws: {
        Timestamp: now.getTime(),
        CloudWatchMetrics: [
          { Namespace: 'WhatsappPlatform', Dimensions: [[]], Metrics: [{ Name: 'ExchangeRateAgeMinutes', Unit: 'None' }] },
        ],
      },
      ExchangeRateAgeMinutes: 31,
    });
    expect(metricRecord('X', 1)).toMatchObject({ _aws: { CloudWatchMetrics: [{ Metrics: [{ Name: 'X', Unit: 'None' }] }] } });
  });
});
