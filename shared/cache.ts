// Promises kept for a while, by key: the key sets and provider secrets read through the secrets
// adapter. A load that fails is forgotten at once, so the next call loads again instead of repeating
// the failure until the entry expires.

export interface ExpiringCache<T> {
  /** The value under `key`; loaded with `load` when absent, expired, or when `reload` asks for it. */
  get(key: string, load: () => Promise<T>, reload?: boolean): Promise<T>;
  clear(): void;
}

export function expiringCache<T>(ttlMs: number, maxEntries = Number.POSITIVE_INFINITY): ExpiringCache<T> {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  return {
    get(key, load, reload = false) {
      const now = Date.now();
      const hit = entries.get(key);
      if (!reload && hit && hit.until > now) return hit.value;
      entries.delete(key);
      // The oldest entry makes room (a Map keeps insertion order).
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = load();
      entries.set(key, { value, until: now + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
