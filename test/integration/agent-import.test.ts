// The agent's batch import over the mutual-TLS port: exact per-record results for a 500-record batch
// with duplicates and bad records, nothing new on a re-run, the state machine on legacy status changes,
// patients linked instead of duplicated, imported appointments entering the flow, clinical records
// kept under the application, and the route's refusals (401 without a certificate, 403 without the
// scope, 400, 404 for any integration but the certificate's, 409, 413 over 500 records or 4 MiB).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { agentCall, integrationIdentity, storedIntegration, type AgentIdentity } from '../support/agent.ts';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { db } from '#shared/db/client';
import { AGENT_IMPORT_MAX_BODY_BYTES } from '#shared/http/routes';

const service = useLocalService();
const api = client(service);
const demo = () => service.sandbox.applications.demo;
const url = '/api/external/integracoes/registros';
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A fresh block of mobile phones per call (+55 11 9xxxxxxxx), so tests never share patients. */
const phones = () => {
  const base = 10_000_000 + Math.floor(Math.random() * 89_000) * 1000;
  return (i: number) => `+55119${base + i}`;
};

/** An integration written with the repository (the admin routes are not under test here). */
const newIntegration = (aplicacaoId = demo().id, ativo = true) => storedIntegration(aplicacaoId, ativo);

type Answer = { status: number; json: { resumo: Record<string, number>; resultados: Json[] } & Json };

/** As the agent of `integracaoId` (a certificate of demo bound to it) unless another identity is given. */
async function importBatch(integracaoId: number, registros: unknown[], token?: string, identity?: AgentIdentity): Promise<Answer> {
  const answer = await agentCall(service, 'POST', url, {
    authorization: token ?? (await accessToken(service, demo().oauth, 'registros:importar')),
    body: { integracaoId, registros },
    identity: identity ?? (await integrationIdentity(demo().id, integracaoId)),
  });
  return answer as Answer;
}

const countItems = async (pk: string, prefix: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: service.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
        Select: 'COUNT',
      }),
    )
  ).Count;

async function v2Totals(): Promise<{ agendamentos: number; pacientes: number }> {
  const token = await accessToken(service, demo().oauth, 'agendamentos:read pacientes:read');
  const agendamentos = await api.call('GET', '/api/external/v2/agendamentos?size=1', bearer(token));
  const pacientes = await api.call('GET', '/api/external/v2/pacientes?size=1', bearer(token));
  expect([agendamentos.status, pacientes.status]).toEqual([200, 200]);
  return { agendamentos: agendamentos.body.total as number, pacientes: pacientes.body.total as number };
}

async function appointment(id: unknown): Promise<Json> {
  const token = await accessToken(service, demo().oauth, 'agendamentos:read');
  return (await api.call('GET', `/api/external/v2/agendamentos/${String(id)}`, bearer(token))).body;
}

describe('batch import', () => {
  it('imports 500 records with duplicates and bad ones, exactly; a re-run changes nothing', async () => {
    const integracaoId = await newIntegration();
    const phone = phones();
    const token = await accessToken(service, demo().oauth, 'pacientes:write');
    const existing = await api.call('POST', '/api/external/v2/pacientes', bearer(token), { telefone: phone(999), nome: 'Já cadastrada' });
    expect(existing.status).toBe(201);
    const patient = (i: number) => ({ tipo: 'PACIENTE', idLegado: `P${i}`, dados: { telefone: phone(i), nome: `Paciente ${i}` } });
    const appt = (i: number) => ({
      tipo: 'AGENDAMENTO',
      idLegado: `A${i}`,
      dados: { pacienteTelefone: phone(i), procedimento: `Exame ${i}`, pacienteNome: `Paciente ${i}` },
    });
    const clinical = (i: number) => ({
      tipo: 'REGISTRO_CLINICO',
      idLegado: `C${i}`,
      dados: { pacienteIdLegado: `P${i}`, tipoRegistro: 'ALERGIA', data: '2026-10-01', descricao: `Registro ${i}`, conteudo: { i } },
    });
    const registros = [
      ...range(200).map(patient), // 0-199 criado
      ...range(150).map(appt), // 200-349 criado
      ...range(100).map(clinical), // 350-449 criado
      ...range(15).map(patient), // 450-464 the same again: inalterado
      ...range(10).map(appt), // 465-474 inalterado
      ...range(5).map(clinical), // 475-479 inalterado
      ...range(5).map((i) => ({ tipo: 'PACIENTE', idLegado: `BAD${i}`, dados: { telefone: '123' } })), // 480-484
      ...range(5).map((i) => ({ tipo: 'EXAME', idLegado: `X${i}`, dados: {} })), // 485-489
      ...range(5).map((i) => ({ ...clinical(i), idLegado: `CX${i}`, dados: { ...clinical(i).dados, pacienteIdLegado: 'NOPE' } })), // 490-494
      { tipo: 'AGENDAMENTO', idLegado: 'S1', dados: { ...appt(1).dados, status: 'ENVIADO' } }, // 495
      { ...clinical(1), idLegado: 'D1', dados: { ...clinical(1).dados, data: '2026-02-30' } }, // 496
      { ...patient(1), idLegado: 'P\u00071' }, // 497
      { ...clinical(2), idLegado: 'BIG', dados: { ...clinical(2).dados, conteudo: { texto: 'x'.repeat(33 * 1024) } } }, // 498
      { tipo: 'PACIENTE', idLegado: 'PX', dados: { telefone: phone(999), nome: 'Nome do legado' } }, // 499: linked
    ];
    expect(registros).toHaveLength(500);
    const totalsBefore = await v2Totals();
    expect(typeof totalsBefore.agendamentos).toBe('number');
    const clinicalBefore = await countItems(`APP#${demo().id}`, 'REGCLIN#');

    const first = await importBatch(integracaoId, registros);

    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ integracaoId, total: 500 });
    expect(first.json.resumo).toEqual({ criado: 450, atualizado: 1, inalterado: 30, rejeitado: 19 });
    const results = first.json.resultados;
    const ids = results.map((r) => r.id as number | undefined);
    const rejected = (indice: number, campo: string, motivo: RegExp) => ({
      indice,
      tipo: (registros[indice] as { tipo: string }).tipo,
      idLegado: (registros[indice] as { idLegado: string }).idLegado,
      resultado: 'rejeitado',
      campo: `registros[${indice}].${campo}`,
      motivo: expect.stringMatching(motivo),
    });
    const expected = registros.map((r, indice) => {
      const { tipo, idLegado } = r as { tipo: string; idLegado: string };
      if (indice < 450) return { indice, tipo, idLegado, resultado: 'criado', id: expect.any(Number) };
      if (indice < 465) return { indice, tipo, idLegado, resultado: 'inalterado', id: ids[indice - 450] };
      if (indice < 475) return { indice, tipo, idLegado, resultado: 'inalterado', id: ids[indice - 465 + 200] };
      if (indice < 480) return { indice, tipo, idLegado, resultado: 'inalterado', id: ids[indice - 475 + 350] };
      if (indice < 485) return rejected(indice, 'dados.telefone', /telefone/);
      if (indice < 490) return rejected(indice, 'tipo', /PACIENTE, AGENDAMENTO, REGISTRO_CLINICO/);
      if (indice < 495) return rejected(indice, 'dados.pacienteIdLegado', /no patient/);
      if (indice === 495) return rejected(indice, 'dados.status', /CONFIRMADO, CANCELADO, REALIZADO, FALTOU/);
      if (indice === 496) return rejected(indice, 'dados.data', /real date/);
      if (indice === 497) return rejected(indice, 'idLegado', /control characters/);
      if (indice === 498) return rejected(indice, 'dados.conteudo', /32768 bytes/);
      return { indice, tipo, idLegado, resultado: 'atualizado', id: existing.body.id };
    });
    expect(results).toEqual(expected);
    expect(new Set(ids.slice(0, 450)).size).toBe(450);

    // Every record once: 451 map items, 200 patients, 150 appointments and 100 clinical records more.
    const mapPk = `APP#${demo().id}#INTEG#${integracaoId}`;
    expect(await countItems(mapPk, 'IMPORT#')).toBe(451);
    const totalsAfter = await v2Totals();
    expect(totalsAfter).toEqual({ agendamentos: totalsBefore.agendamentos + 150, pacientes: totalsBefore.pacientes + 200 });
    expect(await countItems(`APP#${demo().id}`, 'REGCLIN#')).toBe(clinicalBefore! + 100);

    const again = await importBatch(integracaoId, registros);

    expect(again.json.resumo).toEqual({ criado: 0, atualizado: 0, inalterado: 481, rejeitado: 19 });
    expect(again.json.resultados.map((r) => r.id)).toEqual(ids);
    expect(again.json.resultados.filter((r) => r.resultado === 'rejeitado')).toEqual(results.filter((r) => r.resultado === 'rejeitado'));

    const valid = registros.filter((_, i) => results[i]!.resultado !== 'rejeitado');
    const onlyValid = await importBatch(integracaoId, valid);

    expect(onlyValid.json.resumo).toEqual({ criado: 0, atualizado: 0, inalterado: 481, rejeitado: 0 });
    expect(await countItems(mapPk, 'IMPORT#')).toBe(451);
    expect(await v2Totals()).toEqual(totalsAfter);
    expect(await countItems(`APP#${demo().id}`, 'REGCLIN#')).toBe(clinicalBefore! + 100);
  }, 180_000);

  it('applies two versions of one record in a batch in order: criado, then atualizado', async () => {
    const integracaoId = await newIntegration();
    const telefone = phones()(1);
    const v1 = { tipo: 'PACIENTE', idLegado: 'V', dados: { telefone, nome: 'Primeiro' } };
    const v2 = { ...v1, dados: { telefone, nome: 'Segundo' } };

    const answer = await importBatch(integracaoId, [v1, v2, v2]);

    expect(answer.json.resultados.map((r) => r.resultado)).toEqual(['criado', 'atualizado', 'inalterado']);
    const token = await accessToken(service, demo().oauth, 'pacientes:read');
    const listed = await api.call('GET', `/api/external/v2/pacientes?telefone=${encodeURIComponent(telefone)}`, bearer(token));
    expect(listed.body.content).toEqual([expect.objectContaining({ id: answer.json.resultados[0]!.id, nome: 'Segundo' })]);
  });

  it('links a legacy patient to the patient of the same phone, never duplicating it, and refuses a phone and CPF of two patients', async () => {
    const integracaoId = await newIntegration();
    const phone = phones();
    const token = await accessToken(service, demo().oauth, 'pacientes:write pacientes:read');
    const existing = await api.call('POST', '/api/external/v2/pacientes', bearer(token), { telefone: phone(1), nome: 'Já cadastrada' });
    const other = await api.call('POST', '/api/external/v2/pacientes', bearer(token), { telefone: phone(2), cpf: '52998224725' });
    expect([existing.status, other.status]).toEqual([201, 201]);

    const linked = await importBatch(integracaoId, [
      { tipo: 'PACIENTE', idLegado: 'L1', dados: { telefone: phone(1), nome: 'Nome do legado', cidade: 'Campinas' } },
      { tipo: 'PACIENTE', idLegado: 'L2', dados: { telefone: phone(1), cpf: '529.982.247-25' } },
    ]);
    const changed = await importBatch(integracaoId, [
      { tipo: 'PACIENTE', idLegado: 'L1', dados: { telefone: phone(1), nome: 'Nome novo', cidade: 'Campinas' } },
    ]);

    expect(linked.json.resultados[0]).toMatchObject({ resultado: 'atualizado', id: existing.body.id });
    expect(linked.json.resultados[1]).toMatchObject({ resultado: 'rejeitado', campo: 'registros[1].dados.cpf' });
    expect(changed.json.resultados[0]).toMatchObject({ resultado: 'atualizado', id: existing.body.id });
    const listed = await api.call('GET', `/api/external/v2/pacientes?telefone=${encodeURIComponent(phone(1))}`, bearer(token));
    expect(listed.body.content).toEqual([expect.objectContaining({ id: existing.body.id, nome: 'Nome novo', cidade: 'Campinas' })]);
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
    const same = await importBatch(integracaoId, record({ status: 'REALIZADO' }));

    expect(created.json.resultados[0]).toMatchObject({ resultado: 'criado' });
    expect(confirmed.json.resultados[0]).toMatchObject({ resultado: 'atualizado' });
    expect(done.json.resultados[0]).toMatchObject({ resultado: 'atualizado' });
    expect(back.json.resultados[0]).toMatchObject({
      resultado: 'rejeitado',
      campo: 'registros[0].dados.status',
      motivo: 'cliente:CONFIRMADO is not allowed: the appointment is already closed (REALIZADO)',
    });
    expect(edited.json.resultados[0]).toMatchObject({ resultado: 'rejeitado', campo: 'registros[0].dados.procedimento' });
    expect(same.json.resultados[0]).toMatchObject({ resultado: 'inalterado' });
    const read = await appointment(created.json.resultados[0]!.id);
    expect(read.status).toBe('REALIZADO');
    const moves = (read.historico as Json[]).filter((h) => h.para === 'CONFIRMADO' || h.para === 'REALIZADO');
    expect(moves).toEqual([
      expect.objectContaining({ para: 'CONFIRMADO', por: { tipo: 'cliente', id: `integracao:${integracaoId}` } }),
      expect.objectContaining({ de: 'CONFIRMADO', para: 'REALIZADO', por: { tipo: 'prestador', id: `integracao:${integracaoId}` } }),
    ]);
  });

  it('creates an appointment the legacy system reports as confirmed in that status, with both moves in its history', async () => {
    const integracaoId = await newIntegration();
    const answer = await importBatch(integracaoId, [
      { tipo: 'AGENDAMENTO', idLegado: 'AC', dados: { pacienteTelefone: phones()(5), procedimento: 'Consulta', status: 'CONFIRMADO' } },
    ]);

    expect(answer.json.resultados[0]).toMatchObject({ resultado: 'criado' });
    const read = await appointment(answer.json.resultados[0]!.id);
    expect(read.status).toBe('CONFIRMADO');
    expect((read.historico as Json[]).map((h) => [h.de, h.para])).toEqual([
      [null, 'IMPORTADO'],
      ['IMPORTADO', 'CONFIRMADO'],
    ]);
  });

  it('hands an imported appointment to the communication flow (it leaves IMPORTADO)', async () => {
    const integracaoId = await newIntegration();
    const imported = await importBatch(integracaoId, [
      { tipo: 'AGENDAMENTO', idLegado: 'F1', dados: { pacienteTelefone: phones()(3), procedimento: 'Procedimento sem modelo' } },
    ]);
    const id = imported.json.resultados[0]!.id;

    let status = 'IMPORTADO';
    // Behind the 500 appointments the test above imported, which the flow takes first: up to 30 s on a loaded machine.
    for (let i = 0; i < 150 && status === 'IMPORTADO'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = String((await appointment(id)).status);
    }
    expect(['VALIDADO', 'SEM_TEMPLATE', 'ENVIADO', 'ERRO']).toContain(status);
  }, 60_000);

  it('keeps clinical records under the application, updates them in place, and finds the patient by phone', async () => {
    const integracaoId = await newIntegration();
    const telefone = phones()(7);
    const patient = { tipo: 'PACIENTE', idLegado: 'RP', dados: { telefone } };
    const record = (descricao: string) => ({
      tipo: 'REGISTRO_CLINICO',
      idLegado: 'RC',
      dados: {
        pacienteTelefone: telefone,
        tipoRegistro: 'EXAME',
        data: '2026-10-01T09:30:00-03:00',
        descricao,
        conteudo: { glicemia: 92 },
      },
    });

    const first = await importBatch(integracaoId, [patient, record('Glicemia de jejum')]);
    const second = await importBatch(integracaoId, [record('Glicemia de jejum, repetida')]);

    expect(first.json.resultados.map((r) => r.resultado)).toEqual(['criado', 'criado']);
    expect(second.json.resultados[0]).toMatchObject({ resultado: 'atualizado', id: first.json.resultados[1]!.id });
    const items = await db().send(
      new QueryCommand({
        TableName: service.tableName,
        KeyConditionExpression: 'pk = :pk AND sk = :sk',
        ExpressionAttributeValues: {
          ':pk': `APP#${demo().id}`,
          ':sk': `REGCLIN#${String(first.json.resultados[1]!.id).padStart(16, '0')}`,
        },
        ConsistentRead: true,
      }),
    );
    expect(items.Items).toEqual([
      expect.objectContaining({
        pk: `APP#${demo().id}`,
        tipo: 'REGCLIN',
        aplicacaoId: demo().id,
        pacienteId: first.json.resultados[0]!.id,
        integracaoId,
        idLegado: 'RC',
        descricao: 'Glicemia de jejum, repetida',
        conteudo: { glicemia: 92 },
        versao: 2,
      }),
    ]);
    // No route reads clinical records: another application's token sees none of this (its own partition is another).
    expect(String(items.Items![0]!.pk)).not.toBe(`APP#${service.sandbox.applications.outra.id}`);
  });

  it('answers 413 over 500 records, 400 for a bad body, 404 for another application or an unknown integration, 409 when inactive', async () => {
    const integracaoId = await newIntegration();
    const foreign = await newIntegration(service.sandbox.applications.outra.id);
    const inactive = await newIntegration(demo().id, false);
    const one = [{ tipo: 'PACIENTE', idLegado: 'Z', dados: { telefone: phones()(4) } }];
    const token = await accessToken(service, demo().oauth, 'registros:importar');

    const tooMany = await importBatch(
      integracaoId,
      range(501).map(() => one[0]),
    );
    const noId = await agentCall(service, 'POST', url, { authorization: token, body: { registros: one } });
    const notObject = await agentCall(service, 'POST', url, { authorization: token, body: one });
    const other = await importBatch(foreign, one);
    const unknown = await importBatch(9_007_199_254_740_000, one);
    const off = await importBatch(inactive, one);

    expect(tooMany.status).toBe(413);
    expect(tooMany.json).toEqual({
      error: 'payload_too_large',
      message: 'registros has 501 records; at most 500 per request',
      maxRecords: 500,
    });
    expect(noId.status).toBe(400);
    expect(noId.json).toMatchObject({ field: 'integracaoId' });
    expect(notObject.status).toBe(400);
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(off.status).toBe(409);
    expect(off.json).toMatchObject({ error: 'conflict', message: 'the integration is inactive' });
  });

  it('answers 404 to the agent of one integration for another integration of the same application, writing nothing', async () => {
    // Prepare: two integrations of demo and A's agent
    const a = await newIntegration();
    const b = await newIntegration();
    const agentOfA = await integrationIdentity(demo().id, a);
    const one = [{ tipo: 'PACIENTE', idLegado: 'CROSS', dados: { telefone: phones()(7) } }];
    const before = await v2Totals();

    // Act: A's agent imports into B, then into an unknown integration
    const intoB = await importBatch(b, one, undefined, agentOfA);
    const unknown = await importBatch(9_007_199_254_740_000, one, undefined, agentOfA);

    // Assess: the same 404 for both; nothing imported under B, no patient created; into A it goes
    expect(intoB.status).toBe(404);
    expect(intoB.json).toEqual({ error: 'not_found', message: 'integration not found' });
    expect(unknown.json).toEqual(intoB.json);
    expect(await countItems(`APP#${demo().id}#INTEG#${b}`, 'IMPORT#')).toBe(0);
    expect(await v2Totals()).toEqual(before);
    expect((await importBatch(a, one, undefined, agentOfA)).json.resumo).toMatchObject({ criado: 1 });
  });

  it("imports a batch of up to 4 MiB through the gateway's Lambda limit and answers 413 naming the limit for one byte more", async () => {
    // Prepare: a patient and clinical records with large contents (at most 32 KB each), the body padded to exactly the limit.
    const integracaoId = await newIntegration();
    const clinical = (i: number, texto: string) => ({
      tipo: 'REGISTRO_CLINICO',
      idLegado: `BIG${i}`,
      dados: { pacienteIdLegado: 'BIGP', tipoRegistro: 'LAUDO', data: '2026-10-01', conteudo: { texto } },
    });
    const batchOf = (bytes: number) => {
      const registros: unknown[] = [{ tipo: 'PACIENTE', idLegado: 'BIGP', dados: { telefone: phones()(1) } }];
      let size = Buffer.byteLength(JSON.stringify({ integracaoId, registros }));
      const add = (record: unknown) => {
        registros.push(record);
        size += Buffer.byteLength(JSON.stringify(record)) + 1; // and its comma
      };
      while (size + 32_100 < bytes) add(clinical(registros.length, 'x'.repeat(32_000)));
      const last = clinical(registros.length, '');
      add(last);
      last.dados.conteudo.texto = 'x'.repeat(bytes - size);
      return { integracaoId, registros };
    };
    const token = await accessToken(service, demo().oauth, 'registros:importar');
    const identity = await integrationIdentity(demo().id, integracaoId);
    const atLimit = batchOf(AGENT_IMPORT_MAX_BODY_BYTES);
    const over = batchOf(AGENT_IMPORT_MAX_BODY_BYTES + 1);

    // Act
    const imported = (await agentCall(service, 'POST', url, { authorization: token, body: atLimit, identity })) as Answer;
    const refused = await agentCall(service, 'POST', url, { authorization: token, body: over, identity });

    // Assess
    expect(Buffer.byteLength(JSON.stringify(atLimit))).toBe(AGENT_IMPORT_MAX_BODY_BYTES);
    expect(imported.status).toBe(200);
    expect(imported.json.resumo).toEqual({ criado: atLimit.registros.length, atualizado: 0, inalterado: 0, rejeitado: 0 });
    expect(refused.status).toBe(413);
    expect(refused.json).toEqual({
      error: 'payload_too_large',
      message: `The request body has ${AGENT_IMPORT_MAX_BODY_BYTES + 1} bytes; this route takes at most ${AGENT_IMPORT_MAX_BODY_BYTES} bytes`,
      maxBytes: AGENT_IMPORT_MAX_BODY_BYTES,
    });
  });

  it('answers 403 without the registros:importar scope and 401 without a certificate', async () => {
    const integracaoId = await newIntegration();
    const one = [{ tipo: 'PACIENTE', idLegado: 'Z', dados: { telefone: phones()(4) } }];
    const token = await accessToken(service, demo().oauth, 'registros:importar');
    const readOnly = await accessToken(service, demo().oauth, 'integracoes:read');

    const scope = await importBatch(integracaoId, one, readOnly);
    const noCert = await agentCall(service, 'POST', url, { identity: null, authorization: token, body: { integracaoId, registros: one } });

    expect(scope.status).toBe(403);
    expect(scope.json).toMatchObject({ error: 'insufficient_scope' });
    expect(noCert.status).toBe(401);
  });
});
