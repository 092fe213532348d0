// The resources several groups answer with (a message, a send's answers, a statement entry, a tariff,
// an appointment, an execution report's answer, an attendance), named once so the document shows each as
// one component. Each group's own routes are in its slice (functions/<group>/contract.ts).
import * as z from 'zod/mini';
import { providers } from '#shared/domain/applications/records';
import { actorKinds, appointmentStatuses, executionResults } from '#shared/domain/appointments/state-machine';
import { attendanceStatuses } from '#shared/domain/attendances';
import { channels } from '#shared/domain/app-chat';
import { conversationTypes } from '#shared/domain/ledger';
import { contextos, messageStatuses } from '#shared/domain/messages/records';
import { date, described, id, money, named, timestamp, type ErrorsOf, type ResponseDoc } from './kit.ts';

// ---------------------------------------------------------------------------------------------
// Messages and the send (shared/operations/send-message.ts, shared/http/views.ts)

/** The spec's Message, plus what the API knows of it (`messageView`, shared/http/views.ts). */
export const externalMessage = named(
  'ExternalMessage',
  z.object({
    id,
    messageSid: described(z.nullable(z.string()), 'The provider’s id of the message; null while it is QUEUED (or SCHEDULED, CANCELED).'),
    toNumber: z.string(),
    fromNumber: z.nullable(z.string()),
    body: z.string(),
    status: z.enum(messageStatuses),
    statusDescricao: z.string(),
    dataEnvio: timestamp,
    dataEntrega: z.nullable(timestamp),
    dataLeitura: z.nullable(timestamp),
    errorCode: z.nullable(z.string()),
    errorMessage: z.nullable(z.string()),
    provider: z.enum(providers),
    contexto: z.nullable(z.enum(contextos)),
    contextoId: z.nullable(id),
    usuarioId: z.nullable(id),
    tarifaCobrada: z.nullable(money),
    agendadoPara: described(
      z.nullable(timestamp),
      'A scheduled send’s time (`agendarPara` of its send); null for a message sent at once. While SCHEDULED, `dataEnvio` is this time; once sent, the send’s.',
    ),
  }),
);

/** The answer of a send (shared/operations/send-message.ts), also that of POST /api/external/v2/mensagens. */
export const messageSendResult = named(
  'MessageSendResult',
  z.object({
    status: z.literal('ENVIADO'),
    messageSid: z.string(),
    mensagemId: id,
    mensagem: z.string(),
    link: z.optional(
      described(z.string(), 'Only for the `link` provider (which sends nothing): the wa.me link that opens WhatsApp with the text ready.'),
    ),
  }),
);

/** 402 of a send: the service's error body with the balance. */
export const insufficientBalance = named(
  'InsufficientBalanceError',
  z.object({ error: z.literal('insufficient_balance'), message: z.string(), saldo: money }),
  'The balance does not cover the tariff of the send; nothing was written.',
);

const replayedHeader = {
  'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.' },
};

/** The answers of the send that are not the service's plain error body (shared with the v2 send). */
export const sendResponses = {
  200: { description: 'Sent (accepted by the provider), and charged.', body: messageSendResult, headers: replayedHeader },
  402: { description: 'Insufficient balance: `saldo` is the balance; nothing was written.', body: insufficientBalance },
} satisfies Record<number, ResponseDoc>;

/** The answer of a scheduled send (`agendarPara`): nothing charged until it is sent. */
export const messageScheduleResult = named(
  'MessageScheduleResult',
  z.object({
    status: z.literal('AGENDADO'),
    mensagemId: id,
    agendadoPara: described(timestamp, 'When it is to be sent (the `agendarPara` sent).'),
  }),
);

/** The answers of the two send routes, which also schedule (`agendarPara`): the send's, and 202 for a scheduled one. */
export const scheduledSendResponses = {
  ...sendResponses,
  202: {
    description: 'Scheduled (`agendarPara`): the message is SCHEDULED, readable with its id, and nothing is charged until it is sent.',
    body: messageScheduleResult,
    headers: replayedHeader,
  },
} satisfies Record<number, ResponseDoc>;

/** The send's error answers in the service's error body (shared with the v2 send). */
export const sendErrors: ErrorsOf = {
  400: ['validation_error', 'provider_rejected'],
  403: ['forbidden'],
  404: ['not_found'],
  409: ['conflict'],
  422: ['unprocessable_entity'],
  502: ['provider_unavailable'],
};

export const sendDescription = [
  'Charges the tariff in force (MENSAGENS/ENVIADA) from the prepaid balance, then calls the application’s provider. `telefone` must carry its country code (e.g. `+5511999998888`); `mensagem` is 1 to 4096 characters, not blank.',
  'A balance below the tariff is 402 with `saldo`, nothing written. A provider that refuses the message (400 `provider_rejected`, with `providerCode` and `mensagemId`) or cannot be reached (502 `provider_unavailable`, with `mensagemId`) gets the charge given back: the message stays readable as FAILED.',
  'With `Idempotency-Key`, a repeat gets the first answer (status and body) with `Idempotent-Replayed: true` and is never charged twice; a repeat while the first is still with the provider is 409 (retry in a few seconds); the same key with another body is 422. A refusal before any effect (400 on the input, 402) stores nothing.',
].join('\n\n');

/** The two send routes' description: the send's, and the scheduled send's (`agendarPara`). */
export const scheduledSendDescription = [
  sendDescription,
  '`agendarPara` (optional) schedules the send instead: a local date-time of America/Sao_Paulo without a zone, as every time the API shows (`2026-11-28T15:30:00`), from 1 minute to 35 days ahead (otherwise 400 naming `agendarPara`). The answer is 202 `{status: AGENDADO, mensagemId, agendadoPara}` and nothing is charged: the message is SCHEDULED (`GET /api/external/messages/{id}`) until it is sent, within a minute of its time, as an ordinary send with the same id (the tariff in force then, its debit and statement entry, the provider’s call). A balance that does not cover it then fails it: FAILED with `errorCode` `SALDO_INSUFICIENTE`, nothing charged (likewise `APLICACAO_INATIVA`, `SEM_TARIFA`); a provider’s refusal fails it as any send, the charge given back. `DELETE /api/external/messages/{id}` cancels it until it is sent (CANCELED). `Idempotency-Key` holds as for a send: a repeat gets the same 202, the same key with another body (another `agendarPara` too) is 422.',
].join('\n\n');

// ---------------------------------------------------------------------------------------------
// The statement and tariffs

/** The period filters' rule (the statement and the message log). */
export const periodText =
  '`de` and `ate` are the first and last days (YYYY-MM-DD, America/Sao_Paulo, both included); `ate` before `de`, or a day that does not exist, is 400.';

export const tariff = named(
  'Tariff',
  z.object({
    id,
    categoria: z.string(),
    subtipo: z.string(),
    subtipoDescricao: z.string(),
    valor: money,
    unidade: z.string(),
    unidadeDescricao: z.string(),
    moeda: z.literal('BRL'),
    descricao: z.string(),
    ativo: z.boolean(),
    vigenciaInicio: described(z.nullable(date), 'First day in force (inclusive); null: since always.'),
    vigenciaFim: described(z.nullable(date), 'Last day in force (inclusive); null: open-ended.'),
  }),
);

const nullableMoney = z.nullable(money);
export const statementEntry = named(
  'StatementEntry',
  z.object({
    id,
    tipo: z.enum(['CREDIT', 'DEBIT']),
    valor: money,
    saldoAnterior: money,
    saldoPosterior: money,
    descricao: z.string(),
    referenciaTipo: z.string(),
    referenciaId: z.nullable(id),
    tarifaCobrada: nullableMoney,
    custoProviderAUsd: nullableMoney,
    custoProviderABrl: nullableMoney,
    custoProviderBUsd: nullableMoney,
    custoProviderBBrl: nullableMoney,
    cotacaoUsdBrl: nullableMoney,
    tipoConversa: z.nullable(z.enum(conversationTypes)),
    criadoEm: timestamp,
  }),
);

// ---------------------------------------------------------------------------------------------
// Appointments (shared/domain/appointments/views.ts, appointmentView, checked against this schema by every answer that carries it);
// also the payload of the outbound events.

const appointmentStatus = z.enum(appointmentStatuses);

export const appointmentHistoryEntry = named(
  'AppointmentHistoryEntry',
  z.object({
    de: z.nullable(appointmentStatus),
    para: appointmentStatus,
    em: timestamp,
    por: z.object({
      tipo: z.enum(actorKinds),
      id: described(
        z.nullable(z.union([z.string(), id])),
        'Who, within the kind: the OAuth client id (cliente), the provider credential’s key (prestador, /execucao) or the provider portal user’s id (prestador, from the portal), the inbound message id (paciente), the flow run or null (fluxo), the portal user id (operador: a move from the admin panel).',
      ),
    }),
    observacao: described(
      z.nullable(z.string()),
      'The PATCH `observacao` (cancellation reason), the /execucao `observacao`, or the flow’s error text.',
    ),
  }),
  'One move of an appointment (the creation has `de` null).',
);

const optionalText = z.nullable(z.string());

export const appointment = named(
  'Appointment',
  z.object({
    id,
    pacienteTelefone: described(z.string(), 'The patient’s phone in +E.164.'),
    procedimento: z.string(),
    pacienteNome: optionalText,
    pacienteCpf: optionalText,
    prestador: optionalText,
    numeroPedido: optionalText,
    dataLimiteRetirada: optionalText,
    localRetirada: optionalText,
    observacoes: optionalText,
    medicoSolicitante: optionalText,
    status: appointmentStatus,
    criadoEm: timestamp,
    atualizadoEm: timestamp,
    historico: described(z.array(appointmentHistoryEntry), 'Every move, oldest first.'),
    pendencia: described(
      z.nullable(z.string()),
      'What the communication flow is waiting for (no balance, no template), in words; null when nothing.',
    ),
  }),
  'An appointment (agendamento) of the application. Optional text fields are null when not given.',
);

/** The answer of an execution report, whichever route made it (`reportExecution`, shared/operations/appointment-execution.ts). */
export const executionResult = named(
  'ExecutionResult',
  z.object({
    status: z.enum(['ok', 'replay']),
    agendamentoId: id,
    resultado: z.enum(executionResults),
  }),
  'The spec’s provider execution result: `replay` for a repeat under the same Idempotency-Key.',
);

// ---------------------------------------------------------------------------------------------
// Attendances (shared/http/views.ts, attendanceView)

export const attendance = named(
  'Attendance',
  z.object({
    id,
    status: z.enum(attendanceStatuses),
    paciente: z.object({ id, nome: z.nullable(z.string()), telefone: described(z.string(), '+E.164') }),
    setor: z.object({ id, codigo: z.nullable(z.string()), nome: z.nullable(z.string()) }),
    atendenteId: described(z.nullable(id), 'The portal user who took it.'),
    mensagens: described(z.int(), 'The patient’s messages in this attendance.'),
    criadoEm: timestamp,
    filaDesde: z.nullable(timestamp),
    assumidoEm: z.nullable(timestamp),
    encerradoEm: z.nullable(timestamp),
    ultimaMensagemEm: timestamp,
    esperaSegundos: described(z.nullable(z.int()), 'Seconds in the queue so far; only while FILA.'),
    canal: described(
      z.enum(channels),
      'The channel of the patient’s last message, where an answer goes: WHATSAPP, or APP (the patient app’s chat, and a push).',
    ),
  }),
  'A patient’s conversation with the application (BOT, FILA, EM_ANDAMENTO, ENCERRADO).',
);

// ---------------------------------------------------------------------------------------------
// RFC 3161 time stamps (docs/stamps.md): the consent history's `carimbo` and GET /api/admin/carimbos/{id}

export const stampEvidence = named(
  'TimeStamp',
  z.object({
    dados: described(z.string(), 'Base64 of the exact bytes stamped (the event as kept: JSON, UTF-8).'),
    token: described(z.string(), 'Base64 of the DER RFC 3161 TimeStampToken over their SHA-256.'),
  }),
  'An RFC 3161 time stamp: `openssl ts -verify -data <dados> -in <token> -token_in -CAfile <the TSA CA>` verifies it.',
);
