// The REST API, built from the route table: one Lambda proxy integration per endpoint group,
// one REQUEST authorizer per auth scheme, the service's gateway responses, access logs, and
// optionally the agent channel's mutual-TLS custom domain.
//
// Where each part lives (docs/decisions.md, "Room to grow"): the API, its stage and every path
// resource in this construct's template; each method and authorizer beside its Lambda, in that
// function's nested stack. Paths are shared by groups and stay put, so adding a route never moves
// one between templates (API Gateway refuses a second resource with the same parent and path).
import { CfnOutput, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  AwsIntegration,
  DomainName,
  EndpointType,
  IdentitySource,
  LogGroupLogDestination,
  Method,
  MethodLoggingLevel,
  RequestAuthorizer,
  ResponseType,
  RestApi,
  SecurityPolicy,
  type Integration,
} from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { authorizerSettings } from '#infra/constructs/authorizer-settings';
import { rateLimits } from '#infra/constructs/rate-limits';
import { RateLimitedStage, type DistributionForwarding } from '#infra/constructs/web-acl';
import { gatewayResponses, type GatewayAnswer, type GatewayResponseType } from '#shared/http/gateway-responses';
import type { AuthorizedScheme, Group, Route } from '#shared/http/routes';

/** The stage name. The route paths already start with /api, so the stage is not called that. */
export const stageName = 'prod';
/** Requests per second (and burst) of the whole stage: every tenant together. */
export const STAGE_RATE_LIMIT = 1000;
export const STAGE_BURST_LIMIT = 2000;

const responseTypes: Record<GatewayResponseType, ResponseType> = {
  UNAUTHORIZED: ResponseType.UNAUTHORIZED,
  ACCESS_DENIED: ResponseType.ACCESS_DENIED,
  MISSING_AUTHENTICATION_TOKEN: ResponseType.MISSING_AUTHENTICATION_TOKEN,
  AUTHORIZER_FAILURE: ResponseType.AUTHORIZER_FAILURE,
  THROTTLED: ResponseType.THROTTLED,
};

/** Why routes without an authorizer have none, by group (cdk-nag AwsSolutions-APIG4 suppressions). */
const unauthenticatedReasons: Partial<Record<Group, string>> = {
  token: 'The OAuth2 token endpoint authenticates the client_id/client_secret from the form body itself (RFC 6749).',
  webhooks:
    'Provider webhooks are authenticated in the handler by HMAC signature over the exact body bytes, which an authorizer never sees.',
  public: 'Public endpoints by specification (plans, contact form, status, CRL).',
  reference: 'The OpenAPI document of this API is public: integrators generate clients from it.',
};

/** `Routes/<path segments>` under `scope`, so a method's construct path reads like its route. */
const routeScope = (scope: Construct, path: string): Construct =>
  ['Routes', ...path.split('/').filter(Boolean)].reduce<Construct>(
    (parent, part) => parent.node.tryFindChild(part) ?? new Construct(parent, part),
    scope,
  );

export interface AgentDomainProps {
  domainName: string;
  certificateArn: string;
  /** s3://bucket/key of the PEM bundle of the internal CA that signs agent certificates. */
  truststoreUri: string;
  /** S3 object version of the truststore, to make API Gateway pick up a new bundle. */
  truststoreVersion?: string;
}

export interface ServiceApiProps {
  authorizerFunctions: Record<AuthorizedScheme, IFunction>;
  agentDomain?: AgentDomainProps;
  /** The CloudFront distribution in front of the stage (the console's), for the web ACL's per-address rules. */
  viaDistribution?: DistributionForwarding;
}

/** Callers are not Cognito users: acknowledged on the API (its stage) and on every method, wherever it lives. */
const notCognito = {
  id: 'AwsSolutions-COG4',
  reason:
    'Callers are API clients, providers, agents and portal users authenticated by the custom Lambda authorizers, not a Cognito user pool.',
};

export class ServiceApi extends Construct {
  readonly api: RestApi;
  readonly authorizers: Partial<Record<AuthorizedScheme, RequestAuthorizer>> = {};
  readonly methods: Method[] = [];
  readonly domain: DomainName | undefined;
  readonly rateLimits: RateLimitedStage;
  private readonly authorizerFunctions: Record<AuthorizedScheme, IFunction>;
  private readonly integrations = new Map<IFunction, Integration>();

  constructor(scope: Construct, id: string, props: ServiceApiProps) {
    super(scope, id);
    this.authorizerFunctions = props.authorizerFunctions;

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });

    this.api = new RestApi(this, 'Api', {
      description: 'Multi-tenant WhatsApp platform for health care',
      // Regional: clients are in one region, and the mTLS custom domain must be regional anyway.
      endpointTypes: [EndpointType.REGIONAL],
      // Every body reaches the handler base64-encoded and untouched: webhook signatures are
      // computed over the exact bytes, and the CRL is binary. The handlers decode.
      binaryMediaTypes: ['*/*'],
      // The account-level role API Gateway needs to write execution and access logs. Kept when
      // the stack is deleted: the account setting would otherwise point at a deleted role.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName,
        tracingEnabled: true,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            resource: '$context.resourcePath',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationStatus: '$context.integration.status',
            authorizerError: '$context.authorizer.error',
            aplicacaoId: '$context.authorizer.aplicacaoId',
            errorType: '$context.error.responseType',
          }),
        ),
        // Execution logs for errors only, and never request/response bodies (health data).
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        // A stage-wide ceiling that protects the table and the providers; each credential's share is
        // the web ACL's (rate-limits.ts: 1200 a minute per key), far below it, so no tenant can starve the others.
        throttlingRateLimit: STAGE_RATE_LIMIT,
        throttlingBurstLimit: STAGE_BURST_LIMIT,
      },
    });

    this.addGatewayResponses();
    this.rateLimits = new RateLimitedStage(this, 'RateLimits', {
      stageArn: this.api.deploymentStage.stageArn,
      rateLimits,
      viaDistribution: props.viaDistribution,
    });

    // Acknowledged on the API, so they cover its stage and the methods in this template.
    Validations.of(this.api).acknowledge(
      {
        id: 'AwsSolutions-APIG2',
        reason: "Requests are validated in the handlers with the route table's zod schemas, which produce the spec's error bodies.",
      },
      notCognito,
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason: 'The account-level API Gateway logging role uses the AWS policy API Gateway documents for it.',
      },
    );

    this.domain = props.agentDomain ? this.addAgentDomain(props.agentDomain) : undefined;
  }

  /**
   * Serves `route` with `handler` (its endpoint group's function). The method is created in the handler's
   * stack, its path's resources in this one; the API's deployment depends on the method and changes its
   * logical id with it, so a deploy publishes every method change.
   */
  addRoute(route: Route, handler: IFunction): Method {
    const method = new Method(routeScope(Stack.of(handler), route.path), route.method, {
      resource: this.api.root.resourceForPath(route.path),
      httpMethod: route.method,
      integration: this.integrationOf(handler),
      options:
        route.auth === 'none'
          ? { authorizationType: AuthorizationType.NONE }
          : { authorizationType: AuthorizationType.CUSTOM, authorizer: this.authorizerFor(route.auth) },
    });
    this.methods.push(method);
    Validations.of(method).acknowledge(notCognito);
    if (route.auth === 'none') {
      const reason = unauthenticatedReasons[route.group];
      if (!reason) throw new Error(`route ${route.method} ${route.path} has no authorizer and no stated reason`);
      Validations.of(method).acknowledge({ id: 'AwsSolutions-APIG4', reason });
    }
    return method;
  }

  /**
   * A Lambda proxy integration, as LambdaIntegration renders it, with one invoke permission per function for
   * the whole API (not one per method, which keeps the functions' resource policies small as routes are
   * added). The permission is made here, in the function's stack: LambdaIntegration would put it in the API's.
   */
  private integrationOf(handler: IFunction): Integration {
    let integration = this.integrations.get(handler);
    if (!integration) {
      integration = new AwsIntegration({ proxy: true, service: 'lambda', path: `2015-03-31/functions/${handler.functionArn}/invocations` });
      handler.addPermission('InvokedByApi', {
        principal: new ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: this.api.arnForExecuteApi(),
      });
      this.integrations.set(handler, integration);
    }
    return integration;
  }

  private authorizerFor(scheme: AuthorizedScheme): RequestAuthorizer {
    // Created on first use (CDK refuses an authorizer that no method uses), beside its function: its invoke
    // permission names the authorizer, so in the API's template the two would refer to each other. The id
    // names the scheme: the deployment's logical id hashes each method's authorizer by its logical id, which
    // must differ between schemes for a route's change of scheme to be deployed.
    const existing = this.authorizers[scheme];
    if (existing) return existing;
    const handler = this.authorizerFunctions[scheme];
    const setting = authorizerSettings[scheme];
    const authorizer = new RequestAuthorizer(Stack.of(handler), `RequestAuthorizer-${scheme}`, {
      authorizerName: scheme,
      handler,
      identitySources: setting.identityHeaders.map((h) => IdentitySource.header(h)),
      resultsCacheTtl: Duration.seconds(setting.cacheTtlSeconds),
    });
    this.authorizers[scheme] = authorizer;
    return authorizer;
  }

  private addGatewayResponses(): void {
    for (const [type, answer] of Object.entries(gatewayResponses) as [GatewayResponseType, GatewayAnswer][]) {
      const extraHeaders = answer.headers ?? {};
      this.api.addGatewayResponse(`Response-${type}`, {
        type: responseTypes[type],
        statusCode: String(answer.statusCode),
        // Header values are API Gateway mapping expressions: static strings go in single quotes.
        responseHeaders: Object.fromEntries(
          Object.entries({ 'Content-Type': 'application/json', ...extraHeaders }).map(([k, v]) => [k, `'${v}'`]),
        ),
        templates: { 'application/json': JSON.stringify(answer.body) },
      });
    }
  }

  /** The agent channel's custom domain, where API Gateway demands a client certificate signed by the truststore's CA. */
  private addAgentDomain(props: AgentDomainProps): DomainName {
    const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(props.truststoreUri);
    if (!match?.[1] || !match[2]) throw new Error(`agentTruststoreUri must be s3://bucket/key, got ${props.truststoreUri}`);
    const domain = new DomainName(this, 'AgentDomain', {
      domainName: props.domainName,
      certificate: Certificate.fromCertificateArn(this, 'AgentCertificate', props.certificateArn),
      endpointType: EndpointType.REGIONAL,
      securityPolicy: SecurityPolicy.TLS_1_2,
      mtls: {
        bucket: Bucket.fromBucketName(this, 'TruststoreBucket', match[1]),
        key: match[2],
        version: props.truststoreVersion,
      },
    });
    // Root mapping: the agent paths keep their /api/external/integracoes/... form. The default
    // execute-api endpoint stays on for the other groups; there the agent authorizer finds no
    // client certificate and refuses.
    domain.addBasePathMapping(this.api, { stage: this.api.deploymentStage });
    new CfnOutput(this, 'AgentDomainTarget', {
      description: 'CNAME/alias target for the agent mTLS domain',
      value: domain.domainNameAliasDomainName,
    });
    return domain;
  }
}
