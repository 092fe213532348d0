// The balance never goes below zero under concurrency: 200 simultaneous sends at a balance that
// covers exactly N of them. Through the local gateway, on a fresh link application (no provider
// involved), created and credited with the platform admin's token.
import { describe, expect, it } from 'vitest';
import { client, useLocalService, type Json } from '../support/local-service.ts';
import { subtractAmounts } from '#shared/domain/money';

const service = useLocalService();
const { external, newApplication } = client(service);

const N = 37;
const SENDS = 200;

describe('concurrent sends', () => {
  it(
    `of ${SENDS} simultaneous sends at a balance of exactly ${N} tariffs, exactly ${N} succeed and the ledger chains`,
    { timeout: 90_000 },
    async () => {
      // Prepare: 37 x 0.10
      const app = await newApplication('link', '3.70');
      const api = external(app);

      // Act
      const answers = await Promise.all(
        Array.from({ length: SENDS }, (_, i) => api.send({ telefone: '+5511987654321', mensagem: `concorrente ${i}` })),
      );

      // Assess: the answers
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(N);
      expect(statuses.filter((s) => s === 402)).toHaveLength(SENDS - N);
      for (const refused of answers.filter((a) => a.status === 402)) {
        expect(refused.body).toMatchObject({ error: 'insufficient_balance', saldo: expect.stringMatching(/^\d+\.\d{2}$/) });
      }
      // the balance: exactly zero
      expect((await api.get('/api/external/financeiro/saldo')).body.saldo).toBe('0.00');
      // the statement: the credit and exactly N debits, each chained onto the one before
      const statement = (await api.get('/api/external/financeiro/extrato?size=100')).body;
      expect(statement.totalElements).toBe(N + 1);
      const entries = [...(statement.content as Json[])].reverse();
      expect(entries[0]).toMatchObject({ id: 1, tipo: 'CREDIT', saldoPosterior: '3.70' });
      const debits = entries.slice(1);
      expect(debits).toHaveLength(N);
      debits.forEach((entry, i) => {
        expect(entry).toMatchObject({ id: i + 2, tipo: 'DEBIT', valor: '0.10', referenciaTipo: 'MENSAGEM_ENVIADA' });
        expect(entry.saldoAnterior).toBe(entries[i]!.saldoPosterior);
        expect(entry.saldoPosterior).toBe(subtractAmounts(entry.saldoAnterior, entry.valor));
      });
      // the messages: exactly N, one per debit
      const messages = (await api.get('/api/external/messages?size=100')).body;
      expect(messages.totalElements).toBe(N);
      const sentIds = answers
        .filter((a) => a.status === 200)
        .map((a) => a.body.mensagemId)
        .sort();
      expect((messages.content as Json[]).map((m) => m.id).sort()).toEqual(sentIds);
      expect(debits.map((e) => e.referenciaId).sort()).toEqual(sentIds);
      expect((await api.get('/api/v2/stats')).body).toEqual({ totalMensagens: N });
    },
  );
});
