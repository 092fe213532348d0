// Submitting a template to the application's provider for review.
//   provider_b: POST {baseUrl}/v21.0/{wabaId}/message_templates (Bearer) with the cloud API's
//     template shape; the answer is {id, status: PENDING | APPROVED | REJECTED}; the final result
//     comes later as a `message_template_status_update` event on the application's webhook.
//   link: no provider, no review: a link is sent by a person, so the template is approved at once.
//   provider_a: its content review API is not wired yet (the route answers 501 for such applications).
import type { Application } from '#shared/domain/applications';
import type { Template } from '#shared/domain/templates';
import { callerFault, callProvider, str } from '#shared/providers/http';
import { PROVIDER_B_API_VERSION } from '#shared/providers/provider-b';
import { ProviderError, type ProviderOptions } from '#shared/providers/types';

export interface ReviewSubmission {
  providerTemplateId: string;
  /** What the provider decided at once (most answers are EM_ANALISE; the decision comes by event). */
  estado: 'EM_ANALISE' | 'APROVADO' | 'REJEITADO';
  motivo: string | null;
}

export type SubmitTemplate = (template: Template) => Promise<ReviewSubmission>;

/** An example value per variable: the provider asks for one to review a template with variables. */
const examples: Record<string, string> = {
  pacienteNome: 'Maria Silva',
  procedimento: 'Ultrassonografia',
  localRetirada: 'Unidade Centro',
  dataLimiteRetirada: '30/11/2026',
  prestador: 'Clínica Exemplo',
  numeroPedido: '12345',
  medicoSolicitante: 'Dr. João Souza',
};

const reviewResults: Record<string, 'APROVADO' | 'REJEITADO' | 'PAUSADO'> = {
  APPROVED: 'APROVADO',
  REJECTED: 'REJEITADO',
  PAUSED: 'PAUSADO',
  DISABLED: 'PAUSADO',
};

/** The provider_b word for a review result, as a template state (undefined: not a result acted on). */
export const reviewEventState = (event: string): 'APROVADO' | 'REJEITADO' | 'PAUSADO' | undefined =>
  Object.hasOwn(reviewResults, event) ? reviewResults[event] : undefined;

/** The review call of the application's provider, or undefined when its provider has none yet. */
export function templateReviewFor(app: Application, options: ProviderOptions = {}): SubmitTemplate | undefined {
  if (app.provider === 'link') {
    return async (t) => ({ providerTemplateId: `link-${t.id}`, estado: 'APROVADO', motivo: null });
  }
  if (app.provider !== 'provider_b') return undefined;
  const settings = app.providerB;
  return async (t) => {
    if (!settings?.wabaId) throw new ProviderError('unavailable', null, 'provider_b has no wabaId configured');
    const url = `${settings.baseUrl.replace(/\/+$/, '')}/${PROVIDER_B_API_VERSION}/${encodeURIComponent(settings.wabaId)}/message_templates`;
    const components: Record<string, unknown>[] = [
      {
        type: 'BODY',
        text: t.corpo,
        ...(t.variaveis.length > 0 ? { example: { body_text: [t.variaveis.map((v) => examples[v] ?? v)] } } : {}),
      },
    ];
    if (t.botoes.length > 0) components.push({ type: 'BUTTONS', buttons: t.botoes.map((text) => ({ type: 'QUICK_REPLY', text })) });
    const answer = await callProvider(
      url,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${settings.accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ name: t.nome, language: t.idioma, category: t.categoria, components }),
      },
      options,
    );
    const body = (answer.body ?? {}) as { id?: unknown; status?: unknown; error?: { message?: unknown; code?: unknown } };
    if (answer.status >= 200 && answer.status < 300 && typeof body.id === 'string' && body.id) {
      const decided = typeof body.status === 'string' ? reviewEventState(body.status) : undefined;
      return {
        providerTemplateId: body.id,
        estado: decided === 'APROVADO' || decided === 'REJEITADO' ? decided : 'EM_ANALISE',
        motivo: null,
      };
    }
    const message = typeof body.error?.message === 'string' ? body.error.message : `HTTP ${answer.status}`;
    throw new ProviderError(callerFault(answer.status) ? 'rejected' : 'unavailable', str(body.error?.code), message);
  };
}
