// The one place holding the Lambda defaults: Node.js 22 on ARM64, an ESM bundle built by the
// local esbuild with the options the benchmark measures, its own log group and its own role
// (written to by nothing else), and helpers that grant a resource and set the environment
// variable naming it together, so a function never gets a name without the right or vice versa.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, ParamsAndSecretsLayerVersion, ParamsAndSecretsVersions, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { bundling, runtimeNodeOptions } from '#infra/bundling';
import { wildcardReason, type Statement } from '#infra/grants';
import { SECRETS_EXTENSION_TTL_SECONDS } from '#shared/adapters/aws/secrets-extension';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

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
  /** Modules left to the runtime's SDK (infra/bundling.ts, externalsFor). */
  externalModules?: string[];
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
            secretsManagerTtl: Duration.seconds(SECRETS_EXTENSION_TTL_SECONDS),
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
        externalModules: [...bundling.externalModules, ...(props.externalModules ?? [])],
        mainFields: [...bundling.mainFields],
        banner: bundling.banner,
      },
    });
  }

  /**
   * Adds the role's statements (infra/grants.ts) and the environment naming what they grant, together. A
   * wildcard in a resource is acknowledged to cdk-nag with the reason grants.ts gives for it (and refused
   * without one), named as cdk-nag names it: with pseudo parameters, whatever region and account resolve to.
   */
  grant(statements: readonly Statement[], environment: Record<string, string>): void {
    for (const statement of statements) {
      this.role.addToPrincipalPolicy(PolicyStatement.fromJson(statement));
      for (const resource of statement.Resource) {
        const finding = nagName(Stack.of(this).resolve(resource));
        if (!/[*?]/.test(finding)) continue;
        const reason = wildcardReason(finding);
        if (!reason) throw new Error(`${this.node.id}: wildcard resource ${finding} has no reason in infra/grants.ts`);
        Validations.of(this.role).acknowledge({ id: `AwsSolutions-IAM5[Resource::${finding}]`, reason });
      }
    }
    for (const [name, value] of Object.entries(environment)) this.function.addEnvironment(name, value);
  }
}

/** A resolved CloudFormation value as cdk-nag writes it in a finding: `<AWS::Region>` for a Ref, `<Id.Arn>` for a GetAtt. */
export function nagName(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as { Ref?: string; 'Fn::GetAtt'?: string[]; 'Fn::Join'?: [string, unknown[]]; 'Fn::Sub'?: unknown };
  if (v.Ref) return `<${v.Ref}>`;
  if (v['Fn::GetAtt']) return `<${v['Fn::GetAtt'].join('.')}>`;
  if (v['Fn::Join']) return v['Fn::Join'][1].map(nagName).join(v['Fn::Join'][0]);
  if (typeof v['Fn::Sub'] === 'string') return v['Fn::Sub'].replace(/\$\{([^}]+)\}/g, '<$1>');
  return JSON.stringify(value);
}
