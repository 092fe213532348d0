import { describe, expect, it } from 'vitest';
import { parseIntegration, secretChanges } from '#shared/domain/integrations/inputs';

const banco = {
  tipoIntegracao: 'BANCO',
  nome: ' HIS ',
  conexao: { driver: 'mysql', host: 'db.hospital.local', porta: 3306, banco: 'his' },
};

describe('integration input', () => {
  it('reads a BANCO integration with its defaults (active, no schedule, no user or parameters)', () => {
    expect(parseIntegration(banco)).toEqual({
      tipoIntegracao: 'BANCO',
      nome: 'HIS',
      conexao: { driver: 'mysql', host: 'db.hospital.local', porta: 3306, banco: 'his', usuario: null, parametros: null },
      segredos: {},
      intervaloMinutos: null,
      ativo: true,
    });
  });

  it('gives an API_KEY integration the default header, and keeps BEARER without one', () => {
    const api = (autenticacao: string) =>
      parseIntegration({ tipoIntegracao: 'API', nome: 'Lab', conexao: { urlBase: 'https://lab.example/api', autenticacao } });
    expect(api('API_KEY').conexao).toMatchObject({ cabecalho: 'X-Api-Key' });
    expect(api('BEARER').conexao).toMatchObject({ cabecalho: null });
  });

  it('names the field of a refusal', () => {
    const field = (body: unknown) => {
      try {
        parseIntegration(body);
        return 'accepted';
      } catch (error) {
        return (error as { details: { field?: string } }).details.field;
      }
    };
    expect(field({ ...banco, tipoIntegracao: 'SOAP' })).toBe('tipoIntegracao');
    expect(field({ ...banco, conexao: { ...banco.conexao, host: 'db; rm -rf /' } })).toBe('conexao.host');
    expect(field({ ...banco, conexao: { ...banco.conexao, porta: 0 } })).toBe('conexao.porta');
    expect(field({ ...banco, conexao: { ...banco.conexao, urlBase: 'https://x' } })).toBe('conexao');
    expect(field({ ...banco, segredos: { senha: '' } })).toBe('segredos.senha');
    expect(field({ ...banco, extra: 1 })).toBe('body');
  });

  it('reads the secret changes of a PUT: a value to store, null to remove, absent to keep', () => {
    expect(secretChanges({ segredos: { senha: 'x', token: null } })).toEqual({ senha: 'x', token: null });
    expect(secretChanges({})).toEqual({});
  });
});
