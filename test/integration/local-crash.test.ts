// Nothing is lost when the whole local service dies mid-burst: `npm start` (the gateway, the functions) is killed
// with SIGKILL while 120 sends of one application are in flight (its DynamoDB Local stopped cleanly: DynamoDB keeps
// what it acknowledged), then started again on the same data folder. Whatever each send had done when it died (a move
// without its entry, an entry and a QUEUED message, nothing at all), the change stream and the reconciler
// settle it: the statement chains with no gap onto the balance, every message has its debit, and every
// debit is a message or is given back.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalService } from '#infra/local/service';
import type { Sandbox } from '#infra/local/seed';
import { subtractAmounts, addAmounts } from '#shared/domain/money';
import { client, type Json } from '../support/local-service.ts';
import { killService, restartSettled, startNpmStart } from '../support/npm-start.ts';

const SENDS = 120;

describe('the local service killed mid-burst and started again', { timeout: 300_000 }, () => {
  let dataDir: string | undefined;
  let restarted: LocalService | undefined;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    await restarted?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loses nothing: the statement chains onto the balance, every message has its debit, every other debit is given back', async () => {
    // Prepare: `npm start` on a data folder of its own, and a fresh link application with 12.00 (0.10 a send).
    dataDir = await mkdtemp(path.join(tmpdir(), 'local-crash-'));
    const first = await startNpmStart(dataDir);
    child = first.child;
    const sandbox = JSON.parse(await readFile(path.join(dataDir, 'sandbox.json'), 'utf8')) as Sandbox;
    const before = client({ baseUrl: first.baseUrl, sandbox } as LocalService);
    const app = await before.newApplication('link', '12.00');

    // Act: the burst, and SIGKILL to the whole group once a few sends have answered.
    let answered = 0;
    const burst = Array.from({ length: SENDS }, (_, i) =>
      before
        .external(app)
        .send({ telefone: `+55119555${String(i).padStart(5, '0')}`, mensagem: `rajada ${i}` })
        .then((reply) => {
          answered++;
          return reply;
        })
        .catch(() => undefined),
    );
    while (answered < 15) await new Promise((resolve) => setTimeout(resolve, 5));
    // The functions die at once; DynamoDB keeps what it acknowledged, as on AWS (DynamoDB Local, a process of the
    // group, is then stopped cleanly: killed with the rest, it may lose writes it had already acknowledged).
    await killService(child);
    const answers = await Promise.all(burst);
    const ok = answers.filter((a) => a?.status === 200).map((a) => a!.body.mensagemId as number);

    // The service again, on the same data; its stream follower and then the reconciler, once what the burst left is due.
    restarted = await restartSettled(dataDir);
    const after = client(restarted);

    // Assess: the chain, whole, onto the balance.
    const saldo = (await after.external(app).get('/api/external/financeiro/saldo')).body.saldo as string;
    const entries: Json[] = [];
    for (let page = 0; ; page++) {
      const body = (await after.external(app).get(`/api/external/financeiro/extrato?size=100&page=${page}`)).body;
      entries.push(...(body.content as Json[]));
      if (page + 1 >= body.totalPages) break;
    }
    entries.sort((a, b) => a.id - b.id);
    expect(entries.map((e) => e.id)).toEqual(entries.map((_, i) => i + 1));
    entries.forEach((e, i) => {
      if (i > 0) expect(e.saldoAnterior, `entry ${e.id}`).toBe(entries[i - 1]!.saldoPosterior);
      const moved = e.tipo === 'DEBIT' ? subtractAmounts(e.saldoAnterior, e.valor) : addAmounts(e.saldoAnterior, e.valor);
      expect(e.saldoPosterior, `entry ${e.id}`).toBe(moved);
    });
    expect(entries.at(-1)!.saldoPosterior).toBe(saldo);

    // Every message has its one debit; every debit is a message or is given back once; every send answered 200 is there.
    const messages: Json[] = [];
    for (let page = 0; ; page++) {
      const body = (await after.external(app).get(`/api/external/messages?size=100&page=${page}`)).body;
      messages.push(...(body.content as Json[]));
      if (page + 1 >= body.totalPages) break;
    }
    const debits = entries.filter((e) => e.referenciaTipo === 'MENSAGEM_ENVIADA');
    const refunded = entries.filter((e) => e.referenciaTipo === 'ESTORNO_FALHA_ENVIO').map((e) => e.referenciaId as number);
    expect(new Set(refunded).size).toBe(refunded.length);
    const messageIds = new Set(messages.map((m) => m.id as number));
    for (const debit of debits) {
      expect(messageIds.has(debit.referenciaId) || refunded.includes(debit.id), `debit ${debit.id}`).toBe(true);
    }
    for (const m of messages)
      expect(
        debits.filter((d) => d.referenciaId === m.id),
        `message ${m.id}`,
      ).toHaveLength(1);
    for (const id of ok) {
      expect(messageIds.has(id), `answered message ${id} listed`).toBe(true);
      expect((await after.external(app).get(`/api/external/messages/${id}`)).status, `answered message ${id}`).toBe(200);
    }
    const charged = debits.filter((d) => !refunded.includes(d.id)).reduce((sum, d) => addAmounts(sum, d.valor), '0.00');
    expect(saldo).toBe(subtractAmounts('12.00', charged));
    // What the burst had reached when it died, for the record.
    console.info(
      `crash mid-burst: ${ok.length} answered, ${debits.length} debits, ${messages.length} messages, ${refunded.length} given back`,
    );
  });
});
