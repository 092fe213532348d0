// The stamping worker's use case (docs/stamps.md): a pending stamp's bytes sent to the TSA, its answer checked (by the
// TSA port: status, nonce, imprint, signature), and the token kept in the commit of one CARIMBO_TEMPO entry at the
// application's tariff (CARIMBO_TEMPO/RFC3161), through the one debit path. The token's write is conditioned on
// PENDENTE, so a stamp is charged once however many workers take it (a second one's debit is reversed by postEntry).
// A TSA that does not answer, or answers something refused, leaves the stamp PENDENTE for the next retry: nothing is
// written, the failure is logged and counted.
import { chargeService, type LedgerRepository } from '#shared/domain/ledger';
import { toCents } from '#shared/domain/money';
import type { Stamp, StampRepository, TimeStampAuthority } from '#shared/domain/stamps';
import { tariffFor, today, type TariffCatalogue } from '#shared/domain/tariffs';
import { systemClock, type Clock } from '#shared/domain/time';
import { DomainError } from '#shared/domain/errors';
import { log } from '#shared/log';

export const STAMP_TARIFF = { categoria: 'CARIMBO_TEMPO', subtipo: 'RFC3161' } as const;

export interface StampingDeps {
  stamps: StampRepository;
  tsa: TimeStampAuthority;
  ledger: LedgerRepository;
  tariffs: TariffCatalogue;
  now?: Clock;
}

/** FALHOU: the TSA gave no token; NAO_COBRADO: it did, but the charge could not be made (the balance, a busy statement). */
export type StampOutcome = 'CARIMBADO' | 'JA_CARIMBADO' | 'FALHOU' | 'NAO_COBRADO';

/** Stamps one pending stamp: its token kept and charged, or left PENDENTE (FALHOU, NAO_COBRADO) for the next retry. */
export async function stampOne(deps: StampingDeps, stamp: Stamp): Promise<StampOutcome> {
  // Read again (a stream record handed again, a retry behind the follower): a stamp kept since is not asked nor charged twice.
  const current = stamp.status === 'PENDENTE' ? await deps.stamps.get(stamp.id) : undefined;
  if (current?.status !== 'PENDENTE') return 'JA_CARIMBADO';
  const now = deps.now ?? systemClock;
  let token: Uint8Array;
  try {
    token = await deps.tsa.stamp(Buffer.from(stamp.dados, 'base64'));
  } catch (error) {
    log.warn('time stamp not obtained; stays PENDENTE for the next retry', {
      carimboId: stamp.id,
      aplicacaoId: stamp.aplicacaoId,
      error: (error as Error).message,
    });
    return 'FALHOU';
  }
  const stamped: Stamp = { ...stamp, status: 'CARIMBADO', token: Buffer.from(token).toString('base64'), carimbadoEm: now().toISOString() };
  const tariff = tariffFor(await deps.tariffs.listAll(), stamp.aplicacaoId, STAMP_TARIFF.categoria, STAMP_TARIFF.subtipo, today(now()));
  const valor = tariff?.valor ?? '0.00';
  try {
    if (toCents(valor) === 0n) return (await deps.stamps.markStamped(stamped)) ? 'CARIMBADO' : 'JA_CARIMBADO';
    await chargeService(
      stamp.aplicacaoId,
      { referenciaTipo: 'CARIMBO_TEMPO', valor, descricao: `Carimbo do tempo RFC 3161 (${stamp.origem.toLowerCase()})` },
      deps.ledger,
      {
        // A worker that dies between the move and its entry kept no token: the reconciler gives the charge back.
        seOrfao: 'ESTORNAR',
        extras: (entry) => [deps.stamps.stampedWrite({ ...stamped, lancamentoId: entry.id })],
        now,
      },
    );
    return 'CARIMBADO';
  } catch (error) {
    if (error === 'already stamped') return 'JA_CARIMBADO';
    if (error instanceof DomainError) {
      // The balance does not cover it (insufficient_balance) or the statement is busy: retried later, visible as PENDENTE.
      log.warn('time stamp not charged; stays PENDENTE for the next retry', {
        carimboId: stamp.id,
        aplicacaoId: stamp.aplicacaoId,
        error: error.message,
      });
      return 'NAO_COBRADO';
    }
    throw error;
  }
}

/**
 * Stamps each, one after the other; the counts of each outcome. Once the TSA gave no token the rest are not asked
 * (counted FALHOU, left for the next retry): a TSA that hangs costs one timeout per run, not one per stamp.
 */
export async function stampAll(deps: StampingDeps, stamps: readonly Stamp[]): Promise<Record<StampOutcome, number>> {
  const counts: Record<StampOutcome, number> = { CARIMBADO: 0, JA_CARIMBADO: 0, FALHOU: 0, NAO_COBRADO: 0 };
  for (const stamp of stamps) counts[counts.FALHOU > 0 ? 'FALHOU' : await stampOne(deps, stamp)]++;
  return counts;
}
