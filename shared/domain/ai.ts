// AI interactions (docs/ai.md): an application's automatic answers in the bot stage of an attendance, reply
// suggestions for its operators and template drafts. What reaches the model (identifiers removed), how a
// conversation becomes the model's turns, when an automatic answer hands the patient to a person, how a draft
// is read back, and what an interaction costs the platform (tokens at the model's published price).
// Pure: no model, no DynamoDB, no HTTP.
import * as z from 'zod/mini';
import type { ModelMessage, ModelReply } from '#shared/adapters/ports';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import { fromCents, toCents } from '#shared/domain/money';
import { templateCategories, templateFields, type TemplateCategory, type TemplateField } from '#shared/domain/templates';

// ---------------------------------------------------------------------------------------------
// Settings (PUT /api/admin/whatsapp/ia)

export interface AiSettings {
  autoResposta: boolean;
  /** What the assistant may tell patients (address, hours, documents...): the only facts its answers draw on. */
  instrucoes: string;
  horarioAtendimento: string | null;
  /** ISO instant of the last change; null while never set. */
  atualizadoEm: string | null;
}

export const MAX_INSTRUCTIONS = 4000;

export const aiSettingsBody = z
  .object({
    autoResposta: z.boolean(),
    instrucoes: z.string().check(z.maxLength(MAX_INSTRUCTIONS)),
    horarioAtendimento: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  })
  .check(
    z.refine((s) => !s.autoResposta || s.instrucoes.trim().length > 0, {
      error: 'instrucoes must say what the assistant may answer when autoResposta is on',
      path: ['instrucoes'],
    }),
  );

export const noAiSettings: AiSettings = { autoResposta: false, instrucoes: '', horarioAtendimento: null, atualizadoEm: null };

export function aiSettingsOf(input: z.infer<typeof aiSettingsBody>, at: string): AiSettings {
  const horario = input.horarioAtendimento?.trim();
  return { autoResposta: input.autoResposta, instrucoes: input.instrucoes.trim(), horarioAtendimento: horario || null, atualizadoEm: at };
}

// ---------------------------------------------------------------------------------------------
// What reaches the model

/**
 * A patient's text with its identifiers removed, before anything reaches the model: e-mail addresses, and any run
 * of 9 or more digits (separators `.`, `-`, `/` and spaces allowed between them): a CPF, a CNS, an RG, a card or a
 * phone number. Dates, times, CEPs and short numbers stay. The guardrail refuses identifiers as well; this keeps them
 * from leaving the platform at all.
 */
export function withoutIdentifiers(text: string): string {
  return text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail removido]').replace(/\d(?:[ .\-/]?\d){8,}/g, '[número removido]');
}

/** One message of an attendance as the model reads it: the patient's (redacted) or an earlier automatic answer. */
export interface ConversationTurn {
  direcao: 'ENTRADA' | 'SAIDA';
  texto: string | null;
}

/** The turns the model is given: the last ones of the conversation. */
export const MAX_TURNS = 12;

/**
 * The conversation as Converse takes it: the patient's messages as `user` (redacted), the answers as `assistant`,
 * consecutive messages of one side joined, starting with the patient and ending with the patient's last message.
 * Empty when the patient has said nothing in text.
 */
export function modelTurns(conversation: readonly ConversationTurn[]): ModelMessage[] {
  const turns: ModelMessage[] = [];
  for (const message of conversation) {
    const text = message.texto?.trim();
    if (!text) continue;
    const role = message.direcao === 'ENTRADA' ? 'user' : 'assistant';
    const last = turns.at(-1);
    const said = role === 'user' ? withoutIdentifiers(text) : text;
    if (last?.role === role) last.text = `${last.text}\n${said}`;
    else turns.push({ role, text: said });
  }
  while (turns[0]?.role === 'assistant') turns.shift();
  while (turns.at(-1)?.role === 'assistant') turns.pop();
  const recent = turns.slice(-MAX_TURNS);
  return recent[0]?.role === 'assistant' ? recent.slice(1) : recent;
}

/** What an automatic answer says when the instructions do not cover the question: a signal, never sent. */
export const HANDOFF_SIGNAL = '[ENCAMINHAR]';

/** The application's information as facts, one per line (`- ...`): the only ground an answer or a suggestion has. */
function facts(settings: Pick<AiSettings, 'instrucoes' | 'horarioAtendimento'>, setores: readonly string[]): string[] {
  return [
    ...settings.instrucoes
      .split(/\n+/)
      .map((line) => line.trim().replace(/^[-*•]\s*/, ''))
      .filter((line) => line.length > 0),
    ...(settings.horarioAtendimento ? [`Horário de atendimento: ${settings.horarioAtendimento}`] : []),
    ...(setores.length > 0 ? [`Setores que atendem: ${setores.join(', ')}`] : []),
  ].map((line) => `- ${line}`);
}

/** The system prompt of an automatic answer (kind AUTO_RESPOSTA) or an operator's suggestion (CONSULTOR). */
export function answerPrompt(
  kind: 'AUTO_RESPOSTA' | 'CONSULTOR',
  application: string,
  settings: Pick<AiSettings, 'instrucoes' | 'horarioAtendimento'>,
  setores: readonly string[],
): string {
  const who =
    kind === 'AUTO_RESPOSTA'
      ? `Você responde, por WhatsApp, às mensagens de pacientes de ${application}, em português do Brasil, com uma resposta curta e cordial.`
      : `Você sugere a um atendente de ${application} a próxima resposta ao paciente, por WhatsApp, em português do Brasil, curta e cordial.`;
  return [
    who,
    'Use somente as informações abaixo. Nunca dê orientação clínica, diagnóstico ou indicação de medicamento; nunca peça documentos.',
    kind === 'AUTO_RESPOSTA'
      ? `Se as informações não responderem à pergunta, ou se o paciente quiser falar com uma pessoa, responda somente ${HANDOFF_SIGNAL}.`
      : 'Se as informações não responderem à pergunta, sugira dizer que a equipe vai verificar e retornar.',
    'Informações:',
    ...facts(settings, setores),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Automatic answers

/** Why an automatic answer handed the patient to a person (the attendance to its sector's queue). */
export const handoffReasons = [
  /** The patient asked for a person (the escalation words): handled when the message was received, before any model call. */
  'PEDIDO_PACIENTE',
  /** The model could not answer from what it was given (it said so, its answer was cut, or the message has no text). */
  'SEM_RESPOSTA',
  /** The guardrail refused the question or the answer. */
  'GUARDRAIL',
  /** The balance does not cover the interaction or the message. */
  'SALDO_INSUFICIENTE',
  /** 3 automatic answers in this attendance already. */
  'LIMITE_RESPOSTAS',
  /** The model did not answer (timeout, throttling, an outage). */
  'IA_INDISPONIVEL',
  /** The answer could not be sent (the provider refused it or was unreachable). */
  'ENVIO_FALHOU',
] as const;
export type HandoffReason = (typeof handoffReasons)[number];

/** Automatic answers one attendance gets before the patient's next message goes to a person. */
export const MAX_BOT_ANSWERS = 3;

/** The answer the model gave, or why it is not to be sent. */
export function readAnswer(reply: ModelReply): { kind: 'answer'; text: string } | { kind: 'handoff'; reason: HandoffReason } {
  if (reply.guardrailIntervened) return { kind: 'handoff', reason: 'GUARDRAIL' };
  const text = reply.text.trim();
  if (reply.stopReason !== 'end_turn' || !text || text.includes(HANDOFF_SIGNAL)) return { kind: 'handoff', reason: 'SEM_RESPOSTA' };
  return { kind: 'answer', text };
}

// ---------------------------------------------------------------------------------------------
// Template drafts (POST /api/admin/whatsapp/templates-hsm/sugestoes)

export const draftBody = z.object({
  objetivo: z.string().check(
    z.maxLength(500),
    z.refine((s) => s.trim().length > 0, { error: 'must say what the template is for' }),
  ),
  categoria: z.enum(templateCategories),
  idioma: z.optional(z.string().check(z.regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a language code such as pt_BR'), z.maxLength(6))),
});
export type DraftRequest = z.infer<typeof draftBody>;

export function draftPrompt(categoria: TemplateCategory): string {
  return [
    'Você escreve modelos de mensagem (templates) de WhatsApp para uma clínica ou serviço de saúde, em português do Brasil.',
    `Categoria: ${categoria}.${categoria === 'UTILITY' ? ' Uma mensagem UTILITY é transacional: nenhum texto promocional (ofertas, descontos, convites a comprar).' : ''}`,
    'O corpo tem no máximo 1024 caracteres, usa variáveis numeradas {{1}}, {{2}}... sem lacunas, e não começa nem termina com uma variável.',
    `Cada variável é preenchida por um destes campos do agendamento: ${templateFields.join(', ')}.`,
    'Até 3 botões de resposta rápida, de até 25 caracteres cada. Nunca inclua orientação clínica nem peça documentos.',
    'Responda somente com um objeto JSON: {"nome": "nome_em_minusculas", "corpo": "...", "variaveis": ["pacienteNome"], "botoes": ["..."]}',
  ].join('\n');
}

export const draftQuestion = (request: DraftRequest): string =>
  [
    `Objetivo: ${withoutIdentifiers(request.objetivo.trim())}`,
    `Categoria: ${request.categoria}`,
    `Idioma: ${request.idioma ?? 'pt_BR'}`,
  ].join('\n');

export interface Draft {
  nome: string;
  corpo: string;
  variaveis: TemplateField[];
  botoes: string[];
}

const draftShape = z.object({
  nome: z.string(),
  corpo: z.string(),
  variaveis: z.optional(z.array(z.string())),
  botoes: z.optional(z.array(z.string())),
});

/** The model's draft, read from the first JSON object of its answer; undefined when there is none of that shape. */
export function readDraft(text: string): Draft | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
  const draft = draftShape.safeParse(parsed);
  if (!draft.success) return undefined;
  const nome =
    draft.data.nome
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 64) || 'rascunho_ia';
  return {
    nome,
    corpo: draft.data.corpo.trim(),
    // A field the project does not know is left for the rules to refuse, by name.
    variaveis: (draft.data.variaveis ?? []) as TemplateField[],
    botoes: (draft.data.botoes ?? []).map((b) => b.trim()),
  };
}

// ---------------------------------------------------------------------------------------------
// Interactions, their charge and their cost

export const interactionKinds = ['AUTO_RESPOSTA', 'GERACAO_CONTEUDO', 'CONSULTOR'] as const;
export type InteractionKind = (typeof interactionKinds)[number];

export const interactionDescriptions: Record<InteractionKind, string> = {
  AUTO_RESPOSTA: 'Interação com IA: resposta automática',
  GERACAO_CONTEUDO: 'Interação com IA: rascunho de template',
  CONSULTOR: 'Interação com IA: sugestão de resposta',
};

/** The tariff of a kind: categoria IA, subtipo the kind (IA/INTERACAO when the catalogue has none for it). */
export const AI_TARIFF_CATEGORY = 'IA';
export const AI_FALLBACK_SUBTIPO = 'INTERACAO';

/** One call to the model, as kept (pattern 47): what it was for, what it produced, what it cost and what was charged. */
export interface Interaction {
  id: number;
  aplicacaoId: number;
  tipo: InteractionKind;
  /** What came of it: answered (an answer sent, a suggestion given, a draft made), handed off, or refused. */
  resultado: 'RESPONDIDA' | 'ENCAMINHADA' | 'RECUSADA';
  motivo: HandoffReason | null;
  /** The attendance answered or suggested for, the template drafted. */
  atendimentoId: number | null;
  templateId: number | null;
  /** The message sent with an automatic answer. */
  mensagemId: number | null;
  /** The statement entry that charged it (IA_INTERACAO); null when nothing was charged. */
  lancamentoId: number | null;
  /** What was charged (two places); 0.00 when nothing was. */
  valor: string;
  modelo: string;
  tokensEntrada: number;
  tokensSaida: number;
  /** What the guardrail acted on, by policy and name (never the matched text). */
  guardrail: string[];
  /** The answer sent or suggested (the model's words); null for a draft (its template) and a hand-off. */
  resposta: string | null;
  /** ISO instant. */
  criadoEm: string;
}

/** The interactions as kept (shared/db/ai.ts). */
export interface InteractionStore {
  /** The interaction's writes (it and its month's totals), for the commit of its charge: a conflict when it exists already. */
  writes(interaction: Interaction): ConditionalWrite[];
  /** An interaction nothing was charged for, with `extras` (what it produced); false when it exists already. */
  record(interaction: Interaction, extras?: readonly ConditionalWrite<unknown>[]): Promise<boolean>;
  get(aplicacaoId: number, id: number): Promise<Pick<Interaction, 'resultado' | 'motivo' | 'resposta' | 'lancamentoId'> | undefined>;
  /** Every application's totals of a month (YYYY-MM): one Query. */
  monthTotals(mes: string): Promise<Map<number, InteractionTotals>>;
}

/** A model's published on-demand price, in US dollars per million tokens. */
export interface ModelPrice {
  entradaUsdPorMilhao: string;
  saidaUsdPorMilhao: string;
}

/**
 * The published prices of the stack's default models (Amazon Bedrock pricing, on demand): matched on the foundation
 * model's name inside the id (a profile's `us.`/`apac.` prefix aside). Another model has no price here: its cost is
 * shown as unknown rather than guessed.
 */
const prices: readonly [string, ModelPrice][] = [
  ['amazon.nova-micro-v1', { entradaUsdPorMilhao: '0.035', saidaUsdPorMilhao: '0.14' }],
  ['amazon.nova-lite-v1', { entradaUsdPorMilhao: '0.06', saidaUsdPorMilhao: '0.24' }],
  ['anthropic.claude-3-haiku-20240307-v1', { entradaUsdPorMilhao: '0.25', saidaUsdPorMilhao: '1.25' }],
];

export const priceOf = (modelId: string): ModelPrice | undefined => prices.find(([name]) => modelId.includes(name))?.[1];

/** A decimal string as an exact fraction of 10^scale. */
const scaled = (value: string, scale: number): bigint => {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
};

/** Six decimal places, as the statement keeps provider costs: a small model's tokens cost fractions of a cent. */
const MICRO = 1_000_000n;
const toMicro = (value: string): bigint => scaled(value, 6);
const fromMicro = (micro: bigint): string => {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  return `${sign}${abs / MICRO}.${String(abs % MICRO).padStart(6, '0')}`;
};

/**
 * What tokens cost in reais at a USD->BRL rate, to six places (rounded half up): (in x price_in + out x price_out)
 * / 10^6 x rate. Exact: no floating point.
 */
export function modelCostBrl(tokens: { entrada: number; saida: number }, price: ModelPrice, cotacao: string): string {
  const SCALE = 8;
  const usdPerMillion =
    BigInt(tokens.entrada) * scaled(price.entradaUsdPorMilhao, SCALE) + BigInt(tokens.saida) * scaled(price.saidaUsdPorMilhao, SCALE);
  // (usd x 10^8 per million tokens) x (rate x 10^8) -> reais x 10^6: divide by 10^(8 + 6 + 8 - 6).
  const divisor = 10n ** BigInt(SCALE + 6 + SCALE - 6);
  return fromMicro((usdPerMillion * scaled(cotacao, SCALE) + divisor / 2n) / divisor);
}

/** An application's interactions of one month, summed (pattern 47a). */
export interface InteractionTotals {
  interacoes: number;
  cobradas: number;
  tokensEntrada: number;
  tokensSaida: number;
  /** What was charged, two places. */
  cobrado: string;
  /** The model of its latest interaction: the price its tokens are costed at. */
  modelo: string | null;
}

/** Some totals with what their tokens cost (six places, at the model's price and the rate) and the margin; null without a price or a rate. */
export interface Margin extends InteractionTotals {
  custoModelo: string | null;
  margem: string | null;
}

export function marginOf(totals: InteractionTotals, cotacao: string | undefined): Margin {
  const price = totals.modelo ? priceOf(totals.modelo) : undefined;
  const custoModelo = price && cotacao ? modelCostBrl({ entrada: totals.tokensEntrada, saida: totals.tokensSaida }, price, cotacao) : null;
  return { ...totals, custoModelo, margem: custoModelo === null ? null : fromMicro(toMicro(totals.cobrado) - toMicro(custoModelo)) };
}

/** The platform's total of the applications' margins (a cost unknown for one is unknown for the total). */
export function totalMargin(rows: readonly Margin[]): Omit<Margin, 'modelo'> {
  const sum = (pick: (m: Margin) => number) => rows.reduce((n, m) => n + pick(m), 0);
  const costs = rows.map((m) => m.custoModelo);
  const known = costs.every((c): c is string => c !== null);
  const cobrado = fromCents(rows.reduce((n, m) => n + toCents(m.cobrado), 0n));
  const custoModelo = known ? fromMicro(costs.reduce((n, c) => n + toMicro(c), 0n)) : null;
  return {
    interacoes: sum((m) => m.interacoes),
    cobradas: sum((m) => m.cobradas),
    tokensEntrada: sum((m) => m.tokensEntrada),
    tokensSaida: sum((m) => m.tokensSaida),
    cobrado,
    custoModelo,
    margem: custoModelo === null ? null : fromMicro(toMicro(cobrado) - toMicro(custoModelo)),
  };
}
