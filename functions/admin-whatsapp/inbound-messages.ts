// What patients and integrations sent the application: the patients' inbound messages (newest first,
// filter by the patient's phone) and the generic inbound webhook events kept for audit.
import type * as z from 'zod/mini';
import { inboundEventPage, type InboundEventRecord } from '#shared/db/inbound-events';
import { inboundMessagePage } from '#shared/db/inbound-messages';
import { normalizePhone } from '#shared/domain/phone';
import { localDateTime } from '#shared/domain/time';
import { HttpError } from '#shared/http/errors';
import { json, type Operations } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { validate } from '#shared/http/validation';
import { elementsPageOf } from '#shared/domain/paging';
import type { InboundMessageRecord } from '#shared/domain/inbound-messages';
import { receivedMessageFilters } from './requests.ts';
import type { inboundEvent, receivedMessage, adminWhatsappContract } from './contract.ts';

const receivedMessageView = ({ aplicacaoId: _a, recebidaEm, ...m }: InboundMessageRecord): z.output<typeof receivedMessage> => ({
  ...m,
  recebidaEm: localDateTime(new Date(recebidaEm)),
});

const inboundEventView = (e: InboundEventRecord): z.output<typeof inboundEvent> => ({
  ...e,
  recebidoEm: localDateTime(new Date(e.recebidoEm)),
  processadoEm: e.processadoEm ? localDateTime(new Date(e.processadoEm)) : null,
});

export const inboundMessageOperations: Operations<'admin-whatsapp', typeof adminWhatsappContract> = {
  'GET /api/admin/mensagens-recebidas': async (request) => {
    const paging = readPaging(request.query);
    const query = validate(receivedMessageFilters, { telefone: request.query.telefone }, 'query');
    const telefone = query.telefone === undefined ? undefined : normalizePhone(query.telefone);
    if (query.telefone !== undefined && !telefone) {
      throw new HttpError(400, 'validation_error', 'telefone must be a phone number with its country code', { field: 'telefone' });
    }
    const { content, total } = await inboundMessagePage(request.principal.aplicacaoId, { telefone }, paging.page, paging.size);
    return json(200, elementsPageOf(content.map(receivedMessageView), total, paging));
  },

  'GET /api/admin/webhooks-entrada/eventos': async (request) => {
    const paging = readPaging(request.query);
    const events = await inboundEventPage(request.principal.aplicacaoId, paging.page, paging.size);
    return json(200, {
      content: events.map(inboundEventView),
      number: paging.page,
      size: paging.size,
    });
  },
};
