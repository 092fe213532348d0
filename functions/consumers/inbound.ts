// Handles what the webhook edge queued: a patient's message (stored once, with its patient and
// attendance: shared/domain/inbound-messages.ts) or a generic inbound event (kept by the edge,
// marked handled here). Content and phones are health data: the logs carry ids only.
import { inboundMessage, type InboundMessage } from '#events/queue-messages';
import { config } from '#shared/config';
import { markInboundEventProcessed } from '#shared/db/inbound-events';
import { dynamoInbox } from '#shared/db/inbound-messages';
import { escalationWords } from '#shared/domain/attendances';
import { receivePatientMessage } from '#shared/domain/inbound-messages';
import { log, withLambdaLog } from '#shared/log';
import { queueConsumer } from '#shared/queue/consumer';

const inbox = dynamoInbox();
let words: string[] | undefined;

export async function processInbound(message: InboundMessage): Promise<void> {
  if (message.kind === 'evento') {
    if (!(await markInboundEventProcessed(message.aplicacaoId, message.recebidoEm, message.eventoId, new Date().toISOString()))) {
      // The edge writes the event before queueing it: a missing one is retried, then parked in the DLQ for a look.
      throw new Error('inbound event not found');
    }
    log.info('inbound event handled', { aplicacaoId: message.aplicacaoId, eventoId: message.eventoId, fluxo: message.fluxo });
    return;
  }
  const reception = await receivePatientMessage(inbox, message, (words ??= escalationWords(config().escalationWords)));
  log.info('patient message received', {
    aplicacaoId: message.aplicacaoId,
    provider: message.provider,
    providerMessageId: message.providerMessageId,
    ...reception,
  });
}

export const handler = withLambdaLog(queueConsumer('inbound', inboundMessage, processInbound));
