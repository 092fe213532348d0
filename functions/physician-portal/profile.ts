// /api/plantonista/perfil: the physician's record. GET shows personal data masked (CPF, phone, e-mail,
// CRM); PUT changes contact, address and specialty, and geocodes the address (the geocoder adapter:
// Amazon Location in AWS, a deterministic one locally). An address the geocoder cannot place is a 400
// naming it; nothing is written on any 400.
import type * as z from 'zod/mini';
import { adapter } from '#shared/adapters/index';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoPhysicianRepository } from '#shared/db/physicians';
import { conflict, invalid, notFound } from '#shared/domain/errors';
import { maskCpf, maskEmail, maskPhone, maskRegistration } from '#shared/domain/masking';
import { phoneField } from '#shared/domain/phone';
import { refuseChanges } from '#shared/domain/validation';
import { type Address, type PhysicianProfile } from '#shared/domain/physicians';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { log } from '#shared/log';
import { physicianOf, type PhysicianScope } from './scope.ts';
import { profileBody } from './requests.ts';
import type { physicianProfile, physicianPortalContract } from './contract.ts';

const physicians = dynamoPhysicianRepository();
const applications = dynamoApplicationRepository();

/** Identity data: shown masked, changed only by the application that registered the physician. */
const readOnly = ['nome', 'cpf', 'crm', 'crmUf', 'localizacao', 'atualizadoEm'] as const;
/** Editable, but shown masked: the masked text sent back as it was read means "unchanged". */
const shownMasked = ['telefone', 'email'] as const;

const profileView = (p: PhysicianProfile): z.output<typeof physicianProfile> => ({
  nome: p.nome,
  cpf: maskCpf(p.cpf),
  crm: maskRegistration(p.crm, p.crmUf),
  telefone: maskPhone(p.telefone),
  email: maskEmail(p.email),
  especialidade: p.especialidade,
  endereco: p.endereco,
  localizacao: p.localizacao,
  atualizadoEm: localDateTime(new Date(p.atualizadoEm)),
});

/** The stored profile, or one started from the portal user (name and login e-mail) for a physician without one yet. */
async function currentProfile({ aplicacaoId, userId }: PhysicianScope): Promise<{ stored?: PhysicianProfile; profile: PhysicianProfile }> {
  const stored = await physicians.profile(aplicacaoId, userId);
  if (stored) return { stored, profile: stored };
  const user = await applications.getPortalUser(aplicacaoId, userId);
  if (!user || user.role !== 'plantonista') throw notFound('physician');
  const profile: PhysicianProfile = {
    nome: user.nome,
    cpf: null,
    crm: null,
    crmUf: null,
    telefone: null,
    email: user.email,
    especialidade: null,
    endereco: null,
    localizacao: null,
    atualizadoEm: user.criadoEm,
    versao: 0,
  };
  return { profile };
}

async function geocoded(endereco: Address): Promise<{ latitude: number; longitude: number }> {
  const geocoder = await adapter('geocoder');
  const point = await geocoder.geocode({
    logradouro: endereco.logradouro,
    cidade: endereco.cidade,
    uf: endereco.uf,
    ...(endereco.numero ? { numero: endereco.numero } : {}),
    ...(endereco.bairro ? { bairro: endereco.bairro } : {}),
    ...(endereco.cep ? { cep: endereco.cep } : {}),
  });
  if (!point) throw invalid('endereco could not be found; check the street, city and state', 'endereco');
  return { latitude: point.latitude, longitude: point.longitude };
}

const MAX_ATTEMPTS = 3;

/** The body without the `fields` it sends back exactly as `shown` (a GET's answer PUT back changes nothing). */
function withoutUnchanged(body: unknown, fields: readonly string[], shown: Readonly<Record<string, unknown>>): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body ?? {};
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => !(fields.includes(k) && v === shown[k])));
}

export const profileOperations: Operations<'physician-portal', typeof physicianPortalContract> = {
  'GET /api/plantonista/perfil': async (request) => json(200, profileView((await currentProfile(physicianOf(request))).profile)),

  'PUT /api/plantonista/perfil': async (request) => {
    const scope = physicianOf(request);
    const shown = profileView((await currentProfile(scope)).profile);
    refuseChanges(request.body, readOnly, shown, 'in the portal');
    const body = validate(profileBody, withoutUnchanged(request.body, shownMasked, shown));
    const telefone = body.telefone ? phoneField(body.telefone, 'telefone') : body.telefone;
    const endereco: Address | undefined = body.endereco && {
      logradouro: body.endereco.logradouro,
      numero: body.endereco.numero ?? null,
      complemento: body.endereco.complemento ?? null,
      bairro: body.endereco.bairro ?? null,
      cidade: body.endereco.cidade,
      uf: body.endereco.uf,
      cep: body.endereco.cep ? body.endereco.cep.replace('-', '').replace(/^(\d{5})/, '$1-') : null,
    };
    // Geocoded before anything is written: an address that cannot be placed writes nothing.
    const localizacao = endereco ? await geocoded(endereco) : undefined;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const { stored, profile } = await currentProfile(scope);
      const next: PhysicianProfile = {
        ...profile,
        ...(telefone !== undefined ? { telefone } : {}),
        ...(body.email !== undefined ? { email: body.email?.toLowerCase() ?? null } : {}),
        ...(body.especialidade !== undefined ? { especialidade: body.especialidade } : {}),
        ...(endereco ? { endereco, localizacao: localizacao! } : {}),
        atualizadoEm: new Date().toISOString(),
        versao: profile.versao + 1,
      };
      if (await physicians.saveProfile(scope.aplicacaoId, scope.userId, stored, next)) {
        log.info('physician profile saved', { userId: scope.userId, geocoded: Boolean(endereco) });
        return json(200, profileView(next));
      }
    }
    throw conflict('The profile is being changed concurrently; try again');
  },
};
