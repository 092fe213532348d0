// An API refusal in the operator's words: the API's messages are written for developers (in English),
// so the console says what the status means and keeps the API's text as the detail.
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
