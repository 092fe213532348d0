// A loopback stand-in for Amazon Bedrock's runtime under `npm start` and in the tests: `POST /model/{modelId}/converse`
// in Converse's wire format (the SDK's JSON request and answer, its status codes, its errors named in
// `x-amzn-errortype`), so the adapter that runs locally is shared/adapters/aws/bedrock.ts, the one that runs on AWS.
// Over HTTP/2, as the SDK's Bedrock runtime client speaks it (its default handler is NodeHttp2Handler): cleartext
// (h2c) on loopback, so `curl --http2-prior-knowledge` talks to it, a plain HTTP/1.1 request does not.
// Deterministic: the answer is drawn from the system prompt's sentences; the guardrail is the stack's
// (infra/guardrail.ts), its topic read by keywords. Every trigger is in docs/ai.md:
//
// - the guardrail (when the request names it): a question that asks for a diagnosis or clinical advice, carries a CPF,
//   a Cartão Nacional de Saúde or a card number, or tries a prompt attack is refused before the "model" runs
//   (stopReason guardrail_intervened, the guardrail's blocked input message, trace.guardrail.inputAssessment, no tokens);
//   an answer that would carry one of those is refused after it (the blocked output message, outputAssessments);
// - the answer: the system prompt's line sharing the most words with the last question ("horário de atendimento"
//   finds "Horário de atendimento: ..."), or, when none shares one, an "I do not have that information" reply;
// - maxTokens: an answer longer than it is cut (4 characters a token) with stopReason max_tokens;
// - usage: a token per 4 characters of the system prompt and the messages (input) and of the answer (output);
// - failures, by a marker in the last question: [simular:throttling] (429 ThrottlingException), [simular:erro]
//   (500 InternalServerException), [simular:indisponivel] (503 ServiceUnavailableException), [simular:lento] (no
//   answer for `hangMs`, 30 s by default).
import { randomUUID } from 'node:crypto';
import { createServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { blockedInputMessage, blockedOutputMessage, clinicalAdviceTopic, identifierPatterns } from '#infra/guardrail';
import { defaultModelId } from '#infra/model';
import { hang, readBody } from '#infra/local/simulators/common';

/** The guardrail the local run names (GUARDRAIL_ID, GUARDRAIL_VERSION): the stack's, under a local id. */
export const LOCAL_GUARDRAIL = { id: 'localguardrail', version: '1' } as const;

/** Markers that make the simulator fail, in the last user message. */
export const MODEL_FAILURE_MARKERS = {
  throttling: '[simular:throttling]',
  serverError: '[simular:erro]',
  unavailable: '[simular:indisponivel]',
  noAnswer: '[simular:lento]',
} as const;

/** The answer when the system prompt has nothing on the question. */
export const NO_INFORMATION_ANSWER = 'Desculpe, não tenho essa informação. Vou pedir para alguém da nossa equipe responder.';
/** What precedes the line of the system prompt that answers. */
export const ANSWER_PREFIX = 'De acordo com as informações que tenho: ';

/** The largest maxTokens a call may ask for (the smallest of the default models' limits: Claude 3 Haiku's 4,096). */
export const SIMULATED_MAX_OUTPUT_TOKENS = 4_096;

/** A call the simulator answered (or refused), as tests read it. */
export interface ConverseCall {
  modelId: string;
  /** The request body as sent. */
  body: Record<string, unknown>;
  status: number;
  stopReason?: string;
}

export interface BedrockSimulator {
  /** `http://127.0.0.1:<port>`: BEDROCK_ENDPOINT. */
  url: string;
  guardrail: { id: string; version: string };
  calls(): readonly ConverseCall[];
  stop(): Promise<void>;
}

export interface BedrockSimulatorOptions {
  /** 0 (default) picks a free port; npm start uses 3104. */
  port?: number;
  /** The model ids it serves (default: infra/model.ts's defaults); another is a ValidationException, as on AWS. */
  models?: readonly string[];
  /** How long [simular:lento] waits before answering (default 30 s, past any call's timeout). */
  hangMs?: number;
}

/** A token per 4 characters (at least one for any text): the simulator's stand-in for a tokenizer. */
export const tokensOf = (text: string): number => Math.ceil(text.length / 4);

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words that say nothing about what is asked (Portuguese function words, greetings, politeness). */
const STOPWORDS = new Set(
  (
    'a o as os um uma uns umas de da do das dos em no na nos nas ao aos e ou que qual quais quando onde como quanto quanta ' +
    'para pra por com sem se me te eu voce voces vc vcs meu minha meus minhas seu sua seus suas tem ter ha sao sobre mais ' +
    'isso isto este esta essa esse ola oi bom boa dia tarde noite favor obrigado obrigada gostaria saber queria pode podem ' +
    'posso vou vai ja nao sim tambem muito muita algum alguma'
  ).split(' '),
);

/** The content words of a text, folded (accents, case) and without a plural's final s. */
const wordsOf = (text: string): Set<string> =>
  new Set(
    fold(text)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && !STOPWORDS.has(w))
      .map((w) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w)),
  );

/** What a system prompt asks to be answered when it has nothing on the question (shared/domain/ai.ts's HANDOFF_SIGNAL). */
const HANDOFF_SIGNAL = /responda somente (\[[A-Z_]+\])/;

/**
 * The "model": the system prompt's line sharing the most content words with the question (the first on a tie), or
 * none. A prompt that lists its facts as `- ` lines is answered from those lines only (its instructions are not
 * facts), and one that says what to answer when it has nothing ("responda somente [X]") gets that.
 */
export function answerFrom(system: string, question: string): string {
  const asked = wordsOf(question);
  const lines = system.split(/\n+/).map((s) => s.trim());
  const facts = lines.filter((l) => l.startsWith('- ')).map((l) => l.slice(2).trim());
  let best: { sentence: string; shared: number } | undefined;
  for (const sentence of facts.length > 0 ? facts : lines) {
    if (!sentence) continue;
    const shared = [...wordsOf(sentence)].filter((w) => asked.has(w)).length;
    if (shared > 0 && (!best || shared > best.shared)) best = { sentence, shared };
  }
  if (best) return `${ANSWER_PREFIX}${best.sentence}`;
  return HANDOFF_SIGNAL.exec(system)?.[1] ?? NO_INFORMATION_ANSWER;
}

/** What a system prompt says when it wants a template as JSON (shared/domain/ai.ts's draftPrompt). */
const DRAFT_REQUEST = 'Responda somente com um objeto JSON';

/**
 * A template drafted from the question's `Objetivo:` line, deterministically: the objective as the body between a
 * greeting with the patient's name ({{1}}, pacienteNome) and a closing line, a name from its first words, and
 * Confirmar/Remarcar buttons when it speaks of confirming. Its words are the objective's, so an objective with
 * promotional words makes a draft the template rules refuse for UTILITY.
 */
export function draftFrom(question: string): string {
  const objective = /^Objetivo:\s*(.+)$/m.exec(question)?.[1]?.trim() ?? question.trim();
  const sentence = objective.charAt(0).toUpperCase() + objective.slice(1) + (/[.!?]$/.test(objective) ? '' : '.');
  const nome = [...wordsOf(objective)].slice(0, 4).join('_') || 'mensagem';
  return JSON.stringify({
    nome,
    corpo: `Olá, {{1}}! ${sentence} Qualquer dúvida, responda esta mensagem.`,
    variaveis: ['pacienteNome'],
    botoes: /confirm/i.test(fold(objective)) ? ['Confirmar', 'Remarcar'] : [],
  });
}

/** The denied topic, read by keywords (Bedrock reads it with a classifier): what a question or answer on it says. */
const CLINICAL_ADVICE = [
  /\bdiagnos/,
  /\bo que (eu )?tenho\b/,
  /\bque doenca\b/,
  /\be grave\b/,
  /\bsintoma/,
  /\bremedio/,
  /\bmedicament/,
  /\bantibiotic/,
  /\bdipirona\b/,
  /\bdos(e|es|agem)\b/,
  /\b(posso|devo) (tomar|usar|parar)\b/,
  /\b(qual|que) tratamento\b/,
  /\btratamento para\b/,
  /\bestou com (febre|dor|tosse|falta de ar)\b/,
  /\bresultado do (meu )?exame\b/,
  /\bmeu exame (deu|mostrou)\b/,
];
const PROMPT_ATTACK = [/\b(ignore|esqueca) (todas )?as (suas )?instruc/, /\bignore (all )?(previous|prior|your) instructions\b/];

interface Detection {
  policy: 'topic' | 'regex' | 'pii' | 'content';
  name: string;
  match: string;
  regex?: string;
}

/** A card number as Bedrock's CREDIT_DEBIT_CARD_NUMBER: here 15 or 16 digits in groups of four that pass Luhn's check. */
function cardNumbers(text: string): string[] {
  const luhn = (digits: string) =>
    [...digits].reverse().reduce((sum, d, i) => {
      const n = Number(d) * (i % 2 === 1 ? 2 : 1);
      return sum + (n > 9 ? n - 9 : n);
    }, 0) %
      10 ===
    0;
  return [...text.matchAll(/\b\d{4}([ -]?)\d{4}\1\d{4}\1\d{3,4}\b/g)].map((m) => m[0]).filter((m) => luhn(m.replace(/\D/g, '')));
}

/** What the guardrail finds in a text it guards: the question (topic, identifiers, prompt attacks) or the answer (topic, identifiers). */
function detect(text: string, direction: 'input' | 'output'): Detection[] {
  const folded = fold(text);
  const found: Detection[] = [];
  const topic = CLINICAL_ADVICE.map((re) => re.exec(folded)?.[0]).find(Boolean);
  if (topic) found.push({ policy: 'topic', name: clinicalAdviceTopic.name, match: topic });
  for (const { name, pattern } of identifierPatterns) {
    for (const m of text.matchAll(new RegExp(pattern, 'g'))) found.push({ policy: 'regex', name, match: m[0], regex: pattern });
  }
  for (const match of cardNumbers(text)) found.push({ policy: 'pii', name: 'CREDIT_DEBIT_CARD_NUMBER', match });
  if (direction === 'input' && PROMPT_ATTACK.some((re) => re.test(folded))) {
    found.push({ policy: 'content', name: 'PROMPT_ATTACK', match: '' });
  }
  return found;
}

/** One GuardrailAssessment in Bedrock's shape: every policy's findings (all BLOCKED here) and the invocation metrics. */
function assessmentOf(found: Detection[], guardedChars: number) {
  const units = Math.max(1, Math.ceil(guardedChars / 1000));
  const of = (policy: Detection['policy']) => found.filter((d) => d.policy === policy);
  const topics = of('topic').map((d) => ({ name: d.name, type: 'DENY', action: 'BLOCKED', detected: true }));
  const regexes = of('regex').map((d) => ({ name: d.name, match: d.match, regex: d.regex, action: 'BLOCKED', detected: true }));
  const piiEntities = of('pii').map((d) => ({ match: d.match, type: d.name, action: 'BLOCKED', detected: true }));
  const filters = of('content').map((d) => ({
    type: d.name,
    confidence: 'HIGH',
    filterStrength: 'HIGH',
    action: 'BLOCKED',
    detected: true,
  }));
  return {
    ...(topics.length > 0 ? { topicPolicy: { topics } } : {}),
    ...(filters.length > 0 ? { contentPolicy: { filters } } : {}),
    ...(regexes.length + piiEntities.length > 0 ? { sensitiveInformationPolicy: { piiEntities, regexes } } : {}),
    invocationMetrics: {
      guardrailProcessingLatency: 10,
      usage: {
        topicPolicyUnits: units,
        contentPolicyUnits: units,
        wordPolicyUnits: 0,
        sensitiveInformationPolicyUnits: units,
        sensitiveInformationPolicyFreeUnits: 0,
        contextualGroundingPolicyUnits: 0,
      },
      guardrailCoverage: { textCharacters: { guarded: guardedChars, total: guardedChars } },
    },
  };
}

type Block = { text?: unknown };
type Message = { role?: unknown; content?: unknown };

/** Bedrock's error answer: the status, the type in `x-amzn-errortype` (the SDK reads it), `{"message"}` in the body. */
function sendError(res: Http2ServerResponse, status: number, type: string, message: string): void {
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
    'x-amzn-RequestId': randomUUID(),
  });
  res.end(body);
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const validation = (message: string) => new Refusal(400, 'ValidationException', message);

/** The request's texts, checked as Bedrock checks them (first message the user's, roles alternating, no blank text). */
function readConversation(body: Record<string, unknown>) {
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0 || (messages[0] as Message).role !== 'user') {
    throw validation('A conversation must start with a user message. Try again with a conversation that starts with a user message.');
  }
  const turns = (messages as Message[]).map((m, i) => {
    if (m.role !== (i % 2 === 0 ? 'user' : 'assistant')) {
      throw validation(
        'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
      );
    }
    const blocks = Array.isArray(m.content) ? (m.content as Block[]) : [];
    const texts = blocks.map((b, j) => {
      if (typeof b.text !== 'string') return '';
      if (!b.text.trim()) {
        throw validation(
          `The text field in the ContentBlock object at messages.${i}.content.${j} is blank. Add text to the text field, and try again.`,
        );
      }
      return b.text;
    });
    return { role: m.role as 'user' | 'assistant', text: texts.join('\n') };
  });
  const system = (Array.isArray(body.system) ? (body.system as Block[]) : [])
    .map((b) => (typeof b.text === 'string' ? b.text : ''))
    .join('\n');
  return { turns, system };
}

function readMaxTokens(body: Record<string, unknown>): number {
  const value = (body.inferenceConfig as { maxTokens?: unknown } | undefined)?.maxTokens;
  if (value === undefined) return SIMULATED_MAX_OUTPUT_TOKENS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw validation(
      `1 validation error detected: Value '${JSON.stringify(value)}' at 'inferenceConfig.maxTokens' failed to satisfy constraint: Member must have value greater than or equal to 1`,
    );
  }
  if (value > SIMULATED_MAX_OUTPUT_TOKENS) {
    throw validation(
      `The maximum tokens you requested exceeds the model limit of ${SIMULATED_MAX_OUTPUT_TOKENS}. Try again with a maximum tokens value that is lower than ${SIMULATED_MAX_OUTPUT_TOKENS}.`,
    );
  }
  return value;
}

/** The guardrail the request names (none: the call is unguarded, as on AWS); another than the simulator's is refused. */
function readGuardrail(body: Record<string, unknown>, guardrail: { id: string; version: string }) {
  const config = body.guardrailConfig as { guardrailIdentifier?: unknown; guardrailVersion?: unknown; trace?: unknown } | undefined;
  if (!config) return undefined;
  if (config.guardrailIdentifier !== guardrail.id || config.guardrailVersion !== guardrail.version) {
    throw validation('The guardrail identifier or version provided in the request does not exist.');
  }
  return { trace: config.trace === 'enabled' || config.trace === 'enabled_full' };
}

/** A model id as the path names it (an ARN's last part counts as the id). */
const modelIdOf = (raw: string) => decodeURIComponent(raw).replace(/^arn:[^/]+\//, '');

export async function startBedrockSimulator(options: BedrockSimulatorOptions = {}): Promise<BedrockSimulator> {
  const models = new Set(options.models ?? [defaultModelId('us-east-1'), defaultModelId(undefined)]);
  const guardrail = { ...LOCAL_GUARDRAIL };
  const hangMs = options.hangMs ?? 30_000;
  const log: ConverseCall[] = [];

  const converse = async (req: Http2ServerRequest, res: Http2ServerResponse, rawModelId: string, call: ConverseCall) => {
    // SigV4 as the SDK signs for Bedrock; the signature itself is not checked (the keys are local).
    const authorization = req.headers.authorization ?? '';
    if (!authorization.startsWith('AWS4-HMAC-SHA256 '))
      throw new Refusal(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
    if (!/Credential=[^/]+\/\d{8}\/[\w-]+\/bedrock\/aws4_request/.test(authorization)) {
      throw new Refusal(403, 'InvalidSignatureException', "Credential should be scoped to correct service: 'bedrock'.");
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new Refusal(400, 'SerializationException', 'Unable to parse the request body as JSON.');
    }
    call.body = body;
    if (!models.has(modelIdOf(rawModelId))) throw validation('The provided model identifier is invalid.');
    const { turns, system } = readConversation(body);
    const maxTokens = readMaxTokens(body);
    const guarded = readGuardrail(body, guardrail);
    const question = [...turns].reverse().find((t) => t.role === 'user')!.text;

    if (question.includes(MODEL_FAILURE_MARKERS.throttling))
      throw new Refusal(429, 'ThrottlingException', 'Too many requests, please wait before trying again.');
    if (question.includes(MODEL_FAILURE_MARKERS.serverError)) {
      throw new Refusal(500, 'InternalServerException', 'The server encountered an internal error. Try your request again later.');
    }
    if (question.includes(MODEL_FAILURE_MARKERS.unavailable))
      throw new Refusal(503, 'ServiceUnavailableException', 'Service unavailable. Try again later.');
    if (question.includes(MODEL_FAILURE_MARKERS.noAnswer)) {
      await hang(res, hangMs);
      if (res.destroyed || res.writableEnded) return undefined;
    }

    const answer = (text: string, stopReason: string, usage: { inputTokens: number; outputTokens: number }, trace?: unknown) => ({
      output: { message: { role: 'assistant', content: [{ text }] } },
      stopReason,
      usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens },
      metrics: { latencyMs: 50 + usage.outputTokens },
      ...(trace ? { trace } : {}),
    });

    // The guardrail reads the conversation (not the system prompt) before the model runs.
    const conversation = turns.map((t) => t.text).join('\n');
    const inputFound = guarded ? detect(conversation, 'input') : [];
    if (inputFound.length > 0) {
      const trace = guarded!.trace
        ? {
            guardrail: {
              inputAssessment: { [guardrail.id]: assessmentOf(inputFound, conversation.length) },
              actionReason: 'Guardrail blocked.',
            },
          }
        : undefined;
      return answer(blockedInputMessage, 'guardrail_intervened', { inputTokens: 0, outputTokens: 0 }, trace);
    }

    const inputTokens = tokensOf(system) + turns.reduce((sum, t) => sum + tokensOf(t.text), 0);
    const full = system.includes(DRAFT_REQUEST) ? draftFrom(question) : answerFrom(system, question);
    const cut = tokensOf(full) > maxTokens;
    const text = cut ? full.slice(0, maxTokens * 4) : full;
    const usage = { inputTokens, outputTokens: cut ? maxTokens : tokensOf(text) };

    // And the answer after it.
    const outputFound = guarded ? detect(text, 'output') : [];
    if (outputFound.length > 0) {
      const trace = guarded!.trace
        ? {
            guardrail: {
              modelOutput: [text],
              outputAssessments: { [guardrail.id]: [assessmentOf(outputFound, text.length)] },
              actionReason: 'Guardrail blocked.',
            },
          }
        : undefined;
      return answer(blockedOutputMessage, 'guardrail_intervened', usage, trace);
    }
    const trace = guarded?.trace
      ? { guardrail: { inputAssessment: { [guardrail.id]: assessmentOf([], conversation.length) } } }
      : undefined;
    return answer(text, cut ? 'max_tokens' : 'end_turn', usage, trace);
  };

  const handle = async (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const route = /^\/model\/([^/]+)\/converse$/.exec(path);
    if (req.method !== 'POST' || !route) {
      sendError(
        res,
        404,
        'UnknownOperationException',
        `The simulator serves POST /model/{modelId}/converse only, not ${req.method} ${path}`,
      );
      return;
    }
    const call: ConverseCall = { modelId: modelIdOf(route[1]!), body: {}, status: 200 };
    log.push(call);
    try {
      const out = await converse(req, res, route[1]!, call);
      if (!out) return;
      call.stopReason = out.stopReason;
      const text = JSON.stringify(out);
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
        'x-amzn-RequestId': randomUUID(),
      });
      res.end(text);
    } catch (error) {
      const refusal = error instanceof Refusal ? error : new Refusal(500, 'InternalServerException', 'simulator error');
      call.status = refusal.status;
      if (!res.headersSent && !res.destroyed) sendError(res, refusal.status, refusal.type, refusal.message);
    }
  };

  const sessions = new Set<ServerHttp2Session>();
  const server = createServer((req, res) => void handle(req, res));
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    guardrail,
    calls: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A [simular:lento] call holds its stream: cut the sessions rather than wait.
        for (const session of sessions) session.destroy();
      }),
  };
}
