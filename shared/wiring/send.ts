// The send's wiring, the same for every entry point that sends: external-messages, v2-other and admin-whatsapp
// (through shared/http/send-answer.ts's sendRoute) and the appointment-flow consumer; with the scheduled messages'
// repository, the two send routes' scheduling (`sendOrSchedule`), the cancels and the scheduled sends' schedule. The
// DynamoDB repositories and the application's provider, made once per container, on the first send.
import { dynamoSendIdempotency } from '#shared/db/idempotency';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoMessageRepository } from '#shared/db/messages';
import { dynamoScheduledMessageRepository } from '#shared/db/scheduled-messages';
import { sendMessageOperation, type Send, type SendDeps } from '#shared/operations/send-message';
import { sendOrScheduleOperation, type ScheduleDeps, type SendOrSchedule } from '#shared/operations/scheduled-sends';
import { providerFor } from '#shared/providers/clients';

let deps: SendDeps | undefined;

export const sendDeps = (): SendDeps =>
  (deps ??= {
    messages: dynamoMessageRepository(),
    ledger: dynamoLedgerRepository(),
    providerFor: (app) => providerFor(app),
    idempotency: dynamoSendIdempotency(),
  });

let scheduling: ScheduleDeps | undefined;

/** The send's dependencies with the scheduled messages' repository. */
export const scheduleDeps = (): ScheduleDeps => (scheduling ??= { ...sendDeps(), scheduled: dynamoScheduledMessageRepository() });

/** A request's send (its body checked, its Idempotency-Key honoured) with those dependencies. */
export const send: Send = sendMessageOperation(sendDeps);

/** The two send routes' send: now, or at the body's `agendarPara`. */
export const sendOrSchedule: SendOrSchedule = sendOrScheduleOperation(scheduleDeps, send);
