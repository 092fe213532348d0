// A message as the API shows it (the external routes and the admin console's Mensagens), and the admin's
// view of one message: its status timeline, its cost and the statement entry that charged it.
import type { StatementEntry } from '#shared/domain/ledger';
import { getMessage, type MessageRepository } from '#shared/domain/messages/repository';
import { statusDescricoes, type Message, type TimelineStep } from '#shared/domain/messages/records';

/** The spec's Message, plus what the API knows of it (context, provider, charge). */
export const messageView = (m: Message) => ({
  id: m.id,
  messageSid: m.messageSid,
  toNumber: m.toNumber,
  fromNumber: m.fromNumber,
  body: m.body,
  status: m.status,
  statusDescricao: statusDescricoes[m.status],
  dataEnvio: m.dataEnvio,
  dataEntrega: m.dataEntrega,
  dataLeitura: m.dataLeitura,
  errorCode: m.errorCode,
  errorMessage: m.errorMessage,
  provider: m.provider,
  contexto: m.contexto,
  contextoId: m.contextoId,
  usuarioId: m.usuarioId,
  tarifaCobrada: m.tarifaCobrada,
});

const step = (s: TimelineStep | { status: Message['status']; em: string | null }, m: Message) => {
  const failed = s.status === 'FAILED' || s.status === 'UNDELIVERED';
  return {
    status: s.status,
    statusDescricao: statusDescricoes[s.status],
    em: s.em,
    errorCode: failed ? ('errorCode' in s && s.errorCode !== undefined ? s.errorCode : m.errorCode) : null,
    errorMessage: failed ? ('errorMessage' in s && s.errorMessage !== undefined ? s.errorMessage : m.errorMessage) : null,
  };
};

/**
 * Each status the message went through, in order, with its time: the stored timeline, or for a message
 * from before it was recorded what its dates tell (a step whose time is unknown has `em` null).
 */
export function messageTimeline(m: Message) {
  if (m.historico && m.historico.length > 0) return m.historico.map((s) => step(s, m));
  const steps: { status: Message['status']; em: string | null }[] = [{ status: 'QUEUED', em: m.dataEnvio }];
  if (m.dataEntrega) steps.push({ status: 'DELIVERED', em: m.dataEntrega });
  if (m.dataLeitura) steps.push({ status: 'READ', em: m.dataLeitura });
  if (!steps.some((s) => s.status === m.status)) steps.push({ status: m.status, em: null });
  return steps.map((s) => step(s, m));
}

export interface MessageDetailDeps {
  messages: Pick<MessageRepository, 'get'>;
  getEntry(aplicacaoId: number, id: number): Promise<StatementEntry | undefined>;
}

/** One message of the application with its timeline and the statement entry that charged it (404 for any other). */
export async function messageDetail(deps: MessageDetailDeps, aplicacaoId: number, id: number) {
  const message = await getMessage(deps.messages, aplicacaoId, id);
  const entry = message.lancamentoId === null ? undefined : await deps.getEntry(aplicacaoId, message.lancamentoId);
  return {
    ...messageView(message),
    historico: messageTimeline(message),
    lancamento: entry
      ? {
          id: entry.id,
          tipo: entry.tipo,
          valor: entry.valor,
          descricao: entry.descricao,
          criadoEm: entry.criadoEm,
          saldoPosterior: entry.saldoPosterior,
        }
      : null,
  };
}
