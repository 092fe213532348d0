// The rules of delivery statuses without DynamoDB: ranks that only go up, unknown messages retried
// then recorded, another application's message untouched, exact cost arithmetic, rate parsing.
import { multiplyDecimals } from '#shared/domain/money';
import { describe, expect, it } from 'vitest';
import {
  absDecimal,
  applyStatusCallback,
  defaultProviderBPrices,
  providerBPrices,
  statusRank,
  type ApplyDeps,
  type CostCorrection,
  type DeliveryStatusRepository,
  type MessageState,
  type OrphanStatus,
  type StatusCallbackInput,
} from '#shared/domain/delivery-status';
import { parseRate } from '#shared/domain/exchange-rate';

function memoryRepo(
  options: {
    known?: boolean;
    /** The message is still QUEUED and its provider id unknown (its move to SENT was never written). */
    queued?: boolean;
    aplicacaoId?: number;
    lancamentoId?: number | null;
    provider?: 'provider_a' | 'provider_b' | 'link';
  } = {},
) {
  const ref = { aplicacaoId: options.aplicacaoId ?? 7, mensagemId: 11, provider: options.provider ?? 'provider_a' };
  const state: MessageState & { dataLeitura: string | null; errorCode: string | null; messageSid: string | null } = {
    status: options.queued ? 'QUEUED' : 'SENT',
    statusRank: options.queued ? statusRank.QUEUED : statusRank.SENT,
    messageSid: options.queued ? null : 'SM1',
    dataEnvio: '2025-03-10T09:00:00',
    dataEntrega: null,
    dataLeitura: null,
    errorCode: null,
    lancamentoId: options.lancamentoId ?? null,
    contexto: null,
    campanhaId: null,
    campanhaLinha: null,
  };
  const orphans: OrphanStatus[] = [];
  const costs: { usd: string; brl: string | null }[] = [];
  const repo: DeliveryStatusRepository = {
    findRef: async (sid) => (options.known === false || state.messageSid !== sid ? undefined : ref),
    settleQueued: async (named, sid) => {
      const same = named.aplicacaoId === ref.aplicacaoId && named.mensagemId === ref.mensagemId && named.provider === ref.provider;
      if (!same || state.status !== 'QUEUED') return false;
      Object.assign(state, { status: 'SENT', statusRank: statusRank.SENT, messageSid: sid });
      return true;
    },
    getMessage: async () => ({ ...state }),
    updateStatus: async (_, update) => {
      if (state.status !== update.from || state.statusRank >= update.statusRank) return 'moved';
      Object.assign(state, { status: update.status, statusRank: update.statusRank });
      if (update.dataEntrega !== undefined) state.dataEntrega = update.dataEntrega;
      if (update.dataLeitura !== undefined) state.dataLeitura = update.dataLeitura;
      if (update.errorCode !== undefined) state.errorCode = update.errorCode;
      return 'applied';
    },
    correctCost: async (_a, _l, correction: CostCorrection, currentRate) => {
      if (costs.length > 0) return false;
      costs.push({ usd: correction.usd, brl: correction.brlFor(await currentRate()) });
      return true;
    },
    recordOrphan: async (o) => {
      orphans.push(o);
    },
  };
  return { repo, state, orphans, costs };
}

const deps = (repo: DeliveryStatusRepository, rate: string | null = '5.4321'): ApplyDeps => ({
  repo,
  currentRate: async () => rate,
  providerBPrices: defaultProviderBPrices,
  toLocal: (iso) => iso.slice(0, 19),
});

const cb = (status: StatusCallbackInput['status'], extra: Partial<StatusCallbackInput> = {}): StatusCallbackInput => ({
  provider: 'provider_a',
  messageSid: 'SM1',
  status,
  occurredAt: '2026-11-22T13:00:00.000Z',
  ...extra,
});

describe('applyStatusCallback', () => {
  it('raises the status and ignores a lower or equal rank', async () => {
    const { repo, state } = memoryRepo();

    const read = await applyStatusCallback(deps(repo), cb('read'), 1);
    const delivered = await applyStatusCallback(deps(repo), cb('delivered', { occurredAt: '2026-11-22T14:00:00.000Z' }), 1);

    expect([read, delivered]).toEqual(['applied', 'stale']);
    expect(state).toMatchObject({ status: 'READ', dataEntrega: '2026-11-22T13:00:00', dataLeitura: '2026-11-22T13:00:00' });
  });

  it('keeps the error of a failed message', async () => {
    const { repo, state } = memoryRepo();

    await applyStatusCallback(deps(repo), cb('failed', { errorCode: '63016' }), 1);

    expect(state).toMatchObject({ status: 'FAILED', errorCode: '63016', dataEntrega: null });
  });

  it('throws for an unknown message until the third receive, then records it and returns', async () => {
    const { repo, orphans } = memoryRepo({ known: false });

    await expect(applyStatusCallback(deps(repo), cb('sent'), 1)).rejects.toThrow();
    await expect(applyStatusCallback(deps(repo), cb('sent'), 2)).rejects.toThrow();
    const third = await applyStatusCallback(deps(repo), cb('sent'), 3);

    expect(third).toBe('orphan');
    expect(orphans).toEqual([
      { messageSid: 'SM1', provider: 'provider_a', status: 'sent', aplicacaoId: undefined, reason: 'unknown message' },
    ]);
  });

  it('settles a QUEUED message named by the reference the provider echoed, then applies the status', async () => {
    const { repo, state } = memoryRepo({ queued: true });

    const outcome = await applyStatusCallback(deps(repo), cb('delivered', { referencia: '7.11' }), 1);

    expect(outcome).toBe('applied');
    expect(state).toMatchObject({ status: 'DELIVERED', messageSid: 'SM1', dataEntrega: '2026-11-22T13:00:00' });
  });

  it.each([
    ['a reference to another application than the one that signed', { referencia: '8.11', aplicacaoId: 8 }],
    ['a reference to another message', { referencia: '7.12' }],
    ['a malformed reference', { referencia: '7.11.0' }],
  ])('settles nothing for %s (the callback stays unknown)', async (_, extra) => {
    const { repo, state } = memoryRepo({ queued: true });

    await expect(applyStatusCallback(deps(repo), cb('delivered', extra), 1)).rejects.toThrow('not known yet');

    expect(state).toMatchObject({ status: 'QUEUED', messageSid: null });
  });

  it('settles nothing when the late signature check fails', async () => {
    const { repo, state, orphans } = memoryRepo({ queued: true });

    const outcome = await applyStatusCallback({ ...deps(repo), verifyLate: async () => false }, cb('sent', { referencia: '7.11' }), 1);

    expect(outcome).toBe('rejected');
    expect(state.status).toBe('QUEUED');
    expect(orphans).toEqual([expect.objectContaining({ reason: 'invalid signature', aplicacaoId: 7 })]);
  });

  it("leaves another application's message untouched", async () => {
    const { repo, state } = memoryRepo({ aplicacaoId: 7 });

    const outcome = await applyStatusCallback(deps(repo), cb('read', { aplicacaoId: 8 }), 1);

    expect(outcome).toBe('rejected');
    expect(state.status).toBe('SENT');
  });

  it.each(['provider_b', 'link'] as const)('leaves a message sent through %s untouched by a provider_a callback', async (provider) => {
    const { repo, state, orphans } = memoryRepo({ provider });

    const outcome = await applyStatusCallback(deps(repo), cb('read'), 1);

    expect(outcome).toBe('rejected');
    expect(state.status).toBe('SENT');
    expect(orphans).toEqual([expect.objectContaining({ messageSid: 'SM1', reason: `message sent through ${provider}` })]);
  });

  it('drops a late-verified callback whose signature fails', async () => {
    const { repo, state } = memoryRepo();

    const outcome = await applyStatusCallback({ ...deps(repo), verifyLate: async () => false }, cb('read'), 1);

    expect(outcome).toBe('rejected');
    expect(state.status).toBe('SENT');
  });

  it('corrects the cost with the provider_b price table and the current rate, once', async () => {
    const { repo, costs } = memoryRepo({ lancamentoId: 3, provider: 'provider_b' });
    const b = (status: StatusCallbackInput['status']) => cb(status, { provider: 'provider_b', tipoConversa: 'MARKETING' });

    await applyStatusCallback(deps(repo), b('sent'), 1);
    await applyStatusCallback(deps(repo), b('delivered'), 1);

    expect(costs).toEqual([{ usd: '0.0625', brl: '0.34' }]);
  });

  it('leaves BRL null when no rate is known, and skips messages without a statement entry', async () => {
    const withEntry = memoryRepo({ lancamentoId: 3 });
    const withoutEntry = memoryRepo({ lancamentoId: null });

    await applyStatusCallback(deps(withEntry.repo, null), cb('sent', { priceUsd: '0.0050' }), 1);
    await applyStatusCallback(deps(withoutEntry.repo), cb('sent', { priceUsd: '0.0050' }), 1);

    expect(withEntry.costs).toEqual([{ usd: '0.005', brl: null }]);
    expect(withoutEntry.costs).toEqual([]);
  });
});

describe('exact decimals', () => {
  it.each([
    ['0.005', '5', '0.03'],
    ['0.004', '5', '0.02'],
    ['0.0625', '5.4321', '0.34'],
    ['0.0068', '5.4321', '0.04'],
    ['1', '5.4321', '5.43'],
    ['0.1', '0.25', '0.03'],
    ['123456789.123456789', '5.4321', '670629624.20'],
    ['0', '5.4321', '0.00'],
  ])('%s × %s = %s (half-up to cents)', (a, b, expected) => {
    expect(multiplyDecimals(a, b, 2)).toBe(expected);
  });

  it('takes the absolute value of a price and drops insignificant zeros', () => {
    expect(absDecimal('-0.00500')).toBe('0.005');
    expect(absDecimal('0.0100')).toBe('0.01');
    expect(absDecimal('-2')).toBe('2');
    expect(() => absDecimal('1e-3')).toThrow();
  });

  it('reads the provider_b price table override and ignores malformed pairs', () => {
    expect(providerBPrices('MARKETING=0.07, utility=0.008,SERVICE=-1,OTHER=3,AUTHENTICATION=x')).toEqual({
      MARKETING: '0.07',
      UTILITY: '0.008',
      AUTHENTICATION: defaultProviderBPrices.AUTHENTICATION,
      SERVICE: defaultProviderBPrices.SERVICE,
    });
  });
});

describe('parseRate (AwesomeAPI shape)', () => {
  const quote = (bid: unknown, extra: Record<string, unknown> = {}) => ({ USDBRL: { code: 'USD', codein: 'BRL', bid, ...extra } });

  it('accepts a sane bid exactly as sent', () => {
    expect(parseRate(quote('5.4321'))).toBe('5.4321');
    expect(parseRate(quote('20.0000'))).toBe('20.0000');
    expect(parseRate(quote('1'))).toBe('1');
  });

  it.each([
    [quote('0.99')],
    [quote('20.01')],
    [quote('abc')],
    [quote('-5.1')],
    [quote('5,43')],
    [{}],
    [null],
    [quote('5.43', { codein: 'EUR' })],
  ])('refuses %j', (body) => {
    expect(() => parseRate(body)).toThrow();
  });
});
