// The on-premises agent, played against the local service's mutual-TLS port with the sandbox
// agent's certificate (sandbox.json "agent") and the demo application's OAuth client: it takes a
// token, reads its integrations and its integration's saved queries, "runs" them, posts the
// execution log and imports a small batch of patients, appointments and a clinical record, the way
// a real agent would. `npm run agent` (infra/scripts/agent.ts) prints each step.
import { request } from 'node:https';
import type { Sandbox } from '#infra/local/seed';

export interface AgentStep {
  step: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** One call over mutual TLS with the sandbox agent's certificate. */
function call(sandbox: Sandbox, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const agent = sandbox.agent;
  if (!agent) throw new Error('sandbox.json has no "agent": is `npm start` running?');
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${agent.url}${path}`,
      {
        method,
        ca: agent.caPem,
        cert: agent.certPem,
        key: agent.keyPem,
        agent: false,
        headers: { Authorization: `Bearer ${token}`, ...(payload ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A client-credentials token of the demo application with the agent's scopes. */
async function agentToken(sandbox: Sandbox): Promise<string> {
  const { clientId, clientSecret } = sandbox.applications.demo.oauth;
  const response = await fetch(`${sandbox.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'integracoes:read integracoes:write registros:importar' }),
  });
  const answer = (await response.json()) as { access_token?: string };
  if (!response.ok || !answer.access_token) throw new Error(`token: ${response.status} ${JSON.stringify(answer)}`);
  return answer.access_token;
}

/** A small batch as a legacy system would export it: ids are the legacy system's. */
export function sampleBatch(integracaoId: number, suffix = ''): unknown {
  const phone = (n: number) => `+55119${String(87650000 + n).padStart(8, '0')}`;
  return {
    integracaoId,
    registros: [
      {
        tipo: 'PACIENTE',
        idLegado: `PAC-1001${suffix}`,
        dados: { telefone: phone(1), nome: 'João Pereira', dataNascimento: '1970-02-03', sexo: 'M' },
      },
      { tipo: 'PACIENTE', idLegado: `PAC-1002${suffix}`, dados: { telefone: phone(2), nome: 'Ana Souza', cidade: 'Campinas' } },
      {
        tipo: 'AGENDAMENTO',
        idLegado: `AG-5001${suffix}`,
        dados: {
          pacienteTelefone: phone(1),
          pacienteNome: 'João Pereira',
          procedimento: 'Ultrassonografia de abdome',
          observacoes: 'Jejum de 8 horas',
        },
      },
      {
        tipo: 'REGISTRO_CLINICO',
        idLegado: `RC-9001${suffix}`,
        dados: { pacienteIdLegado: `PAC-1002${suffix}`, tipoRegistro: 'ALERGIA', data: '2026-10-01', descricao: 'Alergia a dipirona' },
      },
      // A record the legacy system exports without a phone: rejected alone, naming the field.
      { tipo: 'AGENDAMENTO', idLegado: `AG-5002${suffix}`, dados: { procedimento: 'Raio X de tórax' } },
    ],
  };
}

/** Plays one run of the agent; every step's answer, in order. Throws only when the service cannot be reached. */
export async function playAgent(sandbox: Sandbox, options: { batchSuffix?: string } = {}): Promise<AgentStep[]> {
  const agent = sandbox.agent;
  if (!agent) throw new Error('sandbox.json has no "agent": is `npm start` running?');
  const token = await agentToken(sandbox);
  const steps: AgentStep[] = [];
  const step = async (name: string, method: string, path: string, body?: unknown) => {
    const answer = await call(sandbox, method, path, token, body);
    steps.push({ step: name, method, path, ...answer });
    return answer;
  };

  await step('integrations (databases)', 'GET', '/api/external/integracoes/banco');
  await step('integrations (APIs)', 'GET', '/api/external/integracoes/api');
  const queries = await step('saved queries', 'GET', `/api/external/integracoes/queries?integracaoId=${agent.integracaoId}`);
  const started = new Date();
  const saved = Array.isArray(queries.body) ? (queries.body as { id: number; nome: string }[]) : [];
  const execucoes = saved.map((q, i) => ({
    queryId: q.id,
    query: q.nome,
    inicio: new Date(started.getTime() + i * 1000).toISOString(),
    fim: new Date(started.getTime() + i * 1000 + 420).toISOString(),
    linhasLidas: 2 + i,
    status: 'SUCESSO',
    erro: null,
  }));
  if (execucoes.length > 0)
    await step('execution log', 'POST', '/api/external/integracoes/logs', { integracaoId: agent.integracaoId, execucoes });
  await step('import', 'POST', '/api/external/integracoes/registros', sampleBatch(agent.integracaoId, options.batchSuffix));
  return steps;
}
