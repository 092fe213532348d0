// The API's refusals, the one way the console shows them: `problem` reads the error body (its message
// and the field it names), `errorAt` puts the message beside the control of that field (Field, Select,
// TextArea, Checkboxes: their `error`), FormError (components.tsx) above the form when the form has no
// such control, and `refusedText` says in the operator's words what a status means where no form field
// is involved (an action on a record).
export interface Refusal {
  message: string;
  field?: string;
}

interface ErrorBody {
  error?: string;
  message?: string;
  field?: string;
}

/** The API's refusal (its error body, `error` of openapi-fetch's answer) and the field it names; no body, no server. */
export function problem(error: unknown, status?: number): Refusal {
  const body = (error ?? {}) as ErrorBody;
  const message = body.message ?? (status ? `O servidor respondeu ${status}.` : 'Não foi possível falar com o servidor.');
  return body.field ? { message, field: body.field } : { message };
}

/** The refusal's message when it names `key` or a part of it (`botoes.1` and `numeros[2]` are parts of theirs). */
export const errorAt = (refusal: Refusal | undefined, key: string): string | undefined =>
  refusal?.field !== undefined && (refusal.field === key || refusal.field.startsWith(`${key}.`) || refusal.field.startsWith(`${key}[`))
    ? refusal.message
    : undefined;

/** The refusal's message when none of the form's controls (`keys`) shows it. */
export const formError = (refusal: Refusal | undefined, keys: readonly string[]): string | undefined =>
  refusal && !keys.some((key) => errorAt(refusal, key)) ? refusal.message : undefined;

/**
 * A refusal in the operator's words: the API's messages are written for developers (in English), so the
 * console says what the status means and keeps the API's text as the detail.
 */
export function refusedText(status: number, apiMessage: string): string {
  const detail = apiMessage && !/^O servidor respondeu/.test(apiMessage) ? ` (${apiMessage})` : '';
  switch (status) {
    case 400:
      return `O servidor recusou os dados enviados${detail}.`;
    case 401:
    case 403:
      return 'Sua sessão não permite esta ação. Entre de novo.';
    case 402:
      return 'Saldo insuficiente para enviar esta mensagem. Adicione créditos e tente de novo.';
    case 404:
      return 'Não encontrado: o registro não existe ou não é desta aplicação.';
    case 409:
      return `Não foi possível: o registro mudou enquanto isso e não permite mais esta ação${detail}.`;
    case 422:
      return `O servidor não pode fazer isto neste estado${detail}.`;
    case 429:
      return 'Muitas requisições seguidas. Espere um pouco e tente de novo.';
    case 502:
      return `O provedor do WhatsApp não respondeu ou recusou o envio${detail}. Nada foi cobrado; tente de novo.`;
    default:
      return `O servidor respondeu ${status}${detail}.`;
  }
}
