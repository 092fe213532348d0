// How an application item (pattern 1) reads back as an Application: its own module, so the send path
// (shared/db/messages.ts) reads the application without the repository's write code.
import { boolean, fieldsOf, listOf, map, nullable, number, oneOf, string, type Item } from '#shared/db/item';
import type { AiSettings } from '#shared/domain/ai';
import { storedSecret } from '#shared/db/stored-secrets';
import { providers, type Application } from '#shared/domain/applications/records';
import type { ProviderASettings, ProviderBSettings } from '#shared/domain/applications/secrets';
import type { FlowSettings } from '#shared/domain/appointment-flow';

const providerASettings = map((f): ProviderASettings => ({
  accountSid: f.read('accountSid', string),
  authToken: f.read('authToken', storedSecret),
  fromNumber: f.read('fromNumber', string),
  baseUrl: f.read('baseUrl', string),
}));

const providerBSettings = map((f): ProviderBSettings => ({
  phoneNumberId: f.read('phoneNumberId', string),
  accessToken: f.read('accessToken', storedSecret),
  appSecret: f.read('appSecret', storedSecret),
  verifyToken: f.read('verifyToken', storedSecret),
  baseUrl: f.read('baseUrl', string),
  ...f.ifPresent('wabaId', string),
}));

const words = listOf(string);
const flowSettings = map((f): Partial<FlowSettings> => ({
  ...f.ifPresent('lembreteAntesSegundos', number),
  ...f.ifPresent('semRespostaSegundos', number),
  ...f.ifPresent('palavrasConfirmar', words),
  ...f.ifPresent('palavrasCancelar', words),
  ...f.ifPresent('palavrasOptOut', words),
  ...f.ifPresent('horarioEnvioInicio', string),
  ...f.ifPresent('horarioEnvioFim', string),
}));

const aiSettings = map((f): AiSettings => ({
  autoResposta: f.read('autoResposta', boolean),
  instrucoes: f.read('instrucoes', string),
  horarioAtendimento: f.read('horarioAtendimento', nullable(string)),
  atualizadoEm: f.read('atualizadoEm', nullable(string)),
}));

/** The application of its item: every field of Application, each checked; the keys, `tipo` and `atualizadoEm` left out. */
export function toApplication(item: Item): Application {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    nome: f.read('nome', string),
    slug: f.read('slug', string),
    provider: f.read('provider', oneOf(providers)),
    ...f.ifPresent('providerA', providerASettings),
    ...f.ifPresent('providerB', providerBSettings),
    ativo: f.read('ativo', boolean),
    criadoEm: f.read('criadoEm', string),
    ...f.ifPresent('apiKey', string),
    ...f.ifPresent('numerosWhatsapp', listOf(string)),
    ...f.ifPresent('fluxoAgendamentos', flowSettings),
    ...f.ifPresent('mensagensPorSegundo', number),
    ...f.ifPresent('ia', aiSettings),
    ...f.ifPresent('carimboTempo', boolean),
  };
}
