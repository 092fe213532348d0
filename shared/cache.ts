// Promises kept for a while, by key: the key sets and provider secrets read through the secrets
// adapter. A load that fails is forgotten at once, so the next call loads again instead of repeating
// the failure until the entry expires.

/**
 * Which container's cache a key belongs to. In Lambda every function has its own process, so its caches are
 * its own; the local run serves every function from one process and says here which one is running, so a
 * value one function loaded (a secret, a key set) is not handed to another that never read it itself.
 */
let containerOf: () => string | undefined = () => undefined;
export const scopeCachesBy = (scope: () => string | undefined): void => {
  containerOf = scope;
};

export interface ExpiringCache<T> {
  /** The value under `key`; loaded with `load` when absent, expired, or when `reload` asks for it. */
  get(key: string, load: () => Promise<T>, reload?: boolean): Promise<T>;
  clear(): void;
}

export function expiringCache<T>(ttlMs: number, maxEntries = Number.POSITIVE_INFINITY): ExpiringCache<T> {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  return {
    get(unscopedKey, load, reload = false) {
      const key = `${containerOf() ?? ''}\u0000${unscopedKey}`;
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
