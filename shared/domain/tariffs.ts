// Tariffs (tarifas): what the platform charges per unit of a billed service. A tariff is global,
// or scoped to one application (aplicacaoId), which then overrides the global one of the same
// categoria+subtipo while it is in force. In force = ativo and today within its optional
// vigenciaInicio..vigenciaFim (dates, both inclusive).
import { invalid, notFound } from '#shared/domain/errors';
import { isNonNegativeDecimal, toCents, fromCents } from '#shared/domain/money';

export interface Tariff {
  id: number;
  categoria: string;
  subtipo: string;
  subtipoDescricao: string;
  /** BRL, decimal string with two places. */
  valor: string;
  unidade: string;
  unidadeDescricao: string;
  moeda: 'BRL';
  descricao: string;
  ativo: boolean;
  /** null: a global tariff. */
  aplicacaoId: number | null;
  /** YYYY-MM-DD, or null for no bound. */
  vigenciaInicio: string | null;
  vigenciaFim: string | null;
  criadoEm: string;
  atualizadoEm: string;
}

/** The read the send path and /financeiro/tarifas make. */
export interface TariffCatalogue {
  /** Every tariff, global and per application (a small catalogue: one query). */
  listAll(): Promise<Tariff[]>;
}

export interface TariffRepository extends TariffCatalogue {
  get(id: number): Promise<Tariff | undefined>;
  /** Writes it unless a tariff with its id exists; true when written. */
  createIfAbsent(tariff: Tariff): Promise<boolean>;
  /** Replaces an existing tariff (conditioned on its existence). */
  update(tariff: Tariff): Promise<void>;
  newId(): Promise<number>;
}

export const MESSAGE_TARIFF = { categoria: 'MENSAGENS', subtipo: 'ENVIADA' } as const;

const subtipoDescricoes: Record<string, string> = {
  ENVIADA: 'Mensagem enviada',
  RECEBIDA: 'Mensagem recebida',
  INTERACAO: 'Interação com IA',
  AUTO_RESPOSTA: 'Resposta automática',
  GERACAO_CONTEUDO: 'Geração de conteúdo',
  CONSULTOR: 'Sugestão ao atendente',
  CHAT: 'Mensagem no chat do aplicativo',
  PUSH: 'Notificação push',
  RFC3161: 'Carimbo do tempo (RFC 3161)',
};
const unidadeDescricoes: Record<string, string> = {
  POR_MENSAGEM: 'Por mensagem',
  POR_INTERACAO: 'Por interação',
  POR_NOTIFICACAO: 'Por notificação',
  POR_CARIMBO: 'Por carimbo',
  POR_FATURA: 'Por fatura',
};

/** The day (YYYY-MM-DD, UTC) whose tariffs are in force at `now`. */
export const today = (now: Date): string => now.toISOString().slice(0, 10);

export const inForce = (tariff: Tariff, day: string): boolean =>
  tariff.ativo &&
  (tariff.vigenciaInicio === null || tariff.vigenciaInicio <= day) &&
  (tariff.vigenciaFim === null || tariff.vigenciaFim >= day);

/** The tariffs in force for one application: per categoria+subtipo, its own tariff over the global one. */
export function tariffsInForce(all: readonly Tariff[], aplicacaoId: number, day: string): Tariff[] {
  const chosen = new Map<string, Tariff>();
  const rank = (t: Tariff) => (t.aplicacaoId === null ? 0 : 1);
  for (const tariff of all) {
    if (!inForce(tariff, day) || (tariff.aplicacaoId !== null && tariff.aplicacaoId !== aplicacaoId)) continue;
    const key = `${tariff.categoria}/${tariff.subtipo}`;
    const current = chosen.get(key);
    // Own beats global; within one scope the latest start wins, then the newest id.
    const better =
      !current ||
      rank(tariff) > rank(current) ||
      (rank(tariff) === rank(current) &&
        ((tariff.vigenciaInicio ?? '') > (current.vigenciaInicio ?? '') ||
          ((tariff.vigenciaInicio ?? '') === (current.vigenciaInicio ?? '') && tariff.id > current.id)));
    if (better) chosen.set(key, tariff);
  }
  return [...chosen.values()].sort((a, b) => a.categoria.localeCompare(b.categoria) || a.subtipo.localeCompare(b.subtipo));
}

export const tariffFor = (
  all: readonly Tariff[],
  aplicacaoId: number,
  categoria: string,
  subtipo: string,
  day: string,
): Tariff | undefined => tariffsInForce(all, aplicacaoId, day).find((t) => t.categoria === categoria && t.subtipo === subtipo);

export interface TariffInput {
  categoria: string;
  subtipo: string;
  valor: string;
  unidade: string;
  descricao?: string;
  subtipoDescricao?: string;
  unidadeDescricao?: string;
  ativo?: boolean;
  aplicacaoId?: number | null;
  vigenciaInicio?: string | null;
  vigenciaFim?: string | null;
}

function checked(t: Tariff): Tariff {
  if (!isNonNegativeDecimal(t.valor, 2))
    throw invalid('valor must be a decimal string of at least 0 with at most 2 decimal places', 'valor');
  if (t.vigenciaInicio && t.vigenciaFim && t.vigenciaFim < t.vigenciaInicio) {
    throw invalid('vigenciaFim must not be before vigenciaInicio', 'vigenciaFim');
  }
  return { ...t, valor: fromCents(toCents(t.valor)) };
}

function build(id: number, input: TariffInput, stamp: string): Tariff {
  return checked({
    id,
    categoria: input.categoria,
    subtipo: input.subtipo,
    subtipoDescricao: input.subtipoDescricao ?? subtipoDescricoes[input.subtipo] ?? input.subtipo,
    valor: input.valor,
    unidade: input.unidade,
    unidadeDescricao: input.unidadeDescricao ?? unidadeDescricoes[input.unidade] ?? input.unidade,
    moeda: 'BRL',
    descricao: input.descricao ?? `${input.categoria} ${input.subtipo}`,
    ativo: input.ativo ?? true,
    aplicacaoId: input.aplicacaoId ?? null,
    vigenciaInicio: input.vigenciaInicio ?? null,
    vigenciaFim: input.vigenciaFim ?? null,
    criadoEm: stamp,
    atualizadoEm: stamp,
  });
}

export async function createTariff(repo: TariffRepository, input: TariffInput, stamp: string): Promise<Tariff> {
  const tariff = build(await repo.newId(), input, stamp);
  await repo.createIfAbsent(tariff);
  return tariff;
}

export async function updateTariff(repo: TariffRepository, id: number, change: Partial<TariffInput>, stamp: string): Promise<Tariff> {
  const current = await repo.get(id);
  if (!current) throw notFound('tarifa');
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  const next = checked({ ...current, ...defined, id, moeda: 'BRL', criadoEm: current.criadoEm, atualizadoEm: stamp });
  await repo.update(next);
  return next;
}

/** The catalogue of a fresh installation; fixed ids make seeding idempotent (an edited tariff is left alone). */
export const defaultTariffs: readonly TariffInput[] = [
  { categoria: 'MENSAGENS', subtipo: 'ENVIADA', valor: '0.10', unidade: 'POR_MENSAGEM', descricao: 'Mensagem de WhatsApp enviada' },
  { categoria: 'MENSAGENS', subtipo: 'RECEBIDA', valor: '0.00', unidade: 'POR_MENSAGEM', descricao: 'Mensagem de WhatsApp recebida' },
  { categoria: 'IA', subtipo: 'INTERACAO', valor: '0.05', unidade: 'POR_INTERACAO', descricao: 'Interação com o assistente de IA' },
  { categoria: 'APP', subtipo: 'PUSH', valor: '0.01', unidade: 'POR_NOTIFICACAO', descricao: 'Notificação push no aplicativo' },
  { categoria: 'CARIMBO_TEMPO', subtipo: 'RFC3161', valor: '0.02', unidade: 'POR_CARIMBO', descricao: 'Carimbo do tempo RFC 3161' },
  // Appended, never inserted: a tariff's id is its place here. IA/INTERACAO (3) stays the fallback of a kind without its own.
  {
    categoria: 'IA',
    subtipo: 'AUTO_RESPOSTA',
    valor: '0.05',
    unidade: 'POR_INTERACAO',
    descricao: 'Resposta automática da IA no atendimento',
  },
  {
    categoria: 'IA',
    subtipo: 'GERACAO_CONTEUDO',
    valor: '0.10',
    unidade: 'POR_INTERACAO',
    descricao: 'Rascunho de template gerado pela IA',
  },
  { categoria: 'IA', subtipo: 'CONSULTOR', valor: '0.03', unidade: 'POR_INTERACAO', descricao: 'Sugestão de resposta da IA ao atendente' },
  // 9: each app chat message, either way (docs/app-chat.md); APP/PUSH (4) is each push sent.
  { categoria: 'APP', subtipo: 'CHAT', valor: '0.02', unidade: 'POR_MENSAGEM', descricao: 'Mensagem no chat do aplicativo' },
];

export async function seedDefaultTariffs(repo: TariffRepository, stamp: string): Promise<void> {
  await Promise.all(defaultTariffs.map((input, i) => repo.createIfAbsent(build(i + 1, input, stamp))));
}
