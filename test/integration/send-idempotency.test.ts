// Idempotency-Key on the two send routes (Stripe's model, like /execucao): a repeat returns the first
// answer and never charges twice, also when the duplicates arrive at the same moment; the same key with
// another body is 422; the key is one per application across both routes.
import { describe, expect, it } from 'vitest';
import { accessToken, apiKeyHeaders, bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const { admin, call, external, newApplication } = client(service);

const statement = async (app: { apiKey: string; apiSecret: string }) =>
  (await external(app).get('/api/external/financeiro/extrato?size=100')).body.content as Json[];
const balance = async (app: { apiKey: string; apiSecret: string }) =>
  (await external(app).get('/api/external/financeiro/saldo')).body.saldo as string;
const send = (app: { apiKey: string; apiSecret: string }, key: string, body: Json) =>
  call('POST', '/api/external/messages/send', { ...apiKeyHeaders(app), 'Idempotency-Key': key }, body);

describe('Idempotency-Key on sends', () => {
  it('answers a repeat with the first answer and charges once', async () => {
    const app = await newApplication('link', '10.00');
    const body = { telefone: '+5511987650001', mensagem: 'Lembrete: exame amanhã às 8h' };

    const first = await send(app, 'envio-1', body);
    const again = await send(app, 'envio-1', body);

    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(app)).toBe('9.90');
    expect((await statement(app)).filter((e) => e.tipo === 'DEBIT')).toHaveLength(1);
  });

  it('charges once for 20 simultaneous duplicates, through provider_a', async () => {
    const outra = service.sandbox.applications.outra;
    const before = await balance(outra);
    const body = { telefone: '+5511987650002', mensagem: 'Sua consulta foi confirmada' };
    const key = `simultaneo-${Date.now()}`;

    const replies = await Promise.all(Array.from({ length: 20 }, () => send(outra, key, body)));
    // Once the first has settled, every repeat gets its answer.
    const settled = await send(outra, key, body);

    const ok = replies.filter((r) => r.status === 200);
    expect(replies.every((r) => r.status === 200 || (r.status === 409 && r.body.error === 'conflict'))).toBe(true);
    expect(new Set(ok.map((r) => r.body.mensagemId)).size).toBe(1);
    expect(settled.status).toBe(200);
    expect(settled.body.mensagemId).toBe(ok[0]?.body.mensagemId ?? settled.body.mensagemId);
    const after = await balance(outra);
    expect(Math.round((Number(before) - Number(after)) * 100)).toBe(10);
  });

  it('refuses the same key with another body (422) and writes nothing', async () => {
    const app = await newApplication('link', '10.00');
    await send(app, 'envio-x', { telefone: '+5511987650003', mensagem: 'primeira' });

    const other = await send(app, 'envio-x', { telefone: '+5511987650003', mensagem: 'outra mensagem' });

    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ field: 'Idempotency-Key' });
    expect(await balance(app)).toBe('9.90');
  });

  it('keeps nothing of a first answer of 400 or 402: the corrected retry with the same key goes through, once', async () => {
    // Prepare: an application without balance.
    const app = await newApplication('link');
    const key = 'corrigido-1';
    const body = { telefone: '+5511987650009', mensagem: 'Lembrete: exame amanhã às 8h' };

    // Act: an invalid body, then the right body without balance, then the same once credited, then a repeat.
    const invalid = await send(app, key, { telefone: 'não é um telefone', mensagem: 'x' });
    const unpaid = await send(app, key, body);
    expect((await admin('POST', `/api/admin/aplicacoes/${app.id}/creditos`, { valor: '1.00' })).status).toBe(201);
    const paid = await send(app, key, body);
    const repeat = await send(app, key, body);

    // Assess: neither refusal held the key (another body after it is not 422, nor is the paid send a
    // replay); the paid send is charged once and its repeat is its replay.
    expect([invalid.status, unpaid.status, paid.status, repeat.status]).toEqual([400, 402, 200, 200]);
    expect(unpaid.headers.get('idempotent-replayed')).toBeNull();
    expect(paid.headers.get('idempotent-replayed')).toBeNull();
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(paid.body);
    expect(await balance(app)).toBe('0.90');
    expect((await statement(app)).filter((e) => e.tipo === 'DEBIT')).toHaveLength(1);
  });

  it('replays a failed send as it failed, with no second charge or refund', async () => {
    const outra = service.sandbox.applications.outra;
    const key = `falha-${Date.now()}`;
    const body = { telefone: '+5500000000400', mensagem: 'número inválido' };
    const before = (await statement(outra)).length;

    const first = await send(outra, key, body);
    const again = await send(outra, key, body);

    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ error: 'provider_rejected' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await statement(outra)).length).toBe(before + 2); // the debit and its compensating credit, once
  });

  it('is one key per application across the API-key and the v2 send routes, and another application has its own', async () => {
    const demo = service.sandbox.applications.demo;
    const key = `rotas-${Date.now()}`;
    const body = { telefone: '+5511987650004', mensagem: 'Olá' };
    const token = await accessToken(service, demo.oauth, 'mensagens:enviar');

    const v1 = await send(demo, key, body);
    const v2 = await call('POST', '/api/external/v2/mensagens', { ...bearer(token), 'Idempotency-Key': key }, body);
    const elsewhere = await send(service.sandbox.applications.outra, key, body);

    expect(v2.status).toBe(200);
    expect(v2.body.mensagemId).toBe(v1.body.mensagemId);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.mensagemId).not.toBe(v1.body.mensagemId);
  });

  it('takes the key quoted (the draft’s structured-field string) or bare as the same key', async () => {
    // ../shared/protocol-vectors.json, idempotency_key: "Accept the key quoted or unquoted."
    const app = await newApplication('link', '10.00');
    const body = { telefone: '+5511987650006', mensagem: 'Sua consulta foi confirmada' };

    const quoted = await send(app, '"envio-\\"aspas\\""', body);
    const bare = await send(app, 'envio-"aspas"', body);

    expect(quoted.status).toBe(200);
    expect(bare.headers.get('idempotent-replayed')).toBe('true');
    expect(bare.body).toEqual(quoted.body);
    expect((await statement(app)).filter((e) => e.tipo === 'DEBIT')).toHaveLength(1);
  });

  it('refuses a malformed key with 400 naming it', async () => {
    const app = service.sandbox.applications.demo;
    const reply = await send(app, 'chave com espaço', { telefone: '+5511987650005', mensagem: 'x' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ field: 'Idempotency-Key' });
  });
});
