// How long a send may take, in one place. Each part is enforced where it is spent (the debit's
// retries, the provider's timeout, the settling retries); their sum plus headroom for the reads is
// the timeout of every function that sends (infra/stack.ts derives it from here), so a send either
// settles in its own function or is left, whole, to the reconciler.
export const sendBudget = {
  /** The debit: its move, then its entry written again after a lost race on an extra item (no retry on the balance). */
  debitMs: 3_000,
  /** The provider's answer. */
  providerMs: 8_000,
  /** Settling: the move to SENT (retried), or the compensating credit. */
  settleMs: 2_500,
} as const;

/** The reads before the debit (application, balance, tariffs, an Idempotency-Key) and the answer. */
const HEADROOM_MS = 1_500;

/** The timeout of a function that sends once per invocation: 15 s. */
export const sendTimeoutSeconds = Math.ceil((sendBudget.debitMs + sendBudget.providerMs + sendBudget.settleMs + HEADROOM_MS) / 1000);

/**
 * A message still QUEUED this long after its send began was left by a function that stopped: the
 * reconciler settles it. Beyond the function's timeout it leaves the provider time to post its first
 * status callback, which carries our reference and settles the message as SENT (docs/decisions.md).
 */
export const RECONCILE_AFTER_MS = (sendTimeoutSeconds + 120) * 1000;
