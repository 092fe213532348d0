// A work queue with its dead-letter queue and its consumer: SSE, TLS-only access, partial
// batch failures reported by the consumer, and a visibility timeout long enough that a
// message is not handed to a second consumer while the first is still working on it.
import { Duration, Validations } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ServiceFunction } from '#infra/constructs/service-function';
import { QUEUE_BATCH_SIZE } from '#shared/queues';

export interface WorkQueueProps {
  consumer: ServiceFunction;
  /** Deliveries before a message is parked in the DLQ. */
  maxReceiveCount?: number;
  /** The event source's maximum concurrent invocations (2-1000); absent, as many as Lambda scales to. */
  maxConcurrency?: number;
}

export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);

    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14), // the maximum: time to look at and redrive failures
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This is the dead-letter queue of a work queue; it has no DLQ of its own.',
    });

    // AWS recommends a visibility timeout of six times the consumer's timeout for event sources.
    const consumerTimeout = props.consumer.function.timeout ?? Duration.seconds(3);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(consumerTimeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount ?? 5 },
    });

    props.consumer.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: QUEUE_BATCH_SIZE,
        // Only the failed records are retried; the rest of the batch is deleted.
        reportBatchItemFailures: true,
        ...(props.maxConcurrency === undefined ? {} : { maxConcurrency: props.maxConcurrency }),
      }),
    );
  }
}
