// What each Lambda may touch, in one reviewable place. The stack grants exactly this (and
// sets the matching environment variables); test/infra checks the synthesized IAM policies
// against it. To give a function a new capability, change its line here.
import type { QueueName } from '#shared/queues';
import type { ProviderSecretName } from '#shared/domain/applications/secrets';
import type { AuthorizedScheme, Group } from '#shared/http/routes';
import { inboundEventPartition } from '#shared/db/keys';
import {
  authorizerFunctions,
  consumerFunctions,
  groupFunctions,
  scheduledFunctions,
  streamFunctions,
  type LambdaEntry,
  type ScheduleName,
  type StreamName,
} from '#infra/functions';

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
  /** The same for its reads (GetItem, BatchGetItem, Query on the table); absent, any item. */
  readsOnly?: readonly string[];
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
   * The integrations' secrets (`<prefix>/<aplicacaoId>/integracao-<id>.<campo>`, shared/secrets/integrations.ts):
   * `read` (GetSecretValue: the agent group, which hands them to the agent), `write` (CreateSecret and PutSecretValue, no read: the admin panel).
   */
  integrationSecrets: 'none' | 'read' | 'write';
  /**
   * The outbound webhooks' signing keys (`<prefix>/<aplicacaoId>/saida-<id>`, shared/secrets/webhooks.ts):
   * `read` (GetSecretValue: the consumer that signs the deliveries), `read-write` (both: the provider portal, which keeps
   * them and reveals one on demand).
   */
  outboundWebhookSecrets: 'none' | 'read' | 'write' | 'read-write';
  /**
   * The inbound subscriptions' HMAC keys (`<prefix>/<aplicacaoId>/entrada-<id>`): `read` (the webhook edge, which verifies
   * X-Service-Signature), `write` (the admin panel, which creates them).
   */
  inboundWebhookSecrets: 'none' | 'read' | 'write';
  /** ses:SendEmail (the contact form notifies the administrator). */
  sendsMail: boolean;
  /** geo:SearchPlaceIndexForText on the stack's place index, and PLACE_INDEX_NAME (shared/adapters/aws/location.ts). */
  geocodes: boolean;
  /**
   * Calls the stack's model through its guardrail (the model port, shared/adapters/aws/bedrock.ts): bedrock:InvokeModel on
   * that model or inference profile (and the foundation models it routes to) only, bedrock:ApplyGuardrail on that
   * guardrail only (infra/model.ts), and MODEL_ID, GUARDRAIL_ID, GUARDRAIL_VERSION.
   */
  callsModel: boolean;
  /**
   * Mobile push through the stack's SNS platform applications (stack context pushAndroidArn / pushIosArn, the push
   * port, shared/adapters/aws/sns.ts): sns:CreatePlatformEndpoint on those applications, sns:Publish and
   * sns:DeleteEndpoint on their endpoints only, and PUSH_ANDROID_APP_ARN / PUSH_IOS_APP_ARN.
   */
  pushes: boolean;
}

/** What a send needs: the credential each provider's API takes. */
const sends: ProviderSecretName[] = ['providerA.authToken', 'providerB.accessToken'];

/**
 * The table actions of a function: the reads, the writes, whether it queries gsi1, and the partitions its writes are
 * limited to. Measured (docs/decisions.md, "Least privilege, measured"): what the function's code paths call, read
 * from its bundle and seen by the local IAM guard over the test suite, which fails any call outside them.
 */
const table = (
  reads: readonly TableRead[],
  writes: readonly TableWrite[] = [],
  { gsi1 = false, writesOnly, readsOnly }: { gsi1?: boolean; writesOnly?: readonly string[]; readsOnly?: readonly string[] } = {},
): TableNeeds => ({ reads, queriesGsi1: gsi1, writes, ...(writesOnly ? { writesOnly } : {}), ...(readsOnly ? { readsOnly } : {}) });

const read: TableRead[] = ['GetItem', 'Query'];
const readMany: TableRead[] = ['GetItem', 'Query', 'BatchGetItem'];
/** Single-item writes and the Put, Update and Delete parts of transactions (nobody writes a ConditionCheck). */
const write: TableWrite[] = ['PutItem', 'UpdateItem', 'DeleteItem'];

const needs = (extra: Partial<FunctionNeeds> = {}): FunctionNeeds => ({
  sendsTo: [],
  readsCrl: false,
  writesCrl: false,
  readsAgentCa: false,
  readsSigningKey: false,
  readsVerificationKeys: false,
  readsProviderSecrets: [],
  writesProviderSecrets: false,
  integrationSecrets: 'none',
  outboundWebhookSecrets: 'none',
  inboundWebhookSecrets: 'none',
  sendsMail: false,
  geocodes: false,
  callsModel: false,
  pushes: false,
  ...extra,
});

export const groupNeeds: Record<Group, FunctionNeeds> = {
  // Debits the balance, writes the statement entry and the message; calls the provider.
  'external-messages': needs({ table: table(readMany, write, { gsi1: true }), readsProviderSecrets: sends }),
  finance: needs({ table: table(read) }),
  config: needs({ table: table(['GetItem']) }),
  // Looks up OAuth clients and signs access tokens; logins count failures (lockout), patient logins count wrong codes and
  // codes asked for per phone, use the codes, and queue each code asked for to the patient-code consumer, which sends it.
  token: needs({ table: table(['GetItem'], write), readsSigningKey: true, sendsTo: ['patientCodes'] }),
  // PATCH CONFIRMADO/CANCELADO emits events to the provider's webhook.
  'v2-appointments': needs({ table: table(readMany, write, { gsi1: true }), sendsTo: ['outboundWebhooks', 'appointmentFlow'] }),
  // v2 messages are sends.
  'v2-other': needs({ table: table(readMany, write, { gsi1: true }), readsProviderSecrets: sends }),
  // Hands the agent its integration with its secrets; execution logs and saved queries are written in batches.
  agent: needs({
    table: table(readMany, [...write, 'BatchWriteItem']),
    integrationSecrets: 'read',
  }),
  // The batch import: one transaction per new or changed record; created appointments are queued for the flow.
  'agent-import': needs({
    table: table(readMany, write),
    sendsTo: ['appointmentFlow'],
  }),
  // POST /execucao emits AGENDAMENTO_REALIZADO / AGENDAMENTO_FALTOU.
  'provider-api': needs({ table: table(['GetItem'], write), sendsTo: ['outboundWebhooks'] }),
  // Checks the signature (slugs from the table, the provider's secrets from their own) and queues the payload. It answers
  // anyone, so it writes only after a signature is checked, and two kinds of item: the generic inbound events it keeps
  // for audit (their own partition), and a plan invoice Stripe's signed invoice.paid pays (its application's partition:
  // the ledger's move and entry, the invoice's move to PAGA).
  webhooks: needs({
    table: table(read, ['PutItem', 'UpdateItem'], { writesOnly: [inboundEventPartition, 'APP#*'] }),
    sendsTo: ['inbound', 'status'],
    readsProviderSecrets: ['providerA.authToken', 'providerB.appSecret', 'providerB.verifyToken'],
    // The generic inbound webhook's X-Service-Signature, with the keys of the application's subscriptions.
    inboundWebhookSecrets: 'read',
  }),
  // Contact form: stores the request (and draws its id) and e-mails the administrator; serves the CRL and the plans.
  // It answers anyone, so its writes are limited to those two kinds of item: never a tenant's.
  public: needs({
    table: table(['Query'], ['PutItem', 'UpdateItem'], { writesOnly: ['CONTATO#*', 'SEQ#*'] }),
    readsCrl: true,
    sendsMail: true,
  }),
  // The app chat: a patient's message lands in its attendance (the inbound message's unit of work) and is charged
  // APP_CHAT (the ledger's move and entry); devices are push endpoints, created and deleted here. A consent change
  // puts its history entry (and, when the application stamps its events, its pending RFC 3161 stamp); a consent's
  // history reads its stamps in one BatchGet.
  'patient-app': needs({ table: table(readMany, write), pushes: true }),
  // Resending a stored webhook delivery, or a test event, queues its attempt; a webhook's signing key is kept (written)
  // here, and read when the provider asks to see it. The day view reads its provider's day board (a counted Query, then
  // the page's appointments in one BatchGet); an execution recorded by hand is /execucao's move, whose event is queued.
  'provider-portal': needs({
    table: table(readMany, write, { gsi1: true }),
    sendsTo: ['outboundWebhooks'],
    outboundWebhookSecrets: 'read-write',
  }),
  // Geocodes the address of the physician's profile.
  'physician-portal': needs({ table: table(readMany, ['PutItem']), geocodes: true }),
  // Keeps the applications' provider secrets (writes them; reads none).
  admin: needs({ table: table(read, write, { gsi1: true }), writesProviderSecrets: true }),
  // Sectors, attendances (an answer is a charged send), the test send, the AI assistant's settings; the inbound
  // subscriptions' HMAC keys are kept (written, never read) here.
  'admin-whatsapp': needs({
    table: table(readMany, write, { gsi1: true }),
    readsProviderSecrets: sends,
    inboundWebhookSecrets: 'write',
    // An operator's reply suggestion (charged IA_INTERACAO).
    callsModel: true,
    // An answer that goes back to the patient app is pushed (a disabled endpoint deleted).
    pushes: true,
  }),
  // Templates (sent to the provider's review; an approved one queues the appointments waiting for it), the flow's
  // settings and the appointment board, where an operator's confirm or cancel emits its AGENDAMENTO_* event, as a v2 PATCH does.
  'admin-flow': needs({
    table: table(readMany, write, { gsi1: true }),
    sendsTo: ['appointmentFlow', 'outboundWebhooks'],
    readsProviderSecrets: sends,
    // A template drafted by the AI assistant (charged IA_INTERACAO).
    callsModel: true,
  }),
  // Campaigns: the recipients staged in a few blocks (batches) with the campaign, which is queued for its worker.
  'admin-campaigns': needs({
    table: table(readMany, [...write, 'BatchWriteItem'], { gsi1: true }),
    sendsTo: ['campaigns'],
  }),
  // The agent channel's integrations (their secrets are written here) and the agent's execution logs.
  'admin-integrations': needs({ table: table(read, ['PutItem', 'UpdateItem']), integrationSecrets: 'write' }),
  // Serves the OpenAPI document it bundles; no table, no secret.
  reference: needs(),
  // The agent certificates issued for the integrations (from CSRs, with the CA's key); a revocation publishes the CRL.
  'admin-certificates': needs({ table: table(read, write), readsAgentCa: true, readsCrl: true, writesCrl: true }),
  // Plan invoices: a plan change (the subscription, its invoice and the open ones canceled, in one commit; the invoice's
  // id drawn), a payment by hand (the ledger's move and entry with the invoice's move to PAGA).
  'admin-plans': needs({ table: table(read, ['PutItem', 'UpdateItem']) }),
};

/** Authorizers only look credentials up; the JWT ones also need the public keys to verify signatures. */
export const authorizerNeeds: Record<AuthorizedScheme, FunctionNeeds> = {
  // One GetItem of the key's item.
  apiKey: needs({ table: table(['GetItem']) }),
  // JWTs are verified with the public keys alone: no table access, no private key.
  oauth2: needs({ readsVerificationKeys: true }),
  // Counts requests per credential and minute (the limit holds across every Lambda instance), in the credential's partition only.
  providerCredential: needs({ table: table(['GetItem'], ['UpdateItem'], { writesOnly: ['PCRED#*'] }) }),
  portalJwt: needs({ readsVerificationKeys: true }),
  // Also checks the client certificate's serial against the CRL, and the CRL's number against the latest one published
  // (one GetItem when it loads the CRL, once per cache period, not per request): the CRL's partition and nothing else.
  agent: needs({ readsVerificationKeys: true, readsCrl: true, table: table(['GetItem'], [], { readsOnly: ['CRL#*'] }) }),
};

export const consumerNeeds: Record<QueueName, FunctionNeeds> = {
  // A patient's reply may confirm an appointment, which emits AGENDAMENTO_CONFIRMADO. The AI assistant's automatic
  // answer reads the conversation (a Query, then its messages), calls the model and sends (debit, the provider's call).
  inbound: needs({
    table: table(readMany, write, { gsi1: true }),
    sendsTo: ['outboundWebhooks', 'appointmentFlow'],
    readsProviderSecrets: sends,
    callsModel: true,
  }),
  // A callback that beat its message is verified here, with provider_a's auth token.
  status: needs({ table: table(['GetItem'], write), readsProviderSecrets: ['providerA.authToken'] }),
  // Sends its own follow-ups: a fan-out's deliveries, the hops towards a due time, the retries; signs each attempt
  // with the webhook's key.
  outboundWebhooks: needs({
    table: table(['GetItem'], ['PutItem', 'UpdateItem'], { gsi1: true }),
    sendsTo: ['outboundWebhooks'],
    outboundWebhookSecrets: 'read',
  }),
  // Sends the notifications and reminders (debits the balance); a move may emit an event.
  // Pushes them to the patient app too (a disabled endpoint deleted).
  appointmentFlow: needs({ table: table(readMany, write), sendsTo: ['outboundWebhooks'], readsProviderSecrets: sends, pushes: true }),
  // Finds the patient of the phone, stores the code's hash (drops it when the send fails) and sends it through the provider.
  patientCodes: needs({ table: table(['GetItem'], ['PutItem', 'DeleteItem']), readsProviderSecrets: sends }),
  // A campaign's slice: its recipients' sends (debits, the provider's call), its hold and pace; queues its next slice.
  campaigns: needs({ table: table(readMany, write), sendsTo: ['campaigns'], readsProviderSecrets: sends }),
};

export const scheduledNeeds: Record<ScheduleName, FunctionNeeds> = {
  // Reads and writes the rate item, nothing else.
  exchangeRate: needs({ table: table(['GetItem'], ['PutItem'], { writesOnly: ['COTACAO#*'] }) }),
  // Queues the appointments due for the flow, and again the outbound events left pending (the outbox's safety net).
  // Asks the provider how its templates' reviews went.
  appointmentSweep: needs({
    table: table(read, ['PutItem', 'DeleteItem'], { gsi1: true }),
    sendsTo: ['outboundWebhooks', 'appointmentFlow'],
    readsProviderSecrets: sends,
  }),
  // Fails the sends no function settled and gives their charge back; writes the entries of moves whose function died.
  sendReconciler: needs({ table: table(read, write) }),
  // Sends the scheduled messages whose time came (the send: debit, statement entry, the provider's call), or fails them.
  scheduledSends: needs({ table: table(readMany, write), readsProviderSecrets: sends }),
  // Starts the scheduled campaigns whose time came and hands the running ones nobody holds to a worker.
  campaigns: needs({ table: table(readMany, ['UpdateItem'], { gsi1: true }), sendsTo: ['campaigns'] }),
  // Publishes the agent CA's CRL again (a week of validity) from the revocation list; draws its number.
  crlReissue: needs({
    table: table(['Query'], ['UpdateItem'], { writesOnly: ['CRL#*'] }),
    readsAgentCa: true,
    readsCrl: true,
    writesCrl: true,
  }),
  // Retries the RFC 3161 stamps still pending (a Query of gsi1, the TSA asked), keeping each token with its
  // CARIMBO_TEMPO charge (the balance's move, the entry, the stamp's update).
  stamps: needs({ table: table(read, write, { gsi1: true }) }),
  // Issues the month's plan invoice of each application on a plan (the invoice, its id item and the month's marker in
  // one commit; its id drawn from the sequence).
  planInvoices: needs({ table: table(read, ['PutItem', 'UpdateItem'], { writesOnly: ['APP#*', 'FATURAID#*', 'SEQ#*'] }) }),
};

/** A stream follower's reading of its records comes from its event source (the stack's DynamoEventSource). */
export const streamNeeds: Record<StreamName, FunctionNeeds> = {
  // Adds each move to its statement day (read, then a conditional update), looks for the moves' entries, and puts
  // the moves without one in the reconciler's index.
  ledgerMoves: needs({
    table: table(['GetItem', 'BatchGetItem'], ['UpdateItem', 'BatchWriteItem'], { writesOnly: ['APP#*', 'LACUNA#*'] }),
  }),
  // Stamps a new pending stamp: the TSA asked, the token kept with its CARIMBO_TEMPO charge (the balance's move,
  // the entry, the stamp's update).
  stamps: needs({ table: table(read, write) }),
};

/** Every Lambda with its needs, for the stack and the tests: each list of functions beside its record of needs. */
const withNeeds = <K extends string>(entries: Record<K, LambdaEntry>, needs: Record<K, FunctionNeeds>) =>
  (Object.keys(entries) as K[]).map((k) => ({ entry: entries[k], needs: needs[k] }));

export const functionNeeds: { entry: LambdaEntry; needs: FunctionNeeds }[] = [
  ...withNeeds(groupFunctions, groupNeeds),
  ...withNeeds(authorizerFunctions, authorizerNeeds),
  ...withNeeds(consumerFunctions, consumerNeeds),
  ...withNeeds(scheduledFunctions, scheduledNeeds),
  ...withNeeds(streamFunctions, streamNeeds),
];
