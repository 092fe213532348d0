// The Bedrock model adapter against a mocked client: what it asks Converse (model, system prompt, turns, token budget,
// the guardrail with its trace, an abort signal), how it reads Bedrock's answers as Bedrock shapes them (an answer, a
// cut one, a guardrail's intervention on the question or on the answer with its trace), and how each failure maps.
import {
  AccessDeniedException,
  BedrockRuntimeClient,
  ConverseCommand,
  InternalServerException,
  ThrottlingException,
  ValidationException,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bedrockModel } from '#shared/adapters/aws/bedrock';
import { awsAdapters } from '#shared/adapters/index';
import { MODEL_MAX_TIMEOUT_MS, MODEL_MAX_TOKENS, ModelError, type ModelRequest } from '#shared/adapters/ports';
import { resetConfig } from '#shared/config';

const bedrock = mockClient(BedrockRuntimeClient);
const model = () => bedrockModel({ client: new BedrockRuntimeClient({ region: 'sa-east-1' }) });

const request: ModelRequest = {
  system: 'Você é o assistente da Clínica Sorriso. Horário de atendimento: segunda a sexta, das 8h às 18h.',
  messages: [{ role: 'user', text: 'Qual o horário de atendimento?' }],
  maxTokens: 300,
  timeoutMs: 8_000,
};

const metadata = { httpStatusCode: 200, requestId: '8f7c1a2e-0d3b-4c57-9a1e-2b6f4d9e0c11', attempts: 1, totalRetryDelay: 0 };

/** Guardrail invocation metrics as Bedrock reports them in each assessment. */
const invocationMetrics = {
  guardrailProcessingLatency: 214,
  usage: {
    topicPolicyUnits: 1,
    contentPolicyUnits: 1,
    wordPolicyUnits: 0,
    sensitiveInformationPolicyUnits: 1,
    sensitiveInformationPolicyFreeUnits: 0,
    contextualGroundingPolicyUnits: 0,
  },
  guardrailCoverage: { textCharacters: { guarded: 58, total: 58 } },
};

// Recorded answers, in the shape Bedrock's Converse returns (and the SDK hands over) for each case.
const answered: ConverseCommandOutput = {
  $metadata: metadata,
  output: { message: { role: 'assistant', content: [{ text: 'Atendemos de segunda a sexta, das 8h às 18h.' }] } },
  stopReason: 'end_turn',
  usage: { inputTokens: 61, outputTokens: 17, totalTokens: 78 },
  metrics: { latencyMs: 412 },
  trace: {
    guardrail: { inputAssessment: { gr7x2k9q1m0a: { invocationMetrics } }, outputAssessments: { gr7x2k9q1m0a: [{ invocationMetrics }] } },
  },
};

const cut: ConverseCommandOutput = {
  $metadata: metadata,
  output: { message: { role: 'assistant', content: [{ text: 'Atendemos de segunda' }] } },
  stopReason: 'max_tokens',
  usage: { inputTokens: 61, outputTokens: 5, totalTokens: 66 },
  metrics: { latencyMs: 180 },
};

const blockedQuestion: ConverseCommandOutput = {
  $metadata: metadata,
  output: { message: { role: 'assistant', content: [{ text: 'Desculpe, não posso ajudar com isso por aqui.' }] } },
  stopReason: 'guardrail_intervened',
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  metrics: { latencyMs: 298 },
  trace: {
    guardrail: {
      actionReason: 'Guardrail blocked.',
      inputAssessment: {
        gr7x2k9q1m0a: {
          topicPolicy: { topics: [{ name: 'Diagnosticos e orientacao clinica', type: 'DENY', action: 'BLOCKED', detected: true }] },
          sensitiveInformationPolicy: {
            piiEntities: [],
            regexes: [
              { name: 'CPF', match: '123.456.789-09', regex: String.raw`\b\d{3}\.\d{3}\.\d{3}-\d{2}\b`, action: 'BLOCKED', detected: true },
            ],
          },
          invocationMetrics,
        },
      },
    },
  },
};

const blockedAnswer: ConverseCommandOutput = {
  $metadata: metadata,
  output: { message: { role: 'assistant', content: [{ text: 'Desculpe, não consigo responder a isso por aqui.' }] } },
  stopReason: 'guardrail_intervened',
  usage: { inputTokens: 64, outputTokens: 38, totalTokens: 102 },
  metrics: { latencyMs: 655 },
  trace: {
    guardrail: {
      actionReason: 'Guardrail blocked.',
      modelOutput: ['O responsável técnico é a Dra. Ana, CPF 111.222.333-96, e o e-mail dela é ana@clinica.example.'],
      inputAssessment: { gr7x2k9q1m0a: { invocationMetrics } },
      outputAssessments: {
        gr7x2k9q1m0a: [
          {
            // Detected in detect mode only: not a finding.
            topicPolicy: { topics: [{ name: 'Diagnosticos e orientacao clinica', type: 'DENY', action: 'NONE', detected: true }] },
            contentPolicy: { filters: [{ type: 'INSULTS', confidence: 'LOW', filterStrength: 'HIGH', action: 'NONE', detected: false }] },
            sensitiveInformationPolicy: {
              piiEntities: [{ match: 'ana@clinica.example', type: 'EMAIL', action: 'ANONYMIZED', detected: true }],
              regexes: [{ name: 'CPF', match: '111.222.333-96', regex: 'x', action: 'BLOCKED', detected: true }],
            },
            invocationMetrics,
          },
        ],
      },
    },
  },
};

beforeEach(() => {
  bedrock.reset();
  vi.stubEnv('MODEL_ID', 'anthropic.claude-3-haiku-20240307-v1:0');
  vi.stubEnv('GUARDRAIL_ID', 'gr7x2k9q1m0a');
  vi.stubEnv('GUARDRAIL_VERSION', '3');
  resetConfig();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfig();
});

describe('bedrockModel', () => {
  it("calls Converse with the stack's model, the system prompt, the turns, the token budget, and the guardrail with its trace", async () => {
    // Prepare
    bedrock.on(ConverseCommand).resolves(answered);

    // Act
    await model().converse({
      ...request,
      messages: [
        { role: 'user', text: 'Oi' },
        { role: 'assistant', text: 'Olá! Como posso ajudar?' },
        { role: 'user', text: 'Qual o horário de atendimento?' },
      ],
    });

    // Assess
    const [call] = bedrock.commandCalls(ConverseCommand);
    expect(call!.args[0].input).toEqual({
      modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
      system: [{ text: request.system }],
      messages: [
        { role: 'user', content: [{ text: 'Oi' }] },
        { role: 'assistant', content: [{ text: 'Olá! Como posso ajudar?' }] },
        { role: 'user', content: [{ text: 'Qual o horário de atendimento?' }] },
      ],
      inferenceConfig: { maxTokens: 300 },
      guardrailConfig: { guardrailIdentifier: 'gr7x2k9q1m0a', guardrailVersion: '3', trace: 'enabled' },
    });
    // The call's abort signal: the SDK gives up on it when the timeout fires.
    expect((call!.args as unknown[])[1]).toMatchObject({ abortSignal: expect.any(AbortSignal) });
  });

  it('reads an answer: its text, end_turn, no guardrail finding, the tokens billed', async () => {
    bedrock.on(ConverseCommand).resolves(answered);

    await expect(model().converse(request)).resolves.toEqual({
      text: 'Atendemos de segunda a sexta, das 8h às 18h.',
      stopReason: 'end_turn',
      guardrailIntervened: false,
      guardrailFindings: [],
      usage: { inputTokens: 61, outputTokens: 17 },
    });
  });

  it('reads an answer cut at the token budget', async () => {
    bedrock.on(ConverseCommand).resolves(cut);

    await expect(model().converse(request)).resolves.toMatchObject({ text: 'Atendemos de segunda', stopReason: 'max_tokens' });
  });

  it("reads the guardrail's refusal of the question: its message, the policies it acted on by name, never what they matched", async () => {
    bedrock.on(ConverseCommand).resolves(blockedQuestion);

    const reply = await model().converse(request);

    expect(reply).toEqual({
      text: 'Desculpe, não posso ajudar com isso por aqui.',
      stopReason: 'guardrail_intervened',
      guardrailIntervened: true,
      guardrailFindings: ['topic:Diagnosticos e orientacao clinica', 'regex:CPF'],
      usage: { inputTokens: 0, outputTokens: 0 },
    });
    expect(JSON.stringify(reply)).not.toContain('123.456.789-09');
  });

  it("reads the guardrail's refusal of the answer from the output assessments, leaving out what it only detected", async () => {
    bedrock.on(ConverseCommand).resolves(blockedAnswer);

    const reply = await model().converse(request);

    expect(reply).toEqual({
      text: 'Desculpe, não consigo responder a isso por aqui.',
      stopReason: 'guardrail_intervened',
      guardrailIntervened: true,
      guardrailFindings: ['regex:CPF', 'pii:EMAIL'],
      usage: { inputTokens: 64, outputTokens: 38 },
    });
    expect(JSON.stringify(reply)).not.toMatch(/111\.222|ana@|responsável técnico é/);
  });

  it('reads a stop reason the port does not name as other', async () => {
    bedrock.on(ConverseCommand).resolves({ ...answered, stopReason: 'tool_use' });

    await expect(model().converse(request)).resolves.toMatchObject({ stopReason: 'other', guardrailIntervened: false });
  });

  it("maps Bedrock's errors: throttling and its own failures retryable, a refusal not", async () => {
    const cases = [
      [
        new ThrottlingException({ message: 'Too many requests, please wait before trying again.', $metadata: { httpStatusCode: 429 } }),
        'throttled',
      ],
      [new InternalServerException({ message: 'Internal error', $metadata: { httpStatusCode: 500 } }), 'unavailable'],
      [new ValidationException({ message: 'The provided model identifier is invalid.', $metadata: { httpStatusCode: 400 } }), 'refused'],
      [
        new AccessDeniedException({
          message: 'You don’t have access to the model with the specified model ID.',
          $metadata: { httpStatusCode: 403 },
        }),
        'refused',
      ],
      [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { name: 'Error', code: 'ECONNREFUSED' }), 'unavailable'],
    ] as const;
    for (const [error, kind] of cases) {
      bedrock.reset();
      bedrock.on(ConverseCommand).rejects(error);

      const thrown = await model()
        .converse(request)
        .catch((e: unknown) => e);

      expect(thrown, error.name).toBeInstanceOf(ModelError);
      expect(thrown, error.name).toMatchObject({ kind, retryable: kind !== 'refused', code: error.name });
    }
  });

  it('refuses a malformed call before sending anything', async () => {
    const bad: Partial<ModelRequest>[] = [
      { maxTokens: 0 },
      { maxTokens: MODEL_MAX_TOKENS + 1 },
      { maxTokens: 10.5 },
      { timeoutMs: 0 },
      { timeoutMs: MODEL_MAX_TIMEOUT_MS + 1 },
      { messages: [] },
      { messages: [{ role: 'assistant', text: 'Olá' }] },
      {
        messages: [
          { role: 'user', text: 'Oi' },
          { role: 'user', text: 'Oi?' },
        ],
      },
      { messages: [{ role: 'user', text: '   ' }] },
    ];
    for (const change of bad) await expect(model().converse({ ...request, ...change }), JSON.stringify(change)).rejects.toThrow(RangeError);
    expect(bedrock.calls()).toHaveLength(0);
  });

  it('names MODEL_ID, GUARDRAIL_ID and GUARDRAIL_VERSION when unset, without calling Bedrock', async () => {
    vi.stubEnv('GUARDRAIL_ID', undefined);
    resetConfig();

    await expect(model().converse(request)).rejects.toThrow('GUARDRAIL_ID');
    expect(bedrock.calls()).toHaveLength(0);
  });

  it('fails the cold start of a Lambda that declares the model without its configuration', () => {
    vi.stubEnv('MODEL_ID', undefined);
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'WhatsappPlatform-Consumer-inbound');
    vi.stubEnv('PLATFORM_RUNTIME', undefined);
    resetConfig();

    expect(() => awsAdapters({ model: async () => model() })).toThrow('missing configuration: MODEL_ID is not set');
  });
});
