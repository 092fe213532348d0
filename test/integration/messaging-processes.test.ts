// The balance never goes below zero and the statement chains when the senders are separate processes, as
// Lambda containers are: 4 processes, each with its own SDK client, send 40 at once each for one application
// whose balance covers exactly 53 sends. No lock can help across processes: DynamoDB serializes the moves.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#infra/local/handlers';
import { subtractAmounts } from '#shared/domain/money';
import { client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);
const run = promisify(execFile);

const PROCESSES = 4;
const SENDS = 40;
const COVERED = 53;

describe('sends from several processes', () => {
  it(`of ${PROCESSES * SENDS} sends from ${PROCESSES} processes at a balance of exactly ${COVERED} tariffs, exactly ${COVERED} succeed and the statement chains`, async () => {
    // Prepare: 53 x 0.10
    const app = await api.newApplication('link', (COVERED / 10).toFixed(2));
    const env = {
      ...process.env,
      TABLE_NAME: service.tableName,
      DYNAMODB_ENDPOINT: service.dynamoEndpoint,
      PLATFORM_RUNTIME: 'local',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      LOG_LEVEL: 'error',
      SEND_APPLICATION: String(app.id),
      SENDS: String(SENDS),
    };

    // Act
    const outputs = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        run(path.join(repoRoot, 'node_modules/.bin/tsx'), ['test/support/send-child.ts'], { cwd: repoRoot, env }),
      ),
    );

    // Assess: the answers
    const outcomes = outputs.flatMap((o) => JSON.parse(o.stdout.trim().split('\n').at(-1)!) as Json[]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(COVERED);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.error)).toEqual(Array(PROCESSES * SENDS - COVERED).fill('insufficient_balance'));
    // the balance: exactly zero; the statement: the credit and one debit per message, each chained onto the one before
    expect((await api.external(app).get('/api/external/financeiro/saldo')).body.saldo).toBe('0.00');
    const statement = (await api.external(app).get('/api/external/financeiro/extrato?size=100')).body;
    expect(statement.totalElements).toBe(COVERED + 1);
    const entries = [...(statement.content as Json[])].reverse();
    entries.forEach((entry, i) => {
      expect(entry.id).toBe(i + 1);
      if (i === 0) return;
      expect(entry).toMatchObject({ tipo: 'DEBIT', valor: '0.10', referenciaTipo: 'MENSAGEM_ENVIADA' });
      expect(entry.saldoAnterior).toBe(entries[i - 1]!.saldoPosterior);
      expect(entry.saldoPosterior).toBe(subtractAmounts(entry.saldoAnterior, entry.valor));
    });
    const sent = outcomes.filter((o) => o.ok).map((o) => o.mensagemId as number);
    expect(
      entries
        .slice(1)
        .map((e) => e.referenciaId)
        .sort(),
    ).toEqual([...sent].sort());
    expect((await api.call('GET', '/api/v2/stats', { 'X-Api-Key': app.apiKey, 'X-Api-Secret': app.apiSecret })).body).toEqual({
      totalMensagens: COVERED,
    });
  }, 120_000);
});
