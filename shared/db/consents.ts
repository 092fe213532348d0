// DynamoDB consents (docs/data-model.md, pattern 36): a patient's consents and their history entries
// share one sort-key prefix, so one Query reads both. A change puts the consent conditioned on the
// `versao` read and its history entry with `attribute_not_exists`, in one transaction; the flow's opt-out
// (34b) moves with NOTIFICACOES_WHATSAPP in the same transaction.
import * as keys from '#shared/db/keys';
import { queryPrefix, withoutKeys } from '#shared/db/client';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import type { Consent, ConsentHistoryEntry, ConsentRepository, ConsentWrite } from '#shared/domain/consents';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

const HISTORY = '#H#';

function writesOf(aplicacaoId: number, pacienteId: number, telefone: string, w: ConsentWrite): ConditionalWrite<'changed'>[] {
  const { historico: _history, tipo: tipoConsentimento, ...consent } = w.after;
  // `tipo` names the item's kind in this table, so the consent's own type is `tipoConsentimento` (like `tipoLancamento`).
  const item = {
    ...keys.consent(aplicacaoId, pacienteId, tipoConsentimento),
    ...consent,
    tipo: 'CONSENTIMENTO',
    tipoConsentimento,
    pacienteId,
  };
  const put = w.before
    ? conditionalWrite<'changed'>(
        { Put: { Item: item, ConditionExpression: 'versao = :versao', ExpressionAttributeValues: { ':versao': w.before.versao } } },
        'changed',
      )
    : putNew<'changed'>(item, 'changed');
  const entry = putNew<'changed'>({
    ...keys.consentHistoryEntry(aplicacaoId, pacienteId, tipoConsentimento, consent.versao),
    ...w.entry,
    tipo: 'CONSENTHIST',
    tipoConsentimento,
    pacienteId,
  });
  const writes = [put, entry];
  // The communication flow sends nothing to a phone with an opt-out: the app's switch is the same opt-out.
  if (tipoConsentimento === 'NOTIFICACOES_WHATSAPP') {
    const optOut = keys.optOut(aplicacaoId, telefone);
    writes.push(
      conditionalWrite(
        consent.concedido
          ? { Delete: { Key: optOut } }
          : { Put: { Item: { ...optOut, tipo: 'OPTOUT', palavra: null, origem: 'CONSENTIMENTO', em: consent.atualizadoEm } } },
      ),
    );
  }
  return writes;
}

export function dynamoConsentRepository(): ConsentRepository {
  return {
    async list(aplicacaoId, pacienteId) {
      const items = await queryPrefix(keys.consentsOf(aplicacaoId, pacienteId), { ConsistentRead: true });
      // Sort keys put each consent's history entries (in order) right after it.
      const consents = new Map<string, Consent>();
      for (const item of items) {
        const sk = String(item.sk);
        if (sk.includes(HISTORY)) {
          const { tipoConsentimento, pacienteId: _p, ...entry } = withoutKeys(item);
          consents.get(String(tipoConsentimento))?.historico.push(entry as unknown as ConsentHistoryEntry);
        } else {
          const { tipoConsentimento, pacienteId: _p, ...consent } = withoutKeys(item);
          const tipo = String(tipoConsentimento);
          consents.set(tipo, {
            ...(consent as unknown as Consent),
            tipo: tipo as Consent['tipo'],
            versao: Number(item.versao),
            historico: [],
          });
        }
      }
      return [...consents.values()];
    },
    commit: (aplicacaoId, pacienteId, telefone, writes) =>
      commitWrites(writes.flatMap((w) => writesOf(aplicacaoId, pacienteId, telefone, w))),
  };
}
