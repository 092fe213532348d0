// A template's review by the application's provider: the submission, and asking for the verdict.
//   provider_b: POST {baseUrl}/v21.0/{wabaId}/message_templates (Bearer) with the cloud API's
//     template shape -> {id, status: PENDING | APPROVED | REJECTED}. The verdict comes as a
//     `message_template_status_update` event on the application's webhook; GET {baseUrl}/v21.0/{id}
//     ?fields=status,rejected_reason answers it too (the sweep's safety net for a lost event).
//   provider_a: its content API, on the content host (api.* -> content.*; the simulator serves both):
//     POST /v1/Content {friendly_name, language, variables, types: {twilio/quick-reply | twilio/text}}
//     -> {sid: HX...}, then POST /v1/Content/{sid}/ApprovalRequests/whatsapp {name, category}. It sends
//     no event: the sweep asks GET /v1/Content/{sid}/ApprovalRequests -> {whatsapp: {status, rejection_reason}}.
//   link: no provider, no review (a person sends the link by hand): approved at once.
import type { Application } from '#shared/domain/applications/records';
import type { ProviderAConnection, ProviderBConnection } from '#shared/domain/applications/secrets';
import type { Template } from '#shared/domain/templates';
import { callerFault, callProvider, str } from '#shared/providers/http';
import { PROVIDER_B_API_VERSION } from '#shared/providers/clients';
import { ProviderError, type ProviderOptions } from '#shared/providers/types';
import { secretForCall } from '#shared/providers/secrets';

export type ReviewState = 'EM_ANALISE' | 'APROVADO' | 'REJEITADO' | 'PAUSADO';

export interface ReviewResult {
  estado: ReviewState;
  motivo: string | null;
}

export interface TemplateReview {
  /** Sends the template for review: the provider's id for it, and its verdict when it gave one at once. */
  submit(template: Template): Promise<ReviewResult & { providerTemplateId: string }>;
  /** Asks the provider for its verdict on a submitted template. */
  poll(providerTemplateId: string): Promise<ReviewResult>;
}

/** An example value per variable: the providers ask for one to review a template with variables. */
const examples: Record<string, string> = {
  pacienteNome: 'Maria Silva',
  procedimento: 'Ultrassonografia',
  localRetirada: 'Unidade Centro',
  dataLimiteRetirada: '30/11/2026',
  prestador: 'Clínica Exemplo',
  numeroPedido: '12345',
  medicoSolicitante: 'Dr. João Souza',
};
const exampleOf = (field: string) => examples[field] ?? field;

const reviewWords: Record<string, ReviewState> = {
  APPROVED: 'APROVADO',
  REJECTED: 'REJEITADO',
  PAUSED: 'PAUSADO',
  DISABLED: 'PAUSADO',
  PENDING: 'EM_ANALISE',
  RECEIVED: 'EM_ANALISE',
  IN_APPEAL: 'EM_ANALISE',
};

/** A provider's word for a review state, as a template state (undefined: not one the service acts on). */
export const reviewEventState = (event: string): ReviewState | undefined => {
  const word = event.toUpperCase();
  return Object.hasOwn(reviewWords, word) ? reviewWords[word] : undefined;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const reasonOf = (value: unknown): string | null => (typeof value === 'string' && value && value !== 'NONE' ? value.slice(0, 500) : null);

/** A provider's answer as JSON, or its refusal as a ProviderError. */
async function call(url: string, init: RequestInit, options: ProviderOptions): Promise<Record<string, unknown>> {
  const answer = await callProvider(url, init, options);
  const body = (answer.body ?? {}) as Record<string, unknown>;
  if (answer.status >= 200 && answer.status < 300) return body;
  const error = (body.error ?? body) as { message?: unknown; code?: unknown };
  const message = typeof error.message === 'string' ? error.message : `HTTP ${answer.status}`;
  throw new ProviderError(callerFault(answer.status) ? 'rejected' : 'unavailable', str(error.code), message);
}

function providerBReview(
  settings: Pick<ProviderBConnection, 'baseUrl' | 'wabaId'>,
  accessToken: () => Promise<string>,
  options: ProviderOptions,
): TemplateReview {
  const base = `${settings.baseUrl.replace(/\/+$/, '')}/${PROVIDER_B_API_VERSION}`;
  const headers = async () => ({
    Authorization: `Bearer ${await accessToken()}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  });
  return {
    async submit(t) {
      if (!settings.wabaId) throw new ProviderError('unavailable', null, 'provider_b has no wabaId configured');
      const components: Record<string, unknown>[] = [
        { type: 'BODY', text: t.corpo, ...(t.variaveis.length > 0 ? { example: { body_text: [t.variaveis.map(exampleOf)] } } : {}) },
      ];
      if (t.botoes.length > 0) components.push({ type: 'BUTTONS', buttons: t.botoes.map((text) => ({ type: 'QUICK_REPLY', text })) });
      const body = await call(
        `${base}/${encodeURIComponent(settings.wabaId)}/message_templates`,
        {
          method: 'POST',
          headers: await headers(),
          body: JSON.stringify({ name: t.nome, language: t.idioma, category: t.categoria, components }),
        },
        options,
      );
      if (typeof body.id !== 'string' || !body.id) throw new ProviderError('unavailable', null, 'answer without a template id');
      const estado = typeof body.status === 'string' ? reviewEventState(body.status) : undefined;
      return { providerTemplateId: body.id, estado: estado ?? 'EM_ANALISE', motivo: null };
    },
    async poll(id) {
      const body = await call(
        `${base}/${encodeURIComponent(id)}?fields=status,rejected_reason`,
        { method: 'GET', headers: await headers() },
        options,
      );
      return { estado: reviewEventState(text(body.status)) ?? 'EM_ANALISE', motivo: reasonOf(body.rejected_reason) };
    },
  };
}

function providerAReview(
  settings: Pick<ProviderAConnection, 'baseUrl' | 'accountSid'>,
  authToken: () => Promise<string>,
  options: ProviderOptions,
): TemplateReview {
  // The content API lives on its own host next to the messaging API's.
  const base = `${settings.baseUrl.replace(/\/+$/, '').replace('://api.', '://content.')}/v1/Content`;
  const headers = async () => ({
    Authorization: `Basic ${Buffer.from(`${settings.accountSid}:${await authToken()}`).toString('base64')}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  });
  return {
    async submit(t) {
      const variables = Object.fromEntries(t.variaveis.map((field, i) => [String(i + 1), exampleOf(field)]));
      const types =
        t.botoes.length > 0
          ? { 'twilio/quick-reply': { body: t.corpo, actions: t.botoes.map((title, i) => ({ title, id: `botao_${i}` })) } }
          : { 'twilio/text': { body: t.corpo } };
      const content = await call(
        base,
        { method: 'POST', headers: await headers(), body: JSON.stringify({ friendly_name: t.nome, language: t.idioma, variables, types }) },
        options,
      );
      const sid = content.sid;
      if (typeof sid !== 'string' || !sid) throw new ProviderError('unavailable', null, 'answer without a content sid');
      await call(
        `${base}/${encodeURIComponent(sid)}/ApprovalRequests/whatsapp`,
        { method: 'POST', headers: await headers(), body: JSON.stringify({ name: t.nome, category: t.categoria }) },
        options,
      );
      return { providerTemplateId: sid, estado: 'EM_ANALISE', motivo: null };
    },
    async poll(sid) {
      const body = await call(`${base}/${encodeURIComponent(sid)}/ApprovalRequests`, { method: 'GET', headers: await headers() }, options);
      const whatsapp = (body.whatsapp ?? {}) as { status?: unknown; rejection_reason?: unknown };
      return { estado: reviewEventState(text(whatsapp.status)) ?? 'EM_ANALISE', motivo: reasonOf(whatsapp.rejection_reason) };
    },
  };
}

/** The review of the application's provider. */
export function templateReviewFor(app: Application, options: ProviderOptions = {}): TemplateReview {
  const unconfigured = (): never => {
    throw new ProviderError('unavailable', null, `${app.provider} is not configured`);
  };
  switch (app.provider) {
    case 'provider_a':
      return app.providerA
        ? providerAReview(app.providerA, () => secretForCall(app, 'providerA.authToken'), options)
        : { submit: unconfigured, poll: unconfigured };
    case 'provider_b':
      return app.providerB
        ? providerBReview(app.providerB, () => secretForCall(app, 'providerB.accessToken'), options)
        : { submit: unconfigured, poll: unconfigured };
    default:
      return {
        submit: async (t) => ({ providerTemplateId: `link-${t.id}`, estado: 'APROVADO', motivo: null }),
        poll: async () => ({ estado: 'APROVADO', motivo: null }),
      };
  }
}
