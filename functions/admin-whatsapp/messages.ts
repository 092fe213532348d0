// The console's Mensagens: the messages the token's application sent (newest first, filtered by status,
// contexto, the patient's phone and the send days), one message with its status timeline, its cost and the
// statement entry that charged it, and the cancel of a scheduled one (the use case of the external DELETE).
// Another application's message is 404. The phone is shown to the application's admin (it is their patient)
// and never logged.
import type * as z from 'zod/mini';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoMessageRepository } from '#shared/db/messages';
import { invalid } from '#shared/domain/errors';
import { getMessage } from '#shared/domain/messages/repository';
import type { StatementEntry } from '#shared/domain/ledger';
import { statusDescricoes, type Message, type TimelineStep } from '#shared/domain/messages/records';
import { elementsPageOf } from '#shared/domain/paging';
import { normalizePhone } from '#shared/domain/phone';
import { checkPeriod } from '#shared/domain/validation';
import { json, type Operations } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { messageView } from '#shared/http/views';
import { messageDetail } from '#shared/operations/message-log';
import { cancelScheduledMessage } from '#shared/operations/scheduled-sends';
import { scheduleDeps } from '#shared/wiring/send';
import type { adminMessage, adminWhatsappContract } from './contract.ts';
import { adminMessageListQuery } from './requests.ts';

const messages = dynamoMessageRepository();
const ledger = dynamoLedgerRepository();

type AdminMessage = z.output<typeof adminMessage>;

const step = (s: TimelineStep | { status: Message['status']; em: string | null }, m: Message): AdminMessage['historico'][number] => {
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
function messageTimeline(m: Message) {
  if (m.historico && m.historico.length > 0) return m.historico.map((s) => step(s, m));
  const steps: { status: Message['status']; em: string | null }[] = [{ status: 'QUEUED', em: m.dataEnvio }];
  if (m.dataEntrega) steps.push({ status: 'DELIVERED', em: m.dataEntrega });
  if (m.dataLeitura) steps.push({ status: 'READ', em: m.dataLeitura });
  if (!steps.some((s) => s.status === m.status)) steps.push({ status: m.status, em: null });
  return steps.map((s) => step(s, m));
}

/** One message with its status timeline and the statement entry that charged it (null when none did). */
const messageDetailView = (message: Message, entry: StatementEntry | undefined): AdminMessage => ({
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
});

export const adminMessageOperations: Operations<'admin-whatsapp', typeof adminWhatsappContract> = {
  'GET /api/admin/mensagens': async (request) => {
    const { query } = request;
    const { page, size, telefone, ...filter } = validate(
      adminMessageListQuery,
      {
        page: query.page,
        size: query.size,
        status: query.status,
        contexto: query.contexto,
        telefone: query.telefone,
        de: query.de,
        ate: query.ate,
      },
      'query',
    );
    const phone = telefone === undefined ? undefined : normalizePhone(telefone);
    if (telefone !== undefined && !phone) throw invalid('telefone must be a phone number with its country code', 'telefone');
    checkPeriod(filter);
    const paging = { page, size };
    const { content, total } = await messages.list(
      request.principal.aplicacaoId,
      { ...filter, ...(phone ? { telefone: phone } : {}) },
      page,
      size,
    );
    return json(200, elementsPageOf(content.map(messageView), total, paging));
  },

  'GET /api/admin/mensagens/{id}': async (request) => {
    const deps = { messages, getEntry: (aplicacaoId: number, id: number) => ledger.getEntry(aplicacaoId, id) };
    const { message, entry } = await messageDetail(deps, request.principal.aplicacaoId, pathId(request, 'message'));
    return json(200, messageDetailView(message, entry));
  },

  'POST /api/admin/mensagens/{id}/cancelar': async (request) => {
    const id = pathId(request, 'message');
    await cancelScheduledMessage(scheduleDeps(), request.principal.aplicacaoId, id);
    // Canceled: nothing charged, so no statement entry.
    return json(200, messageDetailView(await getMessage(messages, request.principal.aplicacaoId, id), undefined));
  },
};
