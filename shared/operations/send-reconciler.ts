// Messages: the reconciler's side of the send path. Every debit settles. The QUEUED message has an
// entry in the reconciler's index (pattern 35) that the move to SENT or FAILED deletes; a function
// that stops between the debit and the settling leaves it there, and the reconciler settles the
// message once its time is past: SENT if the provider's status callback (carrying our reference) came
// meanwhile, otherwise FAILED with the compensating credit (shared/domain/messages/compensation.ts).
import { ProviderError } from '#shared/providers/types';
import { sendBudget } from '#shared/domain/send-budget';
import { log } from '#shared/log';
import type { PendingSend, SendOutcome } from '#shared/domain/messages/records';
import { alreadySettled } from '#shared/domain/messages/repository';
import { compensate } from '#shared/domain/messages/compensation';
import type { SendDeps } from '#shared/operations/send-message';

export type Reconciled = 'failed' | 'settled';

/** A reconciler's claim on a message outlives any run (a scheduled function's timeout is 60 s). */
const CLAIM_STALE_MS = 5 * 60_000;

/**
 * Settles a send whose reconcile time is past (its function stopped, or its settling ran out of
 * budget): still QUEUED means no callback of the provider named it, so it is FAILED and its charge
 * given back, once (the move is conditioned on QUEUED and the refund marker is once per debit). A
 * message settled meanwhile only loses its index entry, and so does one whose debit an administrator
 * refunded meanwhile (the marker is there: nothing is left to give back). Anything else (the balance
 * racing past the budget, the table failing) throws and leaves the entry for the next run.
 */
export async function reconcileSend(
  deps: Pick<SendDeps, 'messages' | 'ledger' | 'idempotency'>,
  pending: PendingSend,
  now: Date,
): Promise<Reconciled> {
  const message = await deps.messages.get(pending.aplicacaoId, pending.mensagemId);
  if (!message || message.status !== 'QUEUED' || message.lancamentoId === null) {
    await deps.messages.dropPending(pending);
    return 'settled';
  }
  const failure = new ProviderError('unavailable', null, 'The send did not finish and the provider never confirmed the message');
  const marker = deps.messages.refundMarkerWrite(message.aplicacaoId, message.lancamentoId);
  // Refunded by an administrator meanwhile: nothing is left to give back (read first, so no credit moves for nothing).
  if (await deps.ledger.isRefunded(message.aplicacaoId, message.lancamentoId)) return dropRefunded(deps, pending, message);
  // Another run has it (a run outliving the schedule's minute); a claim older than a run's whole timeout is taken over.
  if (!(await deps.messages.claimForReconciler(message, now, new Date(now.getTime() - CLAIM_STALE_MS)))) return 'settled';
  try {
    await compensate(deps, message, failure, sendBudget.settleMs, marker);
  } catch (error) {
    if (error === alreadySettled || error === marker.refusal) {
      // Settled by a callback or a late settle (which removed the entry with its move), or refunded by
      // an administrator while still QUEUED: left at the head of its shard, the entry would come back at
      // every run and, a hundred of them, hide every later one.
      if (error === marker.refusal) return dropRefunded(deps, pending, message);
      await deps.messages.dropPending(pending);
      return 'settled';
    }
    throw error;
  }
  log.warn('an unsettled send was failed and its charge given back', { aplicacaoId: message.aplicacaoId, mensagemId: message.id });
  await answerKeyedSend(deps, pending, {
    ok: false,
    mensagemId: message.id,
    kind: failure.kind,
    providerCode: failure.providerCode,
    providerMessage: failure.providerMessage,
  });
  return 'failed';
}

async function dropRefunded(deps: Pick<SendDeps, 'messages'>, pending: PendingSend, message: { aplicacaoId: number; id: number }) {
  await deps.messages.dropPending(pending);
  log.info('an unsettled send was refunded before the reconciler came; its entry is dropped', {
    aplicacaoId: message.aplicacaoId,
    mensagemId: message.id,
  });
  return 'settled' as const;
}

/**
 * A keyed send whose function stopped left its Idempotency-Key answering 409 ("still being
 * processed"): the reconciler stores the final answer, so a retry with the key gets it (a 502, nothing
 * charged) instead of a 409 until the record expires.
 */
async function answerKeyedSend(deps: Pick<SendDeps, 'idempotency'>, pending: PendingSend, answer: SendOutcome): Promise<void> {
  if (!pending.idempotencyKey || !deps.idempotency) return;
  const record = await deps.idempotency.get(pending.aplicacaoId, pending.idempotencyKey);
  if (!record || !('pendente' in record.answer) || record.answer.mensagemId !== pending.mensagemId) return;
  await deps.idempotency.complete(pending.aplicacaoId, pending.idempotencyKey, { fingerprint: record.fingerprint, answer });
}
