// DynamoDB consents (docs/data-model.md, pattern 36): a patient's consents and their history entries
// share one sort-key prefix, so one Query reads both. A change puts the consent conditioned on the
// `versao` read and its history entry with `attribute_not_exists`, in one transaction; the flow's opt-out
// (34b) moves with NOTIFICACOES_WHATSAPP in the same transaction.
import * as keys from '#shared/db/keys';
import { queryPrefix } from '#shared/db/client';
import { boolean, fieldsOf, nullable, number, oneOf, string, stringMap, wordsOf, type Item } from '#shared/db/item';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { consentTypes, type Consent, type ConsentHistoryEntry, type ConsentRepository, type ConsentWrite } from '#shared/domain/consents';
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

/** A consent item (its history read apart); `tipo` is the item's kind here, the consent's own type is `tipoConsentimento`. */
function toConsent(item: Item): Consent {
  const f = fieldsOf(item);
  return {
    tipo: f.read('tipoConsentimento', oneOf(consentTypes)),
    concedido: f.read('concedido', boolean),
    concedidoEm: f.read('concedidoEm', nullable(string)),
    revogadoEm: f.read('revogadoEm', nullable(string)),
    dispositivo: f.read('dispositivo', nullable(string)),
    versaoTermos: f.read('versaoTermos', nullable(string)),
    atualizadoEm: f.read('atualizadoEm', string),
    versao: f.read('versao', number),
    historico: [],
  };
}

function toHistoryEntry(item: Item): ConsentHistoryEntry {
  const f = fieldsOf(item);
  return {
    acao: f.read('acao', oneOf(wordsOf<ConsentHistoryEntry['acao']>()(['CONCEDIDO', 'REVOGADO']))),
    em: f.read('em', string),
    dispositivo: f.read('dispositivo', nullable(string)),
    versaoTermos: f.read('versaoTermos', nullable(string)),
    detalhes: f.read('detalhes', nullable(stringMap)),
    carimboId: f.orElse('carimboId', nullable(string), null),
  };
}

export function dynamoConsentRepository(): ConsentRepository {
  return {
    async list(aplicacaoId, pacienteId) {
      const items = await queryPrefix(keys.consentsOf(aplicacaoId, pacienteId), { ConsistentRead: true });
      // Sort keys put each consent's history entries (in order) right after it.
      const consents = new Map<string, Consent>();
      for (const item of items) {
        const sk = String(item.sk);
        if (sk.includes(HISTORY)) consents.get(String(item.tipoConsentimento))?.historico.push(toHistoryEntry(item));
        else {
          const consent = toConsent(item);
          consents.set(consent.tipo, consent);
        }
      }
      return [...consents.values()];
    },
    commit: (aplicacaoId, pacienteId, telefone, writes, extras = []) =>
      commitWrites([...writes.flatMap((w) => writesOf(aplicacaoId, pacienteId, telefone, w)), ...extras]),
  };
}
