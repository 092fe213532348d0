// Each authorizer, invoked as API Gateway would with valid sandbox credentials, in a fresh
// process per scheme (bench/authorizer-child.ts) against the local service's DynamoDB Local:
// the first invocation shows a cold container (empty caches), the next ones a warm one. Reports
// latency and the DynamoDB requests per invocation; the target is none for a warm JWT check.
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { clientCertFrom } from '#infra/local/agent-tls';
import { authorizerFunctions } from '#infra/functions';
import type { LocalService } from '#infra/local/service';
import type { AuthorizedScheme } from '#shared/http/routes';
import { repoRoot } from './bundle.ts';
import { fmt } from './stats.ts';

export interface AuthorizerResult {
  scheme: AuthorizedScheme;
  importMs: number;
  cold: { ms: number; requests: number; outcome: string };
  warm: { runs: number; p50: number; p99: number; dynamoRequestsPerCall: number; outcomes: string[] };
}

const run = promisify(execFile);

function authorizerEvent(method: string, resource: string, headers: Record<string, string>, clientCert: unknown = null) {
  return {
    type: 'REQUEST',
    methodArn: `arn:aws:execute-api:local:000000000000:local/local/${method}${resource}`,
    resource,
    path: resource,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: {},
    stageVariables: null,
    requestContext: { requestId: 'bench', stage: 'local', identity: { sourceIp: '127.0.0.1', clientCert } },
  } as unknown as APIGatewayRequestAuthorizerEvent;
}

async function events(service: LocalService): Promise<Record<AuthorizedScheme, APIGatewayRequestAuthorizerEvent>> {
  const app = service.sandbox.applications.demo;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: app.oauth.clientId,
    client_secret: app.oauth.clientSecret,
  });
  const response = await fetch(`${service.baseUrl}/oauth2/token`, { method: 'POST', body: form });
  const { access_token: token } = (await response.json()) as { access_token: string };
  const agentCert = service.sandbox.agent ? clientCertFrom(new X509Certificate(service.sandbox.agent.certPem)) : null;
  return {
    apiKey: authorizerEvent('GET', '/api/external/financeiro/saldo', { 'X-Api-Key': app.apiKey, 'X-Api-Secret': app.apiSecret }),
    oauth2: authorizerEvent('GET', '/api/external/v2/agendamentos', { Authorization: `Bearer ${token}` }),
    providerCredential: authorizerEvent('POST', '/api/external/prestador/v1/execucao', {
      'X-Api-Key': app.prestador.apiKey,
      'X-Api-Secret': app.prestador.apiSecret,
    }),
    portalJwt: authorizerEvent('GET', '/api/plantonista/perfil', { Authorization: `Bearer ${app.tokens.plantonista}` }),
    agent: authorizerEvent('GET', '/api/external/integracoes/banco', { Authorization: `Bearer ${token}` }, agentCert),
  };
}

export async function measureAuthorizers(
  service: LocalService,
  warmRuns: number,
  log: (line: string) => void,
): Promise<AuthorizerResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-authorizers-'));
  try {
    const all = await events(service);
    const results: AuthorizerResult[] = [];
    for (const [scheme, event] of Object.entries(all) as [AuthorizedScheme, APIGatewayRequestAuthorizerEvent][]) {
      const file = join(dir, `${scheme}.json`);
      writeFileSync(file, JSON.stringify(event));
      // The service's environment (table, endpoint, issuer, local folder) so the child sees the same data.
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', join(repoRoot, 'bench', 'authorizer-child.ts'), authorizerFunctions[scheme].entry, file, String(warmRuns)],
        { cwd: repoRoot, env: { ...process.env, LOG_LEVEL: 'error', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
      );
      const line = stdout.trim().split('\n').pop() ?? '{}';
      const result = { scheme, ...(JSON.parse(line) as Omit<AuthorizerResult, 'scheme'>) };
      log(
        `  ${scheme}: warm p50 ${fmt(result.warm.p50, 2)} ms, p99 ${fmt(result.warm.p99, 2)} ms, ${result.warm.dynamoRequestsPerCall} DynamoDB requests warm, ${result.cold.requests} cold (${result.warm.outcomes.join(', ')})`,
      );
      results.push(result);
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function authorizerTable(results: AuthorizerResult[]): string {
  const rows = results.map(
    (r) =>
      `| \`${r.scheme}\` | ${fmt(r.importMs)} | ${fmt(r.cold.ms, 2)} | ${r.cold.requests} | ${fmt(r.warm.p50, 2)} | ${fmt(r.warm.p99, 2)} | ${fmt(r.warm.dynamoRequestsPerCall, 2)} | ${r.warm.outcomes.join(', ')} |`,
  );
  return [
    '| Authorizer | Module import ms (sources, via tsx) | Cold call ms | DynamoDB requests, cold | Warm p50 ms | Warm p99 ms | DynamoDB requests per warm call | Outcome |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ].join('\n');
}
