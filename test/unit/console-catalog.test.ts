// The console's Templates and Aplicações pages' pure parts: the moves the Templates page offers match
// the template state machine (shared/domain/templates.ts), and amounts typed in reais become the API's
// decimal strings exactly.
import { describe, expect, it } from 'vitest';
import { templateStates, templateTransitions } from '#shared/domain/templates';
import { allowedFrom, bodyParts, offers, variableCount } from '../../console/src/pages/templates/model.ts';
import { parseReais, typedReais } from '../../console/src/pages/aplicacoes/reais.ts';

describe('the Templates page`s moves', () => {
  it('start from the states the domain allows them from', () => {
    for (const action of ['editar', 'submeter', 'pausar', 'arquivar', 'excluir'] as const) {
      const rule = templateTransitions.find((t) => t.action === action)!;
      expect([...allowedFrom[action]].sort(), action).toEqual([...rule.from].sort());
    }
  });

  it('are offered only where they change something', () => {
    const offered = Object.fromEntries(
      templateStates.map((s) => [s, (['editar', 'submeter', 'pausar', 'arquivar', 'excluir'] as const).filter((a) => offers(s, a))]),
    );
    expect(offered).toEqual({
      RASCUNHO: ['editar', 'submeter', 'arquivar', 'excluir'],
      EM_ANALISE: ['arquivar', 'excluir'],
      APROVADO: ['pausar', 'arquivar'],
      REJEITADO: ['editar', 'submeter', 'arquivar', 'excluir'],
      PAUSADO: ['editar', 'submeter', 'arquivar', 'excluir'],
      ARQUIVADO: ['excluir'],
    });
  });

  it('cut a body into text and variables for the preview', () => {
    expect(variableCount('Olá {{1}}, {{ 2 }} e {{1}} de novo')).toBe(2);
    expect(bodyParts('Olá {{1}}, exame {{2}}.', ['pacienteNome'])).toEqual([
      { text: 'Olá ' },
      { variable: 1, field: 'pacienteNome' },
      { text: ', exame ' },
      { variable: 2, field: undefined },
      { text: '.' },
    ]);
  });
});

describe('amounts typed in reais', () => {
  it.each([
    ['1.234,56', '1234.56'],
    ['1234,56', '1234.56'],
    ['1234.56', '1234.56'],
    ['R$ 1.234,5', '1234.50'],
    ['1.234', '1234.00'],
    ['1.234.567,89', '1234567.89'],
    ['10', '10.00'],
    ['0,35', '0.35'],
    ['007,1', '7.10'],
    [' 2.5 ', '2.50'],
  ])('%s is %s', (typed, decimal) => expect(parseReais(typed)).toBe(decimal));

  it.each(['', 'abc', '1,234', '1.2345', '12.34.56', '1,2,3', '-5', '1.23,4', '1e3'])('%j is no amount', (typed) =>
    expect(parseReais(typed)).toBeUndefined(),
  );

  it('shows the API`s decimal the pt-BR way in a form', () => expect(typedReais('1000.50')).toBe('1000,50'));
});
