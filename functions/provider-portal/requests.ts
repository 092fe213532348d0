// What the provider portal validates: its credentials (name, per-minute limit, IP allowlist), an execution
// result recorded by hand and a webhook's test event. Its contract (functions/provider-portal/contract.ts) documents them; the day view's query
// is the domain's `boardQuery` (shared/domain/appointments/inputs.ts).
import * as z from 'zod/mini';
import { appointmentEventTypes } from '#shared/domain/appointments/events';
import { executionSchema } from '#shared/domain/appointments/inputs';
import { isValidAllowlistEntry } from '#shared/ip-ranges';
import { MAX_ALLOWLIST_ENTRIES, MAX_LIMIT_PER_MINUTE, MAX_NAME_LENGTH } from '#shared/domain/provider-credentials';

const nome = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_LENGTH));

const limitePorMinuto = z.nullable(
  z.number().check(z.refine(Number.isInteger, { error: 'must be an integer' }), z.minimum(1), z.maximum(MAX_LIMIT_PER_MINUTE)),
);

const allowlistEntry = z.string().check(
  z.refine(isValidAllowlistEntry, { error: (issue) => `"${String(issue.input)}" is not an IPv4/IPv6 address or CIDR range` }),
  z.maxLength(64), // the longest IPv6 CIDR is 49 characters
);

const ipAllowlist = z.array(allowlistEntry).check(
  z.refine((list) => list.length <= MAX_ALLOWLIST_ENTRIES, { error: `must have at most ${MAX_ALLOWLIST_ENTRIES} entries` }),
  z.maxLength(MAX_ALLOWLIST_ENTRIES), // the same bound, stated where the document shows it
);

const ativo = z.boolean();

export const createSchema = z.object({
  nome,
  limitePorMinuto: z.optional(limitePorMinuto),
  ipAllowlist: z.optional(ipAllowlist),
  ativo: z.optional(ativo),
});

/** PUT changes only the fields it carries: an omitted allowlist or limit is kept, never cleared by accident. */
export const updateSchema = z.object({
  nome: z.optional(nome),
  limitePorMinuto: z.optional(limitePorMinuto),
  ipAllowlist: z.optional(ipAllowlist),
  ativo: z.optional(ativo),
});

/**
 * POST /api/prestador/agendamentos/{id}/execucao: /execucao's `resultado` and `observacao`, the same fields with the same
 * rules (the appointment is the path's). Unknown fields (an `agendamentoId` or `numeroPedido` too) are dropped.
 */
export const executionBody = z.pick(executionSchema, { resultado: true, observacao: true });

/**
 * POST /api/prestador/webhooks/{id}/teste: the event type of the test, optional (the body too: the webhook's first
 * event then). Whether the webhook subscribes to it is the operation's check (400 naming `evento`).
 */
export const testEventBody = z.object({ evento: z.optional(z.enum(appointmentEventTypes)) });
