// The API's codes in the words the console shows (the codes stay on the wire and in filters): one map
// per code, whichever page shows it.
import type { components, paths as Paths } from './api/schema';

type AppointmentDetail = Paths['/api/admin/agendamentos/{id}']['get']['responses'][200]['content']['application/json'];
type AttendanceDetail = Paths['/api/admin/atendimentos/{id}']['get']['responses'][200]['content']['application/json'];

type Message = Paths['/api/admin/mensagens/{id}']['get']['responses'][200]['content']['application/json'];
export type MessageStatus = Message['status'];
/** The statuses of a sent message (the spec's), which Início counts. */
export type SendStatus = keyof components['schemas']['MessageStatusCounts'] & MessageStatus;

export const messageStatusLabel: Record<MessageStatus, string> = {
  QUEUED: 'Na fila',
  SENT: 'Enviada',
  DELIVERED: 'Entregue',
  READ: 'Lida',
  FAILED: 'Falhou',
  UNDELIVERED: 'Não entregue',
  SCHEDULED: 'Agendada',
  CANCELED: 'Cancelada',
};

/** Every status, in this order (the filter's options). */
export const messageStatuses = Object.keys(messageStatusLabel) as MessageStatus[];

/** The statuses Início counts (a message still scheduled, or canceled, was not sent). */
export const sendStatuses: SendStatus[] = ['QUEUED', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'UNDELIVERED'];

/** An answer's delivery status inside a sentence of the conversation ("entregue"). */
export const deliveryLabel: Record<MessageStatus, string> = {
  QUEUED: 'na fila de envio',
  SENT: 'enviada',
  DELIVERED: 'entregue',
  READ: 'lida',
  FAILED: 'falhou',
  UNDELIVERED: 'não entregue',
  SCHEDULED: 'agendada',
  CANCELED: 'cancelada',
};

export const contextoLabel = {
  RESERVA: 'Reserva',
  PAGAMENTO: 'Pagamento',
  SUPORTE: 'Suporte',
  LEMBRETE: 'Lembrete',
  CAMPANHA: 'Campanha',
  TESTE: 'Teste',
  AGENDAMENTO_SAUDE: 'Agendamento de saúde',
} as const;

export type Provider = components['schemas']['AdminApplication']['provider'];

/** An application's WhatsApp provider (short: Início shows it in a card); the options of the provider selects, in this order. */
export const providerLabel: Record<Provider, string> = {
  provider_a: 'provider_a',
  provider_b: 'provider_b (WhatsApp Cloud)',
  link: 'link (envio manual)',
};

export const referenciaTipoLabel: Record<string, string> = {
  CREDITO: 'Crédito',
  MENSAGEM_ENVIADA: 'Mensagem enviada',
  ESTORNO: 'Estorno',
  ESTORNO_FALHA_ENVIO: 'Estorno de falha de envio',
  ESTORNO_ANULADO: 'Estorno em duplicidade anulado',
  CREDITO_ANULADO: 'Crédito anulado (operação não concluída)',
  IA_INTERACAO: 'Interação com a IA',
  APP_CHAT: 'Mensagem no app',
  APP_PUSH: 'Notificação push',
  CARIMBO_TEMPO: 'Carimbo do tempo',
  FATURA_PLANO: 'Fatura do plano',
};

export const appointmentStatusLabel: Record<AppointmentDetail['status'], string> = {
  IMPORTADO: 'Importado',
  VALIDADO: 'Validado',
  ENVIADO: 'Enviado',
  AVISO_ENVIADO: 'Lembrete enviado',
  CONFIRMADO: 'Confirmado',
  NAO_RESPONDEU: 'Não respondeu',
  CANCELADO: 'Cancelado',
  ERRO: 'Erro',
  SEM_TEMPLATE: 'Sem template',
  REALIZADO: 'Realizado',
  FALTOU: 'Faltou',
};

/** The appointment flow's message steps. */
export const stepLabel: Record<AppointmentDetail['mensagens'][number]['passo'], string> = {
  notificacao: 'Notificação',
  lembrete: 'Lembrete',
};

export const attendanceStatusLabel: Record<AttendanceDetail['status'], string> = {
  BOT: 'Com o robô',
  FILA: 'Na fila',
  EM_ANDAMENTO: 'Em andamento',
  ENCERRADO: 'Encerrado',
};

/** Why the AI assistant handed a patient to a person (docs/ai.md). */
export const handoffLabel: Record<NonNullable<AttendanceDetail['historico'][number]['motivo']>, string> = {
  PEDIDO_PACIENTE: 'o paciente pediu um atendente',
  SEM_RESPOSTA: 'o assistente não tinha a resposta',
  GUARDRAIL: 'pergunta clínica ou dado pessoal',
  SALDO_INSUFICIENTE: 'saldo insuficiente',
  LIMITE_RESPOSTAS: 'limite de respostas automáticas',
  IA_INDISPONIVEL: 'assistente indisponível',
  ENVIO_FALHOU: 'a resposta não pôde ser enviada',
};

/** Who moved an attendance. */
export const moverLabel: Record<AttendanceDetail['historico'][number]['por'], string> = {
  paciente: 'pelo paciente',
  api: 'pela API',
  usuario: 'pelo atendente',
  ia: 'pelo assistente de IA',
};
