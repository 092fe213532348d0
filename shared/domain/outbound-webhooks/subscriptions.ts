// Outbound webhooks: a provider's subscriptions (URL, Standard Webhooks secret, events, active flag),
// their inputs (their view is the provider portal's: functions/provider-portal/views.ts). Pure domain code: DNS resolution and the clock come in as parameters.
import * as z from 'zod/mini';
import type { SecretRef, StoredSecret, WebhookSecretStore } from '#shared/domain/applications/secrets';
import { appointmentEventTypes, type AppointmentEventType } from '#shared/domain/appointments/events';
import { invalid } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';
import { parseInput } from '#shared/domain/validation';
import {
  generateWebhookSecret,
  isWebhookSecret,
  MAX_SECRET_BYTES,
  MIN_SECRET_BYTES,
  WEBHOOK_SECRET_PREFIX,
} from '#shared/domain/outbound-webhooks/secrets';
import {
  checkWebhookTarget,
  MAX_URL_LENGTH,
  type ResolveHost,
  type WebhookTargetPolicy,
} from '#shared/domain/outbound-webhooks/target-urls';

export interface WebhookSubscription {
  id: number;
  aplicacaoId: number;
  /** The provider that registered it in the provider portal; it receives the events of its appointments. */
  prestadorId: number;
  url: string;
  /**
   * The `whsec_...` signing key: where it is kept in the secret store (a SecretRef; read by the consumer that signs,
   * never logged, shown only in the answer that created or replaced it), or the clear value of one just drawn or
   * given, or of an item from before (until moveWebhookSecrets). The item is never written with a clear value.
   */
  secret: StoredSecret;
  eventos: AppointmentEventType[];
  ativo: boolean;
  criadoEm: string;
  atualizadoEm: string;
}

const secretField = z.pipe(
  z.nullish(z.string().check(z.trim(), z.maxLength(200))),
  z.transform((v) => (v ? v : null)),
);
const eventosField = z.optional(z.array(z.enum(appointmentEventTypes)).check(z.minLength(1), z.maxLength(20)));
const urlField = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_URL_LENGTH));

export const createSchema = z.object({ url: urlField, secret: secretField, eventos: eventosField, ativo: z.optional(z.boolean()) });
export const updateSchema = z.object({
  url: z.optional(urlField),
  secret: secretField,
  eventos: eventosField,
  ativo: z.optional(z.boolean()),
});

export interface SubscriptionInput {
  url?: string;
  /** null: generate one (create) or keep the current one (update): the spec's "a blank secret keeps the current one". */
  secret: string | null;
  eventos?: AppointmentEventType[];
  ativo?: boolean;
}

function checkedInput(input: z.infer<typeof updateSchema>): SubscriptionInput {
  if (input.secret !== null && !isWebhookSecret(input.secret)) {
    throw invalid(
      `secret must be ${WEBHOOK_SECRET_PREFIX} followed by the base64 of ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} random bytes`,
      'secret',
    );
  }
  return { ...input, eventos: input.eventos && [...new Set(input.eventos)] };
}

/** Create body: `url` required; `secret` optional (generated when blank); `eventos` default all four; `ativo` default true. */
export const parseSubscriptionCreate = (body: unknown): SubscriptionInput & { url: string } =>
  checkedInput(parseInput(createSchema, body)) as SubscriptionInput & { url: string };

/** Update body (PUT): every field optional; an omitted field keeps its value, a blank secret keeps the current one. */
export const parseSubscriptionUpdate = (body: unknown): SubscriptionInput => checkedInput(parseInput(updateSchema, body));

export interface SubscriptionDeps {
  resolve: ResolveHost;
  policy: WebhookTargetPolicy;
  generateSecret?: () => string;
}

export interface SubscriptionContext {
  id: number;
  aplicacaoId: number;
  prestadorId: number;
  at: Date;
}

/**
 * A new subscription, its URL checked (syntax and SSRF), with its secret in clear (`secret`, for the one answer that
 * shows it; sealedSubscription keeps it before the item is written). `secretGerado`: the secret was generated.
 */
export async function newSubscription(
  input: SubscriptionInput & { url: string },
  context: SubscriptionContext,
  deps: SubscriptionDeps,
): Promise<{ subscription: WebhookSubscription; secret: string; secretGerado: boolean }> {
  const { url } = await checkWebhookTarget(input.url, deps.resolve, deps.policy);
  const em = localDateTime(context.at);
  const secret = input.secret ?? (deps.generateSecret ?? generateWebhookSecret)();
  return {
    subscription: {
      id: context.id,
      aplicacaoId: context.aplicacaoId,
      prestadorId: context.prestadorId,
      url: url.href,
      secret,
      eventos: input.eventos ?? [...appointmentEventTypes],
      ativo: input.ativo ?? true,
      criadoEm: em,
      atualizadoEm: em,
    },
    secret,
    secretGerado: input.secret === null,
  };
}

/**
 * The subscription as it is stored: a secret in clear (new, replaced, or an item's from before) kept in the secret
 * store first, and replaced by where it is; a SecretRef is kept as it is.
 */
export async function sealedSubscription(
  subscription: WebhookSubscription,
  secrets: WebhookSecretStore,
): Promise<WebhookSubscription & { secret: SecretRef }> {
  const { secret } = subscription;
  if (typeof secret !== 'string') return { ...subscription, secret };
  return { ...subscription, secret: await secrets.store(subscription.aplicacaoId, subscription.id, secret) };
}

/** The subscription with the update applied; a new URL is checked again (an unchanged one is checked at each delivery). */
export async function updatedSubscription(
  current: WebhookSubscription,
  input: SubscriptionInput,
  at: Date,
  deps: SubscriptionDeps,
): Promise<WebhookSubscription> {
  const url = input.url === undefined ? current.url : (await checkWebhookTarget(input.url, deps.resolve, deps.policy)).url.href;
  return {
    ...current,
    url,
    secret: input.secret ?? current.secret,
    eventos: input.eventos ?? current.eventos,
    ativo: input.ativo ?? current.ativo,
    atualizadoEm: localDateTime(at),
  };
}

export const wantsEvent = (subscription: WebhookSubscription, evento: AppointmentEventType): boolean =>
  subscription.ativo && subscription.eventos.includes(evento);

/** Persistence of subscriptions (shared/db/webhooks.ts). */
export interface WebhookSubscriptionRepository {
  newId(): Promise<number>;
  /** Puts a new subscription (its id is fresh: the put refuses to overwrite). */
  create(subscription: WebhookSubscription): Promise<void>;
  get(aplicacaoId: number, id: number): Promise<WebhookSubscription | undefined>;
  /** The provider's subscriptions, oldest first. */
  listByProvider(aplicacaoId: number, prestadorId: number): Promise<WebhookSubscription[]>;
  /** Replaces a stored subscription of the same provider; false when it is gone (deleted meanwhile). */
  replace(subscription: WebhookSubscription): Promise<boolean>;
  /** Deletes the provider's subscription; false when there was none. */
  delete(aplicacaoId: number, prestadorId: number, id: number): Promise<boolean>;
  /** Every subscription of the application, of any provider (the migration of their secrets). */
  listByApplication(aplicacaoId: number): Promise<WebhookSubscription[]>;
  /** Replaces the clear secret an item from before holds by `ref`, only if it still holds `clear`; false otherwise. */
  sealSecret(aplicacaoId: number, id: number, clear: string, ref: SecretRef): Promise<boolean>;
}
