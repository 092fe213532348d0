// Sectors (setores): an application's departments. Each has a code unique within the application,
// the WhatsApp numbers patients write to (a number belongs to at most one sector) and its attendants;
// attendances queue per sector. Every application has a default sector whose id is the application's
// id (docs/data-model.md, pattern 29), which takes the numbers no sector claims.
import { invalid } from '#shared/domain/errors';

export interface Sector {
  id: number;
  aplicacaoId: number;
  /** Unique within the application (pattern 29a). */
  codigo: string;
  nome: string;
  /** E.164 numbers of the application that route to this sector. */
  numeros: string[];
  /** Portal user ids of the attendants. */
  atendentes: number[];
  /** The application's default sector. */
  padrao: boolean;
  /** Open attendances (BOT, FILA, EM_ANDAMENTO) of the sector, kept by the attendance transactions. */
  atendimentosAbertos: number;
  criadoEm: string;
  atualizadoEm: string;
}

export const DEFAULT_SECTOR_CODE = 'GERAL';
export const defaultSectorId = (aplicacaoId: number): number => aplicacaoId;

const CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;
export const MAX_ATTENDANTS = 50;

export interface SectorInput {
  codigo: string;
  nome: string;
  numeros: readonly string[];
  atendentes: readonly number[];
}

/** A sector's fields checked against its application: its numbers and its attendants must be the application's. */
export function checkSector(
  input: SectorInput,
  application: { numerosWhatsapp: readonly string[]; isUser: (id: number) => boolean },
): Pick<Sector, 'codigo' | 'nome' | 'numeros' | 'atendentes'> {
  const codigo = input.codigo.trim().toUpperCase();
  if (!CODE.test(codigo)) throw invalid('codigo must be 1 to 40 letters, digits, - or _', 'codigo');
  const nome = input.nome.trim();
  if (!nome || nome.length > 100) throw invalid('nome must have 1 to 100 characters', 'nome');
  const foreign = input.numeros.find((n) => !application.numerosWhatsapp.includes(n));
  if (foreign) throw invalid(`${foreign} is not a WhatsApp number of the application`, 'numeros');
  const atendentes = [...new Set(input.atendentes)];
  if (atendentes.length > MAX_ATTENDANTS) throw invalid(`at most ${MAX_ATTENDANTS} attendants`, 'atendentes');
  const unknown = atendentes.find((id) => !application.isUser(id));
  if (unknown !== undefined) throw invalid(`user ${unknown} is not a user of the application`, 'atendentes');
  return { codigo, nome, numeros: [...new Set(input.numeros)], atendentes };
}

export function defaultSector(aplicacaoId: number, at: string): Sector {
  return {
    id: defaultSectorId(aplicacaoId),
    aplicacaoId,
    codigo: DEFAULT_SECTOR_CODE,
    nome: 'Geral',
    numeros: [],
    atendentes: [],
    padrao: true,
    atendimentosAbertos: 0,
    criadoEm: at,
    atualizadoEm: at,
  };
}

/** Persistence of sectors (shared/db/sectors.ts). */
export interface SectorRepository {
  get(aplicacaoId: number, id: number): Promise<Sector | undefined>;
  list(aplicacaoId: number): Promise<Sector[]>;
  create(sector: Sector): Promise<void>;
  update(before: Sector, after: Sector): Promise<void>;
  /** Which of these ids are portal users of the application. */
  existingUsers(aplicacaoId: number, ids: readonly number[]): Promise<Set<number>>;
}
