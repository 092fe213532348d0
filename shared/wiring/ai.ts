// The AI interactions' wiring (shared/operations/ai.ts), the same for the inbound consumer's automatic answers and
// the admin routes' suggestions and drafts: the model port, the ledger, the tariffs, the interactions, an
// attendance's conversation as the model reads it, the sectors' names. Made once per container, on first use.
import { modelPort } from '#shared/adapters/index';
import { requireConfig } from '#shared/config';
import { dynamoInteractionStore } from '#shared/db/ai';
import { conversationRefs } from '#shared/db/attendances';
import { chatMessagesByIds } from '#shared/db/app-chat';
import { nextId } from '#shared/db/ids';
import { inboundMessagesByKeys } from '#shared/db/inbound-messages';
import { dynamoLedgerRepository, dynamoStatementRepository } from '#shared/db/ledger';
import { messagesByIds } from '#shared/db/messages';
import { dynamoSectorRepository } from '#shared/db/sectors';
import { dynamoTariffCatalogue } from '#shared/db/tariffs';
import type { ConversationTurn } from '#shared/domain/ai';
import type { Attendance } from '#shared/domain/attendances';
import { conversationOf } from '#shared/operations/attendances';
import type { SuggestionDeps } from '#shared/operations/ai';

let deps: SuggestionDeps | undefined;

/** An attendance's conversation, oldest first, as the model reads it: who said what. */
const conversation = async (attendance: Attendance): Promise<ConversationTurn[]> =>
  (await conversationOf({ conversationRefs, inboundMessagesByKeys, messagesByIds, chatMessagesByIds }, attendance)).map((m) => ({
    direcao: m.direcao,
    texto: m.texto,
  }));

export const aiDeps = (): SuggestionDeps => {
  if (deps) return deps;
  const sectors = dynamoSectorRepository();
  const statement = dynamoStatementRepository();
  return (deps = {
    model: modelPort,
    modelId: requireConfig('modelId').modelId,
    ledger: dynamoLedgerRepository(),
    tariffs: dynamoTariffCatalogue(),
    interactions: dynamoInteractionStore(),
    saldo: (aplicacaoId) => statement.getSaldo(aplicacaoId),
    newId: nextId,
    conversation,
    sectors: async (aplicacaoId) => (await sectors.list(aplicacaoId)).map((s) => s.nome),
  });
};
