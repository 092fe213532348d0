// What the admin-whatsapp group's handlers validate: the message log's query, the inbox, sectors,
// inbound webhook subscriptions and the test send. Its contract (functions/admin-whatsapp/contract.ts)
// documents them.
import * as z from 'zod/mini';
import { contextos, messageStatuses } from '#shared/domain/messages/records';
import { MAX_NUMBERS, normalizePhone } from '#shared/domain/phone';
import { dayText, recordId } from '#shared/domain/validation';
import { pagingQuery } from '#shared/http/paging';

/** The log's query: `page` and `size` first (as every paged listing), then the filters. */
export const adminMessageListQuery = z.extend(pagingQuery, {
  status: z.optional(z.enum(messageStatuses)),
  contexto: z.optional(z.enum(contextos)),
  telefone: z.optional(z.string().check(z.maxLength(32))),
  de: z.optional(dayText),
  ate: z.optional(dayText),
});

export const answerBody = z.object({ mensagem: z.string().check(z.maxLength(4096)) });

/** The statuses the inbox lists: the open ones (a closed attendance is read by its id). */
export const inboxStatuses = ['BOT', 'FILA', 'EM_ANDAMENTO'] as const;

/** A sector id in the query string's text (the document shows it as an integer). */
export const sectorIdText = z.pipe(
  z.string().check(z.maxLength(16), z.regex(/^[1-9]\d{0,15}$/, { error: 'must be a sector id' })),
  z.pipe(z.transform(Number), z.number().check(z.maximum(Number.MAX_SAFE_INTEGER))),
);

export const inboxQuery = z.object({ status: z._default(z.enum(inboxStatuses), 'FILA'), setorId: z.optional(sectorIdText) });

export const testSendBody = z.object({ telefone: z.string().check(z.maxLength(32)) });

export const receivedMessageFilters = z.object({ telefone: z.optional(z.string().check(z.maxLength(32))) });

export const subscriptionCreateBody = z.object({
  descricao: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** false: a subscription that asks for no signature (accepted only while no active subscription has a secret). */
  comSegredo: z.optional(z.boolean()),
});

const phone = z.pipe(
  z.string().check(z.maxLength(32)),
  z.transform((value, ctx) => {
    const numero = normalizePhone(value);
    if (!numero) ctx.issues.push({ code: 'custom', message: 'must be a phone number with its country code', input: value });
    return numero ?? value;
  }),
);

// Caps on what is sent, before the domain's rules (shared/domain/sectors.ts: the trimmed codigo 1 to 40
// characters, nome 1 to 100, at most 50 distinct attendants, numbers of the application).
const sectorFields = {
  codigo: z.string().check(z.maxLength(64)),
  nome: z.string().check(z.maxLength(200)),
  numeros: z.array(phone).check(z.maxLength(MAX_NUMBERS)),
  atendentes: z.array(recordId).check(z.maxLength(200)),
};

export const sectorCreateBody = z.object({
  codigo: sectorFields.codigo,
  nome: sectorFields.nome,
  numeros: z.optional(sectorFields.numeros),
  atendentes: z.optional(sectorFields.atendentes),
});

export const sectorUpdateBody = z.partial(z.object(sectorFields));
