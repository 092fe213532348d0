// Where code asks for an adapter. The AWS implementations are imported lazily, so a
// function pays the cold-start cost of an SDK client only when it really uses it.
import type { Adapters } from '#shared/adapters/ports';

const installed: Partial<Adapters> = {};

/** Installs implementations (the local runner and tests do this before serving). */
export function useAdapters(adapters: Partial<Adapters>): void {
  Object.assign(installed, adapters);
}

export const resetAdapters = (): void => {
  for (const key of Object.keys(installed)) delete installed[key as keyof Adapters];
};

const factories: { [K in keyof Adapters]: () => Promise<Adapters[K]> } = {
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  mail: async () => (await import('#shared/adapters/aws/ses')).sesMail(),
  blobs: async () => (await import('#shared/adapters/aws/s3')).s3Blobs(),
  secrets: async () => (await import('#shared/adapters/aws/secrets')).secretsManager(),
};

export async function adapter<K extends keyof Adapters>(name: K): Promise<Adapters[K]> {
  return (installed[name] ??= await factories[name]()) as Adapters[K];
}
