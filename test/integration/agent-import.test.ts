// The agent's batch import over the mutual-TLS port: exact per-record results for a 500-record batch
// with duplicates and bad records, nothing new on a re-run, the state machine on legacy status changes,
// patients linked instead of duplicated, imported appointments entering the flow, and the route's
// refusals (401 without a certificate, 403 without the scope, 400, 404, 413).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { agentCall } from '../support/agent.ts';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { db } from '#shared/db/client';

const service = useLocalService();
const api = client(service);
const demo = () => service.sandbox.applications.demo;
const url = '/api/external/integracoes/registros';

/** A fresh block of mobile phones per call (+55 11 9xxxxxxxx), so runs and tests never share patients. */
const phones = () => {
  const base = 10_000_000 + Math.floor(Math.random() * 89_000) * 1000;
  return (i: number) => `+55119${base + i}`;
};

async function newIntegration(): Promise<number> {
  const created = await api.admin('POST', '/api/admin/integracoes', {
    tipoIntegracao: 'BANCO',
    nome: `Importação ${Math.random().toString(36).slice(2, 8)}`,
    conexao: { driver: 'postgresql', host: 'db.local', porta: 5432, banco: 'his' },
  });
  expect(created.status).toBe(201);
  return Number(created.body.id);
}

async function importBatch(integracaoId: number, registros: unknown[], token?: string) {
  const answer = await agentCall(service, 'POST', url, {
    authorization: token ?? (await accessToken(service, demo().oauth, 'registros:importar')),
    body: { integracaoId, registros },
  });
  return answer as { status: number; json: { resumo: Record<string, number>; resultados: Json[] } & Json };
}

describe('batch import', () => {
  it('imports 500 records with duplicates and bad ones, exactly; a re-run changes nothing', async () => {
    const integracaoId = await newIntegration();
    const phone = phones();
    const patient = (i: number) => ({ tipo: 'PACIENTE', idLegado: `P${i}`, dados: { telefone: phone(i), nome: `Paciente ${i}` } });
    const appointment = (i: number) => ({
      tipo: 'AGENDAMENTO',
      idLegado: `A${i}`,
      dados: { pacienteTelefone: phone(i), procedimento: `Exame ${i}`, pacienteNome: `Paciente ${i}` },
    });
    const clinical = (i: number) => ({
      tipo: 'REGISTRO_CLINICO',
      idLegado: `C${i}`,
      dados: { pacienteIdLegado: `P${i}`, tipoRegistro: 'ALERGIA', data: '2026-10-01', descricao: `Registro ${i}` },
    });
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    const registros = [
      ...range(200).map(patient),
      ...range(150).map(appointment),
      ...range(100).map(clinical),
      ...range(15).map(patient), // 450-464: the same again
      ...range(15).map(appointment), // 465-479
      ...range(10).map((i) => ({ tipo: 'PACIENTE', idLegado: `BAD${i}`, dados: { telefone: '123' } })), // 480-489
      ...range(5).map((i) => ({ tipo: 'EXAME', idLegado: `X${i}`, dados: {} })), // 490-494
      ...range(5).map((i) => ({ ...clinical(i), idLegado: `CX${i}`, dados: { ...clinical(i).dados, pacienteIdLegado: 'NOPE' } })), // 495-499
    ];
    expect(registros).toHaveLength(500);

    const first = await importBatch(integracaoId, registros);

    expect(first.status).toBe(200);
    expect(first.json.resumo).toEqual({ criado: 450, atualizado: 0, inalterado: 30, rejeitado: 20 });
    const results = first.json.resultados;
    expect(results.map((r) => r.indice)).toEqual(range(500));
    expect(results.slice(0, 450).every((r) => r.resultado === 'criado' && typeof r.id === 'number')).toBe(true);
    expect(results.slice(450, 480).every((r) => r.resultado === 'inalterado')).toBe(true);
    expect(results[450]!.id).toBe(results[0]!.id);
    expect(results[465]!.id).toBe(results[200]!.id);
    expect(results[480]).toMatchObject({ resultado: 'rejeitado', idLegado: 'BAD0', campo: 'registros[480].dados.telefone' });
    expect(results[490]).toMatchObject({ resultado: 'rejeitado', campo: 'registros[490].tipo' });
    expect(results[495]).toMatchObject({ resultado: 'rejeitado', campo: 'registros[495].dados.pacienteIdLegado' });

    const again = await importBatch(integracaoId, registros);

    expect(again.json.resumo).toEqual({ criado: 0, atualizado: 0, inalterado: 480, rejeitado: 20 });
    expect(again.json.resultados.map((r) => r.id)).toEqual(results.map((r) => r.id));
    // Nothing duplicated: one map item per legacy record.
    const items = await db().send(
      new QueryCommand({
        TableName: service.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `APP#${demo().id}#INTEG#${integracaoId}`, ':p': 'IMPORT#' },
        Select: 'COUNT',
      }),
    );
    expect(items.Count).toBe(450);
  }, 120_000);

  it('links a legacy patient to the patient of the same phone, and updates it when the record changes', async () => {
    const integracaoId = await newIntegration();
    const telefone = phones()(1);
    const token = await accessToken(service, demo().oauth, 'pacientes:write pacientes:read');
    const existing = await api.call('POST', '/api/external/v2/pacientes', bearer(token), { telefone, nome: 'Já cadastrada' });
    expect(existing.status).toBe(201);

    const linked = await importBatch(integracaoId, [{ tipo: 'PACIENTE', idLegado: 'L1', dados: { telefone, nome: 'Nome do legado' } }]);
    const changed = await importBatch(integracaoId, [{ tipo: 'PACIENTE', idLegado: 'L1', dados: { telefone, nome: 'Nome novo' } }]);

    expect(linked.json.resultados[0]).toMatchObject({ resultado: 'criado', id: existing.body.id });
    expect(changed.json.resultados[0]).toMatchObject({ resultado: 'atualizado', id: existing.body.id });
    const listed = await api.call('GET', `/api/external/v2/pacientes?telefone=${encodeURIComponent(telefone)}`, bearer(token));
    expect(listed.body.content).toEqual([expect.objectContaining({ id: existing.body.id, nome: 'Nome novo' })]);
  });

  it('moves a changed appointment through the state machine, and refuses an illegal jump naming status', async () => {
    const integracaoId = await newIntegration();
    const dados = { pacienteTelefone: phones()(2), procedimento: 'Consulta' };
    const record = (extra: Record<string, unknown>) => [{ tipo: 'AGENDAMENTO', idLegado: 'AG1', dados: { ...dados, ...extra } }];

    const created = await importBatch(integracaoId, record({}));
    const confirmed = await importBatch(integracaoId, record({ status: 'CONFIRMADO' }));
    const done = await importBatch(integracaoId, record({ status: 'REALIZADO' }));
    const back = await importBatch(integracaoId, record({ status: 'CONFIRMADO' }));
    const edited = await importBatch(integracaoId, record({ status: 'REALIZADO', procedimento: 'Outra' }));

    expect(created.json.resultados[0]).toMatchObject({ resultado: 'criado' });
    expect(confirmed.json.resultados[0]).toMatchObject({ resultado: 'atualizado' });
    expect(done.json.resultados[0]).toMatchObject({ resultado: 'atualizado' });
    expect(back.json.resultados[0]).toMatchObject({ resultado: 'rejeitado', campo: 'registros[0].dados.status' });
    expect(edited.json.resultados[0]).toMatchObject({ resultado: 'rejeitado', campo: 'registros[0].dados.procedimento' });
    const token = await accessToken(service, demo().oauth, 'agendamentos:read');
    const read = await api.call('GET', `/api/external/v2/agendamentos/${created.json.resultados[0]!.id}`, bearer(token));
    expect(read.body.status).toBe('REALIZADO');
    expect((read.body.historico as Json[]).map((h) => h.para)).toContain('CONFIRMADO');
  });

  it('hands an imported appointment to the communication flow (it leaves IMPORTADO)', async () => {
    const integracaoId = await newIntegration();
    const imported = await importBatch(integracaoId, [
      { tipo: 'AGENDAMENTO', idLegado: 'F1', dados: { pacienteTelefone: phones()(3), procedimento: 'Procedimento sem modelo' } },
    ]);
    const token = await accessToken(service, demo().oauth, 'agendamentos:read');
    const id = imported.json.resultados[0]!.id;

    let status = 'IMPORTADO';
    for (let i = 0; i < 50 && status === 'IMPORTADO'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = String((await api.call('GET', `/api/external/v2/agendamentos/${id}`, bearer(token))).body.status);
    }
    expect(status).not.toBe('IMPORTADO');
  });

  it('answers 413 over 500 records, 400 without integracaoId, 404 for another application, 403 without the scope, 401 without a certificate', async () => {
    const integracaoId = await newIntegration();
    const foreign = await api.call('POST', '/api/admin/integracoes', bearer(service.sandbox.applications.outra.tokens.admin), {
      tipoIntegracao: 'BANCO',
      nome: 'Outra',
      conexao: { driver: 'mysql', host: 'x', porta: 3306, banco: 'y' },
    });
    const one = [{ tipo: 'PACIENTE', idLegado: 'Z', dados: { telefone: phones()(4) } }];
    const token = await accessToken(service, demo().oauth, 'registros:importar');
    const readOnly = await accessToken(service, demo().oauth, 'integracoes:read');

    const tooMany = await importBatch(
      integracaoId,
      Array.from({ length: 501 }, () => one[0]),
    );
    const noId = await agentCall(service, 'POST', url, { authorization: token, body: { registros: one } });
    const other = await importBatch(Number(foreign.body.id), one);
    const scope = await importBatch(integracaoId, one, readOnly);
    const noCert = await agentCall(service, 'POST', url, { identity: null, authorization: token, body: { integracaoId, registros: one } });

    expect(tooMany.status).toBe(413);
    expect(tooMany.json).toMatchObject({ error: 'payload_too_large' });
    expect(noId.status).toBe(400);
    expect(noId.json).toMatchObject({ field: 'integracaoId' });
    expect(other.status).toBe(404);
    expect(scope.status).toBe(403);
    expect(scope.json).toMatchObject({ error: 'insufficient_scope' });
    expect(noCert.status).toBe(401);
  });
});
