// Contract of the provider portal (portal JWT, role prestador; /api/prestador). docs/portals.md and
// docs/appointments.md ("Outbound webhooks", "The provider portal's appointments") describe it.
import * as z from 'zod/mini';
import { appointmentEventTypes } from '#shared/domain/appointments/events';
import { boardQuery } from '#shared/domain/appointments/inputs';
import { createSchema as webhookCreateBody, updateSchema as webhookUpdateBody } from '#shared/domain/outbound-webhooks/subscriptions';
import { pagingQuery } from '#shared/http/paging';
import {
  described,
  id,
  idempotencyKeyHeader,
  named,
  noContent,
  ok,
  timestamp,
  v2Page,
  type GroupContract,
} from '#shared/http/contract/kit';
import { appointment, executionResult } from '#shared/http/contract/resources';
import { createSchema as credentialCreateBody, executionBody, testEventBody, updateSchema as credentialUpdateBody } from './requests.ts';

const noStore = { 'Cache-Control': { description: '`no-store`: the answer carries a secret shown only once.' } };

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
  ultimoUsoEm: described(
    z.nullable(timestamp),
    'When it last authenticated a request, to the minute (recorded at most once a minute); null when never used.',
  ),
};
export const credential = named(
  'ProviderCredential',
  z.object(credentialFields),
  'A machine credential of the provider; never its secret.',
);
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
export const webhook = named(
  'ProviderWebhook',
  z.object(webhookFields),
  'An outbound webhook subscription of the provider; never its secret.',
);
export const webhookWithSecret = named(
  'ProviderWebhookWithSecret',
  z.object({ ...webhookFields, secret: webhookSecret }),
  'An outbound webhook subscription with its secret, shown only in the answer that created it.',
);
export const delivery = named(
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
    corpo: described(
      z.object({ type: z.enum(appointmentEventTypes), timestamp, data: z.object({ agendamento: appointment }) }),
      'The body POSTed at every attempt: the event `{type, timestamp, data: {agendamento}}`.',
    ),
    ultimaResposta: described(
      z.nullable(z.string()),
      'The body of the last attempt’s answer, whatever its status (its first 2048 characters); null without an answer or with an empty one.',
    ),
    ultimaDuracaoMs: described(
      z.nullable(z.int()),
      'How long the last attempt took, from the POST to the answer or the failure, in milliseconds; null before the first attempt.',
    ),
  }),
  'One event delivered to one webhook, and what became of it: the body sent, the last answer and its time.',
);
const webhookSigningSecret = named(
  'ProviderWebhookSecret',
  z.object({ secret: webhookSecret }),
  'The signing secret of a webhook, revealed on demand.',
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

export const providerPortalContract = {
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
  'GET /api/prestador/webhooks/{id}/segredo': {
    summary: 'Reveal the signing secret of a webhook',
    description:
      'The current Standard Webhooks signing secret (`whsec_...`), as the delivery consumer signs with it, with `Cache-Control: no-store`. A webhook of another provider or application is 404, as an unknown id.',
    responses: { 200: { description: 'The secret.', body: webhookSigningSecret, headers: noStore } },
    errors: { 404: ['not_found'] },
  },
  'POST /api/prestador/webhooks/{id}/teste': {
    summary: 'Send a test event to a webhook',
    description:
      'Delivers to this webhook alone an example event of `evento` (by default the first it subscribes to): a real delivery (signed, logged, retried on the schedule, resendable), whose body is an event as the real ones, with an example appointment (`id` 0, its `observacoes` saying it is a test); no appointment is read or moved. The body may be left out. An event the webhook does not subscribe to is 400; an inactive webhook is 409; another provider’s or application’s webhook is 404.',
    body: testEventBody,
    responses: { 202: ok('The test delivery, PENDENTE: its attempt is queued.', delivery) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/prestador/webhooks/{id}/entregas/{entregaId}/reenviar': {
    summary: 'Resend a delivery',
    description:
      'Puts the delivery back to PENDENTE, due now, whatever its state, and queues one attempt counted after the ones made. Takes no body. An unknown delivery is 404; an inactive webhook is 409.',
    path: deliveryPath,
    responses: { 202: ok('The delivery, PENDENTE.', delivery) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/prestador/agendamentos': {
    summary: 'The provider’s appointments of one day',
    description:
      'The appointments of the application that name the token’s provider, on the day `data` (YYYY-MM-DD, America/Sao_Paulo: the date of an appointment’s `dataLimiteRetirada` when it is a date the flow can read, else the day it was created, as on the console’s board), optionally only those in `status`; ordered by status (alphabetically), then by id; paged (`page` from 0, `size` 1 to 100, default 20). ' +
      'Another provider’s or another application’s appointments are never listed. A day that is not a real date or an unknown status is 400. Appointments created before this view existed join it at their next move.',
    query: z.object({ ...pagingQuery.shape, ...boardQuery.shape }),
    responses: { 200: ok('One page of the day’s appointments.', named('ProviderAppointmentPage', v2Page(appointment))) },
    errors: { 400: ['validation_error'] },
  },
  'POST /api/prestador/agendamentos/{id}/execucao': {
    summary: 'Record by hand that an appointment was carried out (REALIZADO) or missed (FALTOU)',
    description: [
      'What `POST /api/external/prestador/v1/execucao` does, for the appointment of the path, from the portal: the same use case, state machine, outbound event (AGENDAMENTO_REALIZADO or AGENDAMENTO_FALTOU to the provider’s webhooks) and answer. The history entry’s `por` is `{tipo: prestador, id: <portal user id>}`.',
      'An appointment of another provider or another application, an unknown id and a malformed one are 404. A closed appointment (REALIZADO, FALTOU or CANCELADO) is 409, with nothing written.',
      'With `Idempotency-Key` the result is stored with the move: a repeat answers `status: replay` with no second effect; the same key with another body is 422. The keys are the provider’s, shared with `/execucao`: a key already used there for the same appointment and body is a replay here too. Refused requests store nothing.',
    ].join('\n\n'),
    body: executionBody,
    headers: [idempotencyKeyHeader],
    responses: { 200: ok('The execution is registered.', executionResult) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 422: ['unprocessable_entity'] },
  },
} satisfies GroupContract<'provider-portal'>;
