// The IAM statements of each function's role, derived from its line in infra/permissions.ts. The
// stack turns them into the roles' policies (with CloudFormation references for the ARNs) and the
// local run's IAM guard evaluates every AWS call against them (with local ARNs), so what a function
// may do on AWS and under `npm start` is the same list, built by this one function.
import type { FunctionNeeds } from '#infra/permissions';
import { queues, type QueueName } from '#shared/queues';
import { tableKeys } from '#shared/db/table';

/** The ARNs and names the statements point at: CloudFormation tokens in the stack, plain strings locally. */
export interface GrantTargets {
  partition: string;
  region: string;
  account: string;
  tableArn: string;
  queueArns: Record<QueueName, string>;
  /** `arn:<partition>:s3:::<bucket>` */
  crlBucketArn: string;
  crlKey: string;
  signingKeyArn: string;
  verificationKeysArn: string;
  agentCaArn: string;
  /** The name prefixes of the applications' provider secrets, of the integrations' secrets and of the webhooks' secrets. */
  providerSecretPrefix: string;
  integrationSecretPrefix: string;
  webhookSecretPrefix: string;
  placeIndexArn: string;
  /** What bedrock:InvokeModel allows: the stack's model or inference profile and the foundation models it routes to (infra/model.ts). */
  modelArns: readonly string[];
  /** What bedrock:ApplyGuardrail allows: the stack's guardrail (and its guardrail profile in the Regions it routes to). */
  guardrailArns: readonly string[];
  /** The SES identities (addresses or domains) the contact form may send from and to; none: no ses:SendEmail. */
  mailIdentities: readonly string[];
  /** The SNS platform applications of the push notifications (android, ios); none: no sns grant. */
  pushApplicationArns: readonly string[];
}

export interface Statement {
  Effect: 'Allow';
  Action: string[];
  Resource: string[];
  Condition?: Record<string, Record<string, string[]>>;
}

const allow = (actions: readonly string[], resources: readonly string[], condition?: Statement['Condition']): Statement => ({
  Effect: 'Allow',
  Action: actions.map((a) => a),
  Resource: [...resources],
  ...(condition ? { Condition: condition } : {}),
});

/** A secret's ARN ends in '-' and six random characters, which a grant on one secret by name must allow. */
export const SECRET_SUFFIX = '-??????';

export const secretArn = (t: Pick<GrantTargets, 'partition' | 'region' | 'account'>, name: string): string =>
  `arn:${t.partition}:secretsmanager:${t.region}:${t.account}:secret:${name}`;

/**
 * Why a resource of these statements may hold a wildcard: only the ids inside a secret's name, which a
 * function learns per request. Any other wildcard is a mistake (the stack refuses it).
 */
export function wildcardReason(resource: string): string | undefined {
  if (/:sns:[^:]*:[^:]*:endpoint\/(GCM|APNS|APNS_SANDBOX)\/[^/*]+\/\*$/.test(resource))
    return 'The endpoints of one SNS platform application: the wildcard is the endpoint id SNS gives each registered device.';
  const secret = /:secretsmanager:.*:secret:(.+)$/.exec(resource)?.[1];
  if (!secret) return undefined;
  if (/\/provedores\/\*(\/[\w.]+-\?{6})?$/.test(secret))
    return 'One secret per application and name: the wildcard is the application id only (shared/providers/secrets.ts).';
  if (/\/integracoes\/\*$/.test(secret))
    return 'One secret per integration and field: the wildcard is the application and integration ids only.';
  if (/\/webhooks\/\*\/(saida|entrada)-\*$/.test(secret))
    return 'One secret per webhook: the wildcards are the application and webhook ids only (shared/secrets/webhooks.ts).';
  return undefined;
}

/** Every statement the function's role needs for what infra/permissions.ts says it does. */
export function policyStatements(needs: FunctionNeeds, t: GrantTargets): Statement[] {
  const statements: Statement[] = [];
  const { table } = needs;
  if (table) {
    const tableReads = table.reads.map((a) => `dynamodb:${a}`);
    const readCondition = table.readsOnly ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...table.readsOnly] } } : undefined;
    if (tableReads.length > 0) statements.push(allow(tableReads, [t.tableArn], readCondition));
    if (table.queriesGsi1) statements.push(allow(['dynamodb:Query'], [`${t.tableArn}/index/${tableKeys.gsi1.name}`]));
    if (table.writes && table.writes.length > 0) {
      // Every item a request writes must have one of these partition keys (a transaction's items each count).
      const condition = table.writesOnly ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...table.writesOnly] } } : undefined;
      statements.push(
        allow(
          table.writes.map((a) => `dynamodb:${a}`),
          [t.tableArn],
          condition,
        ),
      );
    }
  }
  for (const queue of needs.sendsTo) statements.push(allow(['sqs:SendMessage'], [t.queueArns[queue]]));
  if (needs.readsCrl) {
    statements.push(allow(['s3:GetObject'], [`${t.crlBucketArn}/${t.crlKey}`]));
    // Without ListBucket S3 answers a missing object with 403 instead of 404 (NoSuchKey), which
    // the blob adapter reports as "no CRL yet". Listing reveals only key names of this bucket.
    statements.push(allow(['s3:ListBucket'], [t.crlBucketArn]));
  }
  if (needs.writesCrl) statements.push(allow(['s3:PutObject'], [`${t.crlBucketArn}/${t.crlKey}`]));
  if (needs.readsAgentCa) statements.push(allow(['secretsmanager:GetSecretValue'], [t.agentCaArn]));
  if (needs.readsSigningKey) statements.push(allow(['secretsmanager:GetSecretValue'], [t.signingKeyArn]));
  if (needs.readsVerificationKeys) statements.push(allow(['secretsmanager:GetSecretValue'], [t.verificationKeysArn]));
  if (needs.readsProviderSecrets.length > 0) {
    // The one wildcard: the application id, which the function learns per request (one secret per application and name).
    const resources = needs.readsProviderSecrets.map((name) => secretArn(t, `${t.providerSecretPrefix}/*/${name}${SECRET_SUFFIX}`));
    statements.push(allow(['secretsmanager:GetSecretValue'], resources));
  }
  if (needs.writesProviderSecrets) {
    statements.push(allow(['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue'], [secretArn(t, `${t.providerSecretPrefix}/*`)]));
  }
  if (needs.integrationSecrets !== 'none') {
    // The wildcard is the application and integration ids (one secret per integration and field).
    const actions =
      needs.integrationSecrets === 'read'
        ? ['secretsmanager:GetSecretValue']
        : ['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue'];
    statements.push(allow(actions, [secretArn(t, `${t.integrationSecretPrefix}/*`)]));
  }
  // One secret per webhook, the outbound and the inbound ones apart: the wildcards are the application and webhook ids.
  const webhookSecrets = [
    ['saida', needs.outboundWebhookSecrets],
    ['entrada', needs.inboundWebhookSecrets],
  ] as const;
  for (const [kind, access] of webhookSecrets) {
    if (access === 'none') continue;
    const read = access === 'read' || access === 'read-write' ? ['secretsmanager:GetSecretValue'] : [];
    const write = access === 'write' || access === 'read-write' ? ['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue'] : [];
    const actions = [...read, ...write];
    statements.push(allow(actions, [secretArn(t, `${t.webhookSecretPrefix}/*/${kind}-*`)]));
  }
  if (needs.geocodes) statements.push(allow(['geo:SearchPlaceIndexForText'], [t.placeIndexArn]));
  if (needs.callsModel) {
    // Converse is authorized as InvokeModel; the guardrail it names, as ApplyGuardrail.
    statements.push(allow(['bedrock:InvokeModel'], t.modelArns));
    statements.push(allow(['bedrock:ApplyGuardrail'], t.guardrailArns));
  }
  if (needs.pushes && t.pushApplicationArns.length > 0) {
    // SNS authorizes a device's registration on its platform application, a push and a removal on the endpoint.
    statements.push(allow(['sns:CreatePlatformEndpoint'], t.pushApplicationArns));
    statements.push(allow(['sns:Publish', 'sns:DeleteEndpoint'], t.pushApplicationArns.map(pushEndpointsArn)));
  }
  if (needs.sendsMail && t.mailIdentities.length > 0) {
    const identity = (id: string) => `arn:${t.partition}:ses:${t.region}:${t.account}:identity/${id}`;
    statements.push(allow(['ses:SendEmail'], t.mailIdentities.map(identity)));
  }
  return statements;
}

/** The endpoints of an SNS platform application: `arn:...:app/GCM/<name>` -> `arn:...:endpoint/GCM/<name>/*`. */
export const pushEndpointsArn = (application: string): string => `${application.replace(':app/', ':endpoint/')}/*`;

/** The SES identities ses:SendEmail is scoped to: the sender, its domain, and the recipient (checked too in the SES sandbox). */
export function sesIdentities(mailFrom: string, adminEmail: string | undefined): string[] {
  const domain = mailFrom.split('@')[1];
  return [...new Set([mailFrom, ...(domain ? [domain] : []), ...(adminEmail ? [adminEmail] : [])])];
}

/** The names a function's environment gives it for what it is granted (shared/config.ts reads them). */
export interface GrantNames {
  tableName: string;
  queueUrls: Record<QueueName, string>;
  crlBucket: string;
  crlKey: string;
  signingKeySecretId: string;
  verificationKeySecretId: string;
  agentCaSecretId: string;
  providerSecretPrefix: string;
  integrationSecretPrefix: string;
  webhookSecretPrefix: string;
  placeIndexName: string;
  /** The model id the functions call, and the guardrail (id and version) every call names. */
  modelId: string;
  guardrailId: string;
  guardrailVersion: string;
  mailFrom?: string;
  adminEmail?: string;
  pushAndroidArn?: string;
  pushIosArn?: string;
}

/**
 * The environment naming each resource the function is granted, and only those: a function never gets
 * a name without the right to use it, or the right without the name.
 */
export function grantEnvironment(needs: FunctionNeeds, n: GrantNames): Record<string, string> {
  const env: Record<string, string> = {};
  if (needs.table) env.TABLE_NAME = n.tableName;
  for (const queue of needs.sendsTo) env[queues[queue].urlVariable] = n.queueUrls[queue];
  if (needs.readsCrl || needs.writesCrl) Object.assign(env, { CRL_BUCKET: n.crlBucket, CRL_KEY: n.crlKey });
  if (needs.readsAgentCa) env.AGENT_CA_SECRET_ID = n.agentCaSecretId;
  if (needs.readsSigningKey) env.SIGNING_KEY_SECRET_ID = n.signingKeySecretId;
  if (needs.readsVerificationKeys) env.VERIFICATION_KEY_SECRET_ID = n.verificationKeySecretId;
  if (needs.readsProviderSecrets.length > 0 || needs.writesProviderSecrets) env.PROVIDER_SECRET_PREFIX = n.providerSecretPrefix;
  if (needs.integrationSecrets !== 'none') env.INTEGRATION_SECRET_PREFIX = n.integrationSecretPrefix;
  if (needs.outboundWebhookSecrets !== 'none' || needs.inboundWebhookSecrets !== 'none') env.WEBHOOK_SECRET_PREFIX = n.webhookSecretPrefix;
  if (needs.geocodes) env.PLACE_INDEX_NAME = n.placeIndexName;
  if (needs.callsModel) Object.assign(env, { MODEL_ID: n.modelId, GUARDRAIL_ID: n.guardrailId, GUARDRAIL_VERSION: n.guardrailVersion });
  if (needs.pushes) {
    if (n.pushAndroidArn) env.PUSH_ANDROID_APP_ARN = n.pushAndroidArn;
    if (n.pushIosArn) env.PUSH_IOS_APP_ARN = n.pushIosArn;
  }
  if (needs.sendsMail) {
    if (n.mailFrom) env.MAIL_FROM = n.mailFrom;
    if (n.adminEmail) env.ADMIN_EMAIL = n.adminEmail;
  }
  return env;
}
