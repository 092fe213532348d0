// What the Templates page knows of a template: its states in words, which moves each state allows (the
// state machine of shared/domain/templates.ts, `templateTransitions`; test/unit/console-templates.test.ts
// fails when the two differ), the appointment fields a variable takes, and the body cut for the preview.
import type { components } from '../../api/schema';

export type Template = components['schemas']['WhatsappTemplate'];
export type TemplateState = Template['estado'];
export type TemplateField = Template['variaveis'][number];
export type TemplateCategory = Template['categoria'];

export const stateLabels: Record<TemplateState, string> = {
  RASCUNHO: 'Rascunho',
  EM_ANALISE: 'Em análise',
  APROVADO: 'Aprovado',
  REJEITADO: 'Rejeitado',
  PAUSADO: 'Pausado',
  ARQUIVADO: 'Arquivado',
};

export const categoryLabels: Record<TemplateCategory, string> = {
  UTILITY: 'Utilidade',
  MARKETING: 'Marketing',
  AUTHENTICATION: 'Autenticação',
};

/** The appointment field each variable may take its text from, as the secretary reads it. */
export const fieldLabels: Record<TemplateField, string> = {
  pacienteNome: 'Nome do paciente',
  procedimento: 'Procedimento',
  localRetirada: 'Local de retirada',
  dataLimiteRetirada: 'Data limite de retirada',
  prestador: 'Prestador',
  numeroPedido: 'Número do pedido',
  medicoSolicitante: 'Médico solicitante',
};

/** The moves the page offers, by the route they call. */
export type PageAction = 'editar' | 'submeter' | 'pausar' | 'arquivar' | 'excluir';

/**
 * The states each move starts from. `pausar` of a PAUSADO template and `arquivar` of an ARQUIVADO one
 * are allowed by the API but change nothing, so the page does not offer them.
 */
export const allowedFrom: Record<PageAction, readonly TemplateState[]> = {
  editar: ['RASCUNHO', 'REJEITADO', 'PAUSADO'],
  submeter: ['RASCUNHO', 'REJEITADO', 'PAUSADO'],
  pausar: ['APROVADO', 'PAUSADO'],
  arquivar: ['RASCUNHO', 'EM_ANALISE', 'APROVADO', 'REJEITADO', 'PAUSADO', 'ARQUIVADO'],
  excluir: ['RASCUNHO', 'EM_ANALISE', 'REJEITADO', 'PAUSADO', 'ARQUIVADO'],
};

const noOps: Partial<Record<PageAction, TemplateState>> = { pausar: 'PAUSADO', arquivar: 'ARQUIVADO' };

/** Whether the page offers `action` for a template in `estado`. */
export const offers = (estado: TemplateState, action: PageAction): boolean =>
  allowedFrom[action].includes(estado) && noOps[action] !== estado;

/** A template waiting for the provider's verdict: the list polls while there is one. */
export const inReview = (t: Pick<Template, 'estado'>): boolean => t.estado === 'EM_ANALISE';

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** How many distinct variables ({{1}}, {{2}}...) the body uses. */
export const variableCount = (corpo: string): number => new Set([...corpo.matchAll(VARIABLE)].map((m) => m[1])).size;

export type BodyPart = { text: string } | { variable: number; field: TemplateField | undefined };

/** The body as text and variables, in order, for the preview to fill. */
export function bodyParts(corpo: string, variaveis: readonly (TemplateField | '')[]): BodyPart[] {
  const parts: BodyPart[] = [];
  let at = 0;
  for (const match of corpo.matchAll(VARIABLE)) {
    if (match.index > at) parts.push({ text: corpo.slice(at, match.index) });
    const variable = Number(match[1]);
    parts.push({ variable, field: variaveis[variable - 1] || undefined });
    at = match.index + match[0].length;
  }
  if (at < corpo.length) parts.push({ text: corpo.slice(at) });
  return parts;
}
