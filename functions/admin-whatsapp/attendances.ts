// The attendant's side of an attendance (the admin panel): the inbox (an open status's list, by sector),
// read one (with its whole conversation and the patient's 24-hour window), take it (assumir), answer the
// patient through the normal send path (charged on the ledger, contexto SUPORTE), close it (encerrar).
// An admin acts on its own application's attendances; any other id is a 404.
import type * as z from 'zod/mini';
import { conversationEntryWrite, conversationRefs, openAttendanceId } from '#shared/db/attendances';
import { inboundMessagesByKeys } from '#shared/db/inbound-messages';
import { messagesByIds } from '#shared/db/messages';
import { chatMessagesByIds } from '#shared/db/app-chat';
import { dynamoApplicationReader } from '#shared/db/applications';
import { checkCanAnswer } from '#shared/domain/attendances';
import { notFound } from '#shared/domain/errors';
import { handoffReasons } from '#shared/domain/ai';
import { idempotencyKey } from '#shared/domain/idempotency';
import { localDateTime } from '#shared/domain/time';
import { answerOnApp } from '#shared/operations/app-chat';
import { answerDeps } from '#shared/wiring/app-chat';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { attendancePageView, attendanceView } from '#shared/http/views';
import {
  actOn,
  attendanceDetail,
  attendanceInbox,
  attendanceWithNames,
  findAttendance,
  type AttendanceDetail,
} from '#shared/operations/attendances';
import { attendanceDeps } from '#shared/wiring/attendances';
// Imported statically: esbuild inlines an import() anyway (no code splitting) and cannot tree-shake
// what it reaches, which pulled every DynamoDB command's schema into the bundle (docs/decisions.md).
import { sendRoute } from '#shared/http/send-answer';
import { send } from '#shared/wiring/send';
import type { attendanceDetail as attendanceDetailSchema, adminWhatsappContract } from './contract.ts';
import { answerBody, inboxQuery } from './requests.ts';

/** One attendance as the console opens it: the attendance, its whole conversation, and when the patient's 24-hour window closes. */
const attendanceDetailView = (d: AttendanceDetail): z.output<typeof attendanceDetailSchema> => ({
  ...attendanceView(d),
  historico: d.attendance.historico.map((e) => ({
    de: e.de,
    para: e.para,
    em: localDateTime(new Date(e.em)),
    por: e.por,
    usuarioId: e.usuarioId ?? null,
    motivo: handoffReasons.find((r) => r === e.motivo) ?? null,
  })),
  conversa: d.conversa,
  janelaAtendimentoFechaEm: d.janelaAtendimentoFechaEm,
});

/** The attendances' repositories, and what the console's view of one reads beside it (its conversation). */
const deps = { ...attendanceDeps(), conversationRefs, openAttendanceId, inboundMessagesByKeys, messagesByIds, chatMessagesByIds };
const applications = dynamoApplicationReader();
const sendToPatient = sendRoute(send);

/** The portal user acting: the subject of its token. */
const userId = (request: TenantRequest): number => Number(request.principal.subject);

const target = (request: TenantRequest) => pathId(request, 'attendance');

export const attendanceOperations: Operations<'admin-whatsapp', typeof adminWhatsappContract> = {
  'GET /api/admin/atendimentos': async (request) => {
    const paging = readPaging(request.query);
    const { status, setorId } = validate(inboxQuery, { status: request.query.status, setorId: request.query.setorId }, 'query');
    return json(200, attendancePageView(await attendanceInbox(deps, request.principal.aplicacaoId, status, setorId, paging)));
  },

  'GET /api/admin/atendimentos/{id}': async (request) =>
    json(
      200,
      attendanceDetailView(await attendanceDetail(deps, await findAttendance(deps, request.principal.aplicacaoId, target(request)))),
    ),

  'POST /api/admin/atendimentos/{id}/assumir': async (request) => {
    const attendance = await actOn(deps, request.principal.aplicacaoId, target(request), { kind: 'assumir', usuarioId: userId(request) });
    return json(200, attendanceView(await attendanceWithNames(deps, attendance)));
  },

  'POST /api/admin/atendimentos/{id}/encerrar': async (request) => {
    const attendance = await actOn(deps, request.principal.aplicacaoId, target(request), { kind: 'encerrar', usuarioId: userId(request) });
    return json(200, attendanceView(await attendanceWithNames(deps, attendance)));
  },

  'POST /api/admin/atendimentos/{id}/responder': async (request) => {
    const { mensagem } = validate(answerBody, request.body ?? {});
    const attendance = await findAttendance(deps, request.principal.aplicacaoId, target(request));
    checkCanAnswer(attendance);
    if (attendance.canal === 'APP') {
      // The patient last wrote from the app: the answer goes back there (and as a push), not to WhatsApp.
      const app = await applications.getApplication(attendance.aplicacaoId);
      if (!app) throw notFound('application');
      const key = idempotencyKey(request.headers['idempotency-key']);
      const answer = await answerOnApp(answerDeps(), app, attendance, mensagem, userId(request), key);
      const { mensagem: sent, push } = answer;
      return json(
        201,
        {
          canal: 'APP',
          mensagemId: sent.id,
          mensagem: sent.texto,
          valor: sent.valor,
          pushesEnviados: push.enviadas,
          pushMotivo: push.motivo,
        },
        answer.replay ? { 'Idempotent-Replayed': 'true' } : undefined,
      );
    }
    return sendToPatient(
      {
        ...request,
        body: { telefone: attendance.telefone, mensagem, contexto: 'SUPORTE', contextoId: attendance.id, usuarioId: userId(request) },
      },
      // The answer joins the attendance's conversation in the debit's transaction (pattern 30b).
      {
        writes: (mensagemId) => [
          conversationEntryWrite(attendance.aplicacaoId, attendance.id, new Date().toISOString(), mensagemId, { direcao: 'SAIDA' }),
        ],
      },
    );
  },
};
