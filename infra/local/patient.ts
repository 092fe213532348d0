// Plays a patient writing to a sandbox application under `npm start` (`npm run paciente`): the
// provider simulator the application receives through posts the provider's signed webhook call to
// the service (POST {simulator}/simular/mensagem), then the admin's list of received messages is read
// until the message shows, to tell which attendance it landed in and its status.
//   provider_b applications: through provider_b's simulator, to /api/webhooks/whatsapp/meta/{slug};
//   provider_a applications: through provider_a's, to the application's first WhatsApp number.
// A `link` application receives nothing: no provider posts its patients' messages (the service takes
// provider_a's messages only for provider_a applications), so playing one is an error saying so.
import { PROVIDER_A_SANDBOX_URL, PROVIDER_B_SANDBOX_URL, type Sandbox, type SandboxApp } from '#infra/local/seed';

export interface PatientMessageInput {
  /** The sandbox key (demo, outra, semSaldo) or the slug of a sandbox application. */
  app: string;
  /** The patient's phone, E.164. */
  from: string;
  texto?: string;
  /** The patient's WhatsApp profile name (the name a new patient gets). */
  nome?: string;
  botao?: { id: string; titulo: string };
  /** Deliveries of the same message (the provider's retries); default 1. */
  repetir?: number;
  /** Which simulator; by default the application's provider as sandbox.json says (a `link` application needs it named). */
  provider?: 'provider_a' | 'provider_b';
  /** How long to wait for the message to be stored; 0 does not look. Default 5 s. */
  waitMs?: number;
}

export interface PatientPlay {
  aplicacao: string;
  provider: 'provider_a' | 'provider_b';
  /** The simulator endpoint called. */
  simulator: string;
  /** The number written to (provider_a) or the application's webhook (provider_b). */
  para: string;
  messageId: string;
  /** What the service answered each delivery. */
  entregas: (number | null)[];
  /** The stored message, once the inbound consumer handled it (undefined: not seen within waitMs). */
  stored?: { pacienteId: number; atendimentoId: number; tipoMensagem: string; atendimentoStatus: string | null };
}

export class PatientError extends Error {}

function findApp(sandbox: Sandbox, key: string): SandboxApp {
  const apps = sandbox.applications as Record<string, SandboxApp>;
  const app = apps[key] ?? Object.values(apps).find((a) => a.slug === key);
  if (!app) throw new PatientError(`no sandbox application ${key} (known: ${Object.keys(apps).join(', ')})`);
  return app;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson(url: string, token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5_000) });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Polls the admin's received messages (and then the attendance) until the message shows or `waitMs` passes. */
async function findStored(
  sandbox: Sandbox,
  app: SandboxApp,
  from: string,
  messageId: string,
  waitMs: number,
): Promise<PatientPlay['stored']> {
  const token = app.tokens.admin;
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const list = await getJson(`${sandbox.baseUrl}/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(from)}&size=50`, token);
    const found = ((list.body.content as Record<string, unknown>[] | undefined) ?? []).find((m) => m.providerMessageId === messageId);
    if (found) {
      const attendance = await getJson(`${sandbox.baseUrl}/api/admin/atendimentos/${String(found.atendimentoId)}`, token);
      return {
        pacienteId: Number(found.pacienteId),
        atendimentoId: Number(found.atendimentoId),
        tipoMensagem: String(found.tipoMensagem),
        atendimentoStatus: attendance.status === 200 && typeof attendance.body.status === 'string' ? attendance.body.status : null,
      };
    }
    await sleep(200);
  }
  return undefined;
}

/** Sends the patient's message through the simulator and reports what happened. */
export async function playPatient(sandbox: Sandbox, input: PatientMessageInput): Promise<PatientPlay> {
  const app = findApp(sandbox, input.app);
  // sandbox.json says the provider at start: one switched since is named with `provider`.
  if (app.provider === 'link' && !input.provider) {
    throw new PatientError(
      `${app.slug} sends through link: no provider posts its patients' messages. Play an application on provider_a or provider_b ` +
        `(outra, sem-saldo), or switch ${app.slug} (PUT /api/admin/aplicacoes/${app.id}/provider) and name its provider (--provider a|b)`,
    );
  }
  const provider = input.provider ?? (app.provider === 'provider_b' ? 'provider_b' : 'provider_a');
  const common = { from: input.from, texto: input.texto, profileName: input.nome, botao: input.botao, repetir: input.repetir };
  let simulator: string;
  let para: string;
  let request: Record<string, unknown>;
  if (provider === 'provider_b') {
    simulator = `${sandbox.simulators?.providerB ?? PROVIDER_B_SANDBOX_URL}/simular/mensagem`;
    para = `${sandbox.baseUrl}/api/webhooks/whatsapp/meta/${app.slug}`;
    request = { slug: app.slug, ...common };
  } else {
    const to = app.numerosWhatsapp?.[0];
    if (!to) throw new PatientError(`${app.slug} has no WhatsApp number in sandbox.json (restart npm start to refresh it)`);
    simulator = `${sandbox.simulators?.providerA ?? PROVIDER_A_SANDBOX_URL}/simular/mensagem`;
    para = to;
    request = { to, ...common };
  }

  let response: Response;
  try {
    response = await fetch(simulator, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new PatientError(`the ${provider} simulator does not answer at ${simulator}: is npm start running?`);
  }
  const answer = (await response.json().catch(() => ({}))) as {
    messageSid?: string;
    messageId?: string;
    entregas?: (number | null)[];
    message?: string;
  };
  if (response.status !== 200) throw new PatientError(`the ${provider} simulator answered ${response.status}: ${answer.message ?? ''}`);
  const messageId = (answer.messageSid ?? answer.messageId) as string;
  const play: PatientPlay = { aplicacao: app.slug, provider, simulator, para, messageId, entregas: answer.entregas ?? [] };
  const waitMs = input.waitMs ?? 5_000;
  if (waitMs > 0 && play.entregas.includes(200)) play.stored = await findStored(sandbox, app, input.from, messageId, waitMs);
  return play;
}

/** The lines `npm run paciente` prints. */
export function describePlay(play: PatientPlay, from: string): string[] {
  const lines = [
    `${from} -> ${play.aplicacao} through the ${play.provider} simulator (${play.simulator})`,
    `  ${play.provider === 'provider_a' ? 'MessageSid' : 'wamid'} ${play.messageId} posted to ${play.para}; the service answered ${play.entregas.map(String).join(', ')}`,
  ];
  if (play.stored) {
    lines.push(
      `  stored: patient ${play.stored.pacienteId}, attendance ${play.stored.atendimentoId} (${play.stored.atendimentoStatus ?? 'status unknown'}), message ${play.stored.tipoMensagem}`,
    );
  } else if (play.entregas.includes(200)) {
    lines.push(
      '  not in GET /api/admin/mensagens-recebidas yet (the inbound queue may be busy, or the message was not processed: see the service log)',
    );
  }
  return lines;
}
