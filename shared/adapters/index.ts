// Where code asks for an adapter. Each Lambda entry declares the AWS adapters it uses with
// `awsAdapters` (a lazy import, so its SDK client is in that bundle only and is evaluated on
// first use); the local runner and tests install their own with `useAdapters`, which win.
// Only entry points (functions/) and the composition functions (shared/wiring/) ask: a use case is
// given its ports (lint keeps `adapter` out of shared/operations).
import type { Adapters, ModelPort, PushPort, QueuePort } from '#shared/adapters/ports';
import { needsConfig, type RequiredName } from '#shared/config';

type Factories = { [K in keyof Adapters]?: () => Promise<Adapters[K]> };

const installed: Partial<Adapters> = {};
const factories: Factories = {};

/** Installs implementations (the local runner and tests do this before serving). */
export function useAdapters(adapters: Partial<Adapters>): void {
  Object.assign(installed, adapters);
}

export const resetAdapters = (): void => {
  for (const key of Object.keys(installed)) delete installed[key as keyof Adapters];
};

/**
 * What each AWS adapter cannot work without. The adapters themselves are imported on first use,
 * after INIT, so the declaration checks it: in Lambda a missing value fails the cold start of the
 * functions that use the adapter, and only theirs. The queue adapter has none of its own: which
 * queue URLs a function needs depends on the function (it declares them with needsConfig).
 */
const awsAdapterNeeds: { [K in keyof Adapters]: RequiredName[] } = {
  blobs: ['crlBucket'],
  // Which secret (the private signing set, or the public verification set) each function declares itself.
  secrets: [],
  secretStore: [],
  queue: [],
  mail: [],
  whatsapp: [],
  geocoder: ['placeIndexName'],
  model: ['modelId', 'guardrailId', 'guardrailVersion'],
  // The platform applications are optional (stack context): without one, registering a device of that platform is a 503.
  push: [],
};

/** Declares how a Lambda builds the adapters it uses in AWS; used only where none was installed. */
export function awsAdapters(declared: Factories): void {
  needsConfig(...(Object.keys(declared) as (keyof Adapters)[]).flatMap((name) => awsAdapterNeeds[name]));
  Object.assign(factories, declared);
}

export async function adapter<K extends keyof Adapters>(name: K): Promise<Adapters[K]> {
  const ready = installed[name];
  if (ready) return ready;
  const create = factories[name];
  if (!create) throw new Error(`no ${name} adapter: declare it with awsAdapters() in the function's entry`);
  return (installed[name] = await create());
}

/**
 * The queue adapter as the port an entry point hands its use cases: each send resolves `adapter('queue')`, so the
 * SDK client is still imported on the first send (not at the cold start) and an adapter installed later wins.
 */
export const queuePort: QueuePort = {
  send: async (...args) => (await adapter('queue')).send(...args),
};

/**
 * The model adapter as the port an entry point hands its use cases (the inbound consumer's automatic answers): each
 * call resolves `adapter('model')`, so the Bedrock client is imported on the first call, not at the cold start.
 */
export const modelPort: ModelPort = {
  converse: async (request) => (await adapter('model')).converse(request),
};

/** The push adapter as the port an entry point hands its use cases: the SNS client is imported on the first push. */
export const pushPort: PushPort = {
  register: async (...args) => (await adapter('push')).register(...args),
  send: async (...args) => (await adapter('push')).send(...args),
  unregister: async (...args) => (await adapter('push')).unregister(...args),
};
