// Tenants: where their secrets are kept. Secrets that sign or verify HMACs (provider secrets, webhook
// keys) are stored retrievably, in the secret store; the items hold only where they are.

/**
 * Where the application item keeps a provider secret: the version of its secret in the secret store
 * (shared/providers/secrets.ts reads exactly that version) and a hint for the admin panel. The item
 * never holds the value, so nothing that reads the table (the API key authorizer, every group) can.
 */
export interface SecretRef {
  versao: string;
  /** `****` and the last four characters (none for a short secret). */
  mascara: string;
}

/** A secret on an item written before they moved to the secret store holds its clear value until it is moved (moveProviderSecrets). */
export type StoredSecret = SecretRef | string;

/** The fields of each settings block that are secrets: kept in the secret store, one secret each. */
export const providerSecretFields = { providerA: ['authToken'], providerB: ['accessToken', 'appSecret', 'verifyToken'] } as const;
export type ProviderBlock = keyof typeof providerSecretFields;
type SecretField = (typeof providerSecretFields)[ProviderBlock][number];
export type ProviderSecretName = { [B in ProviderBlock]: `${B}.${(typeof providerSecretFields)[B][number]}` }[ProviderBlock];

/** Settings as stored: each secret replaced by where it is kept. */
export type Sealed<T> = { [K in keyof T]: K extends SecretField ? StoredSecret : T[K] };

/** provider_a's settings with its secret in clear: what the admin panel is given and what calls provider_a. */
export interface ProviderAConnection {
  accountSid: string;
  /** Signs provider_a's webhook signatures (HMAC-SHA1) and authenticates our calls. */
  authToken: string;
  fromNumber: string;
  baseUrl: string;
}

export interface ProviderBConnection {
  phoneNumberId: string;
  accessToken: string;
  /** Keys provider_b's X-Hub-Signature-256 (HMAC-SHA256). */
  appSecret: string;
  /** Compared with hub.verify_token in the webhook handshake. */
  verifyToken: string;
  baseUrl: string;
  wabaId?: string;
}

export type ProviderASettings = Sealed<ProviderAConnection>;
export type ProviderBSettings = Sealed<ProviderBConnection>;

/**
 * Keeps one webhook's secret in the secret store and answers where (shared/secrets/webhooks.ts): an
 * outbound webhook's signing key, an inbound subscription's HMAC key. One secret per webhook, by its id.
 */
export interface WebhookSecretStore {
  store(aplicacaoId: number, id: number, value: string): Promise<SecretRef>;
}

/** Keeps a provider secret in the secret store (shared/providers/secrets.ts) and answers where. */
export interface ProviderSecretStore {
  store(aplicacaoId: number, name: ProviderSecretName, value: string): Promise<SecretRef>;
}

/** The settings with every secret given in clear stored, and replaced by its reference; references are kept. */
export async function sealSecrets<T extends object>(
  store: ProviderSecretStore,
  aplicacaoId: number,
  block: ProviderBlock,
  settings: T,
): Promise<Sealed<T>> {
  const sealed: Record<string, unknown> = { ...(settings as Record<string, unknown>) };
  for (const field of providerSecretFields[block]) {
    const value = sealed[field];
    if (typeof value === 'string') sealed[field] = await store.store(aplicacaoId, `${block}.${field}` as ProviderSecretName, value);
  }
  return sealed as Sealed<T>;
}

/** Enough to recognise a secret, not to use it. */
export const maskSecret = (value: string): string => (value.length > 8 ? `****${value.slice(-4)}` : '****');
