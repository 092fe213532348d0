// Contract of the admin panel's appointment-flow group (portal JWT, role admin): the WhatsApp templates
// (HSM) the flow sends and their review, the flow's settings, and the console's appointment board with
// an operator's moves (docs/templates.md, docs/appointment-flow.md).
import * as z from 'zod/mini';
import { draftBody as templateDraftBody } from '#shared/domain/ai';
import { settingsSchema as flowSettingsBody } from '#shared/domain/appointment-flow';
import {
  templateCategories,
  templateFields,
  templateStates,
  createSchema as templateCreateBody,
  updateSchema as templateUpdateBody,
} from '#shared/domain/templates';
import { pagingQuery } from '#shared/http/paging';
import { described, elementsPage, id, named, noContent, ok, timestamp, type GroupContract } from '#shared/http/contract/kit';
import { appointment } from '#shared/http/contract/resources';
import { actorKinds, appointmentStatuses } from '#shared/domain/appointments/state-machine';
import { messageStatuses } from '#shared/domain/messages/records';
import { cancelBody, confirmBody } from './requests.ts';
import { boardQuery } from '#shared/domain/appointments/inputs';

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

const sendWindowStart =
  'Quiet hours: the daily send window’s start (HH:mm, America/Sao_Paulo; default 08:00), from which campaigns and the flow’s reminders go out. Outside the window they wait for its next opening and resume by themselves; the flow’s first message, its no-reply deadline and sends asked of the API are never held.';
const sendWindowEnd =
  'Quiet hours: the window’s end (HH:mm, excluded from the window, `24:00` for the end of the day; default 20:00), later than `horarioEnvioInicio`: from it campaigns and reminders wait for the next day’s start.';

const flowSettings = named(
  'AppointmentFlowSettings',
  z.object({
    lembreteAntesSegundos: z.int(),
    semRespostaSegundos: z.int(),
    palavrasConfirmar: z.array(z.string()),
    palavrasCancelar: z.array(z.string()),
    palavrasOptOut: z.array(z.string()),
    horarioEnvioInicio: described(z.string(), sendWindowStart),
    horarioEnvioFim: described(z.string(), sendWindowEnd),
  }),
  'The application’s appointment-flow timings, reply words and send window (its own, and the defaults for what it left out).',
);

/** The PUT body: the domain's schema, its send window's fields described. */
const flowSettingsPut = z.extend(flowSettingsBody, {
  horarioEnvioInicio: described(flowSettingsBody.shape.horarioEnvioInicio, sendWindowStart),
  horarioEnvioFim: described(flowSettingsBody.shape.horarioEnvioFim, sendWindowEnd),
});

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

export const adminFlowContract = {
  // Templates
  'POST /api/admin/whatsapp/templates-hsm': {
    summary: 'Create a template (RASCUNHO)',
    description: templateRules,
    body: templateCreateBody,
    responses: { 201: ok('The new template.', template) },
    errors: { 400: ['validation_error'] },
  },
  'POST /api/admin/whatsapp/templates-hsm/sugestoes': {
    summary: 'Draft a template with the AI assistant (RASCUNHO)',
    description: [
      '`objetivo` (1 to 500 characters: what the message is for), `categoria` (UTILITY, MARKETING, AUTHENTICATION), `idioma` (default pt_BR). The AI assistant writes the body, its variables (each an appointment field) and up to 3 quick-reply buttons; the draft must pass the same rules as a template typed by hand (a UTILITY template has no promotional text), and becomes a new RASCUNHO template with `procedimentos` `["A definir"]`, to be edited before it is submitted.',
      'Charged as one AI interaction (statement entry IA_INTERACAO at the tariff IA/GERACAO_CONTEUDO), committed with the template: 402 with `saldo` when the balance does not cover it, nothing written.',
      '422 when the assistant refused the objective (a clinical topic, a personal identifier) or its draft did not pass the rules (`field` names the rule’s field): nothing charged, nothing written. 503 `service_unavailable` when the model does not answer.',
    ].join('\n\n'),
    body: templateDraftBody,
    responses: { 201: ok('The new draft template.', template) },
    errors: { 400: ['validation_error'], 402: ['insufficient_balance'], 422: ['unprocessable_entity'], 503: ['service_unavailable'] },
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
      'The fields the body carries replace the current ones. A reply word (compared with case, accents and spacing ignored) may belong to one list only: 400 naming the list. ' +
      '`horarioEnvioInicio` is a time HH:mm (00:00 to 23:59), `horarioEnvioFim` one from 00:01 to 24:00, and once merged with the current settings the start is before the end (default 08:00–20:00; a window across midnight is not one): 400 naming the field, with nothing written.',
    body: flowSettingsPut,
    responses: { 200: ok('The whole settings after the change.', flowSettings) },
    errors: { 400: ['validation_error'] },
  },
  // The console's appointment board
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
} satisfies GroupContract<'admin-flow'>;
