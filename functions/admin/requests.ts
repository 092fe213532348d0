// What the admin group's handlers validate: the query strings and bodies of /api/admin/aplicacoes/**,
// tariffs, refunds, users and the statement. Its contract (functions/admin/contract.ts) documents them.
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from '#shared/auth/passwords';
import { MAX_PACE, providers } from '#shared/domain/applications/records';
import { MAX_NUMBERS } from '#shared/domain/phone';
import { dayText, recordId } from '#shared/domain/validation';
import { pagingQuery } from '#shared/http/paging';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const secret = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const baseUrl = z.url({ protocol: /^https?$/ }).check(z.maxLength(2048));

// ---------------------------------------------------------------------------------------------
// Applications

const providerAFields = {
  accountSid: text(100),
  authToken: secret(200),
  fromNumber: text(40),
  baseUrl: z.optional(baseUrl),
};
const providerBFields = {
  phoneNumberId: text(100),
  accessToken: secret(2000),
  appSecret: secret(200),
  verifyToken: secret(200),
  baseUrl: z.optional(baseUrl),
  wabaId: z.optional(text(100)),
};

export const newApplicationBody = z.object({
  nome: text(200),
  slug: z.string().check(z.maxLength(64)), // its format is a domain rule (createApplication)
  provider: z.enum(providers),
  providerA: z.optional(z.object(providerAFields)),
  providerB: z.optional(z.object(providerBFields)),
});

export const providerChangeBody = z.object({
  provider: z.optional(z.enum(providers)),
  providerA: z.optional(z.partial(z.object(providerAFields))),
  providerB: z.optional(z.partial(z.object(providerBFields))),
});

export const oauthClientBody = z.object({ nome: text(200), scopes: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(32)) });

export const creditBody = z.object({ valor: z.string().check(z.maxLength(32)), descricao: z.optional(text(500)) });

export const numbersBody = z.object({ numeros: z.array(z.string().check(z.maxLength(32))).check(z.maxLength(MAX_NUMBERS)) });

export const activeBody = z.object({ ativo: z.boolean() });

export const paceBody = z.object({ mensagensPorSegundo: z.int().check(z.minimum(1), z.maximum(MAX_PACE)) });

/** OAuth client ids are `<32 hex>`-like tokens; anything long or odd cannot be one and is never looked up. */
export const CLIENT_ID = /^[A-Za-z0-9._-]{1,128}$/;

// ---------------------------------------------------------------------------------------------
// Tariffs and refunds

const code = z
  .string()
  .check(z.maxLength(40), z.trim(), z.regex(/^[A-Z][A-Z0-9_]{0,39}$/, { error: 'must be upper-case letters, digits and _' }));
const validity = z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' }), z.maxLength(10)));

const tariffFields = {
  categoria: code,
  subtipo: code,
  valor: z.string().check(z.maxLength(32)), // its format is a domain rule (at least 0, two places)
  unidade: code,
  descricao: z.optional(text(500)),
  subtipoDescricao: z.optional(text(200)),
  unidadeDescricao: z.optional(text(200)),
  ativo: z.optional(z.boolean()),
  aplicacaoId: z.optional(z.nullable(recordId)),
  vigenciaInicio: z.optional(validity),
  vigenciaFim: z.optional(validity),
};

export const newTariffBody = z.object(tariffFields);
export const tariffChangeBody = z.partial(z.object(tariffFields));
export const refundBody = z.object({ lancamentoId: recordId, motivo: z.optional(text(500)) });

// ---------------------------------------------------------------------------------------------
// Portal users

// Lengths and role rules (senha >= 12, E.164 telefone, prestadorId) are checked by the domain, which names the field.
export const userCreateBody = z.object({
  nome: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254), z.email()),
  role: z.enum(['admin', 'prestador', 'plantonista', 'paciente']),
  senha: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
  telefone: z.optional(z.string().check(z.maxLength(32), z.trim())),
  prestadorId: z.optional(recordId),
  aplicacaoId: z.optional(recordId),
  plataforma: z.optional(z.boolean()),
});

// ---------------------------------------------------------------------------------------------
// The statement

/** The statement's filters: the period's first and last days (both included) and the entries' origin. */
export const statementFilterQuery = z.object({
  de: z.optional(dayText),
  ate: z.optional(dayText),
  referenciaTipo: z.optional(
    z.string().check(z.maxLength(40), z.regex(/^[A-Z][A-Z0-9_]{0,39}$/, { error: 'must be upper-case letters, digits and _' })),
  ),
});

export const statementListQuery = z.extend(pagingQuery, statementFilterQuery.shape);

/** The month of the AI summary. */
export const aiSummaryQuery = z.object({
  mes: z.optional(z.string().check(z.maxLength(7), z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month (YYYY-MM)' }))),
});
