// Commercial plans (`planos`) shown on the public site. A small catalogue: the public listing
// reads it with one query and shows only the active plans, cheapest first.
import { toMoney } from '#shared/domain/money';

export interface Plan {
  id: number;
  nome: string;
  descricao: string;
  /** Monthly price, a decimal string with two places (money is never a float). */
  precoMensal: string;
  moeda: 'BRL';
  mensagensIncluidas: number;
  recursos: string[];
  ativo: boolean;
}

export interface PlanRepository {
  /** Every active plan (one query). */
  listActive(): Promise<Plan[]>;
  /** One plan by id, active or not (an application stays on a plan withdrawn from sale). */
  get(id: number): Promise<Plan | undefined>;
  /** Writes the plan unless one with its id exists; true when it was written. */
  createIfAbsent(plan: Plan): Promise<boolean>;
}

const cents = (money: string): bigint => BigInt(toMoney(money).replace('.', ''));

/** Cheapest first; equal prices by id, so the order is stable. */
export const byPrice = (a: Plan, b: Plan): number => {
  const diff = cents(a.precoMensal) - cents(b.precoMensal);
  return diff < 0n ? -1 : diff > 0n ? 1 : a.id - b.id;
};

export async function listActivePlans(repository: PlanRepository): Promise<Plan[]> {
  const plans = await repository.listActive();
  return plans.filter((plan) => plan.ativo).sort(byPrice);
}

/**
 * The catalogue written on a fresh installation. Fixed ids (1, 2, 3) make seeding idempotent:
 * a plan that already exists, edited or not, is left alone. Plans created later take ids from
 * the service-wide sequence.
 */
export const defaultPlans: readonly Plan[] = [
  {
    id: 1,
    nome: 'Essencial',
    descricao: 'Para clínicas e consultórios que estão começando a atender pelo WhatsApp.',
    precoMensal: '199.00',
    moeda: 'BRL',
    mensagensIncluidas: 1000,
    recursos: ['Envio de mensagens pela API', 'Lembretes de agendamento', 'Extrato financeiro', 'Suporte por e-mail'],
    ativo: true,
  },
  {
    id: 2,
    nome: 'Profissional',
    descricao: 'Para redes de atendimento com agendamentos, confirmações e portal do prestador.',
    precoMensal: '499.00',
    moeda: 'BRL',
    mensagensIncluidas: 5000,
    recursos: [
      'Tudo do Essencial',
      'API v2 com OAuth2',
      'Confirmação e reagendamento automáticos',
      'Portal do prestador',
      'Webhooks de saída',
    ],
    ativo: true,
  },
  {
    id: 3,
    nome: 'Enterprise',
    descricao: 'Para secretarias e grandes operações, com integração a sistemas legados e plantão médico.',
    precoMensal: '1499.00',
    moeda: 'BRL',
    mensagensIncluidas: 25000,
    recursos: [
      'Tudo do Profissional',
      'Agente de integração on-premises (mTLS)',
      'Portal do plantonista',
      'Filas de atendimento e escalonamento',
      'Suporte prioritário',
    ],
    ativo: true,
  },
];

/** Writes the default plans that are missing; safe to run at every start (infra/local/seed.ts, infra/scripts/bootstrap.ts). */
export async function seedDefaultPlans(repository: PlanRepository): Promise<void> {
  for (const plan of defaultPlans) await repository.createIfAbsent(plan);
}
