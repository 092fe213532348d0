// A campaign's worker dies mid-run and nobody is sent twice or skipped (#36): `npm start` runs a campaign of 300
// recipients; once some have been sent, its functions are killed with SIGKILL (DynamoDB Local stopped cleanly, as
// DynamoDB keeps what it acknowledged); the service is started again on the same data, the statement's follower and
// the reconciler settle what the dead sends left, and the campaigns schedule hands the campaign to a worker once the
// dead one's hold ran out. Then: every recipient ENVIADA with a message of its own, one message per phone, and the
// balance down by exactly the messages sent.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalService } from '#infra/local/service';
import type { Sandbox } from '#infra/local/seed';
import { asFunction } from '#infra/local/iam-guard';
import { scheduledFunctions } from '#infra/functions';
import { takeTurns } from '#functions/scheduled/campaigns';
import { subtractAmounts, fromCents } from '#shared/domain/money';
import { bearer, client, type Json } from '../support/local-service.ts';
import { killService, restartSettled, startNpmStart } from '../support/npm-start.ts';

const RECIPIENTS = 300;
// A short hold, so the campaign is taken over seconds after its worker died (60 s by default).
const HOLD = { CAMPAIGN_HOLD_SECONDS: '3' };
Object.assign(process.env, HOLD);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a campaign whose worker dies', () => {
  let dataDir: string | undefined;
  let restarted: LocalService | undefined;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    await restarted?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('sends every recipient exactly once: none twice, none skipped, the balance down by exactly what was sent', async () => {
    // Prepare: `npm start` with demo (link) open all day.
    dataDir = await mkdtemp(path.join(tmpdir(), 'campaign-crash-'));
    const first = await startNpmStart(dataDir, HOLD);
    child = first.child;
    const sandbox = JSON.parse(await readFile(path.join(dataDir, 'sandbox.json'), 'utf8')) as Sandbox;
    const demo = sandbox.applications.demo;
    const before = client({ baseUrl: first.baseUrl, sandbox } as LocalService);
    // Portal tokens are signed with the running service's key: each service's own sandbox has them.
    const admin = (api: ReturnType<typeof client>, method: string, url: string, body?: unknown) =>
      api.call(method, url, bearer((api === before ? sandbox : restarted!.sandbox).applications.demo.tokens.admin), body);
    await admin(before, 'PUT', '/api/admin/whatsapp/fluxo-agendamentos', { horarioEnvioInicio: '00:00', horarioEnvioFim: '24:00' });
    const opening = (await before.external(demo).get('/api/external/financeiro/saldo')).body.saldo as string;
    const phones = Array.from({ length: RECIPIENTS }, (_, i) => `+55119444${String(i).padStart(5, '0')}`);

    // Act: the campaign; SIGKILL once some have been sent.
    const created = await admin(before, 'POST', '/api/admin/campanhas', {
      nome: 'Campanha interrompida',
      mensagem: 'Vacinação: traga a carteirinha.',
      destinatarios: phones.map((telefone) => ({ telefone })),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    for (;;) {
      const { body } = await admin(before, 'GET', `/api/admin/campanhas/${id}`);
      if (body.totais.enviadas >= 40) break;
      await sleep(50);
    }
    await killService(child);

    // Again on the same data: the dead sends settled, the campaign handed over once the dead worker's hold ran out.
    restarted = await restartSettled(dataDir);
    const after = client(restarted);
    const interrupted = (await admin(after, 'GET', `/api/admin/campanhas/${id}`)).body;
    await sleep(3_500);
    expect(await asFunction(scheduledFunctions.campaigns.id, () => takeTurns())).toBeGreaterThanOrEqual(1);
    let done: Json = {};
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(200)) {
      done = (await admin(after, 'GET', `/api/admin/campanhas/${id}`)).body;
      if (done.status === 'CONCLUIDA') break;
    }
    await after.followed();

    // Assess: the campaign whole; each recipient ENVIADA with its own message; one message per phone; the money.
    expect(interrupted.totais.pendentes, 'the kill left recipients to send').toBeGreaterThan(0);
    expect(done).toMatchObject({
      status: 'CONCLUIDA',
      totais: { destinatarios: RECIPIENTS, enviadas: RECIPIENTS, pendentes: 0, falhas: 0 },
    });
    const recipients: Json[] = [];
    for (let page = 0; page * 100 < RECIPIENTS; page++) {
      recipients.push(
        ...((await admin(after, 'GET', `/api/admin/campanhas/${id}/destinatarios?size=100&page=${page}`)).body.content as Json[]),
      );
    }
    expect(recipients.map((r) => r.telefone)).toEqual(phones);
    expect(recipients.every((r) => r.status === 'ENVIADA')).toBe(true);
    expect(new Set(recipients.map((r) => r.mensagemId)).size).toBe(RECIPIENTS);
    const messages: Json[] = [];
    for (let page = 0; ; page++) {
      const body = (await after.external(demo).get(`/api/external/messages?contexto=CAMPANHA&size=100&page=${page}`)).body;
      messages.push(...(body.content as Json[]).filter((m) => m.contextoId === id));
      if (page + 1 >= body.totalPages) break;
    }
    expect(messages).toHaveLength(RECIPIENTS);
    expect(new Set(messages.map((m) => m.toNumber)).size).toBe(RECIPIENTS);
    const saldo = (await after.external(demo).get('/api/external/financeiro/saldo')).body.saldo as string;
    expect(saldo).toBe(subtractAmounts(opening, fromCents(10n * BigInt(RECIPIENTS))));
    expect(done.custoTotal).toBe(fromCents(10n * BigInt(RECIPIENTS)));
    console.info(`campaign killed at ${RECIPIENTS - interrupted.totais.pendentes} of ${RECIPIENTS} handled; completed after the restart`);
  }, 240_000);
});
