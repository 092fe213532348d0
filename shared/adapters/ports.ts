// The small interfaces behind which AWS services sit. Lambda gets the AWS implementations,
// `npm start` the local ones, unit tests mocked clients. Domain code sees only these.

import type { QueueName } from '#shared/queues';

export interface QueuePort {
  /** `dedupeId` lets the consumer drop a repeated message (the provider's message or event id). */
  send(queue: QueueName, message: unknown, options?: { dedupeId?: string; delaySeconds?: number }): Promise<void>;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface MailPort {
  send(mail: Mail): Promise<void>;
}

/** A conditional put: only over the object of this version tag (`ifMatch`), or only when there is none (`ifNoneMatch: '*'`). */
export interface BlobCondition {
  ifMatch?: string;
  ifNoneMatch?: '*';
}

/** A conditional put whose condition did not hold (S3's 412, or its 409 for a concurrent conditional write): read again and retry. */
export class BlobConditionFailed extends Error {
  override name = 'BlobConditionFailed';
}

/** The CRL bucket (an S3 bucket in AWS, a folder locally). */
export interface BlobPort {
  get(key: string): Promise<Uint8Array | undefined>;
  /**
   * The object with its version tag (S3's ETag), for a compare-and-swap put. Optional for stand-ins that only serve
   * reads; a port that has it honours `put`'s condition (the CRL publisher needs both, shared/ca/crl-publisher.ts).
   */
  getVersioned?(key: string): Promise<{ bytes: Uint8Array; etag: string } | undefined>;
  /** Writes the object; with a condition, throws BlobConditionFailed when it does not hold. */
  put(key: string, bytes: Uint8Array, contentType: string, condition?: BlobCondition): Promise<void>;
}

/** Secret strings by id (Secrets Manager in AWS, files locally). */
export interface SecretPort {
  /** The current value, or the given version's (a version's value never changes, so it may be cached for good). */
  get(id: string, versionId?: string): Promise<string>;
}

/** Writes secrets (Secrets Manager in AWS, files locally): only the admin panel, which keeps the applications' provider secrets. */
export interface SecretStorePort {
  /** Creates the secret or makes `value` its current version; answers that version's id. */
  put(id: string, value: string): Promise<string>;
}

/**
 * Plain WhatsApp texts the service sends on its own behalf (one-time login codes, sent by the
 * patient-code queue's consumer), through the application's provider. The provider adapters of the
 * messaging issue implement it in AWS; locally the texts land in the outbox.
 */
export interface WhatsAppPort {
  sendText(message: { aplicacaoId: number; to: string; body: string }): Promise<void>;
}

/** A push notification as the app shows it; `dados` reach the app untouched (what to open). */
export interface PushNotification {
  titulo: string;
  texto: string;
  dados: Record<string, string>;
}

/**
 * Mobile push (SNS mobile push endpoints on AWS, shared/adapters/aws/sns.ts; an outbox folder under `npm start`).
 * `send` answers `disabled` when the push service reports the endpoint disabled (the app was removed, the token
 * expired): the caller removes the device.
 */
export interface PushPort {
  /** The endpoint for a device's token on its platform. */
  register(device: { plataforma: 'android' | 'ios'; token: string }): Promise<string>;
  send(endpoint: string, notification: PushNotification): Promise<'sent' | 'disabled'>;
  unregister(endpoint: string): Promise<void>;
}

/** A Brazilian address to place on the map (the physician's profile address). */
export interface GeocodeQuery {
  logradouro: string;
  numero?: string;
  bairro?: string;
  cidade: string;
  uf: string;
  cep?: string;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
  /** The address as the geocoder understood it. */
  rotulo: string;
}

/** Addresses to points (Amazon Location in AWS, a deterministic stand-in locally). */
export interface GeocoderPort {
  /** undefined when the address cannot be geocoded. */
  geocode(query: GeocodeQuery): Promise<GeoPoint | undefined>;
}

/** One turn of a conversation with the model: the patient's (`user`) or the assistant's own earlier answer. */
export interface ModelMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface ModelRequest {
  /** The instructions and the only facts the answer may draw on (the application's own information). */
  system: string;
  /** The conversation so far, oldest first: it starts with the user and alternates, ending with the user's turn. */
  messages: readonly ModelMessage[];
  /** The answer's token budget (the model stops at it: stopReason `max_tokens`). A positive integer, at most MODEL_MAX_TOKENS. */
  maxTokens: number;
  /** How long the call may take, retries included, before it is abandoned (ModelError `timeout`). At most MODEL_MAX_TIMEOUT_MS. */
  timeoutMs: number;
}

/** Why the model stopped: its turn ended, the token budget ran out, or the guardrail (or the model's own filter) refused. */
export type ModelStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'guardrail_intervened' | 'content_filtered' | 'other';

export interface ModelReply {
  /** The answer; when the guardrail intervened, its blocked message (the stack's pt-BR text), never the model's words. */
  text: string;
  stopReason: ModelStopReason;
  /** The account's guardrail refused the question or the answer: `text` is its message, to be sent as it is or not at all. */
  guardrailIntervened: boolean;
  /**
   * What the guardrail acted on, by policy and name, never the matched text (it may be a CPF): `topic:<name>`,
   * `regex:<name>`, `pii:<TYPE>`, `content:<TYPE>`, `word`. Empty when it did not intervene.
   */
  guardrailFindings: readonly string[];
  /** Tokens billed for the call (0 and 0 when the guardrail blocked the question before the model ran). */
  usage: { inputTokens: number; outputTokens: number };
}

/** The largest `maxTokens` and `timeoutMs` a call may ask for: an answer is a WhatsApp message, and the call runs inside a consumer's timeout. */
export const MODEL_MAX_TOKENS = 1_024;
export const MODEL_MAX_TIMEOUT_MS = 20_000;

export type ModelErrorKind =
  /** The call took longer than its timeoutMs (abandoned, it may still be billed). */
  | 'timeout'
  /** Bedrock's throttling or quota (ThrottlingException, ServiceQuotaExceededException): worth a later retry. */
  | 'throttled'
  /** Bedrock's own failure (InternalServerException, ServiceUnavailableException, ModelNotReadyException, a network error). */
  | 'unavailable'
  /** The request was refused as malformed or not allowed (ValidationException, AccessDeniedException, ResourceNotFoundException...): a retry will not help. */
  | 'refused';

/** A call to the model that gave no answer; `retryable` says whether the same call may succeed later. */
export class ModelError extends Error {
  override name = 'ModelError';
  readonly retryable: boolean;
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    /** The service's error name (ThrottlingException, ValidationException...) or the network's, when there is one. */
    readonly code?: string,
  ) {
    super(message);
    this.retryable = kind !== 'refused';
  }
}

/** A language model behind the account's guardrail (Amazon Bedrock's Converse in AWS, a loopback simulator of it locally). */
export interface ModelPort {
  /** One turn: the answer to the conversation's last user message. Throws ModelError when there is none. */
  converse(request: ModelRequest): Promise<ModelReply>;
}

export interface Adapters {
  queue: QueuePort;
  mail: MailPort;
  blobs: BlobPort;
  secrets: SecretPort;
  secretStore: SecretStorePort;
  whatsapp: WhatsAppPort;
  geocoder: GeocoderPort;
  model: ModelPort;
  push: PushPort;
}
