// Contract of the portal groups (portal JWT): the patient app (/api/v4/saude, role paciente), the
// physician portal (/api/plantonista, role plantonista) and the provider portal (/api/prestador, role
// prestador). docs/portals.md and docs/appointments.md ("Outbound webhooks") describe them.
import * as z from 'zod/mini';
import { batchBody as consentBatchBody, revocationDetails } from '#functions/patient-app/consents';
import { profileBody as patientProfileBody } from '#functions/patient-app/profile';
import { batchBody as availabilityBatchBody, dayBody as availabilityDayBody } from '#functions/physician-portal/availability';
import { preferenceBody } from '#functions/physician-portal/preferences';
import { profileBody as physicianProfileBody } from '#functions/physician-portal/profile';
import { searchBody } from '#functions/physician-portal/search-profile';
import { createSchema as credentialCreateBody, updateSchema as credentialUpdateBody } from '#functions/provider-portal/credentials';
import { appointmentEventTypes } from '#shared/domain/appointments/events';
import { availabilityStates } from '#shared/domain/availability';
import { consentTypes } from '#shared/domain/consents';
import { POSITIVE_AMOUNT } from '#shared/domain/money';
import { createSchema as webhookCreateBody, updateSchema as webhookUpdateBody } from '#shared/domain/outbound-webhooks/subscriptions';
import { sexos } from '#shared/domain/patients';
import { brazilianStates, shifts, weekDays } from '#shared/domain/physicians';
import { pagingQuery } from '#shared/http/paging';
import { date, described, id, named, noContent, ok, timestamp, v2Page, type GroupContract } from './kit.ts';

/** Amounts as the physician sent them: a positive decimal with at most two decimals ("1500", "1500.00"). */
const amount = described(
  z.string().check(z.regex(POSITIVE_AMOUNT)),
  'A positive decimal amount in BRL as a string, as it was sent ("1500.00", "950.5", "1200").',
);
const noStore = { 'Cache-Control': { description: '`no-store`: the answer carries a secret shown only once.' } };

// ---------------------------------------------------------------------------------------------
// Patient app

const patientProfile = named(
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
const consent = named(
  'PatientConsent',
  z.object({
    tipo: consentType,
    concedido: z.boolean(),
    concedidoEm: z.nullable(timestamp),
    revogadoEm: z.nullable(timestamp),
    dispositivo: z.nullable(z.string()),
    versaoTermos: z.nullable(z.string()),
    atualizadoEm: timestamp,
    historico: z.array(
      named(
        'PatientConsentHistoryEntry',
        z.object({
          acao: z.enum(['CONCEDIDO', 'REVOGADO']),
          em: timestamp,
          dispositivo: z.nullable(z.string()),
          versaoTermos: z.nullable(z.string()),
          detalhes: described(z.nullable(z.record(z.string(), z.string())), 'What the app sent with a revocation; null otherwise.'),
        }),
        'One grant or revocation; never rewritten.',
      ),
    ),
  }),
  'A device consent of the patient with its whole history, oldest first.',
);

// documented, not validated by a schema: consentTypeOf checks `tipo` imperatively, because an unknown one is a 404 (no such resource), not a 400.
const consentPath = z.object({ tipo: consentType });

const consentChangeRules =
  'A change that changes nothing (the same state, device and terms version) writes nothing and adds no history. An unknown `tipo` in the path is 404. Revoking NOTIFICACOES_WHATSAPP also stops the automated WhatsApp messages to the patient’s phone (opt-out); granting it resumes them.';

export const patientAppContract: GroupContract<'patient-app'> = {
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
};

// ---------------------------------------------------------------------------------------------
// Physician portal

const preference = named(
  'PhysicianPreference',
  z.object({
    secretariaId: z.string(),
    turnos: z.array(z.enum(shifts)),
    unidades: z.array(z.string()),
    valorMinimo: z.nullable(amount),
    ativo: z.boolean(),
    atualizadoEm: timestamp,
  }),
  'The physician’s preference for one secretariat.',
);

const physicianProfile = named(
  'PhysicianProfile',
  z.object({
    nome: z.string(),
    cpf: described(z.nullable(z.string()), 'Masked: `***.982.247-**`.'),
    crm: described(z.nullable(z.string()), 'The CRM registration, masked with its state: `***456/SP`.'),
    telefone: described(z.nullable(z.string()), 'Masked: `+55 11 *****-7777`.'),
    email: described(z.nullable(z.string()), 'Masked: `p***@example.com`.'),
    especialidade: z.nullable(z.string()),
    endereco: z.nullable(
      named(
        'PhysicianAddress',
        z.object({
          logradouro: z.string(),
          numero: z.nullable(z.string()),
          complemento: z.nullable(z.string()),
          bairro: z.nullable(z.string()),
          cidade: z.string(),
          uf: z.enum(brazilianStates),
          cep: described(z.nullable(z.string()), 'CEP as 00000-000.'),
        }),
      ),
    ),
    localizacao: described(
      z.nullable(z.object({ latitude: z.number(), longitude: z.number() })),
      'Where the address was geocoded; null without an address.',
    ),
    atualizadoEm: timestamp,
  }),
  'The physician’s record, personal data masked.',
);

const searchProfile = named(
  'PhysicianSearchProfile',
  z.object({
    diasSemana: z.array(z.enum(weekDays)),
    valorMinimoPorTurno: z.nullable(amount),
    raioKm: z.nullable(z.int()),
    periodos: z.array(z.union([z.enum(shifts), z.object({ inicio: z.string(), fim: z.string() })])),
    atualizadoEm: z.nullable(timestamp),
  }),
  'What vacancies the physician looks for. A physician who never saved one gets the empty profile (empty lists, nulls).',
);

const availabilityWindow = named(
  'PhysicianAvailabilityWindow',
  z.object({
    data: date,
    inicio: described(z.string(), 'HH:MM.'),
    fim: described(z.string(), 'HH:MM; `24:00` is the end of the day.'),
    estado: z.enum(availabilityStates),
  }),
  'A window of the physician’s day: DISPONIVEL (set by the physician) or RESERVADO (taken by a booking).',
);

const availabilityRules =
  'Only the next 90 days (today in São Paulo to today + 89). The day’s DISPONIVEL windows are replaced by `periodos` (an empty list clears them); RESERVADO windows are kept as they are. Periods are `[inicio, fim)` within one day, at most 24, `fim` may be `24:00`. A 400 names the field: a date outside the window or malformed, a time malformed, an end not after its start, overlapping periods, a period over a kept window. Nothing is written on a 400. A concurrent change of a day is re-read and re-applied; 409 when it keeps changing.';

export const physicianPortalContract: GroupContract<'physician-portal'> = {
  'GET /api/plantonista/predilecoes': {
    summary: 'The physician’s active preferences per secretariat',
    responses: { 200: ok('The active preferences.', z.array(preference)) },
  },
  'PUT /api/plantonista/predilecoes': {
    summary: 'Add or replace the preference of a secretariat',
    description:
      'Adds or replaces the preference of its `secretariaId`. `ativo: false` takes it off the list of active preferences. `turnos` must not repeat; `valorMinimo` is a decimal string such as "1500.00", or null.',
    body: preferenceBody,
    responses: { 200: ok('The saved preference.', preference) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/plantonista/perfil': {
    summary: 'The physician’s profile, personal data masked',
    description: 'A physician without a profile yet gets one started from the portal user (name and e-mail).',
    responses: { 200: ok('The profile.', physicianProfile) },
    errors: { 404: ['not_found'] },
  },
  'PUT /api/plantonista/perfil': {
    summary: 'Change the physician’s contact, address and specialty',
    description:
      'Changes only the fields sent (the body may be omitted or empty) and answers the whole profile. `telefone` must be a phone number with its country code. The address is geocoded before anything is written: one the geocoder cannot place is a 400 on `endereco`. `nome`, `cpf`, `crm` and `crmUf` are set by the application: sending them is a 400 naming the field. Nothing is written on a 400; 409 when the profile keeps changing concurrently.',
    body: physicianProfileBody,
    responses: { 200: ok('The whole profile after the change.', physicianProfile) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/plantonista/perfil-busca': {
    summary: 'The physician’s vacancy-search profile',
    responses: { 200: ok('The search profile (the empty one when none was saved).', searchProfile) },
  },
  'PUT /api/plantonista/perfil-busca': {
    summary: 'Replace the physician’s vacancy-search profile',
    description:
      'Replaces it whole. `diasSemana`: at least one, no repeats. `raioKm`: an integer from 1 to 500. `periodos`: 1 to 8 shifts or `{inicio, fim}` hours (HH:MM, which may cross midnight but not be empty), no repeats.',
    body: searchBody,
    responses: { 200: ok('The saved search profile.', searchProfile) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/plantonista/disponibilidade': {
    summary: 'The physician’s availability windows for the next 90 days',
    responses: { 200: ok('The windows, by date then start.', z.array(availabilityWindow)) },
  },
  'PUT /api/plantonista/disponibilidade': {
    summary: 'Replace the available periods of one day',
    description: availabilityRules,
    body: availabilityDayBody,
    responses: { 204: noContent },
    errors: { 400: ['validation_error'], 409: ['conflict'] },
  },
  'PUT /api/plantonista/disponibilidade/lote': {
    summary: 'Replace the available periods of several days at once',
    description: `The same \`periodos\` on 1 to 90 distinct days (a repeated day is a 400), in one transaction: all days or none. ${availabilityRules}`,
    body: availabilityBatchBody,
    responses: { 204: noContent },
    errors: { 400: ['validation_error'], 409: ['conflict'] },
  },
};

// ---------------------------------------------------------------------------------------------
// Provider portal

const credentialFields = {
  id,
  nome: z.string(),
  apiKey: described(z.string(), 'The public key, `nbwp_...` (the X-Api-Key of the provider API).'),
  limitePorMinuto: described(z.nullable(z.int()), 'Requests per minute; null when unlimited.'),
  ipAllowlist: described(z.array(z.string()), 'IPv4/IPv6 addresses or CIDR ranges allowed to use it; empty: any.'),
  ativo: z.boolean(),
  criadoEm: timestamp,
  revogadoEm: described(z.nullable(timestamp), 'When it was revoked (final); null while not revoked.'),
};
const credential = named('ProviderCredential', z.object(credentialFields), 'A machine credential of the provider; never its secret.');
const credentialWithSecret = named(
  'ProviderCredentialWithSecret',
  z.object({
    ...credentialFields,
    apiSecret: described(z.string(), 'The secret (the X-Api-Secret), shown only in this answer; store it now.'),
  }),
  'A machine credential with its secret, shown once.',
);

const webhookFields = {
  id,
  url: z.string(),
  eventos: z.array(z.enum(appointmentEventTypes)),
  ativo: z.boolean(),
  criadoEm: timestamp,
  atualizadoEm: timestamp,
};
const webhookSecret = described(z.string(), 'The Standard Webhooks signing secret, `whsec_` + base64 of the key.');
const webhook = named('ProviderWebhook', z.object(webhookFields), 'An outbound webhook subscription of the provider; never its secret.');
const webhookWithSecret = named(
  'ProviderWebhookWithSecret',
  z.object({ ...webhookFields, secret: webhookSecret }),
  'An outbound webhook subscription with its secret, shown only in the answer that created it.',
);
const delivery = named(
  'ProviderWebhookDelivery',
  z.object({
    id: described(z.string(), '`<eventoId>.<webhookId>`: the `entregaId` of the resend.'),
    eventoId: described(z.string(), 'The event’s id: the `webhook-id` header of every attempt.'),
    webhookId: id,
    evento: z.enum(appointmentEventTypes),
    tentativas: described(z.int(), 'Attempts made so far.'),
    ultimoStatusHttp: z.nullable(z.int()),
    ultimoErro: z.nullable(z.string()),
    proximaTentativa: described(z.nullable(timestamp), 'When the next attempt is due; null once the delivery is final.'),
    estado: z.enum(['PENDENTE', 'ENTREGUE', 'FALHOU']),
    criadoEm: timestamp,
    atualizadoEm: timestamp,
  }),
  'One event delivered to one webhook, and what became of it.',
);

const credentialRules =
  '`nome`: 1-100 characters, trimmed. `limitePorMinuto`: an integer from 1 to 100000, or null for no limit. `ipAllowlist`: at most 50 IPv4/IPv6 addresses or CIDR ranges.';
const webhookRules =
  '`url`: absolute https (at most 2048 characters, no user name or password, no fragment) whose host resolves only to public addresses. `secret`: `whsec_` + canonical base64 of 24 to 64 bytes. `eventos`: 1 or more of the four AGENDAMENTO_* events (duplicates dropped). A 400 names the field; nothing is written.';

// documented, not validated by a schema: pathId and deliveryEventId check them imperatively (anything malformed names no record: 404, not 400); `entregaId` is not numeric.
const deliveryPath = z.object({
  id: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  // an eventoId of up to 200 characters, '.', a webhook id of up to 16 digits; anything longer is a 404
  entregaId: described(z.string().check(z.maxLength(217)), 'The delivery’s `id` in the log: `<eventoId>.<webhookId>`.'),
});

export const providerPortalContract: GroupContract<'provider-portal'> = {
  'POST /api/prestador/credenciais': {
    summary: 'Create a machine credential (nbwp_) for the provider',
    description: `The secret is shown only in this answer. ${credentialRules} \`ativo\` defaults to true. 409 when the provider is inactive.`,
    body: credentialCreateBody,
    responses: { 201: { description: 'The credential with its secret.', body: credentialWithSecret, headers: noStore } },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/prestador/credenciais': {
    summary: 'The provider’s machine credentials',
    description: 'Revoked ones included, oldest first; never a secret.',
    responses: { 200: ok('The credentials.', z.array(credential)) },
  },
  'PUT /api/prestador/credenciais/{id}': {
    summary: 'Change a machine credential',
    description: `Changes only the fields sent: an omitted allowlist or limit is kept. ${credentialRules} A revoked credential cannot be changed (409); a deactivated one (\`ativo: false\`) can be reactivated. A credential outside the provider’s scope is 404.`,
    body: credentialUpdateBody,
    responses: { 200: ok('The credential after the change.', credential) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/prestador/credenciais/{id}/regenerar': {
    summary: 'Replace the secret of a machine credential',
    description:
      'Keeps the public key; the previous secret stops working at once. The new secret is shown only in this answer. A revoked credential is 409.',
    responses: { 200: { description: 'The credential with its new secret.', body: credentialWithSecret, headers: noStore } },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'DELETE /api/prestador/credenciais/{id}': {
    summary: 'Revoke a machine credential',
    description: 'A soft delete (inactive, `revogadoEm` set), final. Revoking a revoked credential changes nothing.',
    responses: { 204: noContent },
    errors: { 404: ['not_found'] },
  },
  'POST /api/prestador/webhooks': {
    summary: 'Subscribe a URL to the provider’s appointment events',
    description: `${webhookRules} Without \`secret\` one is generated; \`eventos\` defaults to all four; \`ativo\` to true. The secret is shown only in this answer. 409 when the provider is inactive.`,
    body: webhookCreateBody,
    responses: { 201: { description: 'The webhook with its secret.', body: webhookWithSecret, headers: noStore } },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/prestador/webhooks': {
    summary: 'The provider’s webhooks',
    responses: { 200: ok('The webhooks, without their secrets.', z.array(webhook)) },
  },
  'GET /api/prestador/webhooks/{id}': {
    summary: 'One webhook of the provider',
    description: 'A webhook of another provider or application is 404, as an unknown id.',
    responses: { 200: ok('The webhook, without its secret.', webhook) },
    errors: { 404: ['not_found'] },
  },
  'PUT /api/prestador/webhooks/{id}': {
    summary: 'Change a webhook',
    description: `Changes only the fields sent. A blank or absent \`secret\` keeps the current one (then not shown); a new one is shown in the answer (with \`Cache-Control: no-store\`). ${webhookRules}`,
    body: webhookUpdateBody,
    responses: {
      200: ok(
        'The webhook after the change; `secret` only when this request replaced it.',
        z.object({ ...webhookFields, secret: z.optional(webhookSecret) }),
      ),
    },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'DELETE /api/prestador/webhooks/{id}': {
    summary: 'Delete a webhook',
    description: 'Its pending deliveries give up at their next attempt; its delivery log is kept.',
    responses: { 204: noContent },
    errors: { 404: ['not_found'] },
  },
  'GET /api/prestador/webhooks/{id}/entregas': {
    summary: 'The delivery log of a webhook, newest first',
    query: pagingQuery,
    responses: { 200: ok('One page of deliveries.', v2Page(delivery)) },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'POST /api/prestador/webhooks/{id}/entregas/{entregaId}/reenviar': {
    summary: 'Resend a delivery',
    description:
      'Puts the delivery back to PENDENTE, due now, whatever its state, and queues one attempt counted after the ones made. Takes no body. An unknown delivery is 404; an inactive webhook is 409.',
    path: deliveryPath,
    responses: { 202: ok('The delivery, PENDENTE.', delivery) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
};
