// The AI interactions (docs/ai.md): a patient's message answered automatically in the bot stage of its
// attendance (the inbound consumer), a reply suggested to an operator, a template drafted. Each call to the
// model is one interaction, kept with its tokens (pattern 47); each one that produced something is charged
// IA_INTERACAO at the application's tariff for its kind through the one debit path, committed with what it
// produced (the interaction and its answer, the draft template). What the model is given has the patient's
// identifiers removed (shared/domain/ai.ts).
import { ModelError, type ModelPort, type ModelReply } from '#shared/adapters/ports';
import {
  AI_FALLBACK_SUBTIPO,
  AI_TARIFF_CATEGORY,
  MAX_BOT_ANSWERS,
  answerPrompt,
  draftPrompt,
  draftQuestion,
  interactionDescriptions,
  marginOf,
  totalMargin,
  modelTurns,
  noAiSettings,
  readAnswer,
  readDraft,
  type AiSettings,
  type ConversationTurn,
  type DraftRequest,
  type HandoffReason,
  type Interaction,
  type InteractionKind,
  type InteractionStore,
} from '#shared/domain/ai';
import type { Application } from '#shared/domain/applications/records';
import type { Attendance } from '#shared/domain/attendances';
import { DomainError, conflict, insufficientBalance } from '#shared/domain/errors';
import type { ExchangeRate } from '#shared/domain/exchange-rate';
import { chargeService, refundEntry, type LedgerRepository, type RefundStore } from '#shared/domain/ledger';
import { toCents } from '#shared/domain/money';
import { tariffFor, today, type TariffCatalogue } from '#shared/domain/tariffs';
import { checkNotPromotional, newTemplate, parseTemplateCreate, type Template } from '#shared/domain/templates';
import { localDate, localDateTime, systemClock, type Clock } from '#shared/domain/time';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import { requestFingerprint } from '#shared/domain/idempotency';
import { sendMessage, type SendDeps } from '#shared/operations/send-message';
import { log } from '#shared/log';

/** An answer is a WhatsApp message: a few hundred tokens at most. A draft is a template's body and its buttons. */
const ANSWER_TOKENS = 300;
const DRAFT_TOKENS = 600;
/**
 * One call's time, the SDK's retry included. The inbound consumer has 30 s for its batch, each patient's messages
 * in order and the patients side by side: one model call and one send fit in it with room to hand off.
 */
export const MODEL_CALL_MS = 8_000;

export interface AiDeps {
  model: ModelPort;
  /** The model's id (MODEL_ID): kept on each interaction, and its price read from it. */
  modelId: string;
  ledger: LedgerRepository & RefundStore;
  tariffs: TariffCatalogue;
  interactions: InteractionStore;
  /** The application's balance: a model call its charge would not be covered by is not made. */
  saldo(aplicacaoId: number): Promise<string | undefined>;
  now?: Clock;
}

/** The model's answer, or 503 `unavailable` when it gave none (an operator's route answers it; an automatic answer hands off). */
async function converse(deps: AiDeps, request: Parameters<ModelPort['converse']>[0]): Promise<ModelReply> {
  try {
    return await deps.model.converse(request);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    log.warn('model call failed', { kind: error.kind, code: error.code });
    throw new DomainError('unavailable', 'The AI assistant is unavailable; try again in a moment');
  }
}

const baseInteraction = (deps: AiDeps, id: number, aplicacaoId: number, tipo: InteractionKind, reply?: ModelReply) => ({
  id,
  aplicacaoId,
  tipo,
  motivo: null,
  atendimentoId: null,
  templateId: null,
  mensagemId: null,
  lancamentoId: null,
  valor: '0.00',
  modelo: deps.modelId,
  tokensEntrada: reply?.usage.inputTokens ?? 0,
  tokensSaida: reply?.usage.outputTokens ?? 0,
  guardrail: [...(reply?.guardrailFindings ?? [])],
  resposta: null,
  criadoEm: (deps.now ?? systemClock)().toISOString(),
});

/** The application's price of one interaction of a kind (its own tariff over the global one, the kind's over IA's). */
async function priceOf(deps: AiDeps, aplicacaoId: number, tipo: Interaction['tipo']): Promise<string> {
  const day = today((deps.now ?? systemClock)());
  const all = await deps.tariffs.listAll();
  const tariff =
    tariffFor(all, aplicacaoId, AI_TARIFF_CATEGORY, tipo, day) ?? tariffFor(all, aplicacaoId, AI_TARIFF_CATEGORY, AI_FALLBACK_SUBTIPO, day);
  return tariff?.valor ?? '0.00';
}

/** The interaction's price and the balance, read before the model is called (the call costs us): is it covered? */
async function quote(
  deps: AiDeps,
  aplicacaoId: number,
  tipo: Interaction['tipo'],
): Promise<{ valor: string; saldo: string; covered: boolean }> {
  const [valor, saldo = '0.00'] = await Promise.all([priceOf(deps, aplicacaoId, tipo), deps.saldo(aplicacaoId)]);
  return { valor, saldo, covered: toCents(saldo) >= toCents(valor) };
}

/**
 * Charges an interaction that produced something: one IA_INTERACAO entry at `valor` (its quote), committed with the
 * interaction and `extras` (what it produced). 402 when the balance no longer covers it, nothing written. A free
 * interaction (a tariff of 0.00) is kept without an entry.
 */
async function charge(
  deps: AiDeps,
  interaction: Interaction,
  valor: string,
  extras: readonly ConditionalWrite<unknown>[] = [],
): Promise<Interaction> {
  if (toCents(valor) === 0n) {
    if (!(await deps.interactions.record(interaction, extras))) throw conflict('This AI interaction was already recorded');
    return interaction;
  }
  let charged = interaction;
  await chargeService(
    interaction.aplicacaoId,
    { referenciaTipo: 'IA_INTERACAO', valor, descricao: interactionDescriptions[interaction.tipo], referenciaId: interaction.id },
    deps.ledger,
    {
      // A function that dies between the move and its entry produced nothing: the reconciler gives the charge back.
      seOrfao: 'ESTORNAR',
      extras: (e) => {
        charged = { ...interaction, lancamentoId: e.id, valor: e.valor };
        return [...deps.interactions.writes(charged), ...extras];
      },
    },
  );
  return charged;
}

// ---------------------------------------------------------------------------------------------
// Suggestions (CONSULTOR) and drafts (GERACAO_CONTEUDO): an operator's routes

export interface SuggestionDeps extends AiDeps {
  newId(): Promise<number>;
  /** The attendance's conversation, oldest first. */
  conversation(attendance: Attendance): Promise<ConversationTurn[]>;
  /** The names of the application's sectors. */
  sectors(aplicacaoId: number): Promise<string[]>;
}

const settingsOf = (app: Application): AiSettings => app.ia ?? noAiSettings;

/** POST /api/admin/atendimentos/{id}/sugestao: an answer for the operator to edit and send, not sent. */
export async function suggestReply(deps: SuggestionDeps, app: Application, attendance: Attendance): Promise<{ texto: string }> {
  if (attendance.status === 'ENCERRADO') throw conflict('The attendance is closed');
  const messages = modelTurns(await deps.conversation(attendance));
  if (messages.length === 0) throw new DomainError('unprocessable', 'The patient has written no text to answer yet');
  const [system, id, price] = await Promise.all([
    deps.sectors(app.id).then((setores) => answerPrompt('CONSULTOR', app.nome, settingsOf(app), setores)),
    deps.newId(),
    quote(deps, app.id, 'CONSULTOR'),
  ]);
  if (!price.covered) throw insufficientBalance(price.saldo);
  const reply = await converse(deps, { system, messages, maxTokens: ANSWER_TOKENS, timeoutMs: MODEL_CALL_MS });
  const base = { ...baseInteraction(deps, id, app.id, 'CONSULTOR', reply), atendimentoId: attendance.id };
  if (reply.guardrailIntervened || !reply.text.trim()) {
    await deps.interactions.record({ ...base, resultado: 'RECUSADA' });
    throw new DomainError(
      'unprocessable',
      'The AI assistant cannot suggest an answer to this conversation (a clinical question or a personal identifier)',
      {
        reason: 'guardrail',
      },
    );
  }
  const texto = reply.text.trim();
  await charge(deps, { ...base, resultado: 'RESPONDIDA', resposta: texto }, price.valor);
  return { texto };
}

export interface DraftDeps extends AiDeps {
  newId(): Promise<number>;
  /** The new template's put, committed with its charge. */
  templateWrite(template: Template): ConditionalWrite<unknown>;
}

/** POST /api/admin/whatsapp/templates-hsm/sugestoes: a RASCUNHO template drafted from an objective, checked by the template rules. */
export async function draftTemplate(deps: DraftDeps, aplicacaoId: number, request: DraftRequest): Promise<Template> {
  const [interactionId, templateId, price] = await Promise.all([deps.newId(), deps.newId(), quote(deps, aplicacaoId, 'GERACAO_CONTEUDO')]);
  if (!price.covered) throw insufficientBalance(price.saldo);
  const reply = await converse(deps, {
    system: draftPrompt(request.categoria),
    messages: [{ role: 'user', text: draftQuestion(request) }],
    maxTokens: DRAFT_TOKENS,
    timeoutMs: MODEL_CALL_MS,
  });
  const base = baseInteraction(deps, interactionId, aplicacaoId, 'GERACAO_CONTEUDO', reply);
  const draft = reply.guardrailIntervened || reply.stopReason !== 'end_turn' ? undefined : readDraft(reply.text);
  if (!draft) {
    await deps.interactions.record({ ...base, resultado: 'RECUSADA' });
    throw new DomainError(
      'unprocessable',
      reply.guardrailIntervened
        ? 'The AI assistant refused this objective (a clinical topic or a personal identifier)'
        : 'The AI assistant gave no template for this objective; say it differently',
      { field: 'objetivo' },
    );
  }
  let input;
  try {
    // The project's own rules, as for a template typed by hand, and no promotional text outside MARKETING (which the
    // provider's review would refuse); procedures are the admin's to name before submitting.
    input = parseTemplateCreate({
      ...draft,
      idioma: request.idioma ?? 'pt_BR',
      categoria: request.categoria,
      procedimentos: ['A definir'],
    });
    checkNotPromotional(input);
  } catch (error) {
    await deps.interactions.record({ ...base, resultado: 'RECUSADA' });
    if (error instanceof DomainError && error.kind === 'validation') {
      throw new DomainError('unprocessable', `The AI draft did not pass the template rules: ${error.message}`, error.details);
    }
    throw error;
  }
  const template = newTemplate(templateId, aplicacaoId, input, localDateTime((deps.now ?? systemClock)()));
  await charge(deps, { ...base, resultado: 'RESPONDIDA', templateId }, price.valor, [deps.templateWrite(template)]);
  return template;
}

// ---------------------------------------------------------------------------------------------
// Automatic answers (AUTO_RESPOSTA): the inbound consumer

export interface AutoReplyDeps extends Omit<SuggestionDeps, 'newId' | 'conversation'> {
  attendance(aplicacaoId: number, id: number): Promise<Attendance | undefined>;
  conversation(attendance: Attendance): Promise<ConversationTurn[]>;
  /** BOT -> FILA (the sector's queue), with why; false when it is not in BOT any more. */
  handOff(aplicacaoId: number, atendimentoId: number, at: string, motivo: HandoffReason): Promise<boolean>;
  send: SendDeps;
  statusCallbackUrl: string;
  /** The answer's place in the attendance's conversation, committed with its debit. */
  conversationWrite(attendance: Attendance, mensagemId: number): ConditionalWrite;
}

/** A patient's message stored in an attendance (the inbound consumer's reception). */
export interface PatientTurn {
  /** The patient's message's id: the interaction's, so a redelivered message is answered once. */
  mensagemId: number;
  atendimentoId: number;
}

export type AutoReplyOutcome =
  { kind: 'off' | 'not-bot' } | { kind: 'answered'; mensagemId: number } | { kind: 'handed-off'; motivo: HandoffReason };

export async function autoReply(deps: AutoReplyDeps, app: Application, turn: PatientTurn): Promise<AutoReplyOutcome> {
  const settings = settingsOf(app);
  if (!settings.autoResposta) return { kind: 'off' };
  const [attendance, before] = await Promise.all([
    deps.attendance(app.id, turn.atendimentoId),
    deps.interactions.get(app.id, turn.mensagemId),
  ]);
  if (!attendance || attendance.status !== 'BOT') return { kind: 'not-bot' };
  const at = () => (deps.now ?? systemClock)().toISOString();
  const handOff = async (motivo: HandoffReason, reply?: ModelReply) => {
    await deps.interactions.record({
      ...baseInteraction(deps, turn.mensagemId, app.id, 'AUTO_RESPOSTA', reply),
      resultado: 'ENCAMINHADA',
      motivo,
      atendimentoId: attendance.id,
    });
    await deps.handOff(app.id, attendance.id, at(), motivo);
    log.info('automatic answer handed off', { aplicacaoId: app.id, atendimentoId: attendance.id, motivo });
    return { kind: 'handed-off', motivo } as const;
  };

  // A redelivered message: what the first delivery decided, finished (the send is keyed, so it is made once).
  if (before?.resultado === 'ENCAMINHADA') {
    await deps.handOff(app.id, attendance.id, at(), before.motivo ?? 'SEM_RESPOSTA');
    return { kind: 'handed-off', motivo: before.motivo ?? 'SEM_RESPOSTA' };
  }
  if (before?.resultado === 'RESPONDIDA' && before.resposta) {
    return sendAnswer(deps, app, attendance, turn, before.resposta, before.lancamentoId);
  }

  const conversation = await deps.conversation(attendance);
  // Every answer in an attendance still in BOT is an automatic one: a person answers only once it is taken.
  if (conversation.filter((m) => m.direcao === 'SAIDA').length >= MAX_BOT_ANSWERS) return handOff('LIMITE_RESPOSTAS');
  const messages = modelTurns(conversation);
  if (messages.length === 0) return handOff('SEM_RESPOSTA');
  const [setores, price] = await Promise.all([deps.sectors(app.id), quote(deps, app.id, 'AUTO_RESPOSTA')]);
  if (!price.covered) return handOff('SALDO_INSUFICIENTE');
  const system = answerPrompt('AUTO_RESPOSTA', app.nome, settings, setores);
  let reply: ModelReply;
  try {
    reply = await converse(deps, { system, messages, maxTokens: ANSWER_TOKENS, timeoutMs: MODEL_CALL_MS });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'unavailable') return handOff('IA_INDISPONIVEL');
    throw error;
  }
  const read = readAnswer(reply);
  if (read.kind === 'handoff') return handOff(read.reason, reply);
  let lancamentoId: number | null;
  try {
    const charged = await charge(
      deps,
      {
        ...baseInteraction(deps, turn.mensagemId, app.id, 'AUTO_RESPOSTA', reply),
        resultado: 'RESPONDIDA',
        atendimentoId: attendance.id,
        resposta: read.text,
      },
      price.valor,
    );
    lancamentoId = charged.lancamentoId;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'insufficient_balance') return handOff('SALDO_INSUFICIENTE', reply);
    throw error;
  }
  return sendAnswer(deps, app, attendance, turn, read.text, lancamentoId);
}

/**
 * Sends an automatic answer as an ordinary message (contexto SUPORTE, in the attendance's conversation), keyed by
 * its interaction: a redelivery replays the first send instead of sending again. A send that fails hands the
 * patient to a person and gives the interaction's charge back.
 */
async function sendAnswer(
  deps: AutoReplyDeps,
  app: Application,
  attendance: Attendance,
  turn: PatientTurn,
  text: string,
  lancamentoId: number | null,
): Promise<AutoReplyOutcome> {
  const key = `ia-resposta-${turn.mensagemId}`;
  let failure: HandoffReason | undefined;
  try {
    const outcome = await sendMessage(deps.send, app.id, {
      telefone: attendance.telefone,
      mensagem: text,
      contexto: 'SUPORTE',
      contextoId: attendance.id,
      statusCallbackUrl: deps.statusCallbackUrl,
      idempotency: { key, fingerprint: requestFingerprint({ key, text }) },
      writes: (mensagemId) => [deps.conversationWrite(attendance, mensagemId)],
    });
    if (outcome.ok) return { kind: 'answered', mensagemId: outcome.mensagemId };
    failure = 'ENVIO_FALHOU';
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== 'insufficient_balance') throw error;
    failure = 'SALDO_INSUFICIENTE';
  }
  if (lancamentoId !== null) {
    try {
      await refundEntry(deps.ledger, deps.ledger, app.id, { lancamentoId, motivo: 'resposta automática não enviada' });
    } catch (error) {
      // Refunded by an earlier delivery of the same message.
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    }
  }
  await deps.handOff(app.id, attendance.id, (deps.now ?? systemClock)().toISOString(), failure);
  log.info('automatic answer handed off', { aplicacaoId: app.id, atendimentoId: attendance.id, motivo: failure });
  return { kind: 'handed-off', motivo: failure };
}

// ---------------------------------------------------------------------------------------------
// The platform's AI margin (GET /api/admin/ia/resumo)

export interface AiSummaryDeps {
  interactions: Pick<InteractionStore, 'monthTotals'>;
  applicationNames(): Promise<Map<number, string>>;
  exchangeRate(): Promise<ExchangeRate | undefined>;
}

/** A month's AI interactions per application and in all: tokens, what was charged, what the tokens cost, the margin. */
export async function aiSummary(deps: AiSummaryDeps, mes: string | undefined, now: Date) {
  const month = mes ?? localDate(now).slice(0, 7);
  const [totals, names, rate] = await Promise.all([deps.interactions.monthTotals(month), deps.applicationNames(), deps.exchangeRate()]);
  const aplicacoes = [...totals.entries()]
    .sort(([a], [b]) => a - b)
    .map(([aplicacaoId, t]) => ({ aplicacaoId, nome: names.get(aplicacaoId) ?? null, ...marginOf(t, rate?.valor) }));
  return { mes: month, cotacaoUsdBrl: rate?.valor ?? null, total: totalMargin(aplicacoes), aplicacoes };
}
