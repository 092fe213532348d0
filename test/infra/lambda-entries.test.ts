// Each Lambda entry loads with exactly the environment the stack gives it (infra/permissions.ts through
// infra/grants.ts): an entry that declares a need (needsConfig) its line in infra/permissions.ts does not
// grant fails its cold start on AWS, and fails here first. Each in a fresh Node process, as a cold start.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { grantEnvironment, type GrantNames } from '#infra/grants';
import { functionNeeds, type FunctionNeeds } from '#infra/permissions';
import { forEachQueue } from '#shared/queues';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

const names: GrantNames = {
  tableName: 'table',
  queueUrls: forEachQueue((q) => `https://sqs.sa-east-1.amazonaws.com/123456789012/${q}`),
  crlBucket: 'crl-bucket',
  crlKey: 'agent/crl.der',
  signingKeySecretId: 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:signing',
  verificationKeySecretId: 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:verification',
  agentCaSecretId: 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:agent-ca',
  providerSecretPrefix: 'whatsapp-platform/provider',
  integrationSecretPrefix: 'whatsapp-platform/integration',
  webhookSecretPrefix: 'whatsapp-platform/webhook',
  placeIndexName: 'places',
  modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
  guardrailId: 'abc123guardrail',
  guardrailVersion: '1',
  mailFrom: 'no-reply@example.com',
  adminEmail: 'admin@example.com',
};

/** What the Lambda runtime sets, the stack's common variables, and the function's grants: nothing else. */
const lambdaEnvironment = (id: string, needs: FunctionNeeds): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  AWS_LAMBDA_FUNCTION_NAME: id,
  AWS_REGION: 'sa-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  AWS_SESSION_TOKEN: 'test',
  APP_VERSION: '0.0.0',
  APP_COMMIT: 'test',
  APP_BUILD_TIME: '2026-01-01T00:00:00.000Z',
  ...grantEnvironment(needs, names),
});

/** Imports the entry in a new process; resolves with what it printed, rejects with its error. */
async function load(entry: string, env: Record<string, string>): Promise<string> {
  const probe = `const m = await import(${JSON.stringify(path.join(root, entry))}); console.log(typeof m.handler);`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
    cwd: root,
    env,
    timeout: 60_000,
  });
  return stdout.trim();
}

describe('each Lambda entry with exactly the environment infra/permissions.ts grants it', () => {
  it.concurrent.each(functionNeeds.map(({ entry, needs }) => [entry.id, entry.entry, needs] as const))(
    '%s loads and exports a handler',
    async (id, entry, needs) => {
      expect(await load(entry, lambdaEnvironment(id, needs))).toBe('function');
    },
  );

  it('fails the cold start, naming the variable, when a need is not granted', async () => {
    const { entry, needs } = functionNeeds.find((f) => f.entry.id === 'Group-external-messages')!;
    const env = lambdaEnvironment(entry.id, needs);
    delete env.PROVIDER_SECRET_PREFIX;
    await expect(load(entry.entry, env)).rejects.toThrow(/PROVIDER_SECRET_PREFIX/);
  });
});
