// /api/v4/saude/consentimentos: the token's patient's device consents (shared/domain/consents.ts).
// The batch PUT registers or updates several at once, all or nothing; revogar and conceder change one.
// Every change appends to the consent's history, and the answer carries it.
import type * as z from 'zod/mini';
import { dynamoConsentRepository } from '#shared/db/consents';
import { dynamoPatientRepository } from '#shared/db/patients';
import { changeConsents, consentTypeOf, type Consent, type ConsentChange } from '#shared/domain/consents';
import { notFound } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { patientOf } from './scope.ts';
import { batchBody, revocationDetails } from './requests.ts';
import type { consent, patientAppContract } from './contract.ts';

const consents = dynamoConsentRepository();
const patients = dynamoPatientRepository();

const local = (iso: string | null) => (iso ? localDateTime(new Date(iso)) : null);
const consentView = (c: Consent): z.output<typeof consent> => ({
  tipo: c.tipo,
  concedido: c.concedido,
  concedidoEm: local(c.concedidoEm),
  revogadoEm: local(c.revogadoEm),
  dispositivo: c.dispositivo,
  versaoTermos: c.versaoTermos,
  atualizadoEm: localDateTime(new Date(c.atualizadoEm)),
  historico: c.historico.map((h) => ({ ...h, em: localDateTime(new Date(h.em)) })),
});

async function change(request: TenantRequest, changes: ConsentChange[]): Promise<Consent[]> {
  const { aplicacaoId, pacienteId } = patientOf(request);
  const patient = await patients.get(aplicacaoId, pacienteId);
  if (!patient) throw notFound('patient');
  return changeConsents(consents, { aplicacaoId, id: pacienteId, telefone: patient.telefone }, changes);
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

  'PUT /api/v4/saude/consentimentos/{tipo}/conceder': async (request) => {
    const tipo = consentTypeOf(request.pathParameters.tipo);
    const [consent] = await change(request, [{ tipo, concedido: true }]);
    return json(200, consentView(consent!));
  },
};
