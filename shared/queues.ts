// The work queues, declared once. Everything that needs the list reads it: the stack (each queue, its
// dead-letter queue and its consumer's event source), the grants and the environment (a sender gets the
// queue's URL under `urlVariable`), shared/config.ts, the SQS adapter, the local run (its queues, the IAM
// guard's ARNs, the consumers' timeouts), the bench and the infra tests. Adding a queue is one entry here,
// its consumer (`functions/consumers/<kebab-case name>.ts`) and its consumer's line in infra/permissions.ts
// (a record over these names, so the compiler asks for it).
import { sendTimeoutSeconds } from '#shared/domain/send-budget';

/** Messages per consumer invocation (Lambda's SQS event source, and the local runner). */
export const QUEUE_BATCH_SIZE = 10;

export interface QueueDeclaration {
  /** The environment variable holding the queue's URL in the functions that send to it. */
  urlVariable: `${Uppercase<string>}_QUEUE_URL`;
  /** The root stack's construct id of the queue (its logical id: changing it replaces the queue). */
  constructId: string;
  /** The consumer's timeout: its whole batch, one message after the other. */
  consumerTimeoutSeconds: number;
  /** Receives before a message is parked in the dead-letter queue (on AWS). */
  maxReceiveCount: number;
  /**
   * Consumer invocations at once (the event source's maximum concurrency, at least 2 on AWS); absent, as many as
   * Lambda gives, and one at a time under `npm start`.
   */
  maxConcurrency?: number;
}

/** A consumer whose every message may make one send (shared/domain/send-budget.ts). */
const sendsEach = QUEUE_BATCH_SIZE * sendTimeoutSeconds;

export const queues = {
  /** Patients' messages and the providers' events, from the webhook edge. */
  inbound: { urlVariable: 'INBOUND_QUEUE_URL', constructId: 'InboundQueue', consumerTimeoutSeconds: 30, maxReceiveCount: 5 },
  /** provider_a's delivery-status callbacks. */
  status: { urlVariable: 'STATUS_QUEUE_URL', constructId: 'StatusQueue', consumerTimeoutSeconds: 30, maxReceiveCount: 5 },
  /** The outbound webhooks' fan-out, hops and signed deliveries: each delivery may wait 15 s for its receiver. */
  outboundWebhooks: {
    urlVariable: 'OUTBOUND_WEBHOOK_QUEUE_URL',
    constructId: 'OutboundWebhookQueue',
    consumerTimeoutSeconds: 180,
    maxReceiveCount: 5,
  },
  /** The appointment communication flow's steps: each may send. */
  appointmentFlow: {
    urlVariable: 'APPOINTMENT_FLOW_QUEUE_URL',
    constructId: 'AppointmentFlowQueue',
    consumerTimeoutSeconds: sendsEach,
    maxReceiveCount: 5,
  },
  /** Patients' one-time login codes, each a send. */
  patientCodes: {
    urlVariable: 'PATIENT_CODES_QUEUE_URL',
    constructId: 'PatientCodeQueue',
    consumerTimeoutSeconds: sendsEach,
    maxReceiveCount: 5,
  },
  /**
   * Campaigns' slices (#36): each message is one campaign's next slice (shared/operations/campaign-worker.ts), up to
   * SLICE_MS of sends, campaigns side by side; the pace per application holds across every worker.
   */
  campaigns: {
    urlVariable: 'CAMPAIGNS_QUEUE_URL',
    constructId: 'CampaignQueue',
    consumerTimeoutSeconds: 60,
    maxReceiveCount: 5,
    maxConcurrency: 10,
  },
} as const satisfies Record<string, QueueDeclaration>;

export type QueueName = keyof typeof queues;

export const queueNames = Object.keys(queues) as QueueName[];

/** A value for every queue, computed from its name. */
export const forEachQueue = <T>(value: (queue: QueueName) => T): Record<QueueName, T> =>
  Object.fromEntries(queueNames.map((queue) => [queue, value(queue)])) as Record<QueueName, T>;

/** A queue's declaration as the general shape (its optional fields readable). */
export const declarationOf = (queue: QueueName): QueueDeclaration => queues[queue];
