// /api/v4/saude/consentimentos: the token's patient's device consents (shared/domain/consents.ts).
// The batch PUT registers or updates several at once, all or nothing; revogar and conceder change one.
// Every change appends to the consent's history, and the answer carries it.
// When the application stamps its events (RFC 3161, docs/stamps.md), each change's pending stamp is written in the
// change's own transaction; the history route shows each entry's stamp.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoConsentRepository } from '#shared/db/consents';
import { dynamoPatientRepository } from '#shared/db/patients';
import { dynamoStampRepository } from '#shared/db/stamps';
import { changeConsents, consentTypeOf, type Consent, type ConsentChange, type ConsentHistoryEntry } from '#shared/domain/consents';
import { stampEvidence, stampsEvents, type StampWriter } from '#shared/domain/stamps';
import { notFound } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { patientOf } from './scope.ts';
import { batchBody, revocationDetails } from './requests.ts';
import type { consent, patientAppContract } from './contract.ts';

const consents = dynamoConsentRepository();
const patients = dynamoPatientRepository();
const applications = dynamoApplicationReader();
const stamps = dynamoStampRepository();
const stampWriter: StampWriter = { newId: randomUUID, write: stamps.write };

const local = (iso: string | null) => (iso ? localDateTime(new Date(iso)) : null);
const consentView = (c: Consent): z.output<typeof consent> => ({
  tipo: c.tipo,
  concedido: c.concedido,
  concedidoEm: local(c.concedidoEm),
  revogadoEm: local(c.revogadoEm),
  dispositivo: c.dispositivo,
  versaoTermos: c.versaoTermos,
  atualizadoEm: localDateTime(new Date(c.atualizadoEm)),
  historico: c.historico.map(historyView),
});

const historyView = (h: ConsentHistoryEntry) => ({
  acao: h.acao,
  em: localDateTime(new Date(h.em)),
  dispositivo: h.dispositivo,
  versaoTermos: h.versaoTermos,
  detalhes: h.detalhes,
});

async function change(request: TenantRequest, changes: ConsentChange[]): Promise<Consent[]> {
  const { aplicacaoId, pacienteId } = patientOf(request);
  const patient = await patients.get(aplicacaoId, pacienteId);
  if (!patient) throw notFound('patient');
  const app = await applications.getApplication(aplicacaoId);
  const stamping = stampsEvents(app) ? stampWriter : undefined;
  return changeConsents(consents, { aplicacaoId, id: pacienteId, telefone: patient.telefone }, changes, undefined, stamping);
}

export const consentOperations: Operations<'patient-app', typeof patientAppContract> = {
  'GET /api/v4/saude/consentimentos': async (request) => {
    const { aplicacaoId, pacienteId } = patientOf(request);
    return json(200, (await consents.list(aplicacaoId, pacienteId)).map(consentView));
  },

  'PUT /api/v4/saude/consentimentos': async (request) => {
    const body = validate(batchBody, request.body);
    const changed = await change(
      request,
      body.consentimentos.map((c) => ({ ...c, dispositivo: body.dispositivo, versaoTermos: body.versaoTermos })),
    );
    return json(200, changed.map(consentView));
  },

  'PUT /api/v4/saude/consentimentos/{tipo}/revogar': async (request) => {
    const tipo = consentTypeOf(request.pathParameters.tipo);
    const detalhes = request.body === undefined ? undefined : validate(revocationDetails, request.body);
    const [consent] = await change(request, [{ tipo, concedido: false, detalhes }]);
    return json(200, consentView(consent!));
  },

  'GET /api/v4/saude/consentimentos/{tipo}/historico': async (request) => {
    const tipo = consentTypeOf(request.pathParameters.tipo);
    const { aplicacaoId, pacienteId } = patientOf(request);
    const historico = (await consents.list(aplicacaoId, pacienteId)).find((c) => c.tipo === tipo)?.historico ?? [];
    const ids = historico.flatMap((h) => (h.carimboId ? [h.carimboId] : []));
    const byId = new Map((await stamps.getMany(ids)).map((s) => [s.id, s]));
    return json(
      200,
      historico.map((h) => {
        const stamp = h.carimboId ? byId.get(h.carimboId) : undefined;
        return { ...historyView(h), carimbo: stampEvidence(stamp), carimboPendente: stamp?.status === 'PENDENTE', carimboId: h.carimboId };
      }),
    );
  },

  'PUT /api/v4/saude/consentimentos/{tipo}/conceder': async (request) => {
    const tipo = consentTypeOf(request.pathParameters.tipo);
    const [consent] = await change(request, [{ tipo, concedido: true }]);
    return json(200, consentView(consent!));
  },
};
