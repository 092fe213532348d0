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

export interface Adapters {
  queue: QueuePort;
  mail: MailPort;
  blobs: BlobPort;
  secrets: SecretPort;
  secretStore: SecretStorePort;
  whatsapp: WhatsAppPort;
  geocoder: GeocoderPort;
}
