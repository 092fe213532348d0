// WhatsApp templates: the state machine (every state against every action, and the table equal to
// docs/templates.md), the input rules, and how an appointment fills a template.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#shared/domain/errors';
import {
  decideTemplateAction,
  fillTemplate,
  parseTemplateCreate,
  parseTemplateUpdate,
  templateActions,
  templateStates,
  templateTransitions,
  type TemplateAction,
  type TemplateState,
} from '#shared/domain/templates';

const outcome = (estado: TemplateState, action: TemplateAction): string => {
  try {
    return decideTemplateAction(estado, action) ?? 'deleted';
  } catch (error) {
    return error instanceof DomainError ? error.kind : 'threw';
  }
};

describe('the template state machine', () => {
  const expected: Record<TemplateAction, Partial<Record<TemplateState, string>>> = {
    editar: { RASCUNHO: 'RASCUNHO', REJEITADO: 'RASCUNHO', PAUSADO: 'RASCUNHO' },
    submeter: { RASCUNHO: 'EM_ANALISE', REJEITADO: 'EM_ANALISE', PAUSADO: 'EM_ANALISE' },
    aprovar: { EM_ANALISE: 'APROVADO' },
    rejeitar: { EM_ANALISE: 'REJEITADO' },
    pausar: { APROVADO: 'PAUSADO', PAUSADO: 'PAUSADO' },
    arquivar: Object.fromEntries(templateStates.map((s) => [s, 'ARQUIVADO'])),
    excluir: {
      RASCUNHO: 'deleted',
      EM_ANALISE: 'deleted',
      REJEITADO: 'deleted',
      PAUSADO: 'deleted',
      ARQUIVADO: 'deleted',
      APROVADO: 'validation',
    },
  };
  const cases = templateStates.flatMap((estado) => templateActions.map((action) => [estado, action] as const));

  it.each(cases)('%s + %s', (estado, action) => {
    expect(outcome(estado, action)).toBe(expected[action][estado] ?? 'conflict');
  });

  it('allows an update only in RASCUNHO, REJEITADO and PAUSADO (the spec), and refuses deleting an APROVADO one with a 400', () => {
    expect(templateStates.filter((s) => outcome(s, 'editar') === 'RASCUNHO')).toEqual(['RASCUNHO', 'REJEITADO', 'PAUSADO']);
    expect(() => decideTemplateAction('APROVADO', 'excluir')).toThrow(/archive it instead/);
  });

  it('is the table of docs/templates.md, row for row', () => {
    const doc = readFileSync('docs/templates.md', 'utf8');
    const rows = [...doc.matchAll(/^\| ([A-Z_, ]+) \| `(\w+)` \| ([A-Z_]+|\(deleted\)) \|/gm)].map((m) => ({
      from: m[1]!.split(', '),
      action: m[2],
      to: m[3] === '(deleted)' ? null : m[3],
    }));
    expect(rows).toEqual(templateTransitions.map((t) => ({ from: [...t.from], action: t.action, to: t.to })));
  });
});

describe('template input', () => {
  const valid = {
    nome: 'aviso_exame',
    idioma: 'pt_BR',
    categoria: 'UTILITY',
    corpo: 'Olá {{1}}, seu exame {{2}} está pronto.',
    variaveis: ['pacienteNome', 'procedimento'],
    botoes: ['Confirmar', 'Cancelar'],
    procedimentos: ['Hemograma'],
  };
  const refusal = (body: unknown) => {
    try {
      parseTemplateCreate(body);
      return undefined;
    } catch (error) {
      return { message: (error as DomainError).message, field: (error as DomainError).details.field };
    }
  };

  it('takes a valid template', () => {
    expect(parseTemplateCreate(valid)).toEqual(valid);
  });

  it.each([
    ['a name with capitals', { nome: 'Aviso' }, 'nome'],
    ['an unknown language form', { idioma: 'portuguese' }, 'idioma'],
    ['an unknown category', { categoria: 'SERVICE' }, 'categoria'],
    ['a gap in the variables', { corpo: 'Olá {{1}}, exame {{3}} pronto.', variaveis: ['pacienteNome', 'procedimento'] }, 'corpo'],
    ['a variable without its field', { variaveis: ['pacienteNome'] }, 'variaveis'],
    ['a body starting with a variable', { corpo: '{{1}} seu exame {{2}} está pronto.' }, 'corpo'],
    ['an unknown field', { variaveis: ['pacienteNome', 'senha'] }, 'variaveis.1'],
    ['four buttons', { botoes: ['a', 'b', 'c', 'd'] }, 'botoes'],
    ['a repeated procedure (folded)', { procedimentos: ['Hemograma', 'HEMOGRAMA '] }, 'procedimentos'],
    ['no procedure', { procedimentos: [] }, 'procedimentos'],
  ])('refuses %s naming the field', (_what, change, field) => {
    expect(refusal({ ...valid, ...change })).toMatchObject({ field });
  });

  it('applies an update over the current template and checks the whole', () => {
    const current = parseTemplateCreate(valid);
    expect(parseTemplateUpdate({ botoes: ['Sim'] }, current)).toEqual({ ...current, botoes: ['Sim'] });
    expect(() => parseTemplateUpdate({ corpo: 'Só {{1}} aqui, sem o segundo.' }, current)).toThrow(/variaveis/);
  });
});

describe('filling a template from an appointment', () => {
  const template = { corpo: 'Olá {{1}}, retire {{2}} em {{3}}.', variaveis: ['pacienteNome', 'procedimento', 'localRetirada'] as const };

  it('puts each field in its variable, on one line', () => {
    const filled = fillTemplate(
      { ...template, variaveis: [...template.variaveis] },
      {
        pacienteNome: 'Ana',
        procedimento: 'Raio X',
        localRetirada: 'Rua A,\n  sala 2',
      },
    );
    expect(filled).toEqual({ ok: true, texto: 'Olá Ana, retire Raio X em Rua A, sala 2.', valores: ['Ana', 'Raio X', 'Rua A, sala 2'] });
  });

  it('names the fields the appointment lacks', () => {
    expect(
      fillTemplate(
        { ...template, variaveis: [...template.variaveis] },
        { pacienteNome: 'Ana', procedimento: 'Raio X', localRetirada: ' ' },
      ),
    ).toEqual({
      ok: false,
      missing: ['localRetirada'],
    });
  });
});
