// The admin's view of one message (the console's Mensagens): the message and the statement entry that
// charged it. Its view, with the status timeline, is functions/admin-whatsapp/messages.ts's.
import type { StatementEntry } from '#shared/domain/ledger';
import { getMessage, type MessageRepository } from '#shared/domain/messages/repository';
import type { Message } from '#shared/domain/messages/records';

export interface MessageDetailDeps {
  messages: Pick<MessageRepository, 'get'>;
  getEntry(aplicacaoId: number, id: number): Promise<StatementEntry | undefined>;
}

/** One message of the application and the statement entry that charged it, if any (404 for any other application's). */
export async function messageDetail(
  deps: MessageDetailDeps,
  aplicacaoId: number,
  id: number,
): Promise<{ message: Message; entry: StatementEntry | undefined }> {
  const message = await getMessage(deps.messages, aplicacaoId, id);
  const entry = message.lancamentoId === null ? undefined : await deps.getEntry(aplicacaoId, message.lancamentoId);
  return { message, entry };
}
