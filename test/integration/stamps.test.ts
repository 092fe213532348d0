// RFC 3161 time stamps under the local service (docs/stamps.md): the application's switch; a consent change, an
// /execucao result and a refund each get a token from the loopback TSA over the exact bytes kept for the event, which
// the real `openssl ts -verify` accepts with sandbox.json's tsa.caPem; each token charged one CARIMBO_TEMPO entry with
// exact arithmetic; another application's stamp is 404; a TSA that does not answer leaves the event done and its stamp
// PENDENTE (visible), stamped by the scheduled retry once the TSA is back; a forged or mismatched token is refused by
// our check and by openssl.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { retryPendingStamps } from '#functions/scheduled/stamps';
import { scheduledFunctions, streamFunctions } from '#infra/functions';
import { asFunction } from '#infra/local/iam-guard';
import { db } from '#shared/db/client';
import { dynamoConsentRepository } from '#shared/db/consents';
import { dynamoStampRepository } from '#shared/db/stamps';
import { stampAll } from '#shared/operations/stamps';
import { stampingDeps } from '#shared/wiring/stamps';
import { fromCents, toCents } from '#shared/domain/money';
import { checkToken, timeStampRequest, tokenOfResponse, TimeStampError } from '#shared/tsa/rfc3161';
import { accessToken, bearer, client, consumersWithoutFlow, useLocalService, type Json } from '../support/local-service.ts';

const run = promisify(execFile);
const service = useLocalService({ queues: { consumer: consumersWithoutFlow } });
const api = client(service);
const { call } = api;

const demo = () => service.sandbox.applications.demo;
const outra = () => service.sandbox.applications.outra;
const outraAdmin = () => bearer(outra().tokens.admin);
/** demo's admin is the sandbox's platform administrator. */
const platformAdmin = () => bearer(demo().tokens.admin);

afterEach(() => service.tsa.setMode('normal'));

/** `openssl ts -verify` on a stamp, with the TSA's CA from sandbox.json: true when it prints "Verification: OK". */
async function opensslVerifies(carimbo: { dados: string; token: string }): Promise<boolean> {
  const dir = await mkdtemp(path.join(tmpdir(), 'carimbo-'));
  const [data, token, ca] = ['dados', 'token.der', 'ca.pem'].map((f) => path.join(dir, f)) as [string, string, string];
  await writeFile(data, Buffer.from(carimbo.dados, 'base64'));
  await writeFile(token, Buffer.from(carimbo.token, 'base64'));
  await writeFile(ca, service.sandbox.tsa!.caPem);
  try {
    const { stdout } = await run('openssl', ['ts', '-verify', '-data', data, '-in', token, '-token_in', '-CAfile', ca]);
    return stdout.includes('Verification: OK');
  } catch {
    return false;
  }
}

const switchStamps = (aplicacaoId: number, ativo: boolean, auth = platformAdmin()) =>
  call('PUT', `/api/admin/aplicacoes/${aplicacaoId}/carimbo-tempo`, auth, { ativo });

/** The stamp items of an application's events of one origin (a test's Scan; the service never scans). */
async function stampsOf(aplicacaoId: number, origem: string, referencia?: string): Promise<Json[]> {
  const out = await db().send(
    new ScanCommand({
      TableName: service.tableName,
      FilterExpression: `tipo = :t AND aplicacaoId = :a AND origem = :o${referencia ? ' AND referencia = :r' : ''}`,
      ExpressionAttributeValues: { ':t': 'CARIMBO', ':a': aplicacaoId, ':o': origem, ...(referencia ? { ':r': referencia } : {}) },
    }),
  );
  return out.Items ?? [];
}

const statement = async (auth = outraAdmin()) => (await call('GET', '/api/admin/extrato?size=100', auth)).body.content as Json[];
const stampCharges = async (auth = outraAdmin()) => (await statement(auth)).filter((e) => e.referenciaTipo === 'CARIMBO_TEMPO');

/** outra's sandbox patient changes a consent; the stream follower has stamped it (or not) when this returns. */
async function consentChange(tipo: string, acao: 'conceder' | 'revogar') {
  const reply = await call('PUT', `/api/v4/saude/consentimentos/${tipo}/${acao}`, bearer(outra().tokens.paciente));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  await service.streams.drained();
  return reply.body;
}
/** Changes the consent to the opposite of its state (granted when never set): always one new history entry. */
async function toggle(tipo: string) {
  const consents = (await call('GET', '/api/v4/saude/consentimentos', bearer(outra().tokens.paciente))).body as unknown as Json[];
  const granted = consents.find((c) => c.tipo === tipo)?.concedido === true;
  return consentChange(tipo, granted ? 'revogar' : 'conceder');
}

const history = async (tipo: string) => {
  const reply = await call('GET', `/api/v4/saude/consentimentos/${tipo}/historico`, bearer(outra().tokens.paciente));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as unknown as Json[];
};

describe('PUT /api/admin/aplicacoes/{id}/carimbo-tempo', () => {
  it('is the application’s own admin’s or a platform admin’s switch; another application is 404, a bad body 400 with nothing written', async () => {
    const bad = await switchStamps(outra().id, 'sim' as unknown as boolean, outraAdmin());
    const before = await call('GET', `/api/admin/aplicacoes/${outra().id}`, outraAdmin());
    const on = await switchStamps(outra().id, true, outraAdmin());
    const other = await switchStamps(demo().id, true, outraAdmin());
    const shown = await call('GET', `/api/admin/aplicacoes/${outra().id}`, outraAdmin());

    expect(bad.status).toBe(400);
    expect(before.body.carimboTempo).toBe(false);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: outra().id, carimboTempo: true });
    expect(other.status).toBe(404);
    expect(shown.body.carimboTempo).toBe(true);
  });
});

describe('a consent change of an application that stamps its events', () => {
  it('gets a token over the bytes kept, verified by openssl, charged CARIMBO_TEMPO 0.02 with exact arithmetic', async () => {
    expect((await switchStamps(outra().id, true)).status).toBe(200);
    const chargesBefore = (await stampCharges()).length;

    await consentChange('CAMERA', 'conceder');
    await consentChange('CAMERA', 'revogar');
    const entries = (await history('CAMERA')).slice(-2);
    const charges = await stampCharges();

    expect(entries.map((e) => e.acao)).toEqual(['CONCEDIDO', 'REVOGADO']);
    for (const entry of entries) {
      expect(entry.carimboPendente).toBe(false);
      expect(entry.carimbo).toEqual({ dados: expect.any(String), token: expect.any(String) });
      // The bytes are the change as kept: its action, its instant, the consent.
      const dados = JSON.parse(Buffer.from(entry.carimbo.dados, 'base64').toString('utf8')) as Json;
      expect(dados).toMatchObject({ evento: 'CONSENTIMENTO', aplicacaoId: outra().id, tipo: 'CAMERA', acao: entry.acao });
      expect(await opensslVerifies(entry.carimbo)).toBe(true);
    }
    expect(charges.length - chargesBefore).toBe(2);
    for (const charge of charges.slice(0, 2)) {
      expect(charge).toMatchObject({ tipo: 'DEBIT', valor: '0.02', tarifaCobrada: '0.02', referenciaTipo: 'CARIMBO_TEMPO' });
      expect(fromCents(toCents(charge.saldoAnterior) - toCents(charge.valor))).toBe(charge.saldoPosterior);
    }
  });

  it('is not stamped while the switch is off', async () => {
    expect((await switchStamps(outra().id, false)).status).toBe(200);
    const chargesBefore = (await stampCharges()).length;

    await toggle('LOCALIZACAO');
    const entry = (await history('LOCALIZACAO')).at(-1);

    expect(entry).toMatchObject({ carimbo: null, carimboPendente: false });
    expect((await stampCharges()).length).toBe(chargesBefore);
    expect((await switchStamps(outra().id, true)).status).toBe(200);
  });

  it('answers 404 for an unknown consent type and an empty history for one never set', async () => {
    expect((await call('GET', '/api/v4/saude/consentimentos/NADA/historico', bearer(outra().tokens.paciente))).status).toBe(404);
    expect(await history('COMPARTILHAMENTO_DADOS')).toEqual([]);
  });
});

describe('a TSA that does not answer', () => {
  it('does not block the event: the stamp stays PENDENTE, visible, and the scheduled retry stamps it once the TSA is back', async () => {
    expect((await switchStamps(outra().id, true)).status).toBe(200);
    const chargesBefore = (await stampCharges()).length;
    service.tsa.setMode('indisponivel');

    const changed = await toggle('NOTIFICACOES_PUSH');
    const pending = (await history('NOTIFICACOES_PUSH')).at(-1);
    const consent = (await dynamoConsentRepository().list(outra().id, await patientId())).find((c) => c.tipo === 'NOTIFICACOES_PUSH');
    const carimboId = consent!.historico.at(-1)!.carimboId!;
    const shownPending = await call('GET', `/api/admin/carimbos/${carimboId}`, outraAdmin());
    // Still down: the retry leaves it pending and says so.
    const stillDown = await asFunction(scheduledFunctions.stamps.id, () => retryPendingStamps(new Date(Date.now() + 60_000)));

    service.tsa.setMode('normal');
    const retried = await asFunction(scheduledFunctions.stamps.id, () => retryPendingStamps(new Date(Date.now() + 60_000)));
    const again = await asFunction(scheduledFunctions.stamps.id, () => retryPendingStamps(new Date(Date.now() + 60_000)));
    const stamped = (await history('NOTIFICACOES_PUSH')).at(-1);
    const shown = await call('GET', `/api/admin/carimbos/${carimboId}`, outraAdmin());

    expect(changed).toMatchObject({ tipo: 'NOTIFICACOES_PUSH' });
    expect(pending).toMatchObject({ carimbo: null, carimboPendente: true });
    expect(shownPending.body).toMatchObject({
      id: carimboId,
      status: 'PENDENTE',
      carimbo: null,
      lancamentoId: null,
      origem: 'CONSENTIMENTO',
    });
    expect(stillDown).toMatchObject({ FALHOU: 1, PENDENTE: 1 });
    expect(retried).toMatchObject({ CARIMBADO: 1, PENDENTE: 0 });
    expect(again).toMatchObject({ CARIMBADO: 0, PENDENTE: 0 });
    expect(stamped).toMatchObject({ carimboPendente: false, carimbo: { dados: expect.any(String), token: expect.any(String) } });
    expect(await opensslVerifies(stamped!.carimbo)).toBe(true);
    expect(shown.body).toMatchObject({ status: 'CARIMBADO', carimbo: stamped!.carimbo, lancamentoId: expect.any(Number) });
    // The stream record handed again (a retried batch, a poller replaying): not asked, not charged again.
    const kept = (await dynamoStampRepository().get(carimboId))!;
    const replayed = await asFunction(streamFunctions.stamps.id, () =>
      stampAll(stampingDeps(), [{ ...kept, status: 'PENDENTE', token: null, lancamentoId: null, carimbadoEm: null }]),
    );
    expect(replayed).toMatchObject({ JA_CARIMBADO: 1, CARIMBADO: 0 });
    // Charged once, and never given back.
    expect((await stampCharges()).length - chargesBefore).toBe(1);
    expect((await statement()).filter((e) => e.referenciaTipo === 'ESTORNO_FALHA_ENVIO')).toEqual([]);
  });

  it('keeps a stamp pending when the TSA answers for another nonce or signs with a key its certificate does not hold', async () => {
    expect((await switchStamps(outra().id, true)).status).toBe(200);
    const chargesBefore = (await stampCharges()).length;

    service.tsa.setMode('nonce-errado');
    await consentChange('CAMERA', 'conceder');
    service.tsa.setMode('outra-chave');
    await consentChange('CAMERA', 'revogar');
    const entries = (await history('CAMERA')).slice(-2);

    expect(entries.map((e) => [e.carimbo, e.carimboPendente])).toEqual([
      [null, true],
      [null, true],
    ]);
    expect((await stampCharges()).length).toBe(chargesBefore);
    service.tsa.setMode('normal');
    const retried = await asFunction(scheduledFunctions.stamps.id, () => retryPendingStamps(new Date(Date.now() + 60_000)));
    expect(retried).toMatchObject({ CARIMBADO: 2, PENDENTE: 0 });
  });
});

let outraPatientId: number | undefined;
/** outra's sandbox patient's record id, from its consents' keys. */
async function patientId(): Promise<number> {
  if (outraPatientId !== undefined) return outraPatientId;
  const out = await db().send(
    new ScanCommand({
      TableName: service.tableName,
      FilterExpression: 'tipo = :t AND begins_with(pk, :pk)',
      ExpressionAttributeValues: { ':t': 'CONSENTIMENTO', ':pk': `APP#${outra().id}` },
    }),
  );
  return (outraPatientId = Number(out.Items![0]!.pacienteId));
}

describe('/execucao results and refunds', () => {
  it('stamps an execution result of demo; outra’s admin gets 404 for that stamp, demo’s platform admin the stamp', async () => {
    expect((await switchStamps(demo().id, true)).status).toBe(200);
    const token = await accessToken(service, demo().oauth);
    const created = await call('POST', '/api/external/v2/agendamentos', bearer(token), {
      pacienteTelefone: '+55 11 98765-4321',
      procedimento: 'Hemograma',
      prestador: String(demo().prestador.id),
      numeroPedido: `CARIMBO-${Date.now()}`,
    });
    expect(created.status).toBe(201);

    const done = await call(
      'POST',
      '/api/external/prestador/v1/execucao',
      { 'X-Api-Key': demo().prestador.apiKey, 'X-Api-Secret': demo().prestador.apiSecret },
      { agendamentoId: created.body.id, resultado: 'REALIZADO' },
    );
    await service.streams.drained();
    const [stamp] = await stampsOf(demo().id, 'EXECUCAO', String(created.body.id));
    const asOther = await call('GET', `/api/admin/carimbos/${stamp!.id}`, outraAdmin());
    const asOwner = await call('GET', `/api/admin/carimbos/${stamp!.id}`, platformAdmin());
    const unknown = await call('GET', '/api/admin/carimbos/00000000-0000-4000-8000-000000000000', platformAdmin());
    const malformed = await call('GET', '/api/admin/carimbos/nao-e-um-id', platformAdmin());

    expect(done.status).toBe(200);
    expect(asOther.status).toBe(404);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toMatchObject({ aplicacaoId: demo().id, origem: 'EXECUCAO', status: 'CARIMBADO' });
    expect(JSON.parse(Buffer.from(asOwner.body.carimbo.dados, 'base64').toString('utf8'))).toMatchObject({
      evento: 'EXECUCAO',
      agendamentoId: created.body.id,
      para: 'REALIZADO',
    });
    expect(await opensslVerifies(asOwner.body.carimbo)).toBe(true);
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect((await stampCharges(platformAdmin())).length).toBeGreaterThanOrEqual(1);
  });

  it('stamps a refund of outra with its statement entry', async () => {
    expect((await switchStamps(outra().id, true)).status).toBe(200);
    const [debit] = await stampCharges();
    const refunded = await call('POST', `/api/admin/aplicacoes/${outra().id}/estornos`, platformAdmin(), {
      lancamentoId: debit!.id,
      motivo: 'teste do carimbo',
    });
    await service.streams.drained();
    const [stamp] = await stampsOf(outra().id, 'ESTORNO', String(refunded.body.id));
    const shown = await call('GET', `/api/admin/carimbos/${stamp!.id}`, outraAdmin());

    expect(refunded.status).toBe(201);
    expect(shown.body).toMatchObject({ origem: 'ESTORNO', status: 'CARIMBADO' });
    expect(JSON.parse(Buffer.from(shown.body.carimbo.dados, 'base64').toString('utf8'))).toMatchObject({
      evento: 'ESTORNO',
      id: refunded.body.id,
      valor: '0.02',
      referenciaTipo: 'ESTORNO',
    });
    expect(await opensslVerifies(shown.body.carimbo)).toBe(true);
  });
});

describe('a forged or mismatched token', () => {
  it('is refused by our check and by openssl', async () => {
    const entry = (await history('CAMERA')).at(-1);
    const good = entry!.carimbo as { dados: string; token: string };
    const otherData = { ...good, dados: Buffer.from('{"evento":"CONSENTIMENTO","acao":"REVOGADO"}').toString('base64') };
    // A token of the same shape signed by a key the TSA's certificate does not hold.
    service.tsa.setMode('outra-chave');
    const request = timeStampRequest(Buffer.from(good.dados, 'base64'));
    const answer = await fetch(service.tsa.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/timestamp-query' },
      body: request.der,
    });
    const body = new Uint8Array(await answer.arrayBuffer());
    const forgedToken = (await import('pkijs')).TimeStampResp.fromBER(body.slice().buffer).timeStampToken!.toSchema().toBER();
    const forged = { ...good, token: Buffer.from(forgedToken).toString('base64') };
    // One byte of the signature flipped.
    const flipped = Buffer.from(good.token, 'base64');
    flipped[flipped.length - 5]! ^= 0x01;
    const tampered = { ...good, token: flipped.toString('base64') };

    expect(await opensslVerifies(good)).toBe(true);
    for (const bad of [otherData, forged, tampered]) {
      expect(await opensslVerifies(bad)).toBe(false);
      await expect(checkToken(Buffer.from(bad.token, 'base64'), { data: Buffer.from(bad.dados, 'base64') })).rejects.toThrow(
        TimeStampError,
      );
    }
    await expect(tokenOfResponse(body, request)).rejects.toThrow(TimeStampError);
  });
});
