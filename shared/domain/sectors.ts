// Sectors (setores): an application's departments. Each has a code unique within the application,
// the WhatsApp numbers patients write to (a number belongs to at most one sector) and its attendants;
// attendances queue per sector. Every application has a default sector whose id is the application's
// id (docs/data-model.md, pattern 29), which takes the numbers no sector claims.

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
