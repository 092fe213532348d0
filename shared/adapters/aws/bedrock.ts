// The model port on Amazon Bedrock's Converse API: the stack's model (MODEL_ID, a foundation model or an inference
// profile) behind the stack's guardrail (GUARDRAIL_ID, GUARDRAIL_VERSION), applied to every call with its trace, so a
// refusal is AWS's and not only a prompt's. Under `npm start` and in the tests BEDROCK_ENDPOINT points the same code at
// the loopback simulator (infra/local/simulators/bedrock.ts), which speaks the same wire format.
//
// The SDK is imported on the first call (only types here): a function that wires this adapter but never calls the
// model pays nothing for it at its cold start (docs/decisions.md, "A model behind one port").
import type * as BedrockRuntime from '@aws-sdk/client-bedrock-runtime';
import type { BedrockRuntimeClient, ConverseCommandOutput, GuardrailAssessment } from '@aws-sdk/client-bedrock-runtime';
import { config, requireConfig } from '#shared/config';
import {
  MODEL_MAX_TIMEOUT_MS,
  MODEL_MAX_TOKENS,
  ModelError,
  type ModelErrorKind,
  type ModelPort,
  type ModelReply,
  type ModelRequest,
  type ModelStopReason,
} from '#shared/adapters/ports';

/** The SDK's attempts per call (one retry of a throttled or failed call), all within the call's timeoutMs. */
const MAX_ATTEMPTS = 2;

/** The call's shape checked before anything is sent: a mistake here is the caller's, not Bedrock's. */
function checkRequest(request: ModelRequest): void {
  const { messages, maxTokens, timeoutMs } = request;
  if (!Number.isInteger(maxTokens) || maxTokens < 1 || maxTokens > MODEL_MAX_TOKENS) {
    throw new RangeError(`maxTokens must be an integer from 1 to ${MODEL_MAX_TOKENS}, got ${maxTokens}`);
  }
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MODEL_MAX_TIMEOUT_MS) {
    throw new RangeError(`timeoutMs must be an integer from 1 to ${MODEL_MAX_TIMEOUT_MS}, got ${timeoutMs}`);
  }
  if (messages.length === 0 || messages[messages.length - 1]!.role !== 'user') throw new RangeError('the last message must be the user’s');
  messages.forEach((m, i) => {
    if (m.role !== (i % 2 === 0 ? 'user' : 'assistant')) throw new RangeError('messages must start with the user’s and alternate');
    if (!m.text.trim()) throw new RangeError(`message ${i} is blank (Bedrock refuses blank text)`);
  });
}

const stopReasons: Record<string, ModelStopReason> = {
  end_turn: 'end_turn',
  max_tokens: 'max_tokens',
  stop_sequence: 'stop_sequence',
  guardrail_intervened: 'guardrail_intervened',
  content_filtered: 'content_filtered',
};

/** What one assessment acted on (BLOCKED, ANONYMIZED...), by policy and name; detections left as they were (NONE) are not findings. */
function findingsOf(assessment: GuardrailAssessment): string[] {
  const acted = (action: string | undefined) => action !== undefined && action !== 'NONE';
  return [
    ...(assessment.topicPolicy?.topics ?? []).filter((t) => acted(t.action)).map((t) => `topic:${t.name}`),
    ...(assessment.sensitiveInformationPolicy?.regexes ?? []).filter((r) => acted(r.action)).map((r) => `regex:${r.name}`),
    ...(assessment.sensitiveInformationPolicy?.piiEntities ?? []).filter((p) => acted(p.action)).map((p) => `pii:${p.type}`),
    ...(assessment.contentPolicy?.filters ?? []).filter((f) => acted(f.action)).map((f) => `content:${f.type}`),
    ...[...(assessment.wordPolicy?.customWords ?? []), ...(assessment.wordPolicy?.managedWordLists ?? [])]
      .filter((w) => acted(w.action))
      .map(() => 'word'),
  ];
}

/** The answer as the port gives it: the text, why it stopped, what the guardrail acted on (never the matched text) and the tokens. */
export function replyOf(out: Pick<ConverseCommandOutput, 'output' | 'stopReason' | 'usage' | 'trace'>): ModelReply {
  const content = out.output?.message?.content ?? [];
  const text = content.map((block) => block.text ?? '').join('');
  const stopReason = stopReasons[out.stopReason ?? ''] ?? 'other';
  const guardrail = out.trace?.guardrail;
  const assessments = [...Object.values(guardrail?.inputAssessment ?? {}), ...Object.values(guardrail?.outputAssessments ?? {}).flat()];
  const guardrailIntervened = stopReason === 'guardrail_intervened';
  return {
    text,
    stopReason,
    guardrailIntervened,
    guardrailFindings: guardrailIntervened ? [...new Set(assessments.flatMap(findingsOf))] : [],
    usage: { inputTokens: out.usage?.inputTokens ?? 0, outputTokens: out.usage?.outputTokens ?? 0 },
  };
}

const errorKinds: Record<string, ModelErrorKind> = {
  ThrottlingException: 'throttled',
  ServiceQuotaExceededException: 'throttled',
  InternalServerException: 'unavailable',
  ServiceUnavailableException: 'unavailable',
  ModelNotReadyException: 'unavailable',
  ModelTimeoutException: 'unavailable',
  ModelErrorException: 'unavailable',
};

/** Any failure of a call as a ModelError: a timeout, the service's error by its name, or the network's. */
export function modelErrorOf(error: unknown, timedOut: boolean, timeoutMs: number): ModelError {
  if (timedOut) return new ModelError('timeout', `the model did not answer within ${timeoutMs} ms`, 'TimeoutError');
  const e = error as { name?: string; message?: string; $fault?: 'client' | 'server'; $metadata?: { httpStatusCode?: number } };
  const code = e?.name ?? 'Error';
  const status = e?.$metadata?.httpStatusCode;
  // No answer from the service at all (refused connection, reset, DNS): the network's failure, not a verdict.
  const kind = errorKinds[code] ?? (e?.$metadata === undefined || e.$fault === 'server' ? 'unavailable' : 'refused');
  // The service's messages name the fault (an invalid model identifier, a missing guardrail), never the conversation.
  return new ModelError(kind, `Bedrock: ${code}${status ? ` (${status})` : ''}: ${e?.message ?? ''}`.trim(), code);
}

/**
 * The model port. The client is made on the first call (adapter() keeps the port per container); a test may give one
 * (aws-sdk-client-mock). Locally BEDROCK_ENDPOINT names the simulator, which is signed for like AWS with fixed keys.
 */
export function bedrockModel(options: { client?: BedrockRuntimeClient } = {}): ModelPort {
  let sdk: Promise<{ module: typeof BedrockRuntime; client: BedrockRuntimeClient }> | undefined;
  const load = () =>
    (sdk ??= import('@aws-sdk/client-bedrock-runtime').then((module) => {
      const { region, bedrockEndpoint } = config();
      const client =
        options.client ??
        new module.BedrockRuntimeClient({
          region,
          maxAttempts: MAX_ATTEMPTS,
          ...(bedrockEndpoint ? { endpoint: bedrockEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
        });
      return { module, client };
    }));
  return {
    async converse(request) {
      checkRequest(request);
      const { modelId, guardrailId, guardrailVersion } = requireConfig('modelId', 'guardrailId', 'guardrailVersion');
      const { module, client } = await load();
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), request.timeoutMs);
      try {
        const out = await client.send(
          new module.ConverseCommand({
            modelId,
            system: [{ text: request.system }],
            messages: request.messages.map((m) => ({ role: m.role, content: [{ text: m.text }] })),
            inferenceConfig: { maxTokens: request.maxTokens },
            guardrailConfig: { guardrailIdentifier: guardrailId, guardrailVersion, trace: 'enabled' },
          }),
          { abortSignal: abort.signal },
        );
        return replyOf(out);
      } catch (error) {
        throw modelErrorOf(error, abort.signal.aborted, request.timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
