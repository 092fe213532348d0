// A limit on how many events of one subject (an e-mail's failed logins, a phone's wrong codes or
// asked-for codes) may happen in a fixed window that starts with the first of them
// (shared/db/windowed-counter.ts holds the counters).

export interface WindowLimit {
  /** Events counted in one window. */
  max: number;
  /** Length of the window, from its first event. */
  windowSeconds: number;
  /** Minimum seconds between two counted events; an event sooner than that is refused (`gap`) and not counted. */
  gapSeconds?: number;
}

/** The event was counted (`count` in its window, itself included), or refused: the window is full (`limit`) or too soon (`gap`). */
export type CountReservation = { allowed: true; count: number } | { allowed: false; reason: 'limit' | 'gap'; retryAfterSeconds: number };
