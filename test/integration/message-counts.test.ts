// Listing messages costs what the page costs (#12 item 9): totals come from per-status and per-context
// counters kept in the same transactions as every status move, so they match the messages themselves
// after the provider's callbacks (out of order, repeated), and page 0 is two requests whatever the history.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { backfillMessageCounters, dynamoMessageRepository } from '#shared/db/messages';
import { client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService({ simulators: { outOfOrderEvery: 2 } });
const api = client(service);

async function settle(): Promise<void> {
  await service.simulators.providerA.idle();
  await service.queues.drained(20_000);
}

describe('message counters', () => {
  it('keep every filter total equal to the messages themselves through sends, failures and callbacks', async () => {
    const outra = service.sandbox.applications.outra;
    const send = (telefone: string, contexto?: string) =>
      api.external(outra).send({ telefone, mensagem: 'Lembrete', ...(contexto ? { contexto } : {}) });
    await Promise.all([
      send('+5511955570001', 'LEMBRETE'),
      send('+5511955570002', 'LEMBRETE'),
      send('+5511955570003', 'CAMPANHA'),
      send('+5511955570004'),
      send('+5500000000400', 'LEMBRETE'), // refused by the provider: FAILED
    ]);
    await settle();

    const list = async (query: string) => (await api.external(outra).get(`/api/external/messages?size=100${query}`)).body;
    const everything = (await list('')).content as Json[];
    const expected = (status?: string, contexto?: string) =>
      everything.filter((m) => (!status || m.status === status) && (!contexto || m.contexto === contexto)).length;

    for (const [status, contexto] of [
      [undefined, undefined],
      ['READ', undefined],
      ['FAILED', undefined],
      [undefined, 'LEMBRETE'],
      ['READ', 'LEMBRETE'],
      ['FAILED', 'LEMBRETE'],
      ['QUEUED', undefined],
    ] as const) {
      const query = `${status ? `&status=${status}` : ''}${contexto ? `&contexto=${contexto}` : ''}`;
      expect((await list(query)).totalElements, query).toBe(expected(status, contexto));
    }
    expect(expected('FAILED')).toBeGreaterThanOrEqual(1);
    expect(expected('QUEUED')).toBe(0);
  });

  it('reads page 0 in two requests, and an empty page in one', async () => {
    const app = await api.newApplication('link', '10.00');
    for (let i = 0; i < 30; i++) await api.external(app).send({ telefone: '+5511955570100', mensagem: `m${i}` });
    await api.followed(); // the stream's follower shares this process's client: its requests are not the page's
    const repo = dynamoMessageRepository();
    const send = vi.spyOn(db(), 'send');

    const first = await repo.list(app.id, {}, 0, 10);
    const calls = send.mock.calls.length;
    const beyond = await repo.list(app.id, {}, 5, 10);
    const emptyPageCalls = send.mock.calls.length - calls;
    send.mockRestore();

    expect(first.total).toBe(30);
    expect(first.content).toHaveLength(10);
    expect(calls).toBe(2);
    expect(beyond).toEqual({ content: [], total: 30 });
    expect(emptyPageCalls).toBe(1);
  });

  it('counts the messages of data from before the counters once (seed and bootstrap), and never twice', async () => {
    const app = await api.newApplication('link', '10.00');
    for (let i = 0; i < 5; i++) await api.external(app).send({ telefone: '+5511955570200', mensagem: `m${i}`, contexto: 'TESTE' });
    // Older data: the same messages without their counters.
    await db().send(
      new BatchWriteCommand({
        RequestItems: { [tableName()]: [0, 1, 2, 3].map((shard) => ({ DeleteRequest: { Key: keys.messageCounters(app.id, shard) } })) },
      }),
    );
    const total = async () => (await api.external(app).get('/api/external/messages?contexto=TESTE')).body.totalElements;
    const before = await total();

    const first = await backfillMessageCounters(app.id);
    const second = await backfillMessageCounters(app.id);

    expect(before).toBe(0);
    expect([first, second]).toEqual([true, false]);
    expect(await total()).toBe(5);
  });
});
