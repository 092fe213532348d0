// The agent CA as its secret holds it ({certPem, privateKeyPkcs8Pem}, config().agentCaSecretId),
// read through the secrets adapter. No X.509 library: Lambdas that issue (shared/ca/issuer.ts) load it.
import { adapter } from '#shared/adapters/index';
import type { AgentCa } from '#shared/ca/agent-ca';
import { config } from '#shared/config';

export async function loadAgentCaSecret(secretId = config().agentCaSecretId): Promise<AgentCa> {
  const ca = JSON.parse(await (await adapter('secrets')).get(secretId)) as Partial<AgentCa>;
  if (typeof ca.certPem !== 'string' || typeof ca.privateKeyPkcs8Pem !== 'string') throw new Error(`secret ${secretId} is not an agent CA`);
  return ca as AgentCa;
}
