// The console's Mensagens: the messages the token's application sent (newest first, filtered by status,
// contexto, the patient's phone and the send days), and one message with its status timeline, its cost
// and the statement entry that charged it. Another application's message is 404. The phone is shown to
// the application's admin (it is their patient) and never logged.
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoMessageRepository } from '#shared/db/messages';
import { invalid } from '#shared/domain/errors';
import { elementsPageOf } from '#shared/domain/paging';
import { normalizePhone } from '#shared/domain/phone';
import { checkPeriod } from '#shared/domain/validation';
import { json, type Operations } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { messageDetail, messageView } from '#shared/operations/message-log';
import { adminMessageListQuery } from './requests.ts';

const messages = dynamoMessageRepository();
const ledger = dynamoLedgerRepository();

export const adminMessageOperations: Operations<'admin-whatsapp'> = {
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
    return json(200, await messageDetail(deps, request.principal.aplicacaoId, pathId(request, 'message')));
  },
};
