// The API's codes in the words the console shows (the codes stay on the wire and in filters).
export const messageStatusLabel = {
  QUEUED: 'Na fila',
  SENT: 'Enviada',
  DELIVERED: 'Entregue',
  READ: 'Lida',
  FAILED: 'Falhou',
  UNDELIVERED: 'Não entregue',
} as const;

export type MessageStatus = keyof typeof messageStatusLabel;
export const messageStatuses = Object.keys(messageStatusLabel) as MessageStatus[];

export const contextoLabel = {
  RESERVA: 'Reserva',
  PAGAMENTO: 'Pagamento',
  SUPORTE: 'Suporte',
  LEMBRETE: 'Lembrete',
  CAMPANHA: 'Campanha',
  TESTE: 'Teste',
  AGENDAMENTO_SAUDE: 'Agendamento de saúde',
} as const;

export const providerLabel = { provider_a: 'provider_a', provider_b: 'provider_b (WhatsApp Cloud)', link: 'link (envio manual)' } as const;

export const referenciaTipoLabel: Record<string, string> = {
  CREDITO: 'Crédito',
  MENSAGEM_ENVIADA: 'Mensagem enviada',
  ESTORNO: 'Estorno',
  ESTORNO_FALHA_ENVIO: 'Estorno de falha de envio',
};
