// Contract of the admin panel's WhatsApp group (portal JWT, role admin): the message log, sectors,
// inbound webhook subscriptions and their events, received messages, attendances and the test send
// (docs/conversations.md). The templates, the appointment flow's settings and the appointment board are
// the admin-flow group's (functions/admin-flow/contract.ts).
import * as z from 'zod/mini';
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
import { attendance, externalMessage, messageSendResult, periodText } from '#shared/http/contract/resources';
import { messageStatuses } from '#shared/domain/messages/records';
import { channels } from '#shared/domain/app-chat';
import { aiSettingsBody, handoffReasons } from '#shared/domain/ai';
import { attendanceStatuses } from '#shared/domain/attendances';
import {
  adminMessageListQuery,
  answerBody,
  inboxQuery,
  receivedMessageFilters,
  sectorCreateBody,
  sectorIdText,
  sectorUpdateBody,
  subscriptionCreateBody,
  testSendBody,
} from './requests.ts';

const aiSettings = named(
  'AiSettings',
  z.object({
    autoResposta: z.boolean(),
    instrucoes: z.string(),
    horarioAtendimento: z.nullable(z.string()),
    atualizadoEm: described(z.nullable(timestamp), 'When they were last set; null while never set.'),
  }),
);

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

export const adminMessagesContract = {
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
  'POST /api/admin/mensagens/{id}/cancelar': {
    summary: 'Cancel a scheduled message before it is sent',
    description:
      'A message scheduled with `agendarPara` (SCHEDULED) becomes CANCELED and is never sent nor charged, as `DELETE /api/external/messages/{id}` cancels it; a canceled one answers the same. One already sent, or being sent (or failed at its time), is 409; another application’s message is the same 404 as an unknown one. The answer is the message as `GET /api/admin/mensagens/{id}` shows it.',
    responses: { 200: ok('The message, canceled.', adminMessage) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
} satisfies Pick<
  GroupContract<'admin-whatsapp'>,
  'GET /api/admin/mensagens' | 'GET /api/admin/mensagens/{id}' | 'POST /api/admin/mensagens/{id}/cancelar'
>;

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
export const subscription = named(
  'InboundWebhookSubscription',
  z.object(subscriptionFields),
  'A subscription to the generic inbound webhook (`/api/v1/webhooks/inbound/{slug}/{fluxo}`); its secret is never shown again.',
);
export const createdSubscription = z.object({
  ...subscriptionFields,
  segredo: described(z.nullable(z.string()), 'The secret; null for a subscription without one.'),
});

export const inboundEvent = named(
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

export const receivedMessage = named(
  'ReceivedMessage',
  z.object({
    id,
    provider: described(z.enum(['provider_a', 'provider_b', 'app']), '`app`: typed in the patient app’s chat (canal APP).'),
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
    canal: described(z.enum(channels), 'Where it came from: WHATSAPP, or APP (the patient app’s chat).'),
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
    canal: described(
      z.enum(channels),
      'WHATSAPP, or APP: a patient’s message typed in the patient app’s chat, or an answer that went back to it (and as a push) instead of WhatsApp.',
    ),
  }),
  'One message of an attendance’s conversation.',
);

const appAnswer = named(
  'AttendanceAppAnswer',
  z.object({
    canal: z.literal('APP'),
    mensagemId: id,
    mensagem: z.string(),
    valor: described(money, 'The APP_CHAT charge (0.00 at a free tariff).'),
    pushesEnviados: described(z.int(), 'Pushes sent to the patient’s devices (each charged APP_PUSH).'),
    pushMotivo: described(
      z.nullable(z.enum(['SEM_CONSENTIMENTO', 'SEM_DISPOSITIVO', 'SALDO_INSUFICIENTE', 'FALHA_PUSH'])),
      'Why no push (or not every one) was sent; null when every device got it. FALHA_PUSH: the push service failed (the answer is kept in the app’s chat all the same).',
    ),
  }),
  'An answer that went to the patient app’s chat instead of WhatsApp.',
);

const attendanceMove = named(
  'AttendanceMove',
  z.object({
    de: z.nullable(z.enum(attendanceStatuses)),
    para: z.enum(attendanceStatuses),
    em: timestamp,
    por: described(
      z.enum(['paciente', 'api', 'usuario', 'ia']),
      'paciente: a message (asking for a person); api: the v2 `escalar`; usuario: a portal user (`usuarioId`); ia: the AI assistant handed the patient over (`motivo`).',
    ),
    usuarioId: z.nullable(id),
    motivo: described(
      z.nullable(z.enum(handoffReasons)),
      'Why the AI assistant handed the patient over (docs/ai.md); null for the other moves.',
    ),
  }),
  'One move of an attendance between its statuses.',
);

export const attendanceDetail = named(
  'AdminAttendance',
  z.object({
    ...attendance.shape,
    historico: described(z.array(attendanceMove), 'Every move, oldest first: who moved it, and why the AI assistant handed it over.'),
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

export const adminWhatsappContract = {
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
      201: ok('The new subscription, with its secret shown this once.', createdSubscription),
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
      'With `Idempotency-Key`, a repeat answers the first result (header `Idempotent-Replayed: true`); the same key for another request is 422, while the first is under way 409. ' +
      'When the patient’s last message in the attendance came from the patient app (`canal` APP), the answer goes back to the app, not to WhatsApp: 201, kept in the patient’s chat and the conversation with its APP_CHAT charge in one commit (402 with `saldo` when the balance is short, nothing written), then pushed to the patient’s devices while its NOTIFICACOES_PUSH consent is granted (each push APP_PUSH). `Idempotency-Key` holds there too: the key is reserved in that commit, and a repeat answers the first result once its pushes are done (409 until then).',
    body: answerBody,
    headers: [idempotencyKeyHeader],
    responses: {
      200: {
        description: 'Sent on WhatsApp.',
        body: messageSendResult,
        headers: {
          'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same key.' },
        },
      },
      201: {
        description: 'Sent to the patient app’s chat (the attendance’s `canal` is APP), and pushed.',
        body: appAnswer,
        headers: {
          'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same key.' },
        },
      },
    },
    errors: {
      400: ['validation_error', 'provider_rejected'],
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

  // The AI assistant (docs/ai.md)
  'GET /api/admin/whatsapp/ia': {
    summary: 'The AI assistant’s settings',
    description: 'Automatic answers off, with no instructions, until set (`atualizadoEm` null).',
    responses: { 200: ok('The settings.', aiSettings) },
  },
  'PUT /api/admin/whatsapp/ia': {
    summary: 'Set the AI assistant’s settings (automatic answers)',
    description: [
      '`autoResposta`: when on, a patient’s message that reaches an attendance in BOT, and is not one of the appointment flow’s reply words, is answered by the AI assistant from `instrucoes` (what it may tell patients: address, hours, documents; at most 4000 characters, required when `autoResposta` is on), `horarioAtendimento` (at most 200) and the sectors’ names. The answer is an ordinary message (`contexto` SUPORTE, in the attendance’s conversation, charged as a message) plus one AI interaction (statement entry IA_INTERACAO at the tariff IA/AUTO_RESPOSTA).',
      'The attendance goes to its sector’s queue instead (and nothing is charged for the AI) when the patient asks for a person, when the instructions do not answer the question, when the guardrail refuses it (a clinical question, a personal identifier), when the balance does not cover the interaction or the message, when the model does not answer, or after 3 automatic answers in the attendance. CPF, card, phone and other long numbers and e-mail addresses are removed from the patient’s text before it reaches the model.',
    ].join('\n\n'),
    body: aiSettingsBody,
    responses: { 200: ok('The settings as saved.', aiSettings) },
    errors: { 400: ['validation_error'] },
  },
  'POST /api/admin/atendimentos/{id}/sugestao': {
    summary: 'An answer suggested by the AI assistant (not sent)',
    description: [
      'The AI assistant reads the attendance’s conversation (identifiers removed) with the application’s instructions and suggests the next answer for the operator to edit and send (`responder`); nothing is sent. Charged as one AI interaction (statement entry IA_INTERACAO at the tariff IA/CONSULTOR): 402 with `saldo` when the balance does not cover it.',
      '409 for a closed attendance; 422 when the patient has written no text yet or the guardrail refused the conversation (a clinical question, a personal identifier), nothing charged; 503 `service_unavailable` when the model does not answer. Another application’s attendance is 404.',
    ].join('\n\n'),
    responses: { 200: ok('The suggestion.', named('AiSuggestion', z.object({ texto: z.string() }))) },
    errors: {
      402: ['insufficient_balance'],
      404: ['not_found'],
      409: ['conflict'],
      422: ['unprocessable_entity'],
      503: ['service_unavailable'],
    },
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
} satisfies GroupContract<'admin-whatsapp'>;
