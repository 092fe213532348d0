// Contract of the patient app (portal JWT, role paciente; /api/v4/saude). docs/portals.md describes it.
import * as z from 'zod/mini';
import { consentTypes } from '#shared/domain/consents';
import { sexos } from '#shared/domain/patients';
import {
  date,
  described,
  idempotencyKeyHeader,
  elementsPage,
  id,
  money,
  named,
  noContent,
  ok,
  timestamp,
  type GroupContract,
} from '#shared/http/contract/kit';
import { pagingQuery } from '#shared/http/paging';
import { stampEvidence } from '#shared/http/contract/resources';
import { platforms } from '#shared/domain/app-chat';
import { batchBody as consentBatchBody, chatBody, deviceBody, profileBody as patientProfileBody, revocationDetails } from './requests.ts';

// ---------------------------------------------------------------------------------------------
// Patient app

export const patientProfile = named(
  'PatientAppProfile',
  z.object({
    id,
    nome: z.nullable(z.string()),
    sexo: z.nullable(z.enum(sexos)),
    dataNascimento: z.nullable(date),
    bairro: z.nullable(z.string()),
    cidade: z.nullable(z.string()),
    telefone: described(z.string(), 'E.164; not editable in the app.'),
    cpf: described(z.nullable(z.string()), 'Masked (`***.456.789-**`); null when the record has none. Not editable in the app.'),
    atualizadoEm: timestamp,
  }),
  'The patient record of the token’s patient (the same record as v2 `pacientes`).',
);

const consentType = z.enum(consentTypes);
const historyEntryFields = {
  acao: z.enum(['CONCEDIDO', 'REVOGADO']),
  em: timestamp,
  dispositivo: z.nullable(z.string()),
  versaoTermos: z.nullable(z.string()),
  detalhes: described(z.nullable(z.record(z.string(), z.string())), 'What the app sent with a revocation; null otherwise.'),
};

const stampedHistoryEntry = named(
  'PatientConsentHistoryStamped',
  z.object({
    ...historyEntryFields,
    carimbo: described(
      z.nullable(stampEvidence),
      'Its RFC 3161 time stamp (docs/stamps.md): the bytes kept for this change and the token over their SHA-256. Null when the application did not stamp its events then, or while the stamp is pending (`carimboPendente`).',
    ),
    carimboPendente: described(z.boolean(), 'True while the time-stamp authority has not stamped this change yet (retried every minute).'),
    carimboId: described(
      z.nullable(z.string()),
      'The stamp’s id (GET /api/admin/carimbos/{id} for the application’s admin); null when the change was not stamped.',
    ),
  }),
  'One grant or revocation with its time stamp.',
);
export const consent = named(
  'PatientConsent',
  z.object({
    tipo: consentType,
    concedido: z.boolean(),
    concedidoEm: z.nullable(timestamp),
    revogadoEm: z.nullable(timestamp),
    dispositivo: z.nullable(z.string()),
    versaoTermos: z.nullable(z.string()),
    atualizadoEm: timestamp,
    historico: z.array(named('PatientConsentHistoryEntry', z.object(historyEntryFields), 'One grant or revocation; never rewritten.')),
  }),
  'A device consent of the patient with its whole history, oldest first.',
);

// documented, not validated by a schema: consentTypeOf checks `tipo` imperatively, because an unknown one is a 404 (no such resource), not a 400.
const consentPath = z.object({ tipo: consentType });

const consentChangeRules =
  'A change that changes nothing (the same state, device and terms version) writes nothing and adds no history. An unknown `tipo` in the path is 404. Revoking NOTIFICACOES_WHATSAPP also stops the automated WhatsApp messages to the patient’s phone (opt-out); granting it resumes them.';

export const chatMessage = named(
  'PatientChatMessage',
  z.object({
    id,
    direcao: described(z.enum(['ENTRADA', 'SAIDA']), 'ENTRADA: the patient’s message; SAIDA: an answer of the application’s attendant.'),
    texto: z.string(),
    em: timestamp,
    atendimentoId: described(id, 'The attendance the message belongs to.'),
    valor: described(money, 'What the application was charged for it (APP_CHAT); 0.00 when free or not covered by its balance.'),
  }),
  'One message of the patient’s chat with the application.',
);

export const device = named(
  'PatientDevice',
  z.object({ id, plataforma: z.enum(platforms), criadoEm: timestamp }),
  'A device of the patient that gets push notifications (the token is not shown back).',
);

export const patientAppContract = {
  'GET /api/v4/saude/perfil': {
    summary: 'The patient’s profile',
    description: 'The CPF is shown masked. A token issued before patient records were linked at login is 403: log in again.',
    responses: { 200: ok('The profile.', patientProfile) },
    errors: { 404: ['not_found'] },
  },
  'PUT /api/v4/saude/perfil': {
    summary: 'Change the patient’s profile',
    description:
      'Changes only the fields sent (the body may be omitted or empty) and answers the whole profile. `nome`, `sexo`, `dataNascimento` (a real date from 1900, not after today), `bairro` and `cidade` are editable; sending `telefone`, `cpf`, `email` or `id` is a 400 naming it. Nothing is written on a 400. A concurrent change of the record is re-read, never overwritten; 409 when it keeps changing.',
    body: patientProfileBody,
    responses: { 200: ok('The whole profile after the change.', patientProfile) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/v4/saude/consentimentos': {
    summary: 'The patient’s device consents',
    description: 'Only the consents the patient ever set; a consent never asked for is absent, not refused.',
    responses: { 200: ok('The consents with their history.', z.array(consent)) },
  },
  'PUT /api/v4/saude/consentimentos': {
    summary: 'Register or update several consents at once',
    description: `All or nothing, in one transaction. A \`tipo\` given twice or unknown is a 400 naming the field. ${consentChangeRules}`,
    body: consentBatchBody,
    responses: { 200: ok('The consents named in the request, in its order, after the change.', z.array(consent)) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'PUT /api/v4/saude/consentimentos/{tipo}/revogar': {
    summary: 'Revoke one consent',
    description: `The body is optional: string-to-string pairs (at most 20; keys 1-64 characters, values up to 500) the app sends with the revocation (the reason, the app version...), kept in the history entry. ${consentChangeRules}`,
    path: consentPath,
    body: revocationDetails,
    responses: { 200: ok('The consent after the revocation.', consent) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'PUT /api/v4/saude/consentimentos/{tipo}/conceder': {
    summary: 'Grant one consent',
    description: `Takes no body. ${consentChangeRules}`,
    path: consentPath,
    responses: { 200: ok('The consent after the grant.', consent) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/v4/saude/chat': {
    summary: 'The patient’s chat with the application',
    description:
      'Paged from the newest: page 0 holds the latest `size` messages; each page is in time order (newest last). Both directions: the patient’s messages and the attendants’ answers that came back to the app.',
    query: pagingQuery,
    responses: { 200: ok('A page of the chat.', elementsPage(chatMessage)) },
    errors: { 400: ['validation_error'] },
  },
  'POST /api/v4/saude/chat': {
    summary: 'Write to the application',
    description:
      '`texto`: 1 to 4096 characters, not blank (400 naming the field, nothing written). The message lands in the patient’s open attendance (one is opened when there is none) like a WhatsApp message, with `canal` APP; the attendant’s answer comes back to the app (and as a push while NOTIFICACOES_PUSH is granted). Charged to the application APP_CHAT at its tariff; a balance that does not cover it does not refuse the patient (the message is kept, `valor` 0.00). With `Idempotency-Key` (per patient, kept with the message), a retry answers the message first kept, written and charged once (409 while the first request is still charging it); the same key with another text is 422.',
    headers: [idempotencyKeyHeader],
    body: chatBody,
    responses: { 201: ok('The message as kept.', chatMessage) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 422: ['unprocessable_entity'] },
  },
  'PUT /api/v4/saude/dispositivos': {
    summary: 'Register the patient’s device for push notifications',
    description:
      '`plataforma`: android or ios; `token`: the device’s push token (FCM or APNs), 1 to 4096 characters. The same token on the same platform registered again is the same device (200); a new one is 201. Pushes go only while the NOTIFICACOES_PUSH consent is granted. 503 when the deployment has no push application for the platform. Under `npm start` pushes land in the outbox folder; a token starting with DESATIVADO stands for a device the push service reports disabled (its first push removes it).',
    body: deviceBody,
    responses: { 200: ok('Already registered.', device), 201: ok('Registered.', device) },
    errors: { 400: ['validation_error'], 503: ['service_unavailable'] },
  },
  'DELETE /api/v4/saude/dispositivos/{id}': {
    summary: 'Remove one of the patient’s devices',
    description: 'It gets no more pushes. Another patient’s device, or an unknown id, is 404.',
    path: z.object({ id }),
    responses: { 204: noContent },
    errors: { 404: ['not_found'] },
  },
  'GET /api/v4/saude/consentimentos/{tipo}/historico': {
    summary: 'One consent’s history with its time stamps',
    description:
      'Every grant and revocation of the consent, oldest first, each with `carimbo`: when the application stamps its events (PUT /api/admin/aplicacoes/{id}/carimbo-tempo), the base64 of the exact bytes kept for the change (`dados`) and of the DER RFC 3161 TimeStampToken over their SHA-256 (`token`); `openssl ts -verify -data <dados> -in <token> -token_in -CAfile <the TSA CA>` verifies it. An unknown `tipo` is 404; a consent never set has an empty history.',
    path: consentPath,
    responses: { 200: ok('The history, oldest first.', z.array(stampedHistoryEntry)) },
    errors: { 404: ['not_found'] },
  },
} satisfies GroupContract<'patient-app'>;
