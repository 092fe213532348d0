// Campaigns (#36): one message to a list of recipients, each recipient one ordinary send (the same debit,
// statement entry and provider call, `contexto` CAMPANHA and `contextoId` the campaign), paced per application,
// held outside the application's send window, resumable. The records, their states and the moves an admin makes.
import { DomainError } from '#shared/domain/errors';
import type { Contexto } from '#shared/domain/messages/records';

export const campaignStatuses = ['AGENDADA', 'EM_ANDAMENTO', 'PAUSADA', 'CONCLUIDA', 'CANCELADA'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const recipientStatuses = ['PENDENTE', 'ENVIADA', 'FALHA', 'IGNORADA'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/** Why a recipient was not sent to (IGNORADA), or why its send failed (FALHA: the provider's code or ours). */
export const ignoreReasons = ['TELEFONE_INVALIDO', 'DUPLICADO', 'OPT_OUT', 'VARIAVEL_AUSENTE'] as const;

/** Why a campaign stopped by itself (PAUSADA), beside an admin's pause. */
export const pauseReasons = ['SALDO_INSUFICIENTE', 'APLICACAO_INATIVA', 'TEMPLATE_INDISPONIVEL', 'MANUAL'] as const;
export type PauseReason = (typeof pauseReasons)[number];

export interface Campaign {
  id: number;
  aplicacaoId: number;
  nome: string;
  /** The text sent, `{{nome}}` and `{{<variable>}}` filled per recipient; null with a template. */
  mensagem: string | null;
  /** An APROVADO template of the application, its variables filled per recipient; null with a text. */
  templateId: number | null;
  /** The campaign's variables; each recipient's own override them. */
  variaveis: Record<string, string>;
  contexto: Contexto;
  status: CampaignStatus;
  /** Why it is PAUSADA (or why it ended, for a CONCLUIDA that could not go on); null otherwise. */
  motivo: PauseReason | null;
  /** ISO instants. */
  agendarPara: string | null;
  criadaEm: string;
  iniciadaEm: string | null;
  concluidaEm: string | null;
  /** The recipients as submitted, ignored ones included. */
  destinatarios: number;
  /** Who created it (a portal user id). */
  usuarioId: number | null;
  /** The work's place: every recipient before this line is settled (the worker's own, not shown). */
  cursor: number;
}

export interface Recipient {
  campanhaId: number;
  /** 1-based position in the list (the CSV's line), the recipient's key within the campaign. */
  linha: number;
  telefone: string;
  nome: string | null;
  variaveis: Record<string, string>;
  status: RecipientStatus;
  /** IGNORADA: one of ignoreReasons; FALHA: the provider's error code or ours. */
  motivo: string | null;
  mensagemId: number | null;
  atualizadoEm: string;
}

/** The counters kept as recipients move and as the provider reports on their messages. */
export interface CampaignCounts {
  enviadas: number;
  entregues: number;
  lidas: number;
  falhas: number;
  ignoradas: number;
  /** BRL, two places: what the sent messages were charged (net of what a failed send got back). */
  custoTotal: string;
}

export interface CampaignTotals extends Omit<CampaignCounts, 'custoTotal'> {
  destinatarios: number;
  pendentes: number;
}

/** Every recipient is PENDENTE until it is sent, failed or ignored: what is left is the difference. */
export const totalsOf = (campaign: Pick<Campaign, 'destinatarios'>, counts: CampaignCounts): CampaignTotals => ({
  destinatarios: campaign.destinatarios,
  enviadas: counts.enviadas,
  entregues: counts.entregues,
  lidas: counts.lidas,
  falhas: counts.falhas,
  ignoradas: counts.ignoradas,
  pendentes: campaign.destinatarios - counts.enviadas - counts.falhas - counts.ignoradas,
});

export const campaignActions = ['pausar', 'retomar', 'cancelar'] as const;
export type CampaignAction = (typeof campaignActions)[number];

/** The statuses each action starts from, and where it leads. */
const transitions: Record<CampaignAction, { from: readonly CampaignStatus[]; to: CampaignStatus }> = {
  pausar: { from: ['AGENDADA', 'EM_ANDAMENTO'], to: 'PAUSADA' },
  retomar: { from: ['PAUSADA'], to: 'EM_ANDAMENTO' },
  cancelar: { from: ['AGENDADA', 'EM_ANDAMENTO', 'PAUSADA'], to: 'CANCELADA' },
};

/** The status an admin's action moves the campaign to, or a 409 naming the status it is in. */
export function decideCampaignAction(status: CampaignStatus, action: CampaignAction): CampaignStatus {
  const { from, to } = transitions[action];
  if (!from.includes(status)) {
    throw new DomainError(
      'conflict',
      `A campaign ${status} cannot be ${action === 'pausar' ? 'paused' : action === 'retomar' ? 'resumed' : 'canceled'}`,
      {
        status,
      },
    );
  }
  return to;
}
