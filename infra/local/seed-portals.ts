// The sandbox's patient and on-call physician see real data on their first GET: the patient a complete
// profile and a few consents; the physician a profile, a search profile, a preference and some
// availability (one window RESERVADO). Written once; a later start leaves what the user changed.
import { dynamoConsentRepository } from '#shared/db/consents';
import { dynamoPatientRepository } from '#shared/db/patients';
import { dynamoPhysicianRepository } from '#shared/db/physicians';
import { changeConsents } from '#shared/domain/consents';
import type { PortalUser } from '#shared/domain/applications/records';
import { patientOfPhone } from '#shared/domain/patients';
import { dynamoAvailabilityRepository } from '#shared/db/availability';
import { addDays, availabilityWindow } from '#shared/domain/availability';

/** The sandbox patient's record (created with a complete profile and consents when new); its id goes into the token. */
export async function sandboxPatientRecord(user: PortalUser & { telefone: string }): Promise<number> {
  const patients = dynamoPatientRepository();
  const at = new Date().toISOString();
  const patient = await patientOfPhone(patients, user.aplicacaoId, { telefone: user.telefone, nome: user.nome }, at);
  if (!patient.dataNascimento) {
    await patients.update(patient, {
      ...patient,
      nome: 'Maria da Silva (sandbox)',
      sexo: 'F',
      dataNascimento: '1985-04-12',
      bairro: 'Centro',
      cidade: 'São Paulo',
      atualizadoEm: at,
      versao: patient.versao + 1,
    });
  }
  const consents = dynamoConsentRepository();
  if ((await consents.list(user.aplicacaoId, patient.id)).length === 0) {
    await changeConsents(
      consents,
      { aplicacaoId: user.aplicacaoId, id: patient.id, telefone: user.telefone },
      (
        [
          ['NOTIFICACOES_WHATSAPP', true],
          ['NOTIFICACOES_PUSH', true],
          ['LOCALIZACAO', false],
        ] as const
      ).map(([tipo, concedido]) => ({ tipo, concedido, dispositivo: 'sandbox-android', versaoTermos: '2026.1' })),
    );
  }
  return patient.id;
}

export async function seedPhysicianPortal(user: PortalUser): Promise<void> {
  const physicians = dynamoPhysicianRepository();
  const { aplicacaoId, id: userId } = user;
  const at = new Date().toISOString();
  if (!(await physicians.profile(aplicacaoId, userId))) {
    await physicians.saveProfile(aplicacaoId, userId, undefined, {
      nome: user.nome,
      cpf: '52998224725',
      crm: '123456',
      crmUf: 'SP',
      telefone: '+5511988887777',
      email: user.email,
      especialidade: 'Clínica médica',
      endereco: {
        logradouro: 'Avenida Paulista',
        numero: '1000',
        complemento: null,
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01310-100',
      },
      localizacao: { latitude: -23.5651, longitude: -46.6525 },
      atualizadoEm: at,
      versao: 1,
    });
  }
  if (!(await physicians.searchProfile(aplicacaoId, userId))) {
    await physicians.putSearchProfile(aplicacaoId, userId, {
      diasSemana: ['SEG', 'QUA', 'SEX', 'SAB'],
      valorMinimoPorTurno: '1200.00',
      raioKm: 30,
      periodos: ['NOITE', { inicio: '07:00', fim: '13:00' }],
      atualizadoEm: at,
    });
  }
  if ((await physicians.activePreferences(aplicacaoId, userId)).length === 0) {
    await physicians.putPreference(aplicacaoId, userId, {
      secretariaId: 'sms-sao-paulo',
      turnos: ['NOITE', 'MADRUGADA'],
      unidades: ['UPA Vergueiro', 'Hospital Municipal Sandbox'],
      valorMinimo: '1500.00',
      ativo: true,
      atualizadoEm: at,
    });
  }
  await seedAvailability(aplicacaoId, userId);
}

/** Three days of availability from tomorrow, the second with a reserved night (a booking the portal must keep). */
async function seedAvailability(aplicacaoId: number, userId: number): Promise<void> {
  const repo = dynamoAvailabilityRepository();
  const { first, last } = availabilityWindow(new Date());
  if ((await repo.range(aplicacaoId, userId, first, last)).length > 0) return;
  const day = (n: number) => addDays(first, n);
  await repo.save(aplicacaoId, userId, [
    { dia: day(1), antes: undefined, versao: 1, janelas: [{ inicio: '07:00', fim: '19:00', estado: 'DISPONIVEL' }] },
    {
      dia: day(2),
      antes: undefined,
      versao: 1,
      janelas: [
        { inicio: '07:00', fim: '13:00', estado: 'DISPONIVEL' },
        { inicio: '19:00', fim: '24:00', estado: 'RESERVADO' },
      ],
    },
    { dia: day(3), antes: undefined, versao: 1, janelas: [{ inicio: '13:00', fim: '19:00', estado: 'DISPONIVEL' }] },
  ]);
}
