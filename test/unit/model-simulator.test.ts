// The model adapter (shared/adapters/aws/bedrock.ts, the code that runs on AWS) against the Bedrock runtime simulator
// over real HTTP on loopback, as `npm start` wires them: the SDK signs, sends and parses Converse's wire format, the
// simulator answers as Bedrock does (docs/ai.md), and the local IAM guard judges the call as AWS would.
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { blockedInputMessage, blockedOutputMessage, clinicalAdviceTopic } from '#infra/guardrail';
import { policyStatements } from '#infra/grants';
import { consumerFunctions } from '#infra/functions';
import { asFunction, guardAdapters, IamGuard, localTargets, modelCallRequests } from '#infra/local/iam-guard';
import { functionNeeds, type FunctionNeeds } from '#infra/permissions';
import {
  ANSWER_PREFIX,
  MODEL_FAILURE_MARKERS,
  NO_INFORMATION_ANSWER,
  startBedrockSimulator,
  tokensOf,
  type BedrockSimulator,
} from '#infra/local/simulators/bedrock';
import { bedrockModel } from '#shared/adapters/aws/bedrock';
import { modelPort, resetAdapters, useAdapters } from '#shared/adapters/index';
import { ModelError, type ModelPort, type ModelRequest } from '#shared/adapters/ports';
import { resetConfig } from '#shared/config';

const MODEL_ID = 'us.amazon.nova-micro-v1:0';

const system = [
  'Você é o assistente virtual da Clínica Sorriso. Responda só com as informações abaixo.',
  'Horário de atendimento: segunda a sexta, das 8h às 18h, e sábado das 8h às 12h.',
  'Endereço: Rua das Flores, 123, Centro, Campinas.',
  'Responsável técnico: Dra. Ana Lima, CPF 111.222.333-96.',
].join('\n');

const ask = (text: string, extra: Partial<ModelRequest> = {}): ModelRequest => ({
  system,
  messages: [{ role: 'user', text }],
  maxTokens: 200,
  timeoutMs: 5_000,
  ...extra,
});

let simulator: BedrockSimulator;
let model: ModelPort;

beforeAll(async () => {
  simulator = await startBedrockSimulator({ models: [MODEL_ID] });
});
afterAll(() => simulator.stop());

beforeEach(() => {
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('BEDROCK_ENDPOINT', simulator.url);
  vi.stubEnv('MODEL_ID', MODEL_ID);
  vi.stubEnv('GUARDRAIL_ID', simulator.guardrail.id);
  vi.stubEnv('GUARDRAIL_VERSION', simulator.guardrail.version);
  resetConfig();
  model = bedrockModel();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfig();
});

/** The calls the simulator received during `work`. */
async function callsDuring(work: () => Promise<unknown>) {
  const before = simulator.calls().length;
  await work().catch(() => undefined);
  return simulator.calls().slice(before);
}

describe('the model adapter against the Bedrock simulator', () => {
  it('answers a question on opening hours from the system prompt, and bills a token per 4 characters', async () => {
    // Act
    const reply = await model.converse(ask('Qual o horário de atendimento de vocês?'));

    // Assess
    const answer = `${ANSWER_PREFIX}Horário de atendimento: segunda a sexta, das 8h às 18h, e sábado das 8h às 12h.`;
    expect(reply).toEqual({
      text: answer,
      stopReason: 'end_turn',
      guardrailIntervened: false,
      guardrailFindings: [],
      usage: { inputTokens: tokensOf(system) + tokensOf('Qual o horário de atendimento de vocês?'), outputTokens: tokensOf(answer) },
    });
  });

  it('sends Converse as the SDK does: the model in the path, the system prompt, the turns, the token budget and the guardrail with its trace', async () => {
    // Act
    const [call] = await callsDuring(() =>
      model.converse(
        ask('E aos sábados?', {
          messages: [
            { role: 'user', text: 'Qual o endereço?' },
            { role: 'assistant', text: 'Rua das Flores, 123.' },
            { role: 'user', text: 'E aos sábados?' },
          ],
          maxTokens: 150,
        }),
      ),
    );

    // Assess
    expect(call).toMatchObject({ modelId: MODEL_ID, status: 200 });
    expect(call!.body).toEqual({
      system: [{ text: system }],
      messages: [
        { role: 'user', content: [{ text: 'Qual o endereço?' }] },
        { role: 'assistant', content: [{ text: 'Rua das Flores, 123.' }] },
        { role: 'user', content: [{ text: 'E aos sábados?' }] },
      ],
      inferenceConfig: { maxTokens: 150 },
      guardrailConfig: { guardrailIdentifier: simulator.guardrail.id, guardrailVersion: simulator.guardrail.version, trace: 'enabled' },
    });
  });

  it('says it does not know when the system prompt has nothing on the question', async () => {
    const reply = await model.converse(ask('Vocês aceitam o convênio Unimed?'));

    expect(reply).toMatchObject({ text: NO_INFORMATION_ANSWER, stopReason: 'end_turn', guardrailIntervened: false });
  });

  it('stops at the token budget with stopReason max_tokens', async () => {
    const reply = await model.converse(ask('Qual o horário de atendimento?', { maxTokens: 5 }));

    expect(reply).toMatchObject({ text: ANSWER_PREFIX.slice(0, 20), stopReason: 'max_tokens', usage: { outputTokens: 5 } });
  });

  it("refuses a request for a diagnosis with the guardrail's message and stopReason, naming the denied topic, before the model runs", async () => {
    // Act
    const reply = await model.converse(ask('Estou com febre e dor no corpo, qual remédio posso tomar?'));

    // Assess
    expect(reply).toEqual({
      text: blockedInputMessage,
      stopReason: 'guardrail_intervened',
      guardrailIntervened: true,
      guardrailFindings: [`topic:${clinicalAdviceTopic.name}`],
      usage: { inputTokens: 0, outputTokens: 0 },
    });
  });

  it('refuses a question carrying a CPF, and the findings name the pattern, never the number', async () => {
    const reply = await model.converse(ask('Quero remarcar minha consulta, meu CPF é 123.456.789-09'));

    expect(reply).toMatchObject({ text: blockedInputMessage, stopReason: 'guardrail_intervened', guardrailFindings: ['regex:CPF'] });
    expect(JSON.stringify(reply)).not.toContain('123.456.789-09');
  });

  it('refuses an answer that would carry a CPF from the system prompt, after the model ran (its tokens billed)', async () => {
    const reply = await model.converse(ask('Quem é o responsável técnico?'));

    expect(reply).toMatchObject({
      text: blockedOutputMessage,
      stopReason: 'guardrail_intervened',
      guardrailIntervened: true,
      guardrailFindings: ['regex:CPF'],
    });
    expect(reply.usage.outputTokens).toBeGreaterThan(0);
  });

  it('abandons a call that outlives its timeout, as a retryable timeout', async () => {
    // Act
    const started = Date.now();
    const error = await model.converse(ask(`Oi ${MODEL_FAILURE_MARKERS.noAnswer}`, { timeoutMs: 300 })).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("maps Bedrock's throttling (after the SDK's one retry) and its server errors to retryable errors", async () => {
    const throttled = await callsDuring(async () => {
      const error = await model.converse(ask(`Oi ${MODEL_FAILURE_MARKERS.throttling}`)).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'ModelError', kind: 'throttled', code: 'ThrottlingException', retryable: true });
    });
    expect(throttled.map((c) => c.status)).toEqual([429, 429]);

    await expect(model.converse(ask(`Oi ${MODEL_FAILURE_MARKERS.serverError}`))).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'InternalServerException',
    });
    await expect(model.converse(ask(`Oi ${MODEL_FAILURE_MARKERS.unavailable}`))).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'ServiceUnavailableException',
    });
  }, 20_000);

  it('maps a ValidationException (a model or guardrail the account does not have) to a refusal, not retried', async () => {
    vi.stubEnv('MODEL_ID', 'anthropic.claude-v2');
    resetConfig();
    const calls = await callsDuring(async () => {
      await expect(bedrockModel().converse(ask('Oi'))).rejects.toMatchObject({
        kind: 'refused',
        code: 'ValidationException',
        retryable: false,
        message: 'Bedrock: ValidationException (400): The provided model identifier is invalid.',
      });
    });
    expect(calls).toHaveLength(1);

    vi.stubEnv('MODEL_ID', MODEL_ID);
    vi.stubEnv('GUARDRAIL_VERSION', '7');
    resetConfig();
    await expect(bedrockModel().converse(ask('Oi'))).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('The guardrail identifier or version provided in the request does not exist.'),
    });
  });

  it('is what modelPort, the port an entry point hands its use cases, calls: the adapter installed when the call is made', async () => {
    // Prepare: nothing installed yet when the port is taken, as at an entry's module level.
    resetAdapters();
    const port = modelPort;
    useAdapters({ model });

    // Act
    const reply = await port.converse(ask('Qual o endereço?'));

    // Assess
    expect(reply.text).toBe(`${ANSWER_PREFIX}Endereço: Rua das Flores, 123, Centro, Campinas.`);
    resetAdapters();
  });

  it('is judged by the local IAM guard as AWS judges Converse: InvokeModel on the model, ApplyGuardrail on the guardrail', async () => {
    // Prepare: the adapter as npm start installs it, behind the guard.
    const guarded = guardAdapters({ model }, new IamGuard()).model!;

    // Act: a function whose role has no callsModel grant (the status callbacks' consumer), and the local run's own call.
    const refused = await asFunction(consumerFunctions.status.id, () => guarded.converse(ask('Qual o endereço?'))).catch((e: unknown) => e);
    const own = await guarded.converse(ask('Qual o endereço?'));

    // Assess
    expect(refused).toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining(
        `bedrock:InvokeModel on resource: arn:aws:bedrock:us-east-1:000000000000:inference-profile/${MODEL_ID}`,
      ),
    });
    expect(own.text).toContain('Rua das Flores');
  });

  it('is allowed by the callsModel grant, and that grant allows no other model or guardrail', async () => {
    // Prepare: a function that calls the model, with the statements the stack would give its role.
    const needs: FunctionNeeds = { ...functionNeeds[0]!.needs, table: undefined, sendsTo: [], callsModel: true };
    const statements = policyStatements(needs, localTargets());
    const judge = async (action: string, resource: string) => {
      const result = await runSimulation(
        {
          identityPolicies: [{ name: 'model-caller', policy: { Version: '2012-10-17', Statement: statements } }],
          serviceControlPolicies: [],
          resourceControlPolicies: [],
          request: {
            principal: 'arn:aws:iam::000000000000:role/model-caller',
            action,
            resource: { resource, accountId: '000000000000' },
            contextVariables: {},
          },
        },
        {},
      );
      return result.resultType === 'error' ? 'error' : result.overallResult;
    };

    // Act + Assess: what one call asks for passes; another model, another Region's profile, another guardrail do not.
    for (const { action, resource } of modelCallRequests()) expect(await judge(action, resource), `${action} ${resource}`).toBe('Allowed');
    expect(
      await judge('bedrock:InvokeModel', 'arn:aws:bedrock:us-east-1::foundation-model/anthropic.claude-3-5-sonnet-20240620-v1:0'),
    ).not.toBe('Allowed');
    expect(await judge('bedrock:InvokeModel', `arn:aws:bedrock:eu-west-1:000000000000:inference-profile/${MODEL_ID}`)).not.toBe('Allowed');
    expect(await judge('bedrock:ApplyGuardrail', 'arn:aws:bedrock:us-east-1:000000000000:guardrail/another')).not.toBe('Allowed');
    expect(
      await judge('bedrock:InvokeModelWithResponseStream', `arn:aws:bedrock:us-east-1::foundation-model/amazon.nova-micro-v1:0`),
    ).not.toBe('Allowed');
  });
});
