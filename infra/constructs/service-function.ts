// The one place holding the Lambda defaults: Node.js 22 on ARM64, an ESM bundle built by the
// local esbuild with the options the benchmark measures, its own log group and its own role
// (written to by nothing else), and helpers that grant a resource and set the environment
// variable naming it together, so a function never gets a name without the right or vice versa.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, ParamsAndSecretsLayerVersion, ParamsAndSecretsVersions, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IPlaceIndexRef } from 'aws-cdk-lib/aws-location';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { bundling, runtimeNodeOptions } from '#infra/bundling';
import type { QueueName } from '#shared/adapters/ports';
import { tableKeys } from '#shared/db/table';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type TableAccess = 'none' | 'read' | 'readwrite';

export const tableReadActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
export const tableWriteActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  // The ConditionCheck part of TransactWriteItems (balance checks).
  'dynamodb:ConditionCheckItem',
];

/** The environment variable of each queue's URL, as shared/config.ts reads it. */
export const queueUrlEnv: Record<QueueName, string> = {
  inbound: 'INBOUND_QUEUE_URL',
  status: 'STATUS_QUEUE_URL',
  outboundWebhooks: 'OUTBOUND_WEBHOOK_QUEUE_URL',
  appointmentFlow: 'APPOINTMENT_FLOW_QUEUE_URL',
};

export interface ServiceFunctionProps {
  /** Entry file relative to the repository root (infra/functions.ts). */
  entry: string;
  description?: string;
  timeout: Duration;
  /** 512 MB by default: Lambda gives CPU in proportion, and JWT/HMAC work and cold starts are CPU-bound. */
  memorySize?: number;
  environment?: Record<string, string>;
  /** Adds the Parameters and Secrets extension, through which the function reads its secrets. */
  secretsExtension?: boolean;
}

export class ServiceFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);

    // Its own log group: retention is ours to set and the role writes to this group only.
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });

    // Own role with inline grants instead of AWSLambdaBasicExecutionRole (logs:* on every group).
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(repoRoot, props.entry),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout,
      description: props.description,
      role: this.role,
      logGroup: this.logGroup,
      awsSdkConnectionReuse: false, // SDK v3 reuses connections by itself
      // Secrets over localhost instead of the Secrets Manager SDK client (cold start, docs/performance.md).
      paramsAndSecrets: props.secretsExtension
        ? ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
            cacheEnabled: true,
            secretsManagerTtl: Duration.minutes(5),
          })
        : undefined,
      environment: {
        ...(runtimeNodeOptions ? { NODE_OPTIONS: runtimeNodeOptions } : {}),
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: bundling.target,
        minify: bundling.minify,
        sourceMap: bundling.sourceMap,
        sourcesContent: bundling.sourcesContent,
        externalModules: [...bundling.externalModules],
        mainFields: [...bundling.mainFields],
        banner: bundling.banner,
      },
    });
  }

  /** Grants table access and sets TABLE_NAME, together. */
  useTable(table: ITable, access: TableAccess, writesOnly?: readonly string[]): void {
    if (access === 'none') return;
    const resources = [table.tableArn, `${table.tableArn}/index/${tableKeys.gsi1.name}`];
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: tableReadActions, resources }));
    if (access === 'readwrite') {
      // Every item a request writes must have one of these partition keys (a transaction's items each count).
      const conditions = writesOnly ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...writesOnly] } } : undefined;
      this.role.addToPrincipalPolicy(new PolicyStatement({ actions: tableWriteActions, resources: [table.tableArn], conditions }));
    }
    this.function.addEnvironment('TABLE_NAME', table.tableName);
  }

  /** Grants sending to a queue and sets its URL variable. */
  sendTo(name: QueueName, queue: IQueue): void {
    // SendMessage only (grantSendMessages would add GetQueueAttributes/GetQueueUrl, unused: the URL is in the env).
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
    this.function.addEnvironment(queueUrlEnv[name], queue.queueUrl);
  }

  /** Grants reading one object of a bucket and sets CRL_BUCKET / CRL_KEY. */
  readCrl(bucket: IBucket, key: string): void {
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(key)] }));
    // Without ListBucket S3 answers a missing object with 403 instead of 404 (NoSuchKey), which
    // the blob adapter reports as "no CRL yet". Listing reveals only key names of this bucket.
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    this.function.addEnvironment('CRL_BUCKET', bucket.bucketName);
    this.function.addEnvironment('CRL_KEY', key);
  }

  /** Grants writing the CRL object (after reading it: readCrl), for the functions that publish it. */
  writeCrl(bucket: IBucket, key: string): void {
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects(key)] }));
  }

  /** Grants reading the agent CA's secret (its private key: issuing certificates and CRLs) and sets AGENT_CA_SECRET_ID. */
  readAgentCa(secret: ISecret): void {
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
    this.function.addEnvironment('AGENT_CA_SECRET_ID', secret.secretArn);
  }

  /** Grants reading a secret and sets SIGNING_KEY_SECRET_ID. */
  readSigningKey(secret: ISecret): void {
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
    this.function.addEnvironment('SIGNING_KEY_SECRET_ID', secret.secretArn);
  }

  /** The public key set only (VERIFICATION_KEY_SECRET_ID): a verifier never reads the private one. */
  readVerificationKeys(secret: ISecret): void {
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
    this.function.addEnvironment('VERIFICATION_KEY_SECRET_ID', secret.secretArn);
  }

  /**
   * The applications' provider secrets under `prefix` (PROVIDER_SECRET_PREFIX): GetSecretValue on the
   * named ones of every application, and for their keeper CreateSecret and PutSecretValue, no read.
   */
  useProviderSecrets(prefix: string, reads: readonly string[], writes: boolean): void {
    const { region, account, partition } = Stack.of(this);
    const arn = (name: string) => `arn:${partition}:secretsmanager:${region}:${account}:secret:${prefix}/${name}`;
    if (reads.length > 0) {
      // A secret's ARN ends in '-' and six random characters.
      const resources = reads.map((name) => arn(`*/${name}-??????`));
      this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources }));
    }
    if (writes) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue'], resources: [arn('*')] }),
      );
    }
    this.function.addEnvironment('PROVIDER_SECRET_PREFIX', prefix);
    // The one wildcard: the application id, which the function learns per request (one secret per application and name).
    // cdk-nag names a finding by the resource as synthesized (pseudo parameters in its own notation).
    const nagArn = (name: string) => `arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${prefix}/${name}`;
    for (const finding of [...reads.map((name) => nagArn(`*/${name}-??????`)), ...(writes ? [nagArn('*')] : [])]) {
      Validations.of(this.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${finding}]`,
        reason: 'One secret per application and name: the wildcard is the application id only (shared/providers/secrets.ts).',
      });
    }
  }

  /** Reads (GetSecretValue) or writes (CreateSecret, PutSecretValue) the integrations' secrets; sets INTEGRATION_SECRET_PREFIX. */
  useIntegrationSecrets(prefix: string, access: 'read' | 'write'): void {
    const { region, account, partition } = Stack.of(this);
    // A secret's ARN ends in '-' and six random characters; the wildcard is the application and integration.
    const resource = `arn:${partition}:secretsmanager:${region}:${account}:secret:${prefix}/*`;
    const actions =
      access === 'read' ? ['secretsmanager:GetSecretValue'] : ['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue'];
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [resource] }));
    this.function.addEnvironment('INTEGRATION_SECRET_PREFIX', prefix);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${prefix}/*]`,
      reason: 'One secret per integration and field: the wildcard is the application and integration ids only.',
    });
  }

  /** Grants searching a place index by text (geocoding) and sets PLACE_INDEX_NAME. */
  searchPlaces(index: IPlaceIndexRef): void {
    const { indexName, placeIndexArn } = index.placeIndexRef;
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['geo:SearchPlaceIndexForText'], resources: [placeIndexArn] }));
    this.function.addEnvironment('PLACE_INDEX_NAME', indexName);
  }

  /** Grants ses:SendEmail on the given identities (from and, in the SES sandbox, the recipient). */
  sendMail(identities: readonly string[]): void {
    const { region, account, partition } = Stack.of(this);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: identities.map((id) => `arn:${partition}:ses:${region}:${account}:identity/${id}`),
      }),
    );
  }
}
