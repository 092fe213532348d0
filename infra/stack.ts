// The whole service: the table, the work queues, the schedules, the CRL bucket, the signing-key secret,
// the place index, every Lambda (infra/functions.ts) with exactly the rights listed in infra/permissions.ts,
// and the REST API built from the route table.
//
// Layout (docs/decisions.md, "Room to grow"): this root template holds what keeps data or an address
// (table, bucket, secrets, queues, place index, the API with its stage and paths); each Lambda has a nested
// stack of its own, holding its role, policy and log group and what invokes it (its API methods, its
// authorizer, its queue mapping, its schedule). A function costs this template one resource, a route only
// the path segments it adds.
import { createHash } from 'node:crypto';
import { Aws, CfnOutput, Duration, Fn, NestedStack, RemovalPolicy, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import { CfnGuardrail, CfnGuardrailVersion } from 'aws-cdk-lib/aws-bedrock';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { CfnPlaceIndex } from 'aws-cdk-lib/aws-location';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { externalsFor } from '#infra/bundling';
import { DISTRIBUTION_MARKER_HEADER, VIEWER_IP_HEADER } from '#infra/console-edge';
import { API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS } from '#infra/constructs/aws-limits';
import { ConsoleSite } from '#infra/constructs/console-site';
import { PlaceIndex } from '#infra/constructs/place-index';
import { ServiceApi, stageName, type AgentDomainProps } from '#infra/constructs/rest-api';
import { ServiceFunction } from '#infra/constructs/service-function';
import { WorkQueue } from '#infra/constructs/work-queue';
import {
  authorizerFunctions,
  consumerFunctions,
  groupFunctions,
  scheduledFunctions,
  streamFunctions,
  type LambdaEntry,
} from '#infra/functions';
import { grantEnvironment, policyStatements, sesIdentities, type GrantNames, type GrantTargets } from '#infra/grants';
import { guardrailProps } from '#infra/guardrail';
import {
  guardrailApplyArns,
  guardrailProfileArn,
  modelInvokeArns,
  modelSettings,
  type ModelContext,
  type ModelSettings,
} from '#infra/model';
import { functionNeeds } from '#infra/permissions';
import { declarationOf, queues, type QueueName } from '#shared/queues';
import { tableKeys } from '#shared/db/table';
import { routes } from '#shared/http/routes';

/** Key of the DER CRL in the CRL bucket (shared/config.ts's default). */
export const crlKey = 'crl/agent-ca.crl';

export interface BuildInfo {
  version: string;
  commit: string;
  /** ISO time of the synth. */
  time: string;
}

export type MailChoice = { mailFrom: string; adminEmail?: string } | 'none';

export interface PlatformStackProps extends StackProps {
  build: BuildInfo;
  /**
   * The contact form's e-mail, a deliberate choice: a verified SES sender (MAIL_FROM, ses:SendEmail granted on it,
   * its domain and the recipient only) and the recipient (ADMIN_EMAIL); or 'none', no mail and no SES right.
   */
  mail: MailChoice;
  /** The agent channel's mTLS custom domain; omitted, no domain is created. */
  agentDomain?: AgentDomainProps;
  /** The API's public URL (a custom domain, a proxy); default the stage's execute-api URL. */
  publicBaseUrl?: string;
  /** The model and guardrail profile context keys (infra/model.ts); omitted, the Region's defaults. */
  model?: ModelContext;
  /**
   * The SNS platform applications of the push notifications (created outside the stack: they hold the FCM key and
   * the APNs certificate); a platform omitted takes no device (docs/app-chat.md).
   */
  push?: { android?: string | undefined; ios?: string | undefined };
  /** The RFC 3161 time-stamp authority the stamping worker asks (TSA_URL, default DEFAULT_TSA_URL) and its CA's PEM (TSA_CA_PEM). */
  tsa?: { url?: string; caPem?: string };
}

/** The time-stamp authority when no `tsaUrl` context names one: FreeTSA's public RFC 3161 service (docs/stamps.md). */
const DEFAULT_TSA_URL = 'https://freetsa.org/tsr';

export class PlatformStack extends Stack {
  readonly table: Table;
  readonly queues: Record<QueueName, WorkQueue>;
  readonly functions = new Map<string, ServiceFunction>();
  readonly api: ServiceApi;
  readonly crlBucket: Bucket;
  readonly agentCa: Secret;
  readonly signingKey: Secret;
  readonly verificationKeys: Secret;
  readonly placeIndex: CfnPlaceIndex;
  readonly console: ConsoleSite;
  /** The model the functions that call one call, and the guardrail every call goes through (docs/ai.md). */
  readonly model: ModelSettings;
  readonly guardrail: CfnGuardrail;
  readonly guardrailVersion: CfnGuardrailVersion;
  /** What the grants point at and the names the environments carry (infra/grants.ts), for a need no function has yet. */
  readonly grantTargets: GrantTargets;
  readonly grantNames: GrantNames;

  constructor(scope: Construct, id: string, props: PlatformStackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableKeys.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableKeys.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableKeys.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The balance items' moves, for the statement's follower, and the new RFC 3161 stamps (infra/functions.ts, streams).
      stream: StreamViewType.NEW_IMAGE,
      // Balances and statements live here: never deleted with the stack or by accident.
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: tableKeys.gsi1.name,
      partitionKey: { name: tableKeys.gsi1.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableKeys.gsi1.sortKey, type: AttributeType.STRING },
    });

    this.crlBucket = new Bucket(this, 'CrlBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL, // the CRL is served through the API, not from S3
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.crlBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Holds only the CRL, public data published by operators; versioning keeps every change. Server access logs would need a second bucket for little audit value.',
    });

    // The key set shared/auth/signing-keys.ts reads: {"keys":[<private RS256 JWK with kid>, ...],
    // "signsFrom":{<kid>: <ISO time>}}, the key whose time came last signing (infra/scripts/rotate-signing-key.ts
    // publishes each new key 16 minutes before it signs). Created with an empty key list; operators put the generated key set
    // in after the first deploy, and until then token issuing fails with "holds no keys".
    // (generateSecretString, not a literal value: CloudFormation never rewrites a generated value
    // on later deploys, so the real keys are not reset.)
    this.signingKey = new Secret(this, 'SigningKey', {
      description:
        'RS256 signing key set {"keys":[private JWK with kid, ...], "signsFrom":{kid: ISO time}}; the key whose time came last signs',
      generateSecretString: { secretStringTemplate: JSON.stringify({ keys: [] }), generateStringKey: 'placeholder' },
    });
    Validations.of(this.signingKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating a signing key means publishing a new kid while the old one still verifies live tokens; that is a planned key rollover, not a Secrets Manager rotation Lambda.',
    });

    // The public half of that set, {"keys":[public JWK with kid, ...]}: the only key material the JWT
    // verifiers (the oauth2, portal and agent authorizers) may read. `npm run bootstrap` writes it from
    // the private set; the rotation procedure publishes a new key here before it signs (docs/decisions.md).
    this.verificationKeys = new Secret(this, 'VerificationKeys', {
      description: 'RS256 verification key set {"keys":[public JWK with kid, ...]}, the public half of SigningKey',
      generateSecretString: { secretStringTemplate: JSON.stringify({ keys: [] }), generateStringKey: 'placeholder' },
    });
    Validations.of(this.verificationKeys).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Public keys, derived from SigningKey by the bootstrap and the documented rollover; there is nothing to rotate in place.',
    });

    // The agent channel's CA ({certPem, privateKeyPkcs8Pem}), written by `npm run bootstrap` with the
    // first CRL. Read only where agent certificates or CRLs are issued (infra/permissions.ts readsAgentCa).
    const agentCa = (this.agentCa = new Secret(this, 'AgentCa', {
      description: 'Agent channel CA {certPem, privateKeyPkcs8Pem}; its certificate is the mTLS truststore',
      generateSecretString: { secretStringTemplate: JSON.stringify({}), generateStringKey: 'placeholder' },
    }));
    Validations.of(agentCa).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A CA key is rolled over by issuing a new CA and truststore, not rotated in place by a rotation Lambda.',
    });

    // The applications' provider secrets, one secret each, created by the admin group under this prefix
    // (shared/providers/secrets.ts); IAM names each function's by prefix and name.
    const providerSecretPrefix = `${this.stackName}/provedores`;
    const integrationSecretPrefix = `${this.stackName}/integracoes`;
    // The webhooks' secrets (shared/secrets/webhooks.ts): the provider portal's signing keys and the
    // inbound subscriptions' HMAC keys, one secret each, created by the functions that keep them.
    const webhookSecretPrefix = `${this.stackName}/webhooks`;

    // Geocodes the physician's profile address (shared/adapters/aws/location.ts, docs/decisions.md). `Storage`,
    // not `SingleUse`: the point is kept in the profile, and the service terms allow keeping only Storage results.
    // HERE, not Esri: Esri's terms forbid tracking or routing staff. A new data source replaces the index
    // (under a new name, infra/constructs/place-index.ts).
    this.placeIndex = new PlaceIndex(this, 'PlaceIndex', {
      dataSource: 'Here',
      intendedUse: 'Storage',
      description: "Geocodes the on-call physicians' profile addresses (Brazil)",
    }).index;

    // The model (a context key, by default the Region's small, cheap one) and the guardrail every call to it names
    // (infra/guardrail.ts): a denied topic for diagnoses and clinical advice, CPFs and other identifiers refused in and
    // out. Its version is what the functions call: a new one is published whenever the guardrail's definition changes
    // (the version's description carries the definition's hash, so CloudFormation replaces it).
    const resolvedRegion = Token.isUnresolved(this.region) ? undefined : this.region;
    this.model = modelSettings(resolvedRegion, props.model);
    const arnParts = { partition: Aws.PARTITION, region: Aws.REGION, account: Aws.ACCOUNT_ID };
    const guardrailDefinition = guardrailProps(
      guardrailName(this.stackName),
      this.model.guardrailProfile && guardrailProfileArn(this.model.guardrailProfile, arnParts),
    );
    this.guardrail = new CfnGuardrail(this, 'Guardrail', guardrailDefinition);
    const definitionHash = createHash('sha256')
      .update(JSON.stringify(this.resolve(guardrailDefinition)))
      .digest('hex')
      .slice(0, 16);
    this.guardrailVersion = new CfnGuardrailVersion(this, `GuardrailVersion${definitionHash}`, {
      guardrailIdentifier: this.guardrail.attrGuardrailId,
      description: `The guardrail as of definition ${definitionHash}`,
    });

    // Every function (infra/functions.ts) with its timeout, in a nested stack of its own.
    const common = { APP_VERSION: props.build.version, APP_COMMIT: props.build.commit, APP_BUILD_TIME: props.build.time };
    const create = (entry: LambdaEntry, description: string) => {
      const { memorySize } = entry;
      const need = functionNeeds.find((n) => n.entry.id === entry.id)?.needs;
      const secretsExtension =
        !!need &&
        (need.readsSigningKey ||
          need.readsVerificationKeys ||
          need.readsProviderSecrets.length > 0 ||
          need.integrationSecrets === 'read' ||
          need.outboundWebhookSecrets === 'read' ||
          need.outboundWebhookSecrets === 'read-write' ||
          need.inboundWebhookSecrets === 'read' ||
          need.readsAgentCa);
      const home = new NestedStack(this, entry.id, { description: `${description}: its function and what invokes it` });
      const fn = new ServiceFunction(home, entry.id, {
        entry: entry.entry,
        timeout: Duration.seconds(entry.timeoutSeconds),
        description,
        environment: common,
        memorySize,
        secretsExtension,
        externalModules: externalsFor(need),
      });
      this.functions.set(entry.id, fn);
      return fn;
    };
    // API Gateway gives up on an integration after 29 s; the handlers must answer well before. A group's
    // longest operation is a send: its timeout is the send's budgets added up (infra/functions.ts).
    const groupFns = mapValues(groupFunctions, (entry, g) => {
      if (entry.timeoutSeconds >= API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS) {
        throw new Error(
          `${entry.id}: a ${entry.timeoutSeconds} s timeout outlives API Gateway's ${API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS} s`,
        );
      }
      return create(entry, `Endpoint group ${g}`);
    });
    const authorizerFns = mapValues(authorizerFunctions, (entry, s) => create(entry, `Authorizer ${s}`));
    const consumerFns = mapValues(consumerFunctions, (entry, q) => create(entry, `Consumer of the ${q} queue`));
    const scheduledFns = Object.values(scheduledFunctions).map((entry) => ({
      entry,
      fn: create(entry, `Every ${entry.rateMinutes} minute(s)`),
    }));

    // Each queue of shared/queues.ts, with its dead-letter queue and its consumer.
    this.queues = mapValues(queues, (queue, name) => {
      const { maxReceiveCount, maxConcurrency } = declarationOf(name);
      return new WorkQueue(this, queue.constructId, { consumer: consumerFns[name], maxReceiveCount, maxConcurrency });
    });

    for (const { entry, fn } of scheduledFns) {
      // Beside the function: a rule's invoke permission is made in the rule's stack.
      new Rule(Stack.of(fn), 'Schedule', {
        schedule: Schedule.rate(Duration.minutes(entry.rateMinutes)),
        targets: [new LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
    }

    // Each stream follower on the records of its items, in order, a failed batch retried until it passes (the
    // default: until its records expire), so no move is skipped.
    const streamFns = Object.values(streamFunctions).map((entry) => {
      const fn = create(entry, `Follower of the table's ${entry.sortKey} items`);
      fn.function.addEventSource(
        new DynamoEventSource(this.table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: entry.batchSize,
          filters: [FilterCriteria.filter({ dynamodb: { Keys: { sk: { S: [entry.sortKey] } } } })],
        }),
      );
      Validations.of(fn.role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          "dynamodb:ListStreams, which a DynamoDB event source needs on the function's role, has no resource type: it is granted on * (the event source's own grant); its reads are on this table's stream only.",
      });
      return fn;
    });

    // Grants, exactly as infra/permissions.ts lists them, as infra/grants.ts writes them out. The secrets'
    // ARNs use the pseudo parameters, not the resolved region and account, so they read the same whatever
    // environment the CLI resolves (and cdk-nag names its findings the same way).
    const mail = props.mail === 'none' ? undefined : props.mail;
    const targets: GrantTargets = (this.grantTargets = {
      partition: Aws.PARTITION,
      region: Aws.REGION,
      account: Aws.ACCOUNT_ID,
      tableArn: this.table.tableArn,
      queueArns: mapValues(this.queues, (q) => q.queue.queueArn),
      crlBucketArn: this.crlBucket.bucketArn,
      crlKey,
      signingKeyArn: this.signingKey.secretArn,
      verificationKeysArn: this.verificationKeys.secretArn,
      agentCaArn: agentCa.secretArn,
      providerSecretPrefix,
      integrationSecretPrefix,
      webhookSecretPrefix,
      placeIndexArn: this.placeIndex.placeIndexRef.placeIndexArn,
      modelArns: modelInvokeArns(this.model.model, arnParts),
      guardrailArns: guardrailApplyArns(this.guardrail.attrGuardrailArn, this.model.guardrailProfile, arnParts),
      mailIdentities: mail ? sesIdentities(mail.mailFrom, mail.adminEmail) : [],
      pushApplicationArns: [props.push?.android, props.push?.ios].filter((arn): arn is string => !!arn),
    });
    const names: GrantNames = (this.grantNames = {
      tableName: this.table.tableName,
      queueUrls: mapValues(this.queues, (q) => q.queue.queueUrl),
      crlBucket: this.crlBucket.bucketName,
      crlKey,
      signingKeySecretId: this.signingKey.secretArn,
      verificationKeySecretId: this.verificationKeys.secretArn,
      agentCaSecretId: agentCa.secretArn,
      providerSecretPrefix,
      integrationSecretPrefix,
      webhookSecretPrefix,
      placeIndexName: this.placeIndex.placeIndexRef.indexName,
      modelId: this.model.model.modelId,
      guardrailId: this.guardrail.attrGuardrailId,
      guardrailVersion: this.guardrailVersion.attrVersion,
      mailFrom: mail?.mailFrom,
      adminEmail: mail?.adminEmail,
      pushAndroidArn: props.push?.android,
      pushIosArn: props.push?.ios,
    });
    for (const { entry, needs } of functionNeeds) {
      const fn = this.functions.get(entry.id);
      if (!fn) throw new Error(`infra/permissions.ts lists ${entry.id}, which the stack does not create`);
      fn.grant(policyStatements(needs, targets), grantEnvironment(needs, names));
    }

    // nodejs22.x is deliberate: the bundles target node22 and the local toolchain runs Node 22.
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Runtime pinned to nodejs22.x to match the esbuild target (node22) and the Node 22 used to build and test; moving to a newer runtime is a deliberate upgrade.',
    });

    // The console's distribution marks its requests to the API with a value no caller can know: the random part of
    // this stack's id (known only in the account, never in the template), so the web ACL can trust the viewer address
    // CloudFront writes on them (infra/constructs/web-acl.ts).
    const distributionMarker = Fn.select(2, Fn.split('/', Aws.STACK_ID));
    this.api = new ServiceApi(this, 'Http', {
      authorizerFunctions: mapValues(authorizerFns, (f) => f.function),
      agentDomain: props.agentDomain,
      viaDistribution: { markerHeader: DISTRIBUTION_MARKER_HEADER, markerValue: distributionMarker, viewerIpHeader: VIEWER_IP_HEADER },
    });
    for (const route of routes) this.api.addRoute(route, groupFns[route.group].function);

    // One configured public URL (PUBLIC_BASE_URL): the status callback given to provider_a on each send is
    // built on it, and the webhook checks accept it beside the URL rebuilt from the forwarding headers.
    // The restApiId alone (not the stage) is referenced, so the functions do not depend on the deployment.
    // It is the tokens' issuer (TOKEN_ISSUER) too, for the functions that sign and the authorizers that
    // verify them, so RFC 8414 clients find the metadata under it (/.well-known/oauth-authorization-server).
    const publicBaseUrl = (
      props.publicBaseUrl ?? `https://${this.api.api.restApiId}.execute-api.${this.region}.${this.urlSuffix}/${stageName}`
    ).replace(/\/+$/, '');
    for (const fn of [...Object.values(groupFns), ...Object.values(consumerFns), ...scheduledFns.map((s) => s.fn), ...streamFns]) {
      fn.function.addEnvironment('PUBLIC_BASE_URL', publicBaseUrl);
      fn.function.addEnvironment('TOKEN_ISSUER', publicBaseUrl);
    }
    for (const fn of Object.values(authorizerFns)) fn.function.addEnvironment('TOKEN_ISSUER', publicBaseUrl);

    // The stamping worker's time-stamp authority (docs/stamps.md): only the two functions that ask it know it.
    for (const id of [scheduledFunctions.stamps.id, streamFunctions.stamps.id]) {
      const fn = this.functions.get(id)!.function;
      fn.addEnvironment('TSA_URL', props.tsa?.url ?? DEFAULT_TSA_URL);
      if (props.tsa?.caPem) fn.addEnvironment('TSA_CA_PEM', props.tsa.caPem);
    }

    // The admin console and the API under one CloudFront distribution (docs/decisions.md, "The console's hosting"),
    // in a nested stack: its bucket deployment brings a Lambda of its own.
    const consoleHome = new NestedStack(this, 'ConsoleSite', { description: 'Admin console: bucket, distribution, edge functions' });
    this.console = new ConsoleSite(consoleHome, 'Console', {
      api: this.api.api,
      markerValue: distributionMarker,
    });

    new CfnOutput(this, 'ConsoleUrl', {
      description: 'The admin console; the API answers under the same origin (/api, /oauth2, /.well-known, /openapi.json)',
      value: `https://${this.console.distribution.distributionDomainName}/console/`,
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'CrlBucketName', { value: this.crlBucket.bucketName });
    new CfnOutput(this, 'SigningKeySecretArn', { value: this.signingKey.secretArn });
    new CfnOutput(this, 'VerificationKeySecretArn', { value: this.verificationKeys.secretArn });
    new CfnOutput(this, 'AgentCaSecretArn', { value: agentCa.secretArn });
    new CfnOutput(this, 'ProviderSecretPrefix', { value: providerSecretPrefix });
    new CfnOutput(this, 'IntegrationSecretPrefix', { value: integrationSecretPrefix });
    new CfnOutput(this, 'WebhookSecretPrefix', { value: webhookSecretPrefix });
    new CfnOutput(this, 'PlaceIndexName', { value: this.placeIndex.placeIndexRef.indexName });
    new CfnOutput(this, 'ModelId', { value: this.model.model.modelId });
    new CfnOutput(this, 'GuardrailId', { value: this.guardrail.attrGuardrailId });
    new CfnOutput(this, 'GuardrailVersion', { value: this.guardrailVersion.attrVersion });
  }
}

/** The guardrail's name: unique in the account and Region per stack, at most 50 characters of [0-9a-zA-Z-_]. */
export const guardrailName = (stackName: string): string => `${stackName.replace(/[^0-9a-zA-Z_-]/g, '-').slice(0, 37)}-atendimento`;

const mapValues = <K extends string, A, B>(record: Record<K, A>, f: (a: A, key: K) => B): Record<K, B> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v as A, k as K)])) as Record<K, B>;
