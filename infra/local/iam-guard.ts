// The local run's IAM: every AWS call a function makes under `npm start` and in the integration tests
// (DynamoDB through the SDK, and the queue, bucket, secrets, mail, geocoder and model adapters) is evaluated
// against the statements the stack gives that function's role (infra/grants.ts, from the grant table
// infra/permissions.ts) by a real implementation of AWS's policy evaluation (@cloud-copilot/iam-simulate),
// and refused with the error AWS answers when the deployed role would be denied. The runtime says which
// function is running (asFunction); calls made by no function (the seed, the simulators) are not judged.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { policyStatements, secretArn, sesIdentities, type GrantTargets, type Statement } from '#infra/grants';
import { functionNeeds } from '#infra/permissions';
import { guardrailApplyArns, modelChoice, modelInvokeArns } from '#infra/model';
import type { Adapters } from '#shared/adapters/ports';
import { forEachQueue, type QueueName } from '#shared/queues';
import { config } from '#shared/config';
import { tableKeys } from '#shared/db/table';

const ACCOUNT = '000000000000';
const PARTITION = 'aws';

// ---------------------------------------------------------------------------------------------
// Which function is running

const running = new AsyncLocalStorage<string>();

/** Runs `work` as the Lambda `functionId` (infra/functions.ts): the AWS calls it makes are judged by that function's role. */
export const asFunction = <T>(functionId: string, work: () => T): T => running.run(functionId, work);

/** The function running now, if any. */
export const runningFunction = (): string | undefined => running.getStore();

/** Runs `work` as no function (the local run's own machinery: seeding, simulators), even inside a function's call. */
export const asNoFunction = <T>(work: () => T): T => running.exit(work);

// ---------------------------------------------------------------------------------------------
// The local names of the stack's resources

/** Secrets Manager adds '-' and six random characters to a secret's name in its ARN; locally they are drawn from the name. */
export function localSecretArn(idOrArn: string): string {
  if (idOrArn.startsWith('arn:')) return idOrArn;
  const suffix = createHash('sha256').update(idOrArn).digest('base64url').replace(/[-_]/g, 'x').slice(0, 6);
  return secretArn({ partition: PARTITION, region: config().region, account: ACCOUNT }, `${idOrArn}-${suffix}`);
}

export const localTableArn = (tableName: string) => `arn:${PARTITION}:dynamodb:${config().region}:${ACCOUNT}:table/${tableName}`;
const localQueueArn = (queue: QueueName) => `arn:${PARTITION}:sqs:${config().region}:${ACCOUNT}:${queue}`;
const localBucketArn = () => `arn:${PARTITION}:s3:::${process.env.CRL_BUCKET ?? 'local-bucket'}`;
const localPlaceIndexArn = () =>
  `arn:${PARTITION}:geo:${config().region}:${ACCOUNT}:place-index/${process.env.PLACE_INDEX_NAME ?? 'local-enderecos'}`;

/** The guardrail's ARN as the stack names it (bedrock:ApplyGuardrail is judged on it), with the local id. */
const localGuardrailArn = () =>
  `arn:${PARTITION}:bedrock:${config().region}:${ACCOUNT}:guardrail/${process.env.GUARDRAIL_ID ?? 'local-guardrail'}`;
/** The model the local run calls (MODEL_ID, infra/model.ts): its profile and foundation models, as the stack grants them. */
const localModel = () => modelChoice(process.env.MODEL_ID ?? 'anthropic.claude-3-haiku-20240307-v1:0');
const localArnParts = () => ({ partition: PARTITION, region: config().region, account: ACCOUNT });

/** The stack's grant targets with the local run's names (shared/config.ts), as infra/stack.ts builds them with CloudFormation's. */
export function localTargets(): GrantTargets {
  const c = config();
  return {
    partition: PARTITION,
    region: c.region,
    account: ACCOUNT,
    tableArn: localTableArn(c.tableName),
    queueArns: forEachQueue(localQueueArn),
    crlBucketArn: localBucketArn(),
    crlKey: c.crlKey,
    signingKeyArn: localSecretArn(c.signingKeySecretId),
    verificationKeysArn: localSecretArn(c.verificationKeySecretId),
    agentCaArn: localSecretArn(c.agentCaSecretId),
    providerSecretPrefix: c.providerSecretPrefix,
    integrationSecretPrefix: c.integrationSecretPrefix,
    webhookSecretPrefix: c.webhookSecretPrefix,
    placeIndexArn: localPlaceIndexArn(),
    modelArns: modelInvokeArns(localModel(), localArnParts()),
    // The simulator has no guardrail profile: the guardrail alone, as in a Region without one.
    guardrailArns: guardrailApplyArns(localGuardrailArn(), undefined, localArnParts()),
    mailIdentities: c.mailFrom ? sesIdentities(c.mailFrom, c.adminEmail) : [],
    pushApplicationArns: Object.values(localPushApplications()),
  };
}

/** The local run's SNS platform applications (the outbox adapter stands for them), as the stack's context would name them. */
const localPushApplications = () => ({
  android: `arn:${PARTITION}:sns:${config().region}:${ACCOUNT}:app/GCM/local-android`,
  ios: `arn:${PARTITION}:sns:${config().region}:${ACCOUNT}:app/APNS/local-ios`,
});

/** The SNS endpoint ARN a local endpoint (`local:push:<plataforma>:<id>`, shared/adapters/local/push.ts) stands for. */
const localEndpointArn = (endpoint: string): string => {
  const [, , plataforma, id] = endpoint.split(':');
  const application = plataforma === 'ios' ? localPushApplications().ios : localPushApplications().android;
  return `${application.replace(':app/', ':endpoint/')}/${id ?? ''}`;
};

// ---------------------------------------------------------------------------------------------
// Decisions

export interface AwsRequest {
  action: string;
  resource: string;
  /** Condition keys AWS sets for the request, e.g. dynamodb:LeadingKeys. */
  context?: Record<string, string | string[]>;
}

/** An AWS service's refusal, shaped as the SDK surfaces it (name, fault, HTTP status). */
export class AccessDenied extends Error {
  readonly $fault = 'client';
  readonly $metadata: { httpStatusCode: number };
  readonly Code: string;
  constructor(
    name: string,
    status: number,
    readonly functionId: string,
    readonly request: AwsRequest,
  ) {
    super(
      `User: arn:aws:sts::${ACCOUNT}:assumed-role/${functionId}/${functionId} is not authorized to perform: ${request.action} on resource: ${request.resource} because no identity-based policy allows the ${request.action} action`,
    );
    this.name = name;
    this.Code = name;
    this.$metadata = { httpStatusCode: status };
  }
}

/** The error each service answers a denied call with: S3's AccessDenied (403), the JSON services' AccessDeniedException (400). */
const denial = (action: string) =>
  action.startsWith('s3:') ? { name: 'AccessDenied', status: 403 } : { name: 'AccessDeniedException', status: 400 };

export interface IamGuardOptions {
  /** Appends every call's function, action, resource and decision to this file (JSON lines): the grant table's measured usage. */
  usageFile?: string;
}

export class IamGuard {
  private readonly policies = new Map<string, { statements: Statement[]; conditional: boolean }>();
  private readonly decisions = new Map<string, Promise<boolean>>();
  private readonly used = new Set<string>();

  constructor(private readonly options: IamGuardOptions = {}) {}

  /** The function's statements, built once from the grant table with the local names. */
  private policyOf(functionId: string) {
    let policy = this.policies.get(functionId);
    if (!policy) {
      const found = functionNeeds.find((f) => f.entry.id === functionId);
      if (!found) throw new Error(`IAM guard: ${functionId} is not a function of infra/functions.ts`);
      const statements = policyStatements(found.needs, localTargets());
      policy = { statements, conditional: statements.some((s) => s.Condition) };
      this.policies.set(functionId, policy);
    }
    return policy;
  }

  /** Whether the function's role may make the request (cached: the same question always gets the same answer). */
  allows(functionId: string, request: AwsRequest): Promise<boolean> {
    const policy = this.policyOf(functionId);
    // Condition keys only change the answer where a statement has a condition.
    const key = [functionId, request.action, request.resource, policy.conditional ? JSON.stringify(request.context ?? {}) : ''].join('\0');
    let decision = this.decisions.get(key);
    if (!decision) {
      if (this.decisions.size > 100_000) this.decisions.clear();
      decision = simulate(functionId, policy.statements, request);
      this.decisions.set(key, decision);
    }
    return decision;
  }

  /** Refuses the requests of the running function its role would be denied; a call made by no function passes. */
  async check(requests: readonly AwsRequest[]): Promise<void> {
    const functionId = running.getStore();
    if (!functionId) return;
    for (const request of requests) {
      const allowed = await this.allows(functionId, request);
      this.record(functionId, request, allowed);
      if (!allowed) {
        const { name, status } = denial(request.action);
        throw new AccessDenied(name, status, functionId, request);
      }
    }
  }

  private record(functionId: string, request: AwsRequest, allowed: boolean): void {
    if (!this.options.usageFile) return;
    const line = JSON.stringify({ function: functionId, action: request.action, resource: usageResource(request.resource), allowed });
    if (this.used.has(line)) return;
    this.used.add(line);
    mkdirSync(path.dirname(this.options.usageFile), { recursive: true });
    appendFileSync(this.options.usageFile, line + '\n');
  }
}

/** A resource as the usage table names it: a secret by its name, with the application, integration, webhook and field as `*`. */
const usageResource = (resource: string): string =>
  resource
    .replace(/:secret:(.+)-\w{6}$/, ':secret:$1')
    .replace(/(:secret:[^/]+)\/\d+\//, '$1/*/')
    .replace(/integracao-\d+\.\w+$/, '*')
    .replace(/\/(saida|entrada)-\d+$/, '/$1-*');

/**
 * SNS mobile push's resources (a platform application, its endpoints): AWS authorizes CreatePlatformEndpoint on the
 * application and Publish and DeleteEndpoint on the endpoint (its denials name them), but the Service Authorization
 * Reference the simulator reads gives those actions no such resource type. Judged here instead: a statement without
 * a condition naming the action on a resource that matches (`*` any characters, `?` one).
 */
const pushResource = /^arn:[^:]+:sns:[^:]*:[^:]*:(app|endpoint)\//;
const globMatches = (pattern: string, value: string): boolean =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(value);

async function simulate(functionId: string, statements: Statement[], request: AwsRequest): Promise<boolean> {
  if (request.action.startsWith('sns:') && pushResource.test(request.resource)) {
    return statements.some(
      (s) => !s.Condition && s.Action.includes(request.action) && s.Resource.some((r) => globMatches(r, request.resource)),
    );
  }
  const result = await runSimulation(
    {
      identityPolicies: [{ name: functionId, policy: { Version: '2012-10-17', Statement: statements } }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      request: {
        principal: `arn:${PARTITION}:iam::${ACCOUNT}:role/${functionId}`,
        action: request.action,
        resource: { resource: request.resource, accountId: ACCOUNT },
        contextVariables: request.context ?? {},
      },
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(`IAM guard: cannot evaluate ${request.action}: ${JSON.stringify(result.errors)}`);
  return result.overallResult === 'Allowed';
}

// ---------------------------------------------------------------------------------------------
// DynamoDB: what each command asks IAM for

type AttributeValue = { S?: string; N?: string; B?: Uint8Array };
type Item = Record<string, AttributeValue>;
interface DynamoInput {
  TableName?: string;
  IndexName?: string;
  Key?: Item;
  Item?: Item;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  RequestItems?: Record<string, { Keys?: Item[] } | { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>;
  TransactItems?: Record<string, DynamoInput>[];
}

const partitionKeyOf = (item: Item | undefined) => {
  const value = item?.[tableKeys.partitionKey];
  return value?.S ?? value?.N;
};
const leadingKeys = (items: (Item | undefined)[]): Record<string, string[]> => {
  const keys = [...new Set(items.map(partitionKeyOf).filter((k): k is string => k !== undefined))];
  return keys.length > 0 ? { 'dynamodb:LeadingKeys': keys } : {};
};

/** The partition key value a Query's key condition names (`pk = :v`, names through #aliases). */
function queriedPartition(input: DynamoInput): string | undefined {
  const keyName = input.IndexName ? tableKeys.gsi1.partitionKey : tableKeys.partitionKey;
  for (const [, name, value] of (input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const resolved = name?.startsWith('#') ? input.ExpressionAttributeNames?.[name] : name;
    if (resolved === keyName) return input.ExpressionAttributeValues?.[value!]?.S;
  }
  return undefined;
}

/** The IAM requests of one DynamoDB operation: a transaction is authorized per item action, a batch once with all its keys. */
export function dynamoRequests(operation: string, input: DynamoInput): AwsRequest[] {
  const table = (name: string | undefined) => localTableArn(name ?? '');
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [{ action: `dynamodb:${operation}`, resource: table(input.TableName), context: leadingKeys([input.Key]) }];
    case 'PutItem':
      return [{ action: 'dynamodb:PutItem', resource: table(input.TableName), context: leadingKeys([input.Item]) }];
    case 'Query': {
      const resource = input.IndexName ? `${table(input.TableName)}/index/${input.IndexName}` : table(input.TableName);
      const pk = queriedPartition(input);
      return [{ action: 'dynamodb:Query', resource, context: pk ? { 'dynamodb:LeadingKeys': [pk] } : {} }];
    }
    case 'BatchGetItem':
      return Object.entries(input.RequestItems ?? {}).map(([name, request]) => ({
        action: 'dynamodb:BatchGetItem',
        resource: table(name),
        context: leadingKeys((request as { Keys?: Item[] }).Keys ?? []),
      }));
    case 'BatchWriteItem':
      return Object.entries(input.RequestItems ?? {}).map(([name, writes]) => ({
        action: 'dynamodb:BatchWriteItem',
        resource: table(name),
        context: leadingKeys(
          (writes as { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]).map(
            (w) => w.PutRequest?.Item ?? w.DeleteRequest?.Key,
          ),
        ),
      }));
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      const actions: Record<string, string> = {
        Put: 'PutItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        ConditionCheck: 'ConditionCheckItem',
        Get: 'GetItem',
      };
      return (input.TransactItems ?? []).flatMap((entry) =>
        Object.entries(entry).map(([kind, part]) => ({
          action: `dynamodb:${actions[kind] ?? kind}`,
          resource: table(part.TableName),
          context: leadingKeys([part.Key ?? part.Item]),
        })),
      );
    }
    default:
      return [{ action: `dynamodb:${operation}`, resource: table(input.TableName) }];
  }
}

/** Puts the guard in front of a DynamoDB client: every command's requests are judged before it is sent (after the document client's marshalling). */
export function guardDynamo(client: DynamoDBClient, guard: IamGuard): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = String(context.commandName ?? '').replace(/Command$/, '');
      await guard.check(dynamoRequests(operation, args.input as DynamoInput));
      return next(args);
    },
    { step: 'build', name: 'localIamGuard', override: true },
  );
}

// ---------------------------------------------------------------------------------------------
// The other services, behind the adapters

/** The adapters given, each call judged as the AWS call it stands for (a secret store's `exists` says whether a put creates). */
export function guardAdapters(
  adapters: Partial<Adapters>,
  guard: IamGuard,
  exists: { secret(id: string): Promise<boolean> } = { secret: async () => true },
): Partial<Adapters> {
  const { queue, blobs, secrets, secretStore, mail, geocoder, model, push } = adapters;
  const object = (key: string) => `${localBucketArn()}/${key}`;
  const secret = (id: string) => localSecretArn(id);
  return {
    ...adapters,
    ...(queue && {
      queue: {
        async send(name, message, options) {
          await guard.check([{ action: 'sqs:SendMessage', resource: localQueueArn(name) }]);
          return queue.send(name, message, options);
        },
      },
    }),
    ...(blobs && {
      blobs: {
        async get(key) {
          await guard.check([{ action: 's3:GetObject', resource: object(key) }]);
          const bytes = await blobs.get(key);
          // S3 answers a missing object with 404 only to a caller who may list the bucket; to others, 403.
          if (bytes === undefined) await guard.check([{ action: 's3:ListBucket', resource: localBucketArn() }]);
          return bytes;
        },
        ...(blobs.getVersioned && {
          getVersioned: async (key: string) => {
            await guard.check([{ action: 's3:GetObject', resource: object(key) }]);
            return blobs.getVersioned!(key);
          },
        }),
        async put(key, bytes, contentType, condition) {
          await guard.check([{ action: 's3:PutObject', resource: object(key) }]);
          return blobs.put(key, bytes, contentType, condition);
        },
      },
    }),
    ...(secrets && {
      secrets: {
        async get(id, versionId) {
          await guard.check([{ action: 'secretsmanager:GetSecretValue', resource: secret(id) }]);
          return secrets.get(id, versionId);
        },
      },
    }),
    ...(secretStore && {
      secretStore: {
        // PutSecretValue, and CreateSecret for a secret that does not exist yet (shared/adapters/aws/secrets-manager.ts).
        async put(id, value) {
          const creates = !(await exists.secret(id));
          await guard.check([
            { action: 'secretsmanager:PutSecretValue', resource: secret(id) },
            ...(creates ? [{ action: 'secretsmanager:CreateSecret', resource: secret(id) }] : []),
          ]);
          return secretStore.put(id, value);
        },
      },
    }),
    ...(mail && {
      mail: {
        async send(message) {
          // SES authorizes the sending identity.
          const identity = `arn:${PARTITION}:ses:${config().region}:${ACCOUNT}:identity/${config().mailFrom ?? ''}`;
          await guard.check([{ action: 'ses:SendEmail', resource: identity }]);
          return mail.send(message);
        },
      },
    }),
    ...(geocoder && {
      geocoder: {
        async geocode(query) {
          await guard.check([{ action: 'geo:SearchPlaceIndexForText', resource: localPlaceIndexArn() }]);
          return geocoder.geocode(query);
        },
      },
    }),
    ...(push && {
      push: {
        async register(device) {
          await guard.check([{ action: 'sns:CreatePlatformEndpoint', resource: localPushApplications()[device.plataforma] }]);
          return push.register(device);
        },
        async send(endpoint, notification) {
          await guard.check([{ action: 'sns:Publish', resource: localEndpointArn(endpoint) }]);
          return push.send(endpoint, notification);
        },
        async unregister(endpoint) {
          await guard.check([{ action: 'sns:DeleteEndpoint', resource: localEndpointArn(endpoint) }]);
          return push.unregister(endpoint);
        },
      },
    }),
    ...(model && {
      model: {
        async converse(request) {
          await guard.check(modelCallRequests());
          return model.converse(request);
        },
      },
    }),
  };
}

/**
 * What AWS authorizes for one Converse call through the guardrail: bedrock:InvokeModel on the resource it names (the
 * foundation model, or the inference profile and then the model where the profile runs it: here the calling Region's,
 * for a global profile its Region-less ARN) and bedrock:ApplyGuardrail on the guardrail.
 */
export function modelCallRequests(): AwsRequest[] {
  const choice = localModel();
  const { partition, region, account } = localArnParts();
  const foundation = (r: string) => `arn:${partition}:bedrock:${r}::foundation-model/${choice.foundationModel}`;
  const profile = `arn:${partition}:bedrock:${region}:${account}:inference-profile/${choice.modelId}`;
  const invoked =
    choice.routing.kind === 'in-region' ? [foundation(region)] : [profile, foundation(choice.routing.kind === 'global' ? '' : region)];
  return [
    ...invoked.map((resource) => ({ action: 'bedrock:InvokeModel', resource })),
    { action: 'bedrock:ApplyGuardrail', resource: localGuardrailArn() },
  ];
}
