// Delivery-status callbacks applied to messages. Providers say their callbacks arrive out of order
// and repeated, so statuses are ranked and a callback only ever raises the rank (the repository
// writes with a DynamoDB condition). The actual provider cost a callback brings corrects the
// provider-cost fields of the message's statement entry once; the balance is never touched (the
// application pays its tariff; provider costs are the operator's information).
import { multiplyDecimals } from '#shared/domain/money';
import { conversationTypes, type ConversationType } from '#shared/domain/ledger';
import { log } from '#shared/log';

// The states, their ranks and descriptions are the messages' own (shared/domain/messages/records.ts).
import { parseSendReference, statusRanks as statusRank, type MessageStatus } from '#shared/domain/messages/records';

export { statusRank, type MessageStatus };
export type MessageProvider = 'provider_a' | 'provider_b' | 'link';

/** The provider message id lookup (PMSG#<messageSid>). */
export interface MessageRef {
  aplicacaoId: number;
  mensagemId: number;
  provider: MessageProvider;
}

/** The fields of a message the status update reads. */
export interface MessageState {
  status: MessageStatus;
  statusRank: number;
  /** When it was sent (its send day carries its day counts). */
  dataEnvio: string;
  dataEntrega: string | null;
  lancamentoId: number | null;
  contexto: string | null;
  /** The campaign that sent it, if one did (its counts move with the status), and the recipient's line in it. */
  campanhaId: number | null;
  campanhaLinha: number | null;
}

export interface StatusUpdate {
  /** The status read, which the write requires (the message counts move from it). */
  from: MessageStatus;
  /** The message's context (its counters are per status and context). */
  contexto: string | null;
  /** The campaign that sent it, if one did, and the recipient's line in it. */
  campanhaId: number | null;
  campanhaLinha: number | null;
  /** When the message was sent: its counts per send day (17e) move on that day. */
  dataEnvio: string;
  status: MessageStatus;
  statusRank: number;
  /** Set only when given (a field left undefined is not written). */
  dataEntrega?: string;
  dataLeitura?: string;
  errorCode?: string | null;
  errorMessage?: string | null;
  /** The update also requires dataEntrega to be still null (it sets it). */
  requireNoDataEntrega: boolean;
}

export interface CostCorrection {
  provider: 'provider_a' | 'provider_b';
  usd: string;
  /** Computes BRL from the entry's rate (or the current one when the entry has none). */
  brlFor: (rate: string | null) => string | null;
  /** The conversation category, when the provider tells it (provider_b's pricing.category). */
  tipoConversa: ConversationType | null;
}

export interface OrphanStatus {
  messageSid: string;
  provider: string;
  status: string;
  aplicacaoId?: number;
  reason: string;
}

export interface DeliveryStatusRepository {
  findRef(messageSid: string): Promise<MessageRef | undefined>;
  /**
   * The move QUEUED -> SENT of the message `ref` names, with the provider id lookup, when it is still
   * QUEUED and was sent through `ref.provider`; false otherwise.
   */
  settleQueued(ref: MessageRef, messageSid: string): Promise<boolean>;
  getMessage(ref: MessageRef): Promise<MessageState | undefined>;
  /**
   * Writes the update only if the message is still in `update.from` with a rank below update.statusRank
   * (and dataEntrega null when required); 'moved' otherwise (read again).
   */
  updateStatus(ref: MessageRef, update: StatusUpdate): Promise<'applied' | 'moved'>;
  /** Sets the provider cost on the entry once (marker custoCorrigidoEm); false when already corrected or the entry is missing. */
  correctCost(
    aplicacaoId: number,
    lancamentoId: number,
    correction: CostCorrection,
    currentRate: () => Promise<string | null>,
  ): Promise<boolean>;
  recordOrphan(orphan: OrphanStatus): Promise<void>;
}

/** A callback's status: a message status as the providers write it (provider_a may report each; provider_b sent, delivered, read, failed). */
export const callbackStatuses = [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'undelivered',
] as const satisfies Lowercase<MessageStatus>[];
export type CallbackStatus = (typeof callbackStatuses)[number];

/** The normalised callback (events/status-queue.ts statusCallback). */
export interface StatusCallbackInput {
  provider: 'provider_a' | 'provider_b';
  messageSid: string;
  status: CallbackStatus;
  occurredAt: string;
  errorCode?: string;
  errorMessage?: string;
  priceUsd?: string;
  tipoConversa?: string;
  aplicacaoId?: number;
  /** Our reference of the message as the provider echoed it (`<aplicacaoId>.<mensagemId>`). */
  referencia?: string;
}

/** Receives after which a callback whose message is still unknown is recorded and dropped. */
export const ORPHAN_AFTER_RECEIVES = 3;

export type ApplyOutcome = 'applied' | 'stale' | 'orphan' | 'rejected';

export interface ApplyDeps {
  repo: DeliveryStatusRepository;
  currentRate: () => Promise<string | null>;
  /** USD per conversation category for provider_b (its callbacks carry no price). */
  providerBPrices: Record<ConversationType, string>;
  /** For a callback not verified at the edge (its message was not known yet): checks it now against the application. */
  verifyLate?: (ref: MessageRef) => Promise<boolean>;
  toLocal: (iso: string) => string;
}

/** Unknown message: throws (so the queue retries) until ORPHAN_AFTER_RECEIVES, then records it and returns 'orphan'. */
export async function applyStatusCallback(deps: ApplyDeps, callback: StatusCallbackInput, receiveCount: number): Promise<ApplyOutcome> {
  const { repo } = deps;
  let ref = await repo.findRef(callback.messageSid);
  let verified = false;
  if (!ref && callback.referencia) {
    const settled = await settleByReference(deps, callback);
    if (settled === 'rejected') return 'rejected';
    ref = settled;
    verified = settled !== undefined;
  }
  if (!ref) {
    if (receiveCount >= ORPHAN_AFTER_RECEIVES) {
      await repo.recordOrphan({ ...pick(callback), reason: 'unknown message' });
      log.warn('status callback for an unknown message recorded and dropped', { messageSid: callback.messageSid, status: callback.status });
      return 'orphan';
    }
    throw new Error('status callback for a message not known yet');
  }
  // A provider's callback may only touch the messages sent through it (a provider_a callback, perhaps
  // unsigned for an application without an auth token, never moves a provider_b or link message).
  if (ref.provider !== callback.provider) {
    await repo.recordOrphan({ ...pick(callback), reason: `message sent through ${ref.provider}` });
    log.warn("status callback for another provider's message dropped", { messageSid: callback.messageSid, provider: callback.provider });
    return 'rejected';
  }
  // A tenant's signed event may only touch its own messages.
  if (callback.aplicacaoId !== undefined && callback.aplicacaoId !== ref.aplicacaoId) {
    await repo.recordOrphan({ ...pick(callback), reason: 'message of another application' });
    log.warn("status callback for another application's message dropped", { messageSid: callback.messageSid });
    return 'rejected';
  }
  if (!verified && deps.verifyLate && !(await deps.verifyLate(ref))) {
    await repo.recordOrphan({ ...pick(callback), aplicacaoId: ref.aplicacaoId, reason: 'invalid signature' });
    log.warn('late-verified status callback has an invalid signature; dropped', { messageSid: callback.messageSid });
    return 'rejected';
  }

  const status = callback.status.toUpperCase() as MessageStatus;
  const outcome = await raiseStatus(deps, ref, status, callback);

  const usd = costOf(callback, deps.providerBPrices);
  if (usd !== null) {
    const message = await repo.getMessage(ref);
    if (message?.lancamentoId) {
      const corrected = await repo.correctCost(
        ref.aplicacaoId,
        message.lancamentoId,
        {
          provider: callback.provider,
          usd,
          brlFor: (rate) => (rate === null ? null : multiplyDecimals(usd, rate, 2)),
          tipoConversa: conversationOf(callback),
        },
        deps.currentRate,
      );
      if (corrected)
        log.info('provider cost applied to the statement entry', { mensagemId: ref.mensagemId, lancamentoId: message.lancamentoId });
    }
  }
  return outcome;
}

/**
 * A callback for a message whose move to SENT was never written (its function stopped, or the table
 * failed after the provider accepted): the reference it carries names the message, which becomes SENT
 * with this provider id, once its signature checks out with that message's application. Nothing is
 * settled for a reference of another application, or a message no longer QUEUED (then the callback
 * goes on as an unknown message).
 */
async function settleByReference(deps: ApplyDeps, callback: StatusCallbackInput): Promise<MessageRef | 'rejected' | undefined> {
  const named = parseSendReference(callback.referencia);
  if (!named || (callback.aplicacaoId !== undefined && callback.aplicacaoId !== named.aplicacaoId)) return undefined;
  const ref: MessageRef = { ...named, provider: callback.provider };
  if (deps.verifyLate && !(await deps.verifyLate(ref))) {
    await deps.repo.recordOrphan({ ...pick(callback), aplicacaoId: ref.aplicacaoId, reason: 'invalid signature' });
    log.warn('status callback with a reference has an invalid signature; dropped', { messageSid: callback.messageSid });
    return 'rejected';
  }
  if (!(await deps.repo.settleQueued(ref, callback.messageSid))) return undefined;
  log.warn('a message left QUEUED was settled as SENT by its status callback', { ...named, messageSid: callback.messageSid });
  return ref;
}

const pick = (c: StatusCallbackInput): Omit<OrphanStatus, 'reason'> => ({
  messageSid: c.messageSid,
  provider: c.provider,
  status: c.status,
  aplicacaoId: c.aplicacaoId,
});

async function raiseStatus(
  deps: ApplyDeps,
  ref: MessageRef,
  status: MessageStatus,
  callback: StatusCallbackInput,
): Promise<'applied' | 'stale'> {
  const rank = statusRank[status];
  const at = deps.toLocal(callback.occurredAt);
  // A few rounds: a concurrent callback may move the message or set dataEntrega between our read and our write.
  for (let attempt = 0; attempt < 5; attempt++) {
    const message = await deps.repo.getMessage(ref);
    if (!message) throw new Error('message lookup exists but the message does not');
    if (message.statusRank >= rank) {
      log.debug('status callback not newer than the stored status', { mensagemId: ref.mensagemId, status, stored: message.status });
      return 'stale';
    }
    const update: StatusUpdate = {
      from: message.status,
      contexto: message.contexto,
      campanhaId: message.campanhaId,
      campanhaLinha: message.campanhaLinha,
      dataEnvio: message.dataEnvio,
      status,
      statusRank: rank,
      requireNoDataEntrega: false,
    };
    if (status === 'DELIVERED' || (status === 'READ' && message.dataEntrega === null)) {
      // read may arrive without delivered: a read message was delivered no later than it was read.
      update.dataEntrega = at;
      update.requireNoDataEntrega = status === 'READ';
    }
    if (status === 'READ') update.dataLeitura = at;
    if (status === 'FAILED' || status === 'UNDELIVERED') {
      update.errorCode = callback.errorCode ?? null;
      update.errorMessage = callback.errorMessage ?? null;
    }
    if ((await deps.repo.updateStatus(ref, update)) === 'applied') return 'applied';
  }
  // Still moving after every round (a burst of callbacks for one message): the queue delivers this one again.
  throw new Error('the message kept moving while its status callback was applied');
}

function conversationOf(callback: StatusCallbackInput): ConversationType | null {
  const category = callback.tipoConversa?.toUpperCase() as ConversationType | undefined;
  return category && conversationTypes.includes(category) ? category : null;
}

/** The USD cost the callback tells of, or null. */
function costOf(callback: StatusCallbackInput, prices: Record<ConversationType, string>): string | null {
  if (callback.priceUsd !== undefined) return absDecimal(callback.priceUsd);
  const category = callback.provider === 'provider_b' ? conversationOf(callback) : null;
  return category ? prices[category] : null;
}

// ---------------------------------------------------------------------------------------------
// Exact decimals (BigInt), beyond the two places of money.ts: prices come with 4-5 places.

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export const isDecimal = (value: string): boolean => DECIMAL.test(value.trim());

/** "-0.00500" -> "0.005": the provider reports a charge as a negative price; trailing zeros carry nothing. */
export function absDecimal(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const units = match[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  return fraction ? `${units}.${fraction}` : units;
}

/**
 * provider_b's callbacks carry the conversation category but no price: the operator's price table
 * (USD per category), overridable with PROVIDER_B_PRICES_USD="MARKETING=0.0625,UTILITY=0.0068,...".
 * Defaults: the platform's published Brazil rates.
 */
export const defaultProviderBPrices: Record<ConversationType, string> = {
  MARKETING: '0.0625',
  UTILITY: '0.0068',
  AUTHENTICATION: '0.0068',
  SERVICE: '0',
};

export function providerBPrices(raw: string | undefined): Record<ConversationType, string> {
  const prices = { ...defaultProviderBPrices };
  for (const pair of (raw ?? '').split(',')) {
    const [name, value] = pair.split('=').map((s) => s.trim());
    const category = name?.toUpperCase() as ConversationType;
    if (conversationTypes.includes(category) && value && isDecimal(value) && !value.startsWith('-')) prices[category] = value;
  }
  return prices;
}
