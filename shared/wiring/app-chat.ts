// The patient app's chat and pushes' wiring (shared/operations/app-chat.ts), the same for the patient app (its chat
// and devices), admin-whatsapp (an operator's answer that goes back to the app) and the appointment-flow consumer
// (the flow's notifications pushed): the DynamoDB repositories and the push port. Made once per container.
import { pushPort } from '#shared/adapters/index';
import { config } from '#shared/config';
import { conversationEntryWrite } from '#shared/db/attendances';
import { dynamoChatStore, dynamoDeviceStore } from '#shared/db/app-chat';
import { dynamoConsentRepository } from '#shared/db/consents';
import { dynamoIdempotencyStore } from '#shared/db/idempotency';
import { nextId } from '#shared/db/ids';
import { dynamoInbox, inboundMessagesByKeys } from '#shared/db/inbound-messages';
import { dynamoLedgerRepository, dynamoStatementRepository } from '#shared/db/ledger';
import { dynamoTariffCatalogue } from '#shared/db/tariffs';
import { dynamoUnitOfWork } from '#shared/db/unit-of-work';
import { APP_PROVIDER } from '#shared/domain/app-chat';
import { escalationWords } from '#shared/domain/attendances';
import type { AnswerDeps, ChatDeps, PushDeps } from '#shared/operations/app-chat';

let pushes: PushDeps | undefined;
export const pushDeps = (): PushDeps => {
  if (pushes) return pushes;
  const statement = dynamoStatementRepository();
  return (pushes = {
    push: pushPort,
    devices: dynamoDeviceStore(),
    consents: dynamoConsentRepository(),
    ledger: dynamoLedgerRepository(),
    tariffs: dynamoTariffCatalogue(),
    saldo: (aplicacaoId) => statement.getSaldo(aplicacaoId),
  });
};

let chat: ChatDeps | undefined;
export const chatDeps = (): ChatDeps =>
  (chat ??= {
    inbox: dynamoInbox(),
    chat: dynamoChatStore(),
    ledger: dynamoLedgerRepository(),
    tariffs: dynamoTariffCatalogue(),
    newId: nextId,
    escalationWords: escalationWords(config().escalationWords),
    storedAppMessage: async (aplicacaoId, providerMessageId) =>
      [...(await inboundMessagesByKeys(aplicacaoId, [{ provider: APP_PROVIDER, providerMessageId }])).values()][0],
  });

let answers: AnswerDeps | undefined;
export const answerDeps = (): AnswerDeps =>
  (answers ??= {
    ...chatDeps(),
    unitOfWork: dynamoUnitOfWork(),
    conversationWrite: (a, mensagemId, em) =>
      conversationEntryWrite(a.aplicacaoId, a.id, em, mensagemId, { direcao: 'SAIDA', canal: 'APP' }),
    pushes: pushDeps(),
    idempotency: dynamoIdempotencyStore(),
  });
