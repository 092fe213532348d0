// Configuration read in one place: values with no default are required where they are used, and a
// Lambda fails at its own cold start on the values it needs, naming their variables.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { s3Blobs } from '#shared/adapters/aws/s3';
import { sqsQueue } from '#shared/adapters/aws/sqs';
import { config, MissingConfigError, needsConfig, requireConfig, resetConfig } from '#shared/config';

const unset = (...names: string[]) => {
  for (const name of names) vi.stubEnv(name, undefined);
  resetConfig();
};

/** A Lambda execution environment: Lambda's own variables, as the runtime sets them. */
const inLambda = () => {
  vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'WhatsappPlatform-Function');
  vi.stubEnv('PLATFORM_RUNTIME', undefined);
  resetConfig();
};

/** Imports an entry file as a new container would (module init is the cold start). */
const coldStart = async (entry: string) => {
  vi.resetModules();
  return import(entry);
};

beforeEach(() =>
  unset(
    'CRL_BUCKET',
    'SIGNING_KEY_SECRET_ID',
    'INBOUND_QUEUE_URL',
    'STATUS_QUEUE_URL',
    'OUTBOUND_WEBHOOK_QUEUE_URL',
    'AWS_LAMBDA_FUNCTION_NAME',
  ),
);
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfig();
});

describe('requireConfig', () => {
  it('returns the values that are set', () => {
    vi.stubEnv('CRL_BUCKET', 'crl-bucket-1');
    vi.stubEnv('STATUS_QUEUE_URL', 'https://sqs.us-east-1.amazonaws.com/1/status');
    resetConfig();

    expect(requireConfig('crlBucket', 'statusQueueUrl')).toEqual({
      crlBucket: 'crl-bucket-1',
      statusQueueUrl: 'https://sqs.us-east-1.amazonaws.com/1/status',
    });
  });

  it('throws naming every variable that is missing or empty, never going on with an empty string', () => {
    vi.stubEnv('CRL_BUCKET', '');
    resetConfig();

    expect(() => requireConfig('crlBucket', 'inboundQueueUrl')).toThrow(MissingConfigError);
    expect(() => requireConfig('crlBucket', 'inboundQueueUrl')).toThrow('missing configuration: CRL_BUCKET, INBOUND_QUEUE_URL are not set');
  });

  it('keeps the real defaults', () => {
    unset(
      'AWS_REGION',
      'TOKEN_ISSUER',
      'AGENT_CRL_CACHE_SECONDS',
      'PARAMETERS_SECRETS_EXTENSION_HTTP_PORT',
      'AWS_LAMBDA_FUNCTION_MEMORY_SIZE',
      'AGENT_CA_SECRET_ID',
      'CRL_KEY',
    );

    expect(config()).toMatchObject({
      agentCaSecretId: 'agent-ca',
      crlKey: 'crl/agent-ca.crl',
      region: 'us-east-1',
      issuer: 'urn:whatsapp-platform',
      agentCrlCacheSeconds: 60,
      secretsExtensionPort: 2773,
      lambdaMemoryMb: undefined,
    });
  });

  it('reads the public URL without its trailing slashes, so every URL built on it has one slash', () => {
    vi.stubEnv('PUBLIC_BASE_URL', 'https://api.clinica.example/prod//');
    resetConfig();

    expect(config().publicBaseUrl).toBe('https://api.clinica.example/prod');
  });

  it('reads the Lambda memory size as a number of MB', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_MEMORY_SIZE', '512');
    resetConfig();

    expect(config().lambdaMemoryMb).toBe(512);
  });
});

describe('needsConfig', () => {
  it('checks at once in Lambda', () => {
    inLambda();

    expect(() => needsConfig('crlBucket')).toThrow('CRL_BUCKET');
  });

  it('leaves the check to the point of use outside Lambda (npm start, tests)', () => {
    expect(() => needsConfig('crlBucket')).not.toThrow();
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'local-Group-public');
    vi.stubEnv('PLATFORM_RUNTIME', 'local');
    resetConfig();
    expect(() => needsConfig('crlBucket')).not.toThrow();
  });
});

describe('cold start of each function', () => {
  it('fails the agent authorizer without CRL_BUCKET, naming it', async () => {
    inLambda();
    vi.stubEnv('SIGNING_KEY_SECRET_ID', 'arn:aws:secretsmanager:us-east-1:1:secret:keys');
    resetConfig();

    await expect(coldStart('#functions/authorizers/agent')).rejects.toThrow('missing configuration: CRL_BUCKET is not set');
  });

  it('fails the JWT authorizers without VERIFICATION_KEY_SECRET_ID (the private set is not theirs), and not on the CRL bucket they do not use', async () => {
    inLambda();
    vi.stubEnv('SIGNING_KEY_SECRET_ID', 'arn:aws:secretsmanager:us-east-1:1:secret:private');
    resetConfig();

    await expect(coldStart('#functions/authorizers/portal-jwt')).rejects.toThrow('VERIFICATION_KEY_SECRET_ID');
    vi.stubEnv('VERIFICATION_KEY_SECRET_ID', 'arn:aws:secretsmanager:us-east-1:1:secret:public');
    resetConfig();
    await expect(coldStart('#functions/authorizers/oauth2')).resolves.toHaveProperty('handler');
  });

  it('fails the token group without SIGNING_KEY_SECRET_ID', async () => {
    inLambda();
    vi.stubEnv('CRL_BUCKET', 'crl-bucket-1');
    resetConfig();

    await expect(coldStart('#functions/token/handler')).rejects.toThrow('SIGNING_KEY_SECRET_ID');
  });

  it('fails the public group without CRL_BUCKET; starts it with it', async () => {
    inLambda();

    await expect(coldStart('#functions/public/handler')).rejects.toThrow('CRL_BUCKET');
    vi.stubEnv('CRL_BUCKET', 'crl-bucket-1');
    resetConfig();
    await expect(coldStart('#functions/public/handler')).resolves.toHaveProperty('handler');
  });

  it('fails the functions that call or verify a provider without PROVIDER_SECRET_PREFIX; starts them with it', async () => {
    inLambda();

    await expect(coldStart('#functions/consumers/status')).rejects.toThrow('PROVIDER_SECRET_PREFIX');
    await expect(coldStart('#functions/external-messages/handler')).rejects.toThrow('PROVIDER_SECRET_PREFIX');
    vi.stubEnv('PROVIDER_SECRET_PREFIX', 'stack/provedores');
    resetConfig();
    await expect(coldStart('#functions/consumers/status')).resolves.toHaveProperty('handler');
  });

  it('fails the daily CRL re-issue without CRL_BUCKET; starts it with it', async () => {
    inLambda();

    await expect(coldStart('#functions/scheduled/crl-reissue')).rejects.toThrow('CRL_BUCKET');
    vi.stubEnv('CRL_BUCKET', 'crl-bucket-1');
    resetConfig();
    await expect(coldStart('#functions/scheduled/crl-reissue')).resolves.toHaveProperty('handler');
  });

  it('starts the functions that need none of them', async () => {
    inLambda();

    await expect(coldStart('#functions/scheduled/exchange-rate')).resolves.toHaveProperty('handler');
    await expect(coldStart('#functions/authorizers/api-key')).resolves.toHaveProperty('handler');
  });
});

describe('AWS adapters at the point of use', () => {
  const client = () => ({ send: vi.fn(async () => ({})) });

  it('the CRL bucket adapter names CRL_BUCKET instead of asking S3 for bucket ""', async () => {
    const s3 = client();

    await expect(s3Blobs(s3 as never).get('crl/agent-ca.crl')).rejects.toThrow('CRL_BUCKET');
    expect(s3.send).not.toHaveBeenCalled();
  });

  it("the queue adapter names the queue's variable, and sends to the URL it holds", async () => {
    const sqs = client();
    const queue = sqsQueue(sqs as never);

    await expect(queue.send('status', { a: 1 })).rejects.toThrow('STATUS_QUEUE_URL');
    expect(sqs.send).not.toHaveBeenCalled();

    vi.stubEnv('STATUS_QUEUE_URL', 'https://sqs.us-east-1.amazonaws.com/1/status');
    resetConfig();
    await queue.send('status', { a: 1 });
    expect((sqs.send.mock.calls[0] as unknown[])[0]).toMatchObject({
      input: { QueueUrl: 'https://sqs.us-east-1.amazonaws.com/1/status', MessageBody: '{"a":1}' },
    });
  });
});
