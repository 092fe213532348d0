// Persistence of campaigns (shared/db/campaigns.ts; docs/data-model.md, patterns 46-46f).
import type { Campaign, CampaignCounts, CampaignStatus, PauseReason, Recipient, RecipientStatus } from '#shared/domain/campaigns/records';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

export interface CampaignWithCounts {
  campaign: Campaign;
  counts: CampaignCounts;
}

export interface CampaignRepository {
  newId(): Promise<number>;
  /**
   * The recipients staged in a few blocks, then the campaign (it exists for readers and the scheduler once every
   * block does). Its recipients are listed and sent once a worker expanded the blocks (expandNext).
   */
  create(campaign: Campaign, recipients: readonly Recipient[]): Promise<void>;
  /**
   * Expands the campaign's next staged blocks into recipient items, PENDENTE or IGNORADA as planned (each block goes
   * in the same transaction as its recipients, so each is expanded once however many workers try); false when none
   * was left.
   */
  expandNext(aplicacaoId: number, id: number): Promise<boolean>;
  get(aplicacaoId: number, id: number): Promise<CampaignWithCounts | undefined>;
  /** Every campaign of the application, newest first (a tenant has few). */
  list(aplicacaoId: number): Promise<Campaign[]>;
  /** The counts of these campaigns (one BatchGet per 25), by id. */
  counts(campaigns: readonly Campaign[]): Promise<Map<number, CampaignCounts>>;
  /** A page of its recipients in list order, of one status or all. */
  recipients(campaign: Campaign, status: RecipientStatus | undefined, page: { page: number; size: number }): Promise<Recipient[]>;

  /** An admin's move, or the scheduler's start, conditioned on the status read; false when it moved meanwhile. */
  move(campaign: Campaign, to: CampaignStatus, now: Date, motivo?: PauseReason | null): Promise<boolean>;

  /**
   * Takes the campaign for a worker until `until` when it is EM_ANDAMENTO and nobody holds it (or the holder's time
   * ran out): the campaign as taken, or undefined.
   */
  take(aplicacaoId: number, id: number, token: string, now: Date, until: Date): Promise<Campaign | undefined>;
  /** Keeps holding it until `until`, past `cursor` (every recipient before it is settled); false when it was lost. */
  renew(campaign: Campaign, token: string, until: Date, cursor: number): Promise<boolean>;
  /**
   * Lets it go: the scheduler looks at it again from `nextTurn` (at once, or when the send window opens); a worker
   * that continues takes it before that.
   */
  release(campaign: Campaign, token: string, nextTurn: Date, cursor: number): Promise<void>;
  /** The worker's stop on its own: PAUSADA with a reason, or CONCLUIDA; conditioned on EM_ANDAMENTO and its hold. */
  stop(campaign: Campaign, token: string, to: 'PAUSADA' | 'CONCLUIDA', now: Date, motivo?: PauseReason): Promise<boolean>;

  /** Up to `limit` PENDENTE recipients from `cursor` on, in list order (a consistent read). */
  pending(campaign: Campaign, cursor: number, limit: number): Promise<Recipient[]>;
  /** The phones among these that opted out of the application's messages (the flow's words, or the consent revoked). */
  optedOut(aplicacaoId: number, telefones: readonly string[]): Promise<Set<string>>;
  /** PENDENTE -> ENVIADA with its message and charge, to commit with the send's debit; refused with `refusal`. */
  sentWrites<R>(recipient: Recipient, aplicacaoId: number, mensagemId: number, valor: string, now: Date, refusal: R): ConditionalWrite<R>[];
  /** ENVIADA -> FALHA (the provider refused; its debit was given back). */
  failSent(recipient: Recipient, aplicacaoId: number, motivo: string, valor: string, now: Date): Promise<void>;
  /** PENDENTE -> IGNORADA; false when it was no longer PENDENTE. */
  ignore(recipient: Recipient, aplicacaoId: number, motivo: string, now: Date): Promise<boolean>;

  /** Campaigns whose turn came (AGENDADA at their time, EM_ANDAMENTO nobody holds), oldest turn first. */
  due(now: Date, limit: number): Promise<{ aplicacaoId: number; id: number }[]>;
}

/** The application's pace: sends started per second, across every worker. */
export interface PaceRepository {
  /** Takes up to `want` of second `second`'s `rate` sends; how many it got (0: the second is full). */
  take(aplicacaoId: number, second: number, want: number, rate: number): Promise<number>;
}
