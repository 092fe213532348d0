// TEMPORARY until the sectors repository lands: the default sector, made sure to exist.
import * as keys from '#shared/db/keys';
import { commitWrites, putNew } from '#shared/db/unit-of-work';
import { DEFAULT_SECTOR_CODE, defaultSectorId } from '#shared/domain/sectors';

export async function ensureDefaultSector(aplicacaoId: number): Promise<void> {
  const id = defaultSectorId(aplicacaoId);
  const at = new Date().toISOString();
  await commitWrites([
    putNew({
      ...keys.sector(aplicacaoId, id),
      tipo: 'SETOR',
      id,
      aplicacaoId,
      codigo: DEFAULT_SECTOR_CODE,
      nome: 'Geral',
      numeros: [],
      atendentes: [],
      padrao: true,
      atendimentosAbertos: 0,
      criadoEm: at,
      atualizadoEm: at,
    }),
    putNew({ ...keys.sectorCode(aplicacaoId, DEFAULT_SECTOR_CODE), tipo: 'SETORCOD', setorId: id }),
  ]);
}
