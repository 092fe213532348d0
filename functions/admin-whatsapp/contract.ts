// Contract of the admin panel's WhatsApp group (portal JWT, role admin): sectors, inbound webhook
// subscriptions and their events, received messages, attendances, HSM templates and the appointment
// flow's settings (docs/conversations.md, docs/templates.md, docs/appointment-flow.md).
import * as z from 'zod/mini';
import { settingsSchema as flowSettingsBody } from '#shared/domain/appointment-flow';
import {
  templateCategories,
  templateFields,
  templateStates,
  createSchema as templateCreateBody,
  updateSchema as templateUpdateBody,
} from '#shared/domain/templates';
import { pagingQuery } from '#shared/http/paging';
import {
  described,
  elementsPage,
  id,
  idempotencyKeyHeader,
  money,
  named,
  noContent,
  ok,
  queryIntegers,
  timestamp,
  type GroupContract,
} from '#shared/http/contract/kit';
import { appointment, attendance, externalMessage, messageSendResult, periodText } from '#shared/http/contract/resources';
import { actorKinds, appointmentStatuses } from '#shared/domain/appointments/state-machine';
import { messageStatuses } from '#shared/domain/messages/records';
import {
  adminMessageListQuery,
  answerBody,
  boardQuery,
  cancelBody,
  confirmBody,
  inboxQuery,
  receivedMessageFilters,
  sectorCreateBody,
  sectorIdText,
  sectorUpdateBody,
  subscriptionCreateBody,
  testSendBody,
} from './requests.ts';

// ---------------------------------------------------------------------------------------------
// The console's message log (#26)

const timelineStep = named(
  'MessageTimelineStep',
  z.object({
    status: z.enum(messageStatuses),
    statusDescricao: z.string(),
    em: described(
      z.nullable(timestamp),
      'When the message reached this status; null only for a message sent before the timeline was recorded.',
    ),
    errorCode: described(z.nullable(z.string()), 'The provider’s error code of a FAILED or UNDELIVERED step; null otherwise.'),
    errorMessage: z.nullable(z.string()),
  }),
);

export const adminMessage = named(
  'AdminMessage',
  z.object({
    ...externalMessage.shape,
    historico: described(
      z.array(timelineStep),
      'Every status the message went through, in order (QUEUED, SENT, DELIVERED, READ; or FAILED with its error). Statuses never move back, so a callback that arrives after a later one leaves no step.',
    ),
    lancamento: described(
      z.nullable(
        z.object({
          id,
          tipo: z.enum(['CREDIT', 'DEBIT']),
          valor: money,
          descricao: z.string(),
          criadoEm: timestamp,
          saldoPosterior: money,
        }),
      ),
      'The statement entry that charged the message (`tarifaCobrada` is its cost); null for a message that was not charged.',
    ),
  }),
  'One message with its status timeline and its statement entry.',
);

export const adminMessagesContract: Pick<GroupContract<'admin-whatsapp'>, 'GET /api/admin/mensagens' | 'GET /api/admin/mensagens/{id}'> = {
  'GET /api/admin/mensagens': {
    summary: 'Messages the token’s application sent, newest first, with filters',
    description: [
      `For the application of the token. \`status\` and \`contexto\` keep one value; \`telefone\` (with its country code; anything else is 400) the messages to one patient; ${periodText.replace('`de` and `ate` are the first and last days', '`de` and `ate` are the first and last send days')}`,
      '`totalElements` comes from counters (per status and context, and per send day for a period), so it costs the same whatever the history; with `telefone` it is a count of the period’s messages (of the whole history without a period), so give a period with a phone.',
    ].join('\n\n'),
    query: adminMessageListQuery,
    responses: { 200: ok('One page of messages.', elementsPage(externalMessage)) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/mensagens/{id}': {
    summary: 'One message with its status timeline and statement entry',
    description: 'Another application’s message is the same 404 as an unknown one.',
    responses: { 200: ok('The message.', adminMessage) },
    errors: { 404: ['not_found'] },
  },
};

// ---------------------------------------------------------------------------------------------
// Sectors

export const sector = named(
  'WhatsappSector',
  z.object({
    id,
    codigo: z.string(),
    nome: z.string(),
    padrao: z.boolean(),
    numeros: z.array(z.string()),
    atendentes: z.array(id),
    totalNumeros: z.int(),
    totalAtendentes: z.int(),
    atendimentosAbertos: z.int(),
    criadoEm: timestamp,
    atualizadoEm: timestamp,
  }),
  'A department of the application: its WhatsApp numbers (E.164) and its attendants (portal user ids).',
);

const sectorRules =
  '`codigo` is stored upper case: 1 to 40 letters, digits, `-` or `_`, unique within the application (another sector’s code is 409). ' +
  '`nome` 1 to 100 characters. `numeros` must be WhatsApp numbers of the application (with their country code), each in at most one sector (409 otherwise). ' +
  '`atendentes`: at most 50 user ids of the application. Nothing is written on a refusal.';

// ---------------------------------------------------------------------------------------------
// Inbound webhook subscriptions, their events, received messages

const subscriptionFields = {
  id,
  descricao: z.nullable(z.string()),
  ativo: z.boolean(),
  temSegredo: z.boolean(),
  criadoEm: timestamp,
  desativadoEm: z.nullable(timestamp),
};
const subscription = named(
  'InboundWebhookSubscription',
  z.object(subscriptionFields),
  'A subscription to the generic inbound webhook (`/api/v1/webhooks/inbound/{slug}/{fluxo}`); its secret is never shown again.',
);

const inboundEvent = named(
  'InboundWebhookEvent',
  z.object({
    eventoId: z.string(),
    fluxo: z.string(),
    recebidoEm: timestamp,
    processadoEm: z.nullable(timestamp),
    payload: described(z.unknown(), 'The JSON body as received.'),
  }),
  'A generic inbound webhook call kept for audit (90 days).',
);

const receivedMessage = named(
  'ReceivedMessage',
  z.object({
    id,
    provider: z.enum(['provider_a', 'provider_b']),
    providerMessageId: z.string(),
    telefone: described(z.string(), 'The patient’s phone (E.164).'),
    para: described(z.nullable(z.string()), 'The application’s number it was sent to; null when the provider did not say.'),
    profileName: z.nullable(z.string()),
    tipoMensagem: z.enum(['texto', 'botao', 'midia', 'outro']),
    texto: described(z.nullable(z.string()), 'The text, a button’s title, or a media caption.'),
    botao: z.nullable(z.object({ id: z.string(), titulo: z.string() })),
    midias: z.array(z.object({ ref: z.string(), contentType: z.nullable(z.string()) })),
    recebidaEm: timestamp,
    pacienteId: id,
    atendimentoId: id,
  }),
  'A patient’s message as the application received it, with its patient and attendance.',
);

// ---------------------------------------------------------------------------------------------
// Attendances

queryIntegers.add(sectorIdText, { minimum: 1, maximum: Number.MAX_SAFE_INTEGER, format: 'int64' });

const conversationMessage = named(
  'AttendanceConversationMessage',
  z.object({
    id,
    direcao: described(z.enum(['ENTRADA', 'SAIDA']), 'ENTRADA: the patient’s message; SAIDA: an attendant’s answer.'),
    em: described(timestamp, 'When it was received (ENTRADA) or sent (SAIDA).'),
    texto: described(z.nullable(z.string()), 'The text, a pressed button’s title, or a media caption; null when the message had none.'),
    tipoMensagem: z.enum(['texto', 'botao', 'midia', 'outro']),
    midias: z.array(z.object({ ref: z.string(), contentType: z.nullable(z.string()) })),
    status: described(
      z.nullable(z.enum(messageStatuses)),
      'An answer’s delivery status (it follows the provider’s callbacks); null for the patient’s messages.',
    ),
    statusDescricao: z.nullable(z.string()),
    usuarioId: described(z.nullable(id), 'The portal user who sent an answer; null for the patient’s messages.'),
    errorCode: z.nullable(z.string()),
    errorMessage: z.nullable(z.string()),
  }),
  'One message of an attendance’s conversation.',
);

export const attendanceDetail = named(
  'AdminAttendance',
  z.object({
    ...attendance.shape,
    conversa: described(
      z.array(conversationMessage),
      'The whole conversation, oldest first: the patient’s messages and the attendants’ answers.',
    ),
    janelaAtendimentoFechaEm: described(
      z.nullable(timestamp),
      'When WhatsApp’s 24-hour customer-service window for this patient closes: 24 hours after the patient’s last message to the application (in this attendance, or in the patient’s open one when it wrote again since); null when it never wrote. After it, only an approved template may start a conversation.',
    ),
  }),
  'An attendance as the console opens it, with its conversation and the patient’s service window.',
);

// ---------------------------------------------------------------------------------------------
// Templates

export const template = named(
  'WhatsappTemplate',
  z.object({
    id,
    nome: z.string(),
    idioma: z.string(),
    categoria: z.enum(templateCategories),
    corpo: z.string(),
    variaveis: z.array(z.enum(templateFields)),
    botoes: z.array(z.string()),
    procedimentos: z.array(z.string()),
    estado: z.enum(templateStates),
    motivoRejeicao: z.nullable(z.string()),
    criadoEm: timestamp,
    atualizadoEm: timestamp,
  }),
  'A WhatsApp message template (HSM) and its review state (docs/templates.md).',
);

const templateRules =
  '`corpo` numbers its variables `{{1}}`, `{{2}}`... without gaps, not at its very start or end; `variaveis` names exactly one appointment field per variable; ' +
  '`procedimentos` and `botoes` must not repeat (case, accents and spacing ignored). A bad field is a 400 naming it, with nothing written.';

// ---------------------------------------------------------------------------------------------
// Appointment flow settings

const flowSettings = named(
  'AppointmentFlowSettings',
  z.object({
    lembreteAntesSegundos: z.int(),
    semRespostaSegundos: z.int(),
    palavrasConfirmar: z.array(z.string()),
    palavrasCancelar: z.array(z.string()),
    palavrasOptOut: z.array(z.string()),
  }),
  'The application’s appointment-flow timings and reply words (its own, and the defaults for what it left out).',
);

// ---------------------------------------------------------------------------------------------
// Appointments (the console's board)

const adminHistoryEntry = named(
  'AdminAppointmentHistoryEntry',
  z.object({
    de: z.nullable(z.enum(appointmentStatuses)),
    para: z.enum(appointmentStatuses),
    em: timestamp,
    por: z.object({
      tipo: z.enum(actorKinds),
      id: described(
        z.nullable(z.union([z.string(), id])),
        'Who, within the kind: the portal user’s id (operador), the OAuth client id (cliente), the provider credential id (prestador), the inbound message id of the reply (paciente), the admin who asked for a reprocessing or null (fluxo).',
      ),
      nome: described(z.nullable(z.string()), 'An operator’s name as it was at the move; null for any other kind.'),
    }),
    observacao: described(
      z.nullable(z.string()),
      'The operator’s `motivo`, the PATCH `observacao` (cancellation reason), the /execucao `observacao`, or the flow’s error text.',
    ),
    mensagemId: described(
      z.nullable(id),
      'The message the move sent to the patient (the flow’s notification or reminder); null for others.',
    ),
  }),
  'One move of an appointment, with who made it (the creation has `de` null).',
);

const flowMessage = named(
  'AppointmentFlowMessage',
  z.object({
    id,
    passo: described(z.enum(['notificacao', 'lembrete']), 'The notification (the move into ENVIADO) or the reminder (into AVISO_ENVIADO).'),
    body: z.string(),
    status: z.enum(messageStatuses),
    statusDescricao: z.string(),
    dataEnvio: timestamp,
    dataEntrega: z.nullable(timestamp),
    dataLeitura: z.nullable(timestamp),
    errorCode: z.nullable(z.string()),
    errorMessage: z.nullable(z.string()),
  }),
  'A message the communication flow sent the patient for the appointment, with its delivery status.',
);

export const adminAppointment = named(
  'AdminAppointment',
  z.object({
    ...appointment.shape,
    historico: described(z.array(adminHistoryEntry), 'Every move, oldest first.'),
    mensagens: described(z.array(flowMessage), 'The flow’s messages to the patient for this appointment, oldest first.'),
  }),
  'An appointment as the console shows it: every move with who made it and when, and the flow’s messages to the patient.',
);

const operatorMoveRules =
  'An operator’s move (`por.tipo` operador, with the portal user’s id and name in the history), by the state machine: from any open status; repeating the current status is a 200 no-op (nothing recorded, no event); a closed appointment (CANCELADO, REALIZADO, FALTOU) is 409. Another application’s appointment is 404. ' +
  'The move stops the flow’s timers, and a move into CONFIRMADO or CANCELADO sends AGENDAMENTO_CONFIRMADO or AGENDAMENTO_CANCELADO to the provider’s webhooks, as a v2 PATCH does. `motivo`: 1 to 1000 characters once trimmed, kept as the history entry’s `observacao`.';

export const adminWhatsappContract: GroupContract<'admin-whatsapp'> = {
  ...adminMessagesContract,
  // Sectors
  'POST /api/admin/whatsapp/setores': {
    summary: 'Create a sector',
    description: sectorRules,
    body: sectorCreateBody,
    responses: { 201: ok('The new sector.', sector) },
    errors: { 400: ['validation_error'], 409: ['conflict'] },
  },
  'GET /api/admin/whatsapp/setores': {
    summary: 'List the application’s sectors',
    description: 'The default sector (`GERAL`, whose id is the application’s id) first, then by id.',
    responses: { 200: ok('The sectors.', z.array(sector)) },
  },
  'GET /api/admin/whatsapp/setores/{id}': {
    summary: 'One sector, with its counts',
    description: 'Another application’s sector is the same 404 as an unknown one.',
    responses: { 200: ok('The sector.', sector) },
    errors: { 404: ['not_found'] },
  },
  'PUT /api/admin/whatsapp/setores/{id}': {
    summary: 'Change a sector',
    description: `The fields the body carries replace the current ones. ${sectorRules}`,
    body: sectorUpdateBody,
    responses: { 200: ok('The sector after the change.', sector) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },

  // Inbound webhook subscriptions and events
  'POST /api/admin/webhooks-entrada': {
    summary: 'Subscribe to the generic inbound webhook',
    description:
      'Answers the secret once (`segredo`): every call of the webhook must then carry `X-Service-Signature: sha256=<hex HMAC-SHA256 of the body>` with an active secret. ' +
      '`comSegredo: false` makes a subscription without a secret (`segredo` null); calls are accepted unsigned only while no active subscription has one.',
    body: subscriptionCreateBody,
    responses: {
      201: ok(
        'The new subscription, with its secret shown this once.',
        z.object({ ...subscriptionFields, segredo: described(z.nullable(z.string()), 'The secret; null for a subscription without one.') }),
      ),
    },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/webhooks-entrada': {
    summary: 'List the inbound webhook subscriptions',
    description: 'Active and deactivated, by id; secrets are never shown (`temSegredo`).',
    responses: { 200: ok('The subscriptions.', z.array(subscription)) },
  },
  'DELETE /api/admin/webhooks-entrada/{id}': {
    summary: 'Deactivate an inbound webhook subscription',
    description: 'Deactivating again answers 204 as well; another application’s subscription is 404.',
    responses: { 204: noContent },
    errors: { 404: ['not_found'] },
  },
  'GET /api/admin/webhooks-entrada/eventos': {
    summary: 'The generic inbound webhook calls received, newest first',
    description: 'Kept for audit for 90 days. The page carries no totals.',
    query: pagingQuery,
    responses: {
      200: ok('One page of events.', z.object({ content: z.array(inboundEvent), number: z.int(), size: z.int() })),
    },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/mensagens-recebidas': {
    summary: 'Patients’ messages received, newest first',
    description: '`telefone` (with its country code) filters by the patient’s phone; a value that is not a phone number is a 400.',
    query: z.object({ ...pagingQuery.shape, ...receivedMessageFilters.shape }),
    responses: { 200: ok('One page of messages.', elementsPage(receivedMessage)) },
    errors: { 400: ['validation_error'] },
  },

  // Attendances
  'GET /api/admin/atendimentos': {
    summary: 'The inbox: one open status’s attendances, by sector',
    description:
      '`status` BOT, FILA (the default: the queue) or EM_ANDAMENTO (taken by an attendant), optionally of one sector (`setorId`; a sector of another application lists nothing); oldest first (by when each entered its status); paged (`page` from 0, `size` 1 to 100, default 20). ' +
      'Closed attendances (ENCERRADO) are not listed (400): each is read by its id, e.g. from the received messages.',
    query: z.object({ ...pagingQuery.shape, ...inboxQuery.shape }),
    responses: { 200: ok('One page of attendances.', named('AdminAttendancePage', elementsPage(attendance))) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/atendimentos/{id}': {
    summary: 'One attendance, with its whole conversation',
    description:
      'The attendance, its conversation in order (each message with its time, direction and, for an answer, its delivery status) and when the patient’s 24-hour customer-service window closes (`janelaAtendimentoFechaEm`). Messages stored before conversations were kept per attendance are not in `conversa`. Another application’s attendance is the same 404 as an unknown one.',
    responses: { 200: ok('The attendance.', attendanceDetail) },
    errors: { 404: ['not_found'] },
  },
  'POST /api/admin/atendimentos/{id}/assumir': {
    summary: 'Take an attendance (BOT or FILA -> EM_ANDAMENTO)',
    description:
      'The calling portal user becomes its attendant. Taking again one’s own attendance answers 200 unchanged; one another attendant took, or a closed one, is 409.',
    responses: { 200: ok('The attendance after the move.', attendance) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/admin/atendimentos/{id}/responder': {
    summary: 'Answer the patient of an attendance',
    description:
      'Only an attendance in EM_ANDAMENTO (taken first) can be answered: otherwise 409. `mensagem`: 1 to 4096 characters, not blank. ' +
      'The answer goes through the normal send path, charged on the statement (`contexto` SUPORTE): 402 with `saldo` when the balance is short; ' +
      '400 `provider_rejected` (with `providerCode`, `mensagemId`) when the provider refuses it and 502 `provider_unavailable` when it cannot be reached, with nothing charged. ' +
      'With `Idempotency-Key`, a repeat answers the first result (header `Idempotent-Replayed: true`); the same key for another request is 422, while the first is under way 409.',
    body: answerBody,
    headers: [idempotencyKeyHeader],
    responses: {
      200: {
        description: 'Sent.',
        body: messageSendResult,
        headers: {
          'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same key.' },
        },
      },
    },
    errors: {
      400: ['validation_error'],
      402: ['insufficient_balance'],
      403: ['forbidden'],
      404: ['not_found'],
      409: ['conflict'],
      422: ['unprocessable_entity'],
      502: ['provider_unavailable'],
    },
  },
  'POST /api/admin/atendimentos/{id}/encerrar': {
    summary: 'Close an attendance',
    description:
      'From any open state; closing a closed attendance answers 200 unchanged. The patient’s next message opens a new attendance.',
    responses: { 200: ok('The attendance after the move.', attendance) },
    errors: { 404: ['not_found'] },
  },

  // Templates
  'POST /api/admin/whatsapp/templates-hsm': {
    summary: 'Create a template (RASCUNHO)',
    description: templateRules,
    body: templateCreateBody,
    responses: { 201: ok('The new template.', template) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/whatsapp/templates-hsm': {
    summary: 'List the application’s templates',
    responses: { 200: ok('The templates.', z.array(template)) },
  },
  'GET /api/admin/whatsapp/templates-hsm/{id}': {
    summary: 'One template',
    description: 'Another application’s template is the same 404 as an unknown one.',
    responses: { 200: ok('The template.', template) },
    errors: { 404: ['not_found'] },
  },
  'PUT /api/admin/whatsapp/templates-hsm/{id}': {
    summary: 'Edit a template (back to RASCUNHO)',
    description: `Only in RASCUNHO, REJEITADO or PAUSADO (409 otherwise). The fields the body carries replace the current ones, then the whole is checked. ${templateRules}`,
    body: templateUpdateBody,
    responses: { 200: ok('The template after the edit.', template) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'DELETE /api/admin/whatsapp/templates-hsm/{id}': {
    summary: 'Delete a template',
    description: 'An APROVADO template cannot be deleted (400, with `estado`): archive it instead.',
    responses: { 204: noContent },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/admin/whatsapp/templates-hsm/{id}/submeter': {
    summary: 'Submit a template for the provider’s review',
    description:
      'From RASCUNHO, REJEITADO or PAUSADO (409 otherwise). The template goes EM_ANALISE holding its procedures: a procedure another template holds is a 409 with nothing sent. ' +
      'A provider that refuses it leaves it REJEITADO with `motivoRejeicao` (200); one out of reach puts it back as it was (502). The `link` provider approves at once.',
    responses: { 200: ok('The template after the submission (EM_ANALISE, APROVADO or REJEITADO).', template) },
    errors: { 404: ['not_found'], 409: ['conflict'], 502: ['provider_unavailable'] },
  },
  'POST /api/admin/whatsapp/templates-hsm/{id}/pausar': {
    summary: 'Pause a template',
    description: 'From APROVADO or PAUSADO (unchanged); 409 otherwise. Gives its procedures up.',
    responses: { 200: ok('The template after the move.', template) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/admin/whatsapp/templates-hsm/{id}/arquivar': {
    summary: 'Archive a template',
    description: 'From any state; archiving an archived template answers 200 unchanged. Gives its procedures up.',
    responses: { 200: ok('The template after the move.', template) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },

  // Appointment flow settings
  'GET /api/admin/whatsapp/fluxo-agendamentos': {
    summary: 'The appointment flow’s settings',
    responses: { 200: ok('The settings in force.', flowSettings) },
  },
  'PUT /api/admin/whatsapp/fluxo-agendamentos': {
    summary: 'Change the appointment flow’s settings',
    description:
      'The fields the body carries replace the current ones. A reply word (compared with case, accents and spacing ignored) may belong to one list only: 400 naming the list.',
    body: flowSettingsBody,
    responses: { 200: ok('The whole settings after the change.', flowSettings) },
    errors: { 400: ['validation_error'] },
  },
  'POST /api/admin/whatsapp/teste': {
    summary: 'Send a test message through the application’s provider',
    description:
      '**A real WhatsApp message, charged like any send**: a fixed test text goes to `telefone` (with its country code; 400 naming the field otherwise) through the application’s current provider (`provider_a`, `provider_b` or `link`) by the normal send path, `contexto` TESTE, with its statement entry. ' +
      '402 with `saldo` when the balance cannot pay for it; 400 `provider_rejected` (with `providerCode`, `mensagemId`) when the provider refuses it and 502 `provider_unavailable` when it cannot be reached, with nothing charged. ' +
      'The answer’s `mensagemId` is the message to follow in the message log. With `Idempotency-Key`, a repeat answers the first result.',
    body: testSendBody,
    headers: [idempotencyKeyHeader],
    responses: {
      200: {
        description: 'Sent (or, for `link`, the link to send it by hand).',
        body: messageSendResult,
        headers: {
          'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same key.' },
        },
      },
    },
    errors: {
      400: ['validation_error', 'provider_rejected'],
      402: ['insufficient_balance'],
      403: ['forbidden'],
      409: ['conflict'],
      422: ['unprocessable_entity'],
      502: ['provider_unavailable'],
    },
  },
  'GET /api/admin/agendamentos': {
    summary: 'One day’s appointments (the board)',
    description:
      'The appointments of the day `data` (YYYY-MM-DD; the date of an appointment’s `dataLimiteRetirada` when it is a date the flow can read, else the day it was created), optionally only those in `status`; ordered by status (alphabetically), then by id; paged (`page` from 0, `size` 1 to 100, default 20). ' +
      'A day that is not a real date or an unknown status is 400. Appointments created before this board existed join it at their next move.',
    query: z.object({ ...pagingQuery.shape, ...boardQuery.shape }),
    responses: { 200: ok('One page of the day’s appointments.', named('AdminAppointmentPage', elementsPage(appointment))) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/agendamentos/{id}': {
    summary: 'One appointment, its history and the flow’s messages',
    description:
      'Every move with who made it (the flow, an operator with id and name, the patient by reply, the API client, the provider) and when, and the messages the communication flow sent the patient for it with their current status. Another application’s appointment is the same 404 as an unknown one.',
    responses: { 200: ok('The appointment.', adminAppointment) },
    errors: { 404: ['not_found'] },
  },
  'POST /api/admin/agendamentos/{id}/confirmar': {
    summary: 'Confirm an appointment (operator)',
    description: `The body may be left out; \`motivo\` is optional. ${operatorMoveRules}`,
    body: confirmBody,
    responses: { 200: ok('The appointment after the move.', appointment) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/admin/agendamentos/{id}/cancelar': {
    summary: 'Cancel an appointment with a reason (operator)',
    description: `\`motivo\` is required. ${operatorMoveRules}`,
    body: cancelBody,
    responses: { 200: ok('The appointment after the move.', appointment) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/admin/agendamentos/{id}/reprocessar': {
    summary: 'Process an appointment in ERRO again',
    description:
      'The state machine’s ERRO → IMPORTADO, by the flow on the operator’s word (the history entry’s `por` is `fluxo` with the admin’s id): the appointment is due at once and the flow validates and notifies it like a new one. An appointment in any other status is 409; another application’s is 404.',
    responses: { 200: ok('The appointment, IMPORTADO again.', appointment) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
};
