// Typed domain failures. Domain code throws these without knowing about HTTP;
// the HTTP kit maps each kind to a status code.

export type DomainErrorKind =
  | 'validation'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'insufficient_balance'
  | 'upstream'
  | 'too_large'
  /** A dependency that may answer later (the AI model): 503. */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Extra fields the client is allowed to see (for example `saldo` on 402). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
export const invalid = (message: string, field?: string) => new DomainError('validation', message, field ? { field } : {});
export const conflict = (message: string) => new DomainError('conflict', message);
/** 402: the balance (`saldo`, shown to the client) does not cover the charge. */
export const insufficientBalance = (saldo: string) => new DomainError('insufficient_balance', 'Insufficient balance', { saldo });
