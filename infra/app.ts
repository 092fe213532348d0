// The CDK app: `npx cdk synth --no-notices` (cdk.json runs this file with tsx).
//
// Context keys (pass with -c key=value, or in cdk.json / cdk.context.json):
//   mailFrom             required choice: a verified SES sender (MAIL_FROM; ses:SendEmail is scoped to it, its
//                        domain and adminEmail), or `none`: the contact form stores requests and mails nobody.
//                        cdk.json says `none`; `-c mailFrom=...` overrides it.
//   adminEmail           recipient of contact-form notifications (ADMIN_EMAIL of the public group)
// The others are optional:
//   agentDomainName      custom domain of the agent channel, e.g. agent.example.com  \
//   agentCertificateArn  ACM certificate for that domain, same region as the stack   > all three, or
//   agentTruststoreUri   s3://bucket/key of the PEM bundle of the agents' CA         /  no domain
//   agentTruststoreVersion  S3 version id of the truststore (bump to make API Gateway reload it)
//   publicBaseUrl        the API's public URL when a custom domain or a proxy fronts it (default: the
//                        execute-api URL of the stage); provider_a's status callbacks are built on it
//   stackName            CloudFormation stack name (default WhatsappPlatform)
//   modelId              the Bedrock model or inference profile the functions call (MODEL_ID); default the Region's
//                        small, cheap one: us.amazon.nova-micro-v1:0 in us-east-1/us-east-2/us-west-2, else
//                        anthropic.claude-3-haiku-20240307-v1:0 in the Region (infra/model.ts, docs/decisions.md)
//   modelRegions         the destination Regions of a geographic inference profile not known to infra/model.ts
//   guardrailProfile     the guardrail's cross-Region profile (the Standard tier, which reads Portuguese), or `none`;
//                        default us.guardrail.v1:0 in the US Regions, none elsewhere (docs/ai.md)
//   guardrailProfileRegions  its destination Regions, when not known to infra/model.ts
//   pushAndroidArn       the SNS platform application (FCM) of the app's android devices, arn:aws:sns:<region>:<account>:app/GCM/<name>
//   pushIosArn           the SNS platform application (APNs) of its ios devices, ...:app/APNS/<name> (or APNS_SANDBOX);
//                        without one, a device of that platform is refused with 503 (docs/app-chat.md)
//   tsaUrl               the RFC 3161 time-stamp authority the stamping worker asks (TSA_URL; default FreeTSA's,
//                        https://freetsa.org/tsr); tsaCaPem its CA's PEM (TSA_CA_PEM): a token must chain to it (docs/stamps.md)
// The account and region come from the CLI's environment (CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION);
// without them the stack is environment-agnostic, which is enough to synthesize. Run directly
// (`npx tsx infra/app.ts`, as a deploy pipeline may), the app reads cdk.json's context itself, so it
// synthesizes the same stack as the CLI.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { repoRoot } from '#infra/constructs/service-function';
import { PlatformStack, type BuildInfo, type MailChoice } from '#infra/stack';

/** cdk.json's context when the CLI did not pass it (CDK_CONTEXT_JSON): the same feature flags and choices either way. */
const cdkJsonContext = (): Record<string, unknown> =>
  process.env.CDK_CONTEXT_JSON
    ? {}
    : ((JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> }).context ?? {});

const app = new App({ context: cdkJsonContext() });
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

function buildInfo(): BuildInfo {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout (or no git): the status endpoint says 'unknown'.
  }
  return { version: pkg.version, commit, time: new Date().toISOString() };
}

function agentDomain() {
  const domainName = context('agentDomainName');
  const certificateArn = context('agentCertificateArn');
  const truststoreUri = context('agentTruststoreUri');
  const given = [domainName, certificateArn, truststoreUri].filter(Boolean).length;
  if (given === 0) return undefined;
  if (!domainName || !certificateArn || !truststoreUri) {
    throw new Error('agentDomainName, agentCertificateArn and agentTruststoreUri must be given together');
  }
  return { domainName, certificateArn, truststoreUri, truststoreVersion: context('agentTruststoreVersion') };
}

function mail(): MailChoice {
  const mailFrom = context('mailFrom');
  if (mailFrom === 'none') return 'none';
  if (!mailFrom?.includes('@')) {
    throw new Error(
      `mailFrom must be a verified SES sender address or 'none' (no contact-form e-mail), got ${mailFrom ?? 'nothing'}: -c mailFrom=no-reply@example.com`,
    );
  }
  return { mailFrom, adminEmail: context('adminEmail') };
}

/** An SNS platform application's ARN from the context, checked for its shape (its endpoints' grant is derived from it). */
function pushApplication(key: string, platform: 'GCM' | 'APNS'): string | undefined {
  const arn = context(key);
  if (arn === undefined) return undefined;
  if (!new RegExp(`^arn:aws[\\w-]*:sns:[\\w-]+:\\d{12}:app/${platform}(_SANDBOX)?/[\\w.-]+$`).test(arn)) {
    throw new Error(`${key} must be an SNS platform application ARN (arn:aws:sns:<region>:<account>:app/${platform}/<name>), got ${arn}`);
  }
  return arn;
}

new PlatformStack(app, context('stackName') ?? 'WhatsappPlatform', {
  description: 'Multi-tenant WhatsApp communication platform for health care',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  build: buildInfo(),
  mail: mail(),
  publicBaseUrl: context('publicBaseUrl'),
  agentDomain: agentDomain(),
  model: {
    modelId: context('modelId'),
    modelRegions: context('modelRegions'),
    guardrailProfile: context('guardrailProfile'),
    guardrailProfileRegions: context('guardrailProfileRegions'),
  },
  push: { android: pushApplication('pushAndroidArn', 'GCM'), ios: pushApplication('pushIosArn', 'APNS') },
  tsa: { url: context('tsaUrl'), caPem: context('tsaCaPem') },
});

// Every synth is checked against the AWS Solutions rules (cdk-nag 3 is a CDK policy-validation
// plugin, not an aspect). Any finding not acknowledged with Validations.of(x).acknowledge({id,
// reason}) where it is made - warnings included - fails the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
