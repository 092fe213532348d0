// Idempotency keys (Stripe's semantics): the first request with a key does its work and its answer
// is stored under the key, in the same commit as the work; a repeat with the same key and the same
// body gets that answer again without a second effect; the same key with another body is refused.
import { createHash } from 'node:crypto';
import { DomainError, invalid } from '#shared/domain/errors';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/**
 * The header's key when it is usable (1-255 visible ASCII characters), undefined when absent; else 400. The IETF
 * draft writes the key as a structured-field string (`"abc"`, `\"` and `\\` escaped); the bare `abc` is the same key.
 */
export function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(header);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : header;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw invalid('Idempotency-Key must be 1 to 255 visible ASCII characters', 'Idempotency-Key');
  return key;
}

/** JSON with object keys sorted, so two bodies that mean the same have one fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the request as parsed: what a repeat must match. */
export const requestFingerprint = (request: unknown): string => createHash('sha256').update(canonical(request)).digest('hex');

export interface IdempotencyRecord<A> {
  fingerprint: string;
  answer: A;
}

/** 422: the key was already used with another request. */
export const keyReused = (): DomainError =>
  new DomainError('unprocessable', 'This Idempotency-Key was already used with a different request', { field: 'Idempotency-Key' });

/** The stored answer for a repeat of the same request; 422 for another request under the same key. */
export function replayOf<A>(record: IdempotencyRecord<A>, fingerprint: string): A {
  if (record.fingerprint !== fingerprint) throw keyReused();
  return record.answer;
}

/** What the put of a record refuses with when a live record has the key (unless the caller names its own refusal). */
export const REPLAY = 'replay';

/** The records of keyed requests (pattern 23; shared/db/idempotency.ts). */
export interface IdempotencyStore {
  /** The put of the record, to commit with the effect; refused with REPLAY (or `refusal`) when a live record has the key. */
  write<A>(scope: string, key: string, record: IdempotencyRecord<A>, now?: Date): ConditionalWrite<typeof REPLAY>;
  write<A, R>(scope: string, key: string, record: IdempotencyRecord<A>, now: Date | undefined, refusal: R): ConditionalWrite<R>;
  get<A>(scope: string, key: string, now?: Date): Promise<IdempotencyRecord<A> | undefined>;
  /** Replaces a record this request wrote (its final answer, once known after the commit). */
  complete<A>(scope: string, key: string, record: IdempotencyRecord<A>, now?: Date): Promise<void>;
}
