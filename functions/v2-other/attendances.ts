// /api/external/v2/atendimentos: the waiting queue, the attendances a human is handling, and
// escalation to a human (BOT -> FILA; idempotent once with the humans; 409 when closed).
import type { Operations } from '#shared/http/kit';
import { json } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { pathId } from '#shared/http/params';
import { attendancePageView, attendanceView } from '#shared/http/views';
import { actOn, attendanceQueue, attendanceWithNames } from '#shared/operations/attendances';
import { attendanceDeps } from '#shared/wiring/attendances';
import type { v2OtherContract } from './contract.ts';

const deps = attendanceDeps();

export const attendanceOperations: Operations<'v2-other', typeof v2OtherContract> = {
  'GET /api/external/v2/atendimentos/fila': async (request) =>
    json(200, attendancePageView(await attendanceQueue(deps, request.principal.aplicacaoId, 'FILA', readPaging(request.query)))),

  'GET /api/external/v2/atendimentos/em-andamento': async (request) =>
    json(200, attendancePageView(await attendanceQueue(deps, request.principal.aplicacaoId, 'EM_ANDAMENTO', readPaging(request.query)))),

  'POST /api/external/v2/atendimentos/{id}/escalar': async (request) => {
    const attendance = await actOn(deps, request.principal.aplicacaoId, pathId(request, 'attendance'), { kind: 'escalar', by: 'api' });
    return json(200, attendanceView(await attendanceWithNames(deps, attendance)));
  },
};
