// The AI interactions' rules (shared/domain/ai.ts): what reaches the model, how a conversation becomes its turns,
// when an answer is not to be sent, how a draft is read, and the cost and margin arithmetic (exact, no floats).
import { describe, expect, it } from 'vitest';
import type { ModelReply } from '#shared/adapters/ports';
import {
  HANDOFF_SIGNAL,
  answerPrompt,
  aiSettingsBody,
  marginOf,
  modelCostBrl,
  modelTurns,
  readAnswer,
  readDraft,
  totalMargin,
  withoutIdentifiers,
  type InteractionTotals,
} from '#shared/domain/ai';
import { checkNotPromotional } from '#shared/domain/templates';

const reply = (text: string, extra: Partial<ModelReply> = {}): ModelReply => ({
  text,
  stopReason: 'end_turn',
  guardrailIntervened: false,
  guardrailFindings: [],
  usage: { inputTokens: 10, outputTokens: 5 },
  ...extra,
});

describe('what reaches the model', () => {
  it.each([
    ['Meu CPF é 123.456.789-09', 'Meu CPF é [número removido]'],
    ['cpf 12345678909 ok', 'cpf [número removido] ok'],
    ['CNS 898 0012 3456 7890', 'CNS [número removido]'],
    ['cartão 4111 1111 1111 1111', 'cartão [número removido]'],
    ['ligue (41) 99876-5432', 'ligue (41) [número removido]'],
    ['+55 41 99876 5432', '+[número removido]'],
    ['RG 12.345.678-9', 'RG [número removido]'],
    ['escreva para maria.silva+x@exemplo.com.br hoje', 'escreva para [e-mail removido] hoje'],
  ])('removes the identifiers of %j', (text, expected) => {
    expect(withoutIdentifiers(text)).toBe(expected);
  });

  it.each(['consulta em 10/12/2026 às 08:30', 'CEP 80010-000', 'sala 1203, 2º andar', 'R$ 150,00'])('leaves %j as it is', (text) => {
    expect(withoutIdentifiers(text)).toBe(text);
  });

  it('turns a conversation into alternating turns that start and end with the patient, identifiers removed', () => {
    const turns = modelTurns([
      { direcao: 'SAIDA', texto: 'Olá! Lembrete da sua consulta.' },
      { direcao: 'ENTRADA', texto: 'Oi' },
      { direcao: 'ENTRADA', texto: 'meu cpf é 123.456.789-09' },
      { direcao: 'SAIDA', texto: 'Como posso ajudar?' },
      { direcao: 'ENTRADA', texto: null },
      { direcao: 'ENTRADA', texto: 'Qual o endereço?' },
    ]);
    expect(turns).toEqual([
      { role: 'user', text: 'Oi\nmeu cpf é [número removido]' },
      { role: 'assistant', text: 'Como posso ajudar?' },
      { role: 'user', text: 'Qual o endereço?' },
    ]);
    expect(modelTurns([{ direcao: 'ENTRADA', texto: '  ' }])).toEqual([]);
  });

  it('keeps the last turns only, still starting with the patient', () => {
    const conversation = Array.from({ length: 30 }, (_, i) => ({
      direcao: i % 2 ? ('SAIDA' as const) : ('ENTRADA' as const),
      texto: `m${i}`,
    }));
    const turns = modelTurns(conversation);
    expect(turns.length).toBeLessThanOrEqual(12);
    expect(turns[0]!.role).toBe('user');
    expect(turns.at(-1)).toEqual({ role: 'user', text: 'm28' });
  });

  it('gives the model the instructions as facts, with the hand-off signal for an automatic answer only', () => {
    const settings = { instrucoes: 'Endereço: Rua A, 1\n\n- Estacionamento no subsolo', horarioAtendimento: '8h às 18h' };
    const auto = answerPrompt('AUTO_RESPOSTA', 'Clínica X', settings, ['Recepção']);
    expect(auto).toContain(HANDOFF_SIGNAL);
    expect(auto.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- Endereço: Rua A, 1',
      '- Estacionamento no subsolo',
      '- Horário de atendimento: 8h às 18h',
      '- Setores que atendem: Recepção',
    ]);
    expect(answerPrompt('CONSULTOR', 'Clínica X', settings, [])).not.toContain(HANDOFF_SIGNAL);
  });

  it('requires instructions when automatic answers are on', () => {
    expect(aiSettingsBody.safeParse({ autoResposta: true, instrucoes: '  ' }).success).toBe(false);
    expect(aiSettingsBody.safeParse({ autoResposta: false, instrucoes: '' }).success).toBe(true);
    expect(aiSettingsBody.safeParse({ autoResposta: true, instrucoes: 'x'.repeat(4001) }).success).toBe(false);
  });
});

describe('what the model said', () => {
  it('is sent only when it answered in full, unrefused, without the hand-off signal', () => {
    expect(readAnswer(reply(' Atendemos das 8h às 18h. '))).toEqual({ kind: 'answer', text: 'Atendemos das 8h às 18h.' });
    expect(readAnswer(reply(HANDOFF_SIGNAL))).toEqual({ kind: 'handoff', reason: 'SEM_RESPOSTA' });
    expect(readAnswer(reply('Atendemos das', { stopReason: 'max_tokens' }))).toEqual({ kind: 'handoff', reason: 'SEM_RESPOSTA' });
    expect(readAnswer(reply('Procure um profissional.', { stopReason: 'guardrail_intervened', guardrailIntervened: true }))).toEqual({
      kind: 'handoff',
      reason: 'GUARDRAIL',
    });
  });

  it('reads a draft from the JSON in the answer, its name made a provider name', () => {
    const draft = readDraft(
      'Aqui está:\n```json\n{"nome": "Lembrete Consulta!", "corpo": "Olá, {{1}}! Sua consulta é amanhã. Até lá!", "variaveis": ["pacienteNome"], "botoes": ["Confirmar "]}\n```',
    );
    expect(draft).toEqual({
      nome: 'lembrete_consulta',
      corpo: 'Olá, {{1}}! Sua consulta é amanhã. Até lá!',
      variaveis: ['pacienteNome'],
      botoes: ['Confirmar'],
    });
    expect(readDraft('Não sei.')).toBeUndefined();
    expect(readDraft('{"corpo": 3}')).toBeUndefined();
  });

  it('refuses promotional text in a UTILITY or AUTHENTICATION draft, not in a MARKETING one', () => {
    const template = (categoria: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION', corpo: string) => () =>
      checkNotPromotional({ categoria, corpo });
    expect(template('UTILITY', 'Aproveite a PROMOÇÃO do check-up')).toThrow(/promotional/);
    expect(template('UTILITY', 'Ganhe 20% off no exame')).toThrow(/promotional/);
    expect(template('AUTHENTICATION', 'Seu código é grátis')).toThrow(/promotional/);
    expect(template('MARKETING', 'Aproveite a promoção do check-up')).not.toThrow();
    expect(template('UTILITY', 'Sua consulta foi confirmada.')).not.toThrow();
  });
});

describe('what an interaction costs', () => {
  const nova = { entradaUsdPorMilhao: '0.035', saidaUsdPorMilhao: '0.14' };

  it('prices tokens exactly, to six places, rounded half up', () => {
    // 1,000,000 in x 0.035 + 1,000,000 out x 0.14 = 0.175 USD; x 5.00 = 0.875 BRL
    expect(modelCostBrl({ entrada: 1_000_000, saida: 1_000_000 }, nova, '5.00')).toBe('0.875000');
    // 1,000 in and 200 out: 0.000035 + 0.000028 = 0.000063 USD; x 5.4321 = 0.00034222... -> 0.000342
    expect(modelCostBrl({ entrada: 1_000, saida: 200 }, nova, '5.4321')).toBe('0.000342');
    expect(modelCostBrl({ entrada: 0, saida: 0 }, nova, '5.4321')).toBe('0.000000');
  });

  it('gives the margin per application and in all; unknown when a model has no price or there is no rate', () => {
    const totals = (modelo: string | null, cobrado: string, entrada: number, saida: number): InteractionTotals => ({
      interacoes: 3,
      cobradas: 2,
      tokensEntrada: entrada,
      tokensSaida: saida,
      cobrado,
      modelo,
    });
    const a = marginOf(totals('us.amazon.nova-micro-v1:0', '0.10', 1_000_000, 0), '5.00');
    expect(a).toMatchObject({ custoModelo: '0.175000', margem: '-0.075000' });
    const b = marginOf(totals('anthropic.claude-3-haiku-20240307-v1:0', '0.05', 1_000, 1_000), '5.00');
    // 1,000 x 0.25 + 1,000 x 1.25 = 0.0015 USD x 5 = 0.0075
    expect(b).toMatchObject({ custoModelo: '0.007500', margem: '0.042500' });
    expect(totalMargin([a, b])).toMatchObject({
      interacoes: 6,
      cobradas: 4,
      cobrado: '0.15',
      custoModelo: '0.182500',
      margem: '-0.032500',
    });
    expect(marginOf(totals('some.other-model', '0.05', 10, 10), '5.00')).toMatchObject({ custoModelo: null, margem: null });
    expect(marginOf(totals('us.amazon.nova-micro-v1:0', '0.05', 10, 10), undefined)).toMatchObject({ custoModelo: null });
    expect(totalMargin([a, marginOf(totals(null, '0.01', 0, 0), '5.00')])).toMatchObject({ custoModelo: null, margem: null });
  });
});
