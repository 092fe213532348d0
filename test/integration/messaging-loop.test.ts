// The whole loop of the sandbox, as a user of `npm start` sees it: a send through provider_a
// (tenant outra) and one through provider_b (tenant semSaldo, once credited) reach the
// simulators, whose signed status callbacks (sometimes out of order) come back through the
// webhooks and the status queue until the message is READ, with the actual provider cost on
// the statement entry.
import { describe, expect, it } from 'vitest';
import { client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService({ schedules: true, simulators: { outOfOrderEvery: 2 } });
const api = client(service);

/** Waits until the simulators have posted every callback and the status queue is empty. */
async function settle(): Promise<void> {
  await service.simulators.providerA.idle();
  await service.simulators.providerB.idle();
  await service.queues.drained(20_000);
}

async function sendAndSettle(app: { apiKey: string; apiSecret: string }, telefone: string) {
  const sent = await api.external(app).send({ telefone, mensagem: 'Sua consulta foi confirmada.' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await settle();
  const message = (await api.external(app).get(`/api/external/messages/${sent.body.mensagemId}`)).body;
  const statement = (await api.external(app).get('/api/external/financeiro/extrato?size=100')).body.content as Json[];
  const entry = statement.find((e) => e.referenciaTipo === 'MENSAGEM_ENVIADA' && e.referenciaId === sent.body.mensagemId);
  return { sent: sent.body, message, entry };
}

describe('the sandbox loop through the provider simulators', () => {
  it('provider_a: sent, delivered and read come back signed, in any order, and the cost is booked', async () => {
    const { sent, message, entry } = await sendAndSettle(service.sandbox.applications.outra, '+5511912340001');

    expect(message).toMatchObject({ messageSid: sent.messageSid, status: 'READ', statusDescricao: 'Lida' });
    expect(message.dataEntrega).toEqual(expect.any(String));
    expect(message.dataLeitura).toEqual(expect.any(String));
    expect(message.dataEntrega <= message.dataLeitura).toBe(true);
    expect(entry).toMatchObject({ tipo: 'DEBIT', valor: '0.10', custoProviderBUsd: null });
    expect(Number(entry!.custoProviderAUsd)).toBeGreaterThan(0);
  });

  it('provider_b: once credited, semSaldo sends and its statuses arrive through the signed events', async () => {
    const semSaldo = service.sandbox.applications.semSaldo;
    const credit = await api.admin('POST', `/api/admin/aplicacoes/${semSaldo.id}/creditos`, { valor: '1.00' });
    expect(credit.status).toBe(201);

    const { sent, message, entry } = await sendAndSettle(semSaldo, '+5511912340002');

    expect(sent.messageSid).toMatch(/^wamid\./);
    expect(message).toMatchObject({ status: 'READ', errorCode: null });
    expect(message.dataLeitura).toEqual(expect.any(String));
    expect(entry).toMatchObject({ custoProviderAUsd: null, tipoConversa: 'UTILITY' });
    expect(Number(entry!.custoProviderBUsd)).toBeGreaterThan(0);
  });

  it('keeps the final status when the callbacks of many messages arrive out of order', async () => {
    const outra = service.sandbox.applications.outra;
    const sends = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.external(outra).send({ telefone: `+55119123410${String(i).padStart(2, '0')}`, mensagem: `lote ${i}` }),
      ),
    );
    await settle();

    for (const sent of sends) {
      expect(sent.status).toBe(200);
      const message = (await api.external(outra).get(`/api/external/messages/${sent.body.mensagemId}`)).body;
      expect(message.status).toBe('READ');
    }
  });
});
