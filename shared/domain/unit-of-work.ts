// Units of work: conditional writes that commit together, all or nothing. A repository prepares
// each write (its shape is the store's business) together with its refusal: what its own condition
// failing means. A write without a refusal whose condition fails lost a race (re-read and retry).
// The ledger's commit is one unit of work (balance update + entry + extra writes); a status change
// committed with its history entry, outbox event and idempotency record is another.

import type { DomainError } from '#shared/domain/errors';

declare const preparedWrite: unique symbol;
/** A write as a repository prepared it; only the store that prepared it looks inside. */
export type PreparedWrite = { readonly [preparedWrite]: true };

/**
 * One write of a unit of work. `refusal` is what its own condition failing stands for: a domain
 * error to throw ("entry already refunded"), or any value the caller acts on (e.g. 'replay' for an
 * idempotency key that exists). Absent: a failed condition is a lost race.
 */
export interface ConditionalWrite<R = DomainError> {
  readonly write: PreparedWrite;
  readonly refusal?: R;
}

/** How a unit of work ended. */
export type CommitOutcome<R = DomainError> =
  | { readonly committed: true }
  | {
      readonly committed: false;
      /** The refusals of the writes whose own condition failed, in write order. */
      readonly refusals: readonly R[];
      /** A write without a refusal failed its condition, or a concurrent transaction got in the way: re-read and retry. */
      readonly raced: boolean;
      /** The store's failure, for the caller to throw when it neither maps a refusal nor retries (e.g. throttling). */
      readonly error: unknown;
    };

export interface UnitOfWork {
  /**
   * Commits every write or none, in one request. A cancelled commit is an outcome (refused, raced, or
   * neither: then `error` says why); a request that fails otherwise (network, a malformed request) throws.
   */
  commit<R>(writes: readonly ConditionalWrite<R>[]): Promise<CommitOutcome<R>>;
}
