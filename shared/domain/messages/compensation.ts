// Messages: the compensation of a failed send, shared by the send (shared/operations/send-message.ts) and
// the reconciler (shared/operations/send-reconciler.ts): the charge given back and the failure recorded with its entry.
import { postEntry, type LedgerRepository } from '#shared/domain/ledger';
import { fromCents, toCents } from '#shared/domain/money';
import type { Message } from '#shared/domain/messages/records';
import type { MessageRepository } from '#shared/domain/messages/repository';
import type { Clock } from '#shared/domain/time';

/** What a failed send records of its failure: the provider's code and text (a ProviderError of shared/providers is one). */
export interface SendFailure {
  providerCode: string | null;
  providerMessage: string;
}

/**
 * Gives the failed send's charge back and records the failure on the message with the credit's entry. The
 * debit's refund marker goes with it, so the admin panel cannot refund the same debit again.
 */
export async function compensate(
  deps: { messages: MessageRepository; ledger: LedgerRepository; now?: Clock },
  message: Message,
  failure: SendFailure,
  budgetMs: number,
  marker = deps.messages.refundMarkerWrite(message.aplicacaoId, message.lancamentoId as number),
): Promise<void> {
  const lancamentoId = message.lancamentoId as number;
  const writes = [...deps.messages.failedWrites(message, failure.providerCode, failure.providerMessage), marker];
  await postEntry(
    deps.ledger,
    {
      aplicacaoId: message.aplicacaoId,
      tipo: 'CREDIT',
      // The debit's valor is the tariff charged (send() debits exactly tarifaCobrada).
      valor: fromCents(toCents(message.tarifaCobrada ?? '0')),
      descricao: `Estorno automático: falha no envio da mensagem ${message.id}`,
      referenciaTipo: 'ESTORNO_FALHA_ENVIO',
      referenciaId: lancamentoId,
    },
    { allowZero: true, budgetMs, now: deps.now, extras: () => writes },
  );
}
