// WhatsApp message templates (HSM): the record, its input rules, its state machine and how an
// appointment fills one. Pure domain code: no HTTP, no DynamoDB, no clock of its own.
// docs/templates.md holds the state table; a unit test keeps the two equal.
import * as z from 'zod/mini';
import { DomainError, conflict, invalid } from '#shared/domain/errors';
import { foldName } from '#shared/domain/patients';
import { parseInput } from '#shared/domain/validation';

export const templateStates = ['RASCUNHO', 'EM_ANALISE', 'APROVADO', 'REJEITADO', 'PAUSADO', 'ARQUIVADO'] as const;
export type TemplateState = (typeof templateStates)[number];

/** The provider's conversation categories; the category is also the statement entry's `tipoConversa`. */
export const templateCategories = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof templateCategories)[number];

/** The appointment fields a numbered variable may take its text from. */
export const templateFields = [
  'pacienteNome',
  'procedimento',
  'localRetirada',
  'dataLimiteRetirada',
  'prestador',
  'numeroPedido',
  'medicoSolicitante',
] as const;
export type TemplateField = (typeof templateFields)[number];

export interface Template {
  id: number;
  aplicacaoId: number;
  /** The provider's name for it: lower case letters, digits and `_`. */
  nome: string;
  /** Language code as the provider writes it, e.g. `pt_BR`. */
  idioma: string;
  categoria: TemplateCategory;
  /** The text, with numbered variables `{{1}}`, `{{2}}`, ... */
  corpo: string;
  /** The appointment field of each variable: `variaveis[0]` fills `{{1}}`. */
  variaveis: TemplateField[];
  /** Quick-reply buttons, in order (e.g. Confirmar, Cancelar). */
  botoes: string[];
  /** The procedures it serves, as written; matched with case, accents and spacing ignored. */
  procedimentos: string[];
  estado: TemplateState;
  /** Why the provider rejected it (REJEITADO), else null. */
  motivoRejeicao: string | null;
  /** The provider's id of the submitted template, once submitted. */
  providerTemplateId: string | null;
  criadoEm: string;
  atualizadoEm: string;
  /** Optimistic lock: every write is conditioned on the version read and adds one. */
  versao: number;
}

// ---------------------------------------------------------------------------------------------
// Input

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;
const MAX_BODY = 1024;
const MAX_BUTTONS = 3;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const fields = {
  nome: z.string().check(z.maxLength(512), z.regex(/^[a-z0-9_]+$/, 'must be lower case letters, digits and _')),
  idioma: z.string().check(z.regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a language code such as pt_BR'), z.maxLength(6)),
  categoria: z.enum(templateCategories),
  corpo: text(MAX_BODY),
  variaveis: z.array(z.enum(templateFields)).check(z.maxLength(10)),
  botoes: z.array(text(25)).check(z.maxLength(MAX_BUTTONS)),
  procedimentos: z.array(text(200)).check(z.minLength(1), z.maxLength(50)),
};
export const createSchema = z.object({
  ...fields,
  variaveis: z.optional(fields.variaveis),
  botoes: z.optional(fields.botoes),
});
export const updateSchema = z.partial(z.object(fields));

export type TemplateInput = Pick<Template, 'nome' | 'idioma' | 'categoria' | 'corpo' | 'variaveis' | 'botoes' | 'procedimentos'>;

/**
 * Promotional wording, read on the folded text (case and accents aside): WhatsApp bills and reviews a template
 * carrying it as MARKETING, and rejects or recategorizes a UTILITY or AUTHENTICATION one that does. A template typed
 * by hand meets that in the provider's review (REJEITADO with its reason); a draft the AI assistant writes is held to
 * it before it is kept (shared/operations/ai.ts).
 */
export function checkNotPromotional(input: Pick<TemplateInput, 'categoria' | 'corpo'>): void {
  if (input.categoria !== 'MARKETING' && PROMOTIONAL.test(foldName(input.corpo))) {
    throw invalid(
      `corpo of a ${input.categoria} template may not carry promotional text (offers, discounts): that is a MARKETING template`,
      'corpo',
    );
  }
}

const PROMOTIONAL =
  /\b(promoca?o|promocoes|promocional|desconto|descontos|oferta|ofertas|gratis|aproveite|imperdivel|cupom|cupons|liquidacao|compre|black friday)\b|\d+\s*% off/;

/** The variable numbers a body uses, in order of first use. */
const variablesOf = (corpo: string): number[] => [...new Set([...corpo.matchAll(VARIABLE)].map((m) => Number(m[1])))];

/** The rules across fields: variables numbered 1..n, each with its field; procedures distinct once folded. */
function checkTemplate(input: TemplateInput): TemplateInput {
  const used = variablesOf(input.corpo).sort((a, b) => a - b);
  if (used.some((n, i) => n !== i + 1)) throw invalid('corpo must number its variables {{1}}, {{2}}, ... without gaps', 'corpo');
  if (used.length !== input.variaveis.length) {
    throw invalid(`variaveis must name one appointment field for each of the ${used.length} variables of corpo`, 'variaveis');
  }
  if (/^\s*\{\{\s*\d+\s*\}\}|\{\{\s*\d+\s*\}\}\s*$/.test(input.corpo)) {
    throw invalid('corpo may not start or end with a variable (the provider refuses it)', 'corpo');
  }
  const folded = input.procedimentos.map(foldName);
  if (new Set(folded).size !== folded.length) throw invalid('procedimentos must not repeat a procedure', 'procedimentos');
  const buttons = input.botoes.map(foldName);
  if (new Set(buttons).size !== buttons.length) throw invalid('botoes must not repeat a button', 'botoes');
  return input;
}

/** POST body -> a checked input (400 naming the field otherwise). */
export function parseTemplateCreate(body: unknown): TemplateInput {
  const input = parseInput(createSchema, body);
  return checkTemplate({ ...input, variaveis: input.variaveis ?? [], botoes: input.botoes ?? [] });
}

/** A new template from a checked input: a RASCUNHO of version 1, created `em` (a local date-time). */
export const newTemplate = (id: number, aplicacaoId: number, input: TemplateInput, em: string): Template => ({
  id,
  aplicacaoId,
  ...input,
  estado: 'RASCUNHO',
  motivoRejeicao: null,
  providerTemplateId: null,
  criadoEm: em,
  atualizadoEm: em,
  versao: 1,
});

/** PUT body over the current template: the fields it carries replace the current ones, then the whole is checked. */
export function parseTemplateUpdate(body: unknown, current: TemplateInput): TemplateInput {
  const input = parseInput(updateSchema, body);
  return checkTemplate({
    nome: input.nome ?? current.nome,
    idioma: input.idioma ?? current.idioma,
    categoria: input.categoria ?? current.categoria,
    corpo: input.corpo ?? current.corpo,
    variaveis: input.variaveis ?? current.variaveis,
    botoes: input.botoes ?? current.botoes,
    procedimentos: input.procedimentos ?? current.procedimentos,
  });
}

// ---------------------------------------------------------------------------------------------
// States

/** What moves a template: the admin's routes and the provider's review. */
export const templateActions = ['editar', 'submeter', 'aprovar', 'rejeitar', 'pausar', 'arquivar', 'excluir'] as const;
export type TemplateAction = (typeof templateActions)[number];

/** Every allowed move (`to` null: the template is deleted). A move not listed is refused. */
export const templateTransitions: readonly { from: readonly TemplateState[]; action: TemplateAction; to: TemplateState | null }[] = [
  { from: ['RASCUNHO', 'REJEITADO', 'PAUSADO'], action: 'editar', to: 'RASCUNHO' },
  { from: ['RASCUNHO', 'REJEITADO', 'PAUSADO'], action: 'submeter', to: 'EM_ANALISE' },
  { from: ['EM_ANALISE'], action: 'aprovar', to: 'APROVADO' },
  { from: ['EM_ANALISE'], action: 'rejeitar', to: 'REJEITADO' },
  { from: ['APROVADO', 'PAUSADO'], action: 'pausar', to: 'PAUSADO' },
  { from: ['RASCUNHO', 'EM_ANALISE', 'APROVADO', 'REJEITADO', 'PAUSADO', 'ARQUIVADO'], action: 'arquivar', to: 'ARQUIVADO' },
  { from: ['RASCUNHO', 'EM_ANALISE', 'REJEITADO', 'PAUSADO', 'ARQUIVADO'], action: 'excluir', to: null },
];

/**
 * States in which a template holds its procedures: at most one template of an application in one of
 * these per procedure (a second submission for a procedure is a 409), so the flow finds one template.
 */
export const claimingStates: readonly TemplateState[] = ['EM_ANALISE', 'APROVADO'];
export const claimsProcedures = (estado: TemplateState): boolean => claimingStates.includes(estado);

/** The state `action` leads to from `estado` (null: deleted), or the refusal: 400 for deleting an APROVADO template, else 409. */
export function decideTemplateAction(estado: TemplateState, action: TemplateAction): TemplateState | null {
  const rule = templateTransitions.find((t) => t.action === action && t.from.includes(estado));
  if (rule) return rule.to;
  if (action === 'excluir' && estado === 'APROVADO') {
    throw new DomainError('validation', 'An APROVADO template cannot be deleted: archive it instead (POST .../arquivar)', { estado });
  }
  throw conflict(`${action} is not allowed for a template in ${estado}`);
}

/** The procedure as the claims and the flow match it. */
export const procedureKey = (procedimento: string): string => foldName(procedimento);

// ---------------------------------------------------------------------------------------------
// Filling a template for an appointment

export type TemplateFill =
  | { ok: true; texto: string; valores: string[] }
  /** The appointment lacks a field a variable needs. */
  | { ok: false; missing: TemplateField[] };

/** The template's variables filled from the appointment, and the text the patient reads. */
export function fillTemplate(
  template: Pick<Template, 'corpo' | 'variaveis'>,
  appointment: Partial<Record<TemplateField, string | null>>,
): TemplateFill {
  const valores = template.variaveis.map((field) => appointment[field]?.trim() ?? '');
  const missing = template.variaveis.filter((_, i) => !valores[i]);
  if (missing.length > 0) return { ok: false, missing: [...new Set(missing)] };
  // A value is one line: the provider refuses new lines, tabs and runs of spaces in parameters.
  const clean = valores.map((v) => v.replace(/\s+/g, ' '));
  return { ok: true, texto: template.corpo.replace(VARIABLE, (_, n: string) => clean[Number(n) - 1] ?? ''), valores: clean };
}

/** Persistence of templates and the procedures they claim (shared/db/templates.ts). */
export interface TemplateRepository {
  get(aplicacaoId: number, id: number): Promise<Template | undefined>;
  list(aplicacaoId: number): Promise<Template[]>;
  create(template: Template): Promise<void>;
  /** Writes `after` over `before` (conditioned on `before.versao`) with the claims the move takes or gives up. */
  save(before: Template, after: Template): Promise<void>;
  remove(template: Template): Promise<void>;
  /** The template holding the procedure (EM_ANALISE or APROVADO), if any. */
  forProcedure(aplicacaoId: number, procedimento: string): Promise<Template | undefined>;
  byProviderId(aplicacaoId: number, providerTemplateId: string): Promise<Template | undefined>;
  /** The templates EM_ANALISE with the provider, across applications (pattern 33c). */
  pendingReviews(): Promise<{ aplicacaoId: number; templateId: number }[]>;
}
