// /api/v4/saude/chat and /dispositivos: the patient's chat with the application and the devices that get its push
// notifications (docs/app-chat.md). A message lands in the patient's attendance (canal APP), charged APP_CHAT; a
// device is an endpoint of the push service. Another patient's device is the same 404 as an unknown one.
import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import { pushPort } from '#shared/adapters/index';
import { dynamoChatStore, dynamoDeviceStore } from '#shared/db/app-chat';
import { nextId } from '#shared/db/ids';
import { dynamoPatientRepository } from '#shared/db/patients';
import { sameDevice, type ChatMessage, type Device } from '#shared/domain/app-chat';
import { idempotencyKey } from '#shared/domain/idempotency';
import { notFound } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';
import { elementsPageOf } from '#shared/domain/paging';
import { json, type Operations } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { receiveAppMessage } from '#shared/operations/app-chat';
import { chatDeps } from '#shared/wiring/app-chat';
import { patientOf } from './scope.ts';
import { chatBody, deviceBody } from './requests.ts';
import type { chatMessage, device, patientAppContract } from './contract.ts';

const patients = dynamoPatientRepository();
const chat = dynamoChatStore();
const devices = dynamoDeviceStore();

const chatView = (m: ChatMessage): z.output<typeof chatMessage> => ({
  id: m.id,
  direcao: m.direcao,
  texto: m.texto,
  em: localDateTime(new Date(m.em)),
  atendimentoId: m.atendimentoId,
  valor: m.valor,
});

const deviceView = (d: Device): z.output<typeof device> => ({
  id: d.id,
  plataforma: d.plataforma,
  criadoEm: localDateTime(new Date(d.criadoEm)),
});

export const chatOperations: Operations<'patient-app', typeof patientAppContract> = {
  'GET /api/v4/saude/chat': async (request) => {
    const { aplicacaoId, pacienteId } = patientOf(request);
    const paging = readPaging(request.query);
    const { content, total } = await chat.page(aplicacaoId, pacienteId, paging.page, paging.size);
    return json(200, elementsPageOf(content.map(chatView), total, paging));
  },

  'POST /api/v4/saude/chat': async (request) => {
    const { texto } = validate(chatBody, request.body ?? {});
    const { aplicacaoId, pacienteId } = patientOf(request);
    const patient = await patients.get(aplicacaoId, pacienteId);
    if (!patient) throw notFound('patient');
    const key = idempotencyKey(request.headers['idempotency-key']);
    return json(201, chatView(await receiveAppMessage(chatDeps(), patient, texto, key)));
  },

  'PUT /api/v4/saude/dispositivos': async (request) => {
    const { plataforma, token } = validate(deviceBody, request.body ?? {});
    const { aplicacaoId, pacienteId } = patientOf(request);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const known = sameDevice(await devices.list(aplicacaoId, pacienteId), plataforma, tokenHash);
    if (known) return json(200, deviceView(known));
    const created: Device = {
      id: await nextId(),
      aplicacaoId,
      pacienteId,
      plataforma,
      endpoint: await pushPort.register({ plataforma, token }),
      tokenHash,
      criadoEm: new Date().toISOString(),
    };
    if (!(await devices.put(created))) throw new Error(`device id ${created.id} taken`);
    return json(201, deviceView(created));
  },

  'DELETE /api/v4/saude/dispositivos/{id}': async (request) => {
    const { aplicacaoId, pacienteId } = patientOf(request);
    const id = pathId(request, 'device');
    const found = await devices.get(aplicacaoId, pacienteId, id);
    if (!found || !(await devices.remove(aplicacaoId, pacienteId, id))) throw notFound('device');
    await pushPort.unregister(found.endpoint);
    return { statusCode: 204 };
  },
};
