// What each Lambda may touch, in one reviewable place. The stack grants exactly this (and
// sets the matching environment variables); test/infra checks the synthesized IAM policies
// against it. To give a function a new capability, change its line here.
import type { QueueName } from '#shared/adapters/ports';
import type { ProviderSecretName } from '#shared/domain/applications';
import type { AuthorizedScheme, Group } from '#shared/http/routes';
import { authorizerFunctions, consumerFunctions, groupFunctions, scheduledFunctions, type LambdaEntry } from '#infra/functions';

export type TableRead = 'GetItem' | 'BatchGetItem' | 'Query';
export type TableWrite = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem' | 'ConditionCheckItem';

/**
 * The DynamoDB actions a function calls on the one table (a transaction is authorized per item action:
 * Put, Update, Delete, ConditionCheck). Nobody gets Scan: every access pattern is a key lookup or Query.
 */
export interface TableNeeds {
  reads: readonly TableRead[];
  /** Query on the gsi1 index. */
  queriesGsi1: boolean;
  writes: readonly TableWrite[];
  /** The partition keys (IAM `dynamodb:LeadingKeys` patterns) its writes are limited to; absent, any item. */
  writesOnly?: readonly string[];
}

export interface FunctionNeeds {
  /** The one table; absent, no access and no TABLE_NAME. */
  table?: TableNeeds;
  /** Queues the function sends to. A consumer's receive/delete on its own queue comes from its event source. */
  sendsTo: readonly QueueName[];
  /** GetObject on the CRL object of the CRL bucket. */
  readsCrl: boolean;
  /** PutObject on the CRL object (with readsCrl): publishes the CRL (shared/ca/crl-publisher.ts). */
  writesCrl: boolean;
  /** GetSecretValue on the agent CA's secret (its private key): issues agent certificates and CRLs. */
  readsAgentCa: boolean;
  /** GetSecretValue on the RS256 signing-key secret (private keys): only where tokens are signed. */
  readsSigningKey: boolean;
  /** GetSecretValue on the public verification-key secret: where tokens are only verified. */
  readsVerificationKeys: boolean;
  /**
   * GetSecretValue on these secrets of every application (`<prefix>/<aplicacaoId>/<name>`,
   * shared/providers/secrets.ts): only where that provider is called or its calls verified.
   */
  readsProviderSecrets: readonly ProviderSecretName[];
  /** CreateSecret and PutSecretValue on the applications' provider secrets (no read): the admin panel, which keeps them. */
  writesProviderSecrets: boolean;
  /**
   * The integrations' secrets (`<prefix>/<aplicacaoId>/integracao-<id>.<campo>`, shared/operations/integration-secrets.ts):
   * `read` (GetSecretValue: the agent group, which hands them to the agent), `write` (CreateSecret and PutSecretValue, no read: the admin panel).
   */
  integrationSecrets: 'none' | 'read' | 'write';
  /** ses:SendEmail (the contact form notifies the administrator). */
  sendsMail: boolean;
  /** geo:SearchPlaceIndexForText on the stack's place index, and PLACE_INDEX_NAME (shared/adapters/aws/location.ts). */
  geocodes: boolean;
}

/** What a send needs: the credential each provider's API takes. */
const sends: ProviderSecretName[] = ['providerA.authToken', 'providerB.accessToken'];

const everyRead: TableRead[] = ['GetItem', 'BatchGetItem', 'Query'];
const everyWrite: TableWrite[] = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'];
const tableAccess = {
  none: undefined,
  read: { reads: everyRead, queriesGsi1: true, writes: [] },
  readwrite: { reads: everyRead, queriesGsi1: true, writes: everyWrite },
} satisfies Record<string, TableNeeds | undefined>;

const needs = (
  access: keyof typeof tableAccess,
  { writesOnly, ...extra }: Partial<Omit<FunctionNeeds, 'table'>> & { writesOnly?: readonly string[] } = {},
): FunctionNeeds => ({
  table: tableAccess[access] && { ...tableAccess[access], ...(writesOnly ? { writesOnly } : {}) },
  sendsTo: [],
  readsCrl: false,
  writesCrl: false,
  readsAgentCa: false,
  readsSigningKey: false,
  readsVerificationKeys: false,
  readsProviderSecrets: [],
  writesProviderSecrets: false,
  integrationSecrets: 'none',
  sendsMail: false,
  geocodes: false,
  ...extra,
});

export const groupNeeds: Record<Group, FunctionNeeds> = {
  // Debits the balance, writes the statement entry and the message; calls the provider.
  'external-messages': needs('readwrite', { readsProviderSecrets: sends }),
  finance: needs('read'),
  config: needs('read'),
  // Looks up OAuth clients and signs access tokens; logins count failures (lockout) and store one-time codes, sent through the provider.
  token: needs('readwrite', { readsSigningKey: true, readsProviderSecrets: sends }),
  // PATCH CONFIRMADO/CANCELADO emits events to the provider's webhook.
  'v2-appointments': needs('readwrite', { sendsTo: ['outboundWebhooks', 'appointmentFlow'] }),
  // v2 messages are sends.
  'v2-other': needs('readwrite', { readsProviderSecrets: sends }),
  // Hands the agent its integrations with their secrets; imported appointments are queued for the flow.
  agent: needs('readwrite', { integrationSecrets: 'read', sendsTo: ['appointmentFlow'] }),
  // POST /execucao emits AGENDAMENTO_REALIZADO / AGENDAMENTO_FALTOU.
  'provider-api': needs('readwrite', { sendsTo: ['outboundWebhooks'] }),
  // Checks the signature (slugs from the table, the provider's secrets from their own) and queues the payload.
  webhooks: needs('read', {
    sendsTo: ['inbound', 'status'],
    readsProviderSecrets: ['providerA.authToken', 'providerB.appSecret', 'providerB.verifyToken'],
  }),
  // Contact form: stores the request (and draws its id) and e-mails the administrator; serves the CRL.
  // It answers anyone, so its writes are limited to those two kinds of item: never a tenant's.
  public: needs('readwrite', { readsCrl: true, sendsMail: true, writesOnly: ['CONTATO#*', 'SEQ#*'] }),
  'patient-app': needs('readwrite'),
  // Resending a stored webhook delivery queues its attempt.
  'provider-portal': needs('readwrite', { sendsTo: ['outboundWebhooks'] }),
  // Geocodes the address of the physician's profile.
  'physician-portal': needs('readwrite', { geocodes: true }),
  // Keeps the applications' provider secrets (writes them; reads none).
  admin: needs('readwrite', { writesProviderSecrets: true }),
  // Sectors, attendances (an answer is a charged send), templates (sent to the provider's review): an approved one queues the appointments waiting for it.
  'admin-whatsapp': needs('readwrite', { sendsTo: ['appointmentFlow'], readsProviderSecrets: sends }),
  // The agent channel's integrations: their secrets are written here.
  'admin-integrations': needs('readwrite', { integrationSecrets: 'write' }),
  // The agent certificates issued for the integrations (from CSRs, with the CA's key); a revocation publishes the CRL.
  // Serves the OpenAPI document it bundles; no table, no secret.
  reference: needs('none'),
  'admin-certificates': needs('readwrite', { readsAgentCa: true, readsCrl: true, writesCrl: true }),
};

/** Authorizers only look credentials up; the JWT ones also need the public keys to verify signatures. */
export const authorizerNeeds: Record<AuthorizedScheme, FunctionNeeds> = {
  apiKey: needs('read'),
  // JWTs are verified with the public keys alone: no table access, no private key.
  oauth2: needs('none', { readsVerificationKeys: true }),
  // Counts requests per credential and minute (the limit holds across every Lambda instance), in the credential's partition only.
  providerCredential: needs('readwrite', { writesOnly: ['PCRED#*'] }),
  portalJwt: needs('none', { readsVerificationKeys: true }),
  // Also checks the client certificate's serial against the CRL; it reads nothing from the table.
  agent: needs('none', { readsVerificationKeys: true, readsCrl: true }),
};

export const consumerNeeds: Record<QueueName, FunctionNeeds> = {
  // A patient's reply may confirm an appointment, which emits AGENDAMENTO_CONFIRMADO.
  inbound: needs('readwrite', { sendsTo: ['outboundWebhooks', 'appointmentFlow'] }),
  // A callback that beat its message is verified here, with provider_a's auth token.
  status: needs('readwrite', { readsProviderSecrets: ['providerA.authToken'] }),
  // Sends its own follow-ups: a fan-out's deliveries, the hops towards a due time, the retries.
  outboundWebhooks: needs('readwrite', { sendsTo: ['outboundWebhooks'] }),
  // Sends the notifications and reminders (debits the balance); a move may emit an event.
  appointmentFlow: needs('readwrite', { sendsTo: ['outboundWebhooks'], readsProviderSecrets: sends }),
};

export const scheduledNeeds: Record<keyof typeof scheduledFunctions, FunctionNeeds> = {
  // Writes the rate item, nothing else.
  exchangeRate: needs('readwrite', { writesOnly: ['COTACAO#*'] }),
  // Queues the appointments due for the flow, and again the outbound events left pending (the outbox's safety net).
  // Asks the provider how its templates' reviews went.
  appointmentSweep: needs('readwrite', { sendsTo: ['outboundWebhooks', 'appointmentFlow'], readsProviderSecrets: sends }),
  // Fails the sends no function settled and gives their charge back.
  sendReconciler: needs('readwrite'),
  // Publishes the agent CA's CRL again (a week of validity) from the revocation list; draws its number.
  crlReissue: needs('readwrite', { writesOnly: ['CRL#*'], readsAgentCa: true, readsCrl: true, writesCrl: true }),
};

/** Every Lambda with its needs, for the stack and the tests. */
export const functionNeeds: { entry: LambdaEntry; needs: FunctionNeeds }[] = [
  ...Object.entries(groupNeeds).map(([k, n]) => ({ entry: groupFunctions[k as Group], needs: n })),
  ...Object.entries(authorizerNeeds).map(([k, n]) => ({ entry: authorizerFunctions[k as AuthorizedScheme], needs: n })),
  ...Object.entries(consumerNeeds).map(([k, n]) => ({ entry: consumerFunctions[k as QueueName], needs: n })),
  ...Object.entries(scheduledNeeds).map(([k, n]) => ({
    entry: scheduledFunctions[k as keyof typeof scheduledFunctions],
    needs: n,
  })),
];

export const needsOf = (entry: LambdaEntry): FunctionNeeds => {
  const found = functionNeeds.find((f) => f.entry.id === entry.id);
  if (!found) throw new Error(`no permission entry for ${entry.id}`);
  return found.needs;
};
