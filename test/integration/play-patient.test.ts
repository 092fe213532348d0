// Playing the patient under the local service: each provider simulator's POST /simular/mensagem makes
// the provider's own signed webhook call to the service (repeated deliveries included), and
// `npm run paciente` (infra/local/patient.ts, infra/scripts/paciente.ts) drives it from sandbox.json and
// reports the attendance the message landed in.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#infra/local/handlers';
import { describePlay, playPatient } from '#infra/local/patient';
import { readSandbox, type Sandbox, type SandboxApp } from '#infra/local/seed';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);

let phones = 0;
const newPhone = () => `+55319${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(5, '0')}`;

async function received(app: SandboxApp, telefone: string): Promise<Json[]> {
  await service.queues.drained(15_000);
  const reply = await api.call(
    'GET',
    `/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(telefone)}&size=100`,
    bearer(app.tokens.admin),
  );
  expect(reply.status).toBe(200);
  return reply.body.content as Json[];
}

const simulate = async (simulatorUrl: string, body: unknown) => {
  const response = await fetch(`${simulatorUrl}/simular/mensagem`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
};

describe("provider_a simulator: the patient's side", () => {
  it('posts the signed incoming-message form to the service, as many times as asked; the message is stored once', async () => {
    // Prepare
    const outra = service.sandbox.applications.outra;
    const from = newPhone();

    // Act
    const reply = await simulate(service.simulators.providerA.url, {
      from,
      to: outra.numerosWhatsapp[0],
      texto: 'Olá, gostaria de marcar uma consulta',
      profileName: 'Carla Paciente',
      repetir: 3,
    });

    // Assess: the answer
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ messageSid: expect.stringMatching(/^SM[0-9a-f]{32}$/), entregas: [200, 200, 200] });
    // the form, as the provider posts it
    const injected = service.simulators.providerA.injected().find((m) => m.messageId === reply.body.messageSid)!;
    expect(injected.url).toBe(`${service.baseUrl}/api/webhooks/whatsapp/webhook`);
    expect(Object.fromEntries(new URLSearchParams(injected.body))).toMatchObject({
      MessageSid: reply.body.messageSid,
      SmsMessageSid: reply.body.messageSid,
      AccountSid: expect.stringMatching(/^AC[0-9a-f]{32}$/),
      From: `whatsapp:${from}`,
      To: `whatsapp:${outra.numerosWhatsapp[0]}`,
      Body: 'Olá, gostaria de marcar uma consulta',
      ProfileName: 'Carla Paciente',
      WaId: from.slice(1),
      NumMedia: '0',
      MessageType: 'text',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    });
    // stored once, for the application that owns the number
    const messages = await received(outra, from);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      provider: 'provider_a',
      providerMessageId: reply.body.messageSid,
      profileName: 'Carla Paciente',
      tipoMensagem: 'texto',
      para: outra.numerosWhatsapp[0],
    });
  });

  it('plays a media message and a button reply', async () => {
    const outra = service.sandbox.applications.outra;
    const from = newPhone();
    const to = outra.numerosWhatsapp[0];

    const media = await simulate(service.simulators.providerA.url, {
      from,
      to,
      texto: 'meu exame',
      midiaUrl: 'https://media.example/exame.pdf',
      midiaTipo: 'application/pdf',
    });
    const button = await simulate(service.simulators.providerA.url, { from, to, botao: { id: 'CONFIRMAR', titulo: 'Confirmo' } });

    expect([media.body.entregas, button.body.entregas]).toEqual([[200], [200]]);
    const messages = await received(outra, from);
    expect(messages.find((m) => m.providerMessageId === media.body.messageSid)).toMatchObject({
      tipoMensagem: 'midia',
      texto: 'meu exame',
      midias: [{ ref: 'https://media.example/exame.pdf', contentType: 'application/pdf' }],
    });
    expect(messages.find((m) => m.providerMessageId === button.body.messageSid)).toMatchObject({
      tipoMensagem: 'botao',
      botao: { id: 'CONFIRMAR', titulo: 'Confirmo' },
    });
  });

  it('answers 400 naming the bad field, 404 for a number no account owns, and posts nothing then', async () => {
    const url = service.simulators.providerA.url;
    const to = service.sandbox.applications.outra.numerosWhatsapp[0];
    const before = service.simulators.providerA.injected().length;

    const cases = [
      [{ from: '11987654321x', to, texto: 'oi' }, 400, 'from'],
      [{ from: '+5511987654321', to: 'ninguém', texto: 'oi' }, 400, 'to'],
      [{ from: '+5511987654321', to }, 400, 'texto'],
      [{ from: '+5511987654321', to, texto: 'oi', repetir: 0 }, 400, 'repetir'],
      [{ from: '+5511987654321', to, botao: { id: 'X' } }, 400, 'botao'],
      [{ from: '+5511987654321', to, texto: 'oi', midiaUrl: 'ftp://x' }, 400, 'midiaUrl'],
      [{ from: '+5511987654321', to: '+5599999990000', texto: 'oi' }, 404, '+5599999990000'],
    ] as const;
    for (const [body, status, named] of cases) {
      const reply = await simulate(url, body);
      expect([reply.status, reply.body.message]).toEqual([status, expect.stringContaining(named)]);
    }
    expect((await simulate(url, [1, 2])).status).toBe(400);
    expect(service.simulators.providerA.injected()).toHaveLength(before);
  });
});

describe("provider_b simulator: the patient's side", () => {
  it("posts a signed event with one message to the application's webhook; repeated, it is stored once", async () => {
    // Prepare
    const app = service.sandbox.applications.semSaldo;
    const from = newPhone();

    // Act
    const reply = await simulate(service.simulators.providerB.url, {
      slug: app.slug,
      from,
      texto: 'Bom dia',
      profileName: 'Davi Paciente',
      repetir: 2,
    });
    const button = await simulate(service.simulators.providerB.url, {
      slug: app.slug,
      from,
      botao: { id: 'REMARCAR', titulo: 'Remarcar' },
    });

    // Assess
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ messageId: expect.stringMatching(/^wamid\./), entregas: [200, 200] });
    const injected = service.simulators.providerB.injected().find((m) => m.messageId === reply.body.messageId)!;
    expect(injected.url).toBe(`${service.baseUrl}/api/webhooks/whatsapp/meta/${app.slug}`);
    expect(JSON.parse(injected.body).entry[0].changes[0].value).toMatchObject({
      metadata: { display_phone_number: app.numerosWhatsapp[0]!.slice(1) },
      contacts: [{ profile: { name: 'Davi Paciente' }, wa_id: from.slice(1) }],
      messages: [{ from: from.slice(1), id: reply.body.messageId, type: 'text', text: { body: 'Bom dia' } }],
    });
    const messages = await received(app, from);
    expect(messages).toHaveLength(2);
    expect(messages.find((m) => m.providerMessageId === reply.body.messageId)).toMatchObject({
      provider: 'provider_b',
      tipoMensagem: 'texto',
      texto: 'Bom dia',
      profileName: 'Davi Paciente',
      para: app.numerosWhatsapp[0],
    });
    expect(messages.find((m) => m.providerMessageId === button.body.messageId)).toMatchObject({
      tipoMensagem: 'botao',
      botao: { id: 'REMARCAR', titulo: 'Remarcar' },
    });
  });

  it('answers 404 for an unknown slug and 400 without a slug or text', async () => {
    const url = service.simulators.providerB.url;
    expect((await simulate(url, { slug: 'nao-existe', from: '+5511987654321', texto: 'oi' })).status).toBe(404);
    expect((await simulate(url, { from: '+5511987654321', texto: 'oi' })).body.message).toContain('slug');
    expect((await simulate(url, { slug: 'sem-saldo', from: '+5511987654321' })).body.message).toContain('texto');
  });
});

describe('npm run paciente', () => {
  let sandbox: Sandbox;
  const sandboxOf = async () => (sandbox ??= (await readSandbox(service.dataDir))!);

  it('finds the simulators in sandbox.json, plays the patient and reports the attendance: BOT, then FILA when asking for a human', async () => {
    // Prepare
    const from = newPhone();
    const s = await sandboxOf();
    expect(s.simulators).toEqual({
      providerA: service.simulators.providerA.url,
      providerB: service.simulators.providerB.url,
      bedrock: service.bedrock.url,
    });

    // Act
    const first = await playPatient(s, { app: 'outra', from, texto: 'Olá', nome: 'Eva Paciente', waitMs: 15_000 });
    const second = await playPatient(s, { app: 'outra', from, texto: 'quero falar com um atendente', waitMs: 15_000 });

    // Assess
    expect(first).toMatchObject({
      aplicacao: 'outra',
      provider: 'provider_a',
      para: s.applications.outra.numerosWhatsapp[0],
      entregas: [200],
    });
    expect(first.stored).toMatchObject({ atendimentoStatus: 'BOT', tipoMensagem: 'texto' });
    expect(second.stored).toMatchObject({ atendimentoId: first.stored!.atendimentoId, atendimentoStatus: 'FILA' });
    const lines = describePlay(second, from);
    expect(lines.join('\n')).toContain(`attendance ${String(first.stored!.atendimentoId)} (FILA)`);
  });

  it('goes through provider_b for a provider_b application, by sandbox key or slug', async () => {
    const s = await sandboxOf();
    const from = newPhone();
    const play = await playPatient(s, { app: 'sem-saldo', from, texto: 'oi', repetir: 2, waitMs: 15_000 });
    expect(play).toMatchObject({ aplicacao: 'sem-saldo', provider: 'provider_b', entregas: [200, 200] });
    expect(play.stored).toMatchObject({ atendimentoStatus: 'BOT' });
    await expect(playPatient(s, { app: 'nenhuma', from, texto: 'oi' })).rejects.toThrow(/no sandbox application nenhuma/);
  });

  it('refuses a link application, which no provider posts messages to, saying what to play instead', async () => {
    const s = await sandboxOf();
    expect(s.applications.demo.provider).toBe('link');
    await expect(playPatient(s, { app: 'demo', from: newPhone(), texto: 'oi' })).rejects.toThrow(
      /demo sends through link.*outra, sem-saldo/,
    );
  });

  it('runs from the command line with the data folder given', async () => {
    const from = newPhone();
    const { stdout } = await promisify(execFile)(
      path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['infra/scripts/paciente.ts', '--data-dir', service.dataDir, '--app', 'outra', '--de', from, '--texto', 'oi', '--nome', 'Fábio'],
      { cwd: repoRoot, timeout: 60_000 },
    );
    expect(stdout).toContain(`${from} -> outra through the provider_a simulator`);
    expect(stdout).toMatch(/stored: patient \d+, attendance \d+ \(BOT\), message texto/);
  });
});
