// Bounded concurrency: the batch writes and reads of shared/db, a campaign's sends, the due scheduled sends.

/** Runs `each` on every element, in order of start, at most `inFlight` at once. */
export async function inParallel<T>(all: readonly T[], inFlight: number, each: (element: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < all.length) await each(all[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, all.length) }, worker));
}
